#include "storage/row/array_key.h"

#include "storage/row/key_encoding.h"
#include "storage/value/array_literal.h"
#include "storage/value/bytea.h"
#include "storage/value/character.h"
#include "storage/value/date_time.h"
#include "storage/value/interval.h"
#include "storage/value/jsonb_order.h"
#include "storage/value/text_format.h"
#include "storage/value/time_with_zone.h"
#include "storage/value/time_zone.h"
#include "storage/value/uuid.h"

namespace ptreedb::storage {
namespace {

using value::TypeId;

// Each present element is a 0x01 marker and its key; NULL is 0x02 (above
// every value); the end is 0x00, below both, so a prefix sorts first.
constexpr char kEnd = 0x00, kValue = 0x01, kNull = 0x02;

void append_element_key(std::string& key, std::string_view text, TypeId element) {
  switch (element) {
    case TypeId::kBoolean: key_encoding::append_bool(key, value::parse_bool(text)); break;
    case TypeId::kSmallint:
    case TypeId::kInteger:
    case TypeId::kBigint: key_encoding::append_int(key, value::parse_int64(text)); break;
    case TypeId::kReal:
    case TypeId::kDouble: key_encoding::append_double(key, value::parse_float8(text)); break;
    case TypeId::kNumeric: key_encoding::append_decimal(key, value::parse_decimal(text)); break;
    case TypeId::kChar: key_encoding::append_text(key, value::bpchar_significant(text)); break;
    case TypeId::kDate: key_encoding::append_date(key, value::parse_date(text).days); break;
    case TypeId::kTimestamp: key_encoding::append_timestamp(key, value::parse_timestamp(text).micros); break;
    case TypeId::kTime: key_encoding::append_timestamp(key, value::parse_time(text).micros); break;
    case TypeId::kTimeTz:  // the text carries its offset
      key_encoding::append_timestamp(key, value::pack_timetz(value::parse_timetz(text, value::session_time_zone())));
      break;
    case TypeId::kTimestampTz:  // the text carries its offset, so any zone reads the same instant
      key_encoding::append_timestamp(key, value::parse_timestamptz(text, value::session_time_zone()).micros);
      break;
    case TypeId::kInterval: {
      value::Interval interval = value::parse_interval(text);
      key_encoding::append_interval(key, interval.months, interval.days, interval.micros);
      break;
    }
    case TypeId::kUuid: key_encoding::append_uuid(key, value::parse_uuid(text)); break;
    case TypeId::kBytea: key_encoding::append_text(key, value::parse_bytea(text)); break;
    case TypeId::kJsonb: key_encoding::append_text(key, value::jsonb_key(text)); break;
    default: key_encoding::append_text(key, text); break;
  }
}

}  // namespace

void append_array_key(std::string& key, std::string_view array_text, TypeId element) {
  for (const value::ArrayElement& item : value::parse_array_literal(array_text)) {
    if (!item) {
      key.push_back(kNull);
      continue;
    }
    key.push_back(kValue);
    append_element_key(key, *item, element);
  }
  key.push_back(kEnd);
}

std::string array_key(std::string_view array_text, TypeId element) {
  std::string key;
  append_array_key(key, array_text, element);
  return key;
}

int array_compare(std::string_view a, std::string_view b, TypeId element) {
  if (a == b) return 0;
  const int order = array_key(a, element).compare(array_key(b, element));
  return order < 0 ? -1 : order > 0 ? 1 : 0;
}

}  // namespace ptreedb::storage
