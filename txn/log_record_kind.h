// The kinds of logical records the transactions layer writes to the WAL.
#pragma once

#include <cstdint>

namespace ptreedb::txn {

// One published world's change from its predecessor (txn/world_change.h).
inline constexpr std::uint8_t kWorldChangeRecord = 1;
// A sequence's value logged ahead of nextval/setval (txn/world_change.h).
inline constexpr std::uint8_t kSequenceStateRecord = 2;

}  // namespace ptreedb::txn
