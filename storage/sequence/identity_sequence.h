// Whether a sequence is an identity column's: owned by a column declared
// GENERATED ... AS IDENTITY. Such a sequence keeps its owner (ALTER SEQUENCE
// ... OWNED BY is refused) and is left out of information_schema.sequences,
// as in PostgreSQL.
#pragma once

#include "storage/sequence/sequence_definition.h"
#include "storage/world/world.h"

namespace ptreedb::storage {

bool is_identity_sequence(const World& world, const SequenceDefinition& sequence);

}  // namespace ptreedb::storage
