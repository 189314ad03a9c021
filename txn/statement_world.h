// A write target that only collects: statements run against `base` and their
// writes accumulate into a world derived from it, which nobody sees until the
// caller hands it to the committer. Autocommit statements run into one so the
// committer can be given, with the result, a way to run them again on a newer
// world (BatchCommitter::Reapply); a READ COMMITTED block's writes are re-run
// into one the same way.
#pragma once

#include "txn/write_target.h"

namespace ptreedb::txn {

class StatementWorld : public WriteTarget {
 public:
  explicit StatementWorld(WorldPtr base) : base_(base), current_(std::move(base)) {}

  WorldPtr snapshot() const override { return current_; }
  const WorldPtr& base() const { return base_; }
  bool changed() const { return current_ != base_; }

 protected:
  void apply(MakeNextFunction make_next, void* context) override {
    WorldPtr next = make_next(context, *current_);
    if (next) current_ = std::move(next);
  }

 private:
  WorldPtr base_;
  WorldPtr current_;
};

}  // namespace ptreedb::txn
