// A sequence as the catalog keeps it: name, oid, parameters and OWNED BY,
// immutable once published like a table's schema. Its values live in the
// counter, shared by every world version of the same sequence (ALTER keeps
// it; RESTART, CREATE and recovery make a new one).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "storage/sequence/sequence_counter.h"
#include "storage/sequence/sequence_options.h"

namespace ptreedb::storage {

struct SequenceDefinition {
  std::string name;
  std::uint32_t oid = 0;
  SequenceOptions options;
  // OWNED BY table.column (dropped with the table); empty when none.
  std::string owner_table;
  std::string owner_column;
  std::shared_ptr<SequenceCounter> counter;
};

}  // namespace ptreedb::storage
