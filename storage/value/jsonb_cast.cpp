#include "storage/value/jsonb_cast.h"

#include "storage/sql_error.h"
#include "storage/value/decimal.h"
#include "storage/value/jsonb_text.h"
#include "storage/value/text_format.h"

namespace ptreedb::value {

JsonValue jsonb_scalar_for_cast(std::string_view normalized, SqlType target) {
  JsonValue value = parse_jsonb(normalized);
  const JsonValue::Kind wanted = target.id == TypeId::kBoolean ? JsonValue::Kind::kBool : JsonValue::Kind::kNumber;
  if (value.kind != wanted) {
    throw SqlError(sqlstate::kInvalidParameterValue, std::string("cannot cast jsonb ") + json_kind_name(value.kind) +
                                                         " to type " + format_type(SqlType::of(target.id)));
  }
  return value;
}

std::int64_t jsonb_number_to_int(std::string_view number, TypeId target) {
  const Decimal value = parse_decimal(number);
  if (target == TypeId::kSmallint) return decimal_to_int16(value);
  if (target == TypeId::kInteger) return decimal_to_int32(value);
  return decimal_to_int64(value);
}

double jsonb_number_to_double(std::string_view number, TypeId target) {
  return target == TypeId::kReal ? parse_float4(number) : parse_float8(number);
}

}  // namespace ptreedb::value
