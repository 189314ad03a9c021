// A sequence's parameters as CREATE/ALTER SEQUENCE leave them (PostgreSQL's
// pg_sequence row), and the arithmetic of stepping through its values.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "storage/value/type_id.h"

namespace ptreedb::storage {

struct SequenceOptions {
  value::TypeId type = value::TypeId::kBigint;  // smallint, integer or bigint
  std::int64_t increment = 1;
  std::int64_t min_value = 1;
  std::int64_t max_value = INT64_MAX;
  std::int64_t start = 1;
  std::int64_t cache = 1;
  bool cycle = false;

  bool operator==(const SequenceOptions&) const = default;
};

// The smallest and largest value of a sequence's data type.
std::int64_t sequence_type_min(value::TypeId type);
std::int64_t sequence_type_max(value::TypeId type);

// The value after `current`, or nullopt when it would pass the bound in the
// direction of the increment (without wrapping, whatever `cycle` says). Never
// overflows: the bound is checked before adding, as PostgreSQL does.
std::optional<std::int64_t> step_within_bounds(const SequenceOptions& options, std::int64_t current);

// The value a cycling sequence wraps to: MINVALUE going up, MAXVALUE going down.
inline std::int64_t wrap_value(const SequenceOptions& options) {
  return options.increment > 0 ? options.min_value : options.max_value;
}

}  // namespace ptreedb::storage
