// jsonb's casts to SQL scalars (PostgreSQL's jsonb_numeric, jsonb_int4,
// jsonb_bool, ...): only a top-level scalar of the matching kind converts;
// anything else is 22023 "cannot cast jsonb <kind> to type <type>".
#pragma once

#include <cstdint>
#include <string_view>

#include "storage/value/json_value.h"
#include "storage/value/type_id.h"

namespace ptreedb::value {

// The scalar a stored jsonb holds, checked against `target` (a number for
// numeric types, a boolean for boolean).
JsonValue jsonb_scalar_for_cast(std::string_view normalized, SqlType target);

// A canonical number as integer `target` (rounded half away from zero, range-checked).
std::int64_t jsonb_number_to_int(std::string_view number, TypeId target);
double jsonb_number_to_double(std::string_view number, TypeId target);

}  // namespace ptreedb::value
