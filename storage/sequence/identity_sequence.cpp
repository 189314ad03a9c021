#include "storage/sequence/identity_sequence.h"

namespace ptreedb::storage {

bool is_identity_sequence(const World& world, const SequenceDefinition& sequence) {
  if (sequence.owner_table.empty()) return false;
  auto owner = world.find_table(sequence.owner_table);
  if (owner == nullptr) return false;
  auto column = owner->schema().find_column(sequence.owner_column);
  return column && owner->schema().column(*column).identity != 0;
}

}  // namespace ptreedb::storage
