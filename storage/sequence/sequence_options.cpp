#include "storage/sequence/sequence_options.h"

namespace ptreedb::storage {

std::int64_t sequence_type_min(value::TypeId type) {
  switch (type) {
    case value::TypeId::kSmallint: return INT16_MIN;
    case value::TypeId::kInteger: return INT32_MIN;
    default: return INT64_MIN;
  }
}

std::int64_t sequence_type_max(value::TypeId type) {
  switch (type) {
    case value::TypeId::kSmallint: return INT16_MAX;
    case value::TypeId::kInteger: return INT32_MAX;
    default: return INT64_MAX;
  }
}

std::optional<std::int64_t> step_within_bounds(const SequenceOptions& options, std::int64_t current) {
  const std::int64_t increment = options.increment;
  if (increment > 0) {
    // nextval_internal's test, written so that neither side can overflow.
    if ((options.max_value >= 0 && current > options.max_value - increment) ||
        (options.max_value < 0 && current + increment > options.max_value)) {
      return std::nullopt;
    }
  } else {
    if ((options.min_value < 0 && current < options.min_value - increment) ||
        (options.min_value >= 0 && current + increment < options.min_value)) {
      return std::nullopt;
    }
  }
  return current + increment;
}

}  // namespace ptreedb::storage
