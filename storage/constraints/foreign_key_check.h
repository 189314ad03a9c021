// Enforces FOREIGN KEY constraints on a write, against the world the write
// produces (so rows inserted or deleted by the same statement count, as at the
// end of a PostgreSQL statement). Every writer calls it inside
// Database::write, after deriving the next world and before returning it.
#pragma once

#include <memory>
#include <span>
#include <string>

#include "storage/world/world.h"

namespace ptreedb::storage {

// `next` is the world after rows `inserted` and `deleted` were written to
// table `table` (an UPDATE passes the new row versions as inserted and the
// old ones as deleted). Checks that
//  - each inserted row's non-NULL foreign key values exist in the referenced
//    table (23503 "insert or update on table ... violates foreign key
//    constraint ..."), and
//  - no key that the deleted rows held and `table` no longer holds is still
//    referenced: ON DELETE NO ACTION / RESTRICT throw 23503 "update or delete
//    on table ... violates foreign key constraint ... on table ...", ON DELETE
//    CASCADE deletes the referencing rows too (and enforces their keys in turn).
// Returns the world to publish: `next`, plus any cascaded deletions.
std::shared_ptr<const World> enforce_foreign_keys(std::shared_ptr<const World> next, const std::string& table,
                                                  std::span<const RowRef> inserted, std::span<const RowRef> deleted);

// Checks `rows` of `table` (in `world`) against foreign key number `position`
// of its schema: ALTER TABLE ADD FOREIGN KEY validating existing rows.
void check_foreign_key_rows(const World& world, const Table& table, std::size_t position,
                            std::span<const RowRef> rows);

}  // namespace ptreedb::storage
