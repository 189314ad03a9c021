// Where a statement's writes go. Executors derive the next world from the one
// they are given and hand it here: autocommit (Database) sends it to the
// committer at once; a transaction block (Transaction) keeps it as its private
// world until COMMIT. One virtual call per statement, never per row.
#pragma once

#include <memory>
#include <type_traits>

#include "storage/world/world.h"

namespace ptreedb::txn {

using WorldPtr = std::shared_ptr<const storage::World>;

class WriteTarget {
 public:
  virtual ~WriteTarget() = default;

  // The world statements plan and read against: the newest committed one for
  // autocommit, the transaction's snapshot plus its own writes in a block.
  virtual WorldPtr snapshot() const = 0;

  // Runs make_next(world) -> next world (null: no change) and makes the
  // result this target's new state. If make_next throws, nothing changes.
  template <class MakeNext>
  void write(MakeNext&& make_next) {
    using Callable = std::remove_reference_t<MakeNext>;
    apply(
        [](void* context, const storage::World& world) -> WorldPtr {
          return (*static_cast<Callable*>(context))(world);
        },
        static_cast<void*>(&make_next));
  }

 protected:
  using MakeNextFunction = WorldPtr (*)(void* context, const storage::World& world);
  virtual void apply(MakeNextFunction make_next, void* context) = 0;
};

}  // namespace ptreedb::txn
