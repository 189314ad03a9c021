#include "storage/row/row_text.h"

#include "storage/value/bytea.h"
#include "storage/value/date_time.h"
#include "storage/value/decimal.h"
#include "storage/value/enum_type.h"
#include "storage/value/extra_float_digits.h"
#include "storage/value/interval.h"
#include "storage/value/text_format.h"
#include "storage/value/time_with_zone.h"
#include "storage/value/time_zone.h"
#include "storage/value/uuid.h"

namespace ptreedb::storage {

void append_column_text(std::string& out, const RowLayout& layout, const RowRef& row,
                        std::size_t column) {
  using value::TypeId;
  std::uint32_t offset = layout.offset(column);
  switch (layout.type(column)) {
    case TypeId::kBoolean:
      out += value::format_bool(row.get_bool(offset));
      break;
    case TypeId::kSmallint:
    case TypeId::kInteger:
    case TypeId::kBigint:
      value::append_int(out, row.get_int(offset));
      break;
    case TypeId::kReal: {
      value::RoundTripFloats exact;  // key and catalog texts: the value exactly
      value::append_float4(out, static_cast<float>(row.get_double(offset)));
      break;
    }
    case TypeId::kDouble: {
      value::RoundTripFloats exact;
      value::append_float8(out, row.get_double(offset));
      break;
    }
    case TypeId::kNumeric:
      value::append_decimal(out, row.get_decimal(offset));
      break;
    case TypeId::kChar:
    case TypeId::kVarchar:
    case TypeId::kJson:
    case TypeId::kJsonb:
    case TypeId::kArray:
    case TypeId::kName:
    case TypeId::kText:
      out += row.get_text(offset);
      break;
    case TypeId::kDate:
      value::append_date(out, value::Date{row.get_date(offset)});
      break;
    case TypeId::kTimestamp:
      value::append_timestamp(out, value::Timestamp{row.get_timestamp(offset)});
      break;
    case TypeId::kTime:
      value::append_time(out, value::TimeOfDay{row.get_timestamp(offset)});
      break;
    case TypeId::kTimeTz:
      value::append_timetz(out, value::unpack_timetz(row.get_timestamp(offset)));
      break;
    case TypeId::kTimestampTz:
      value::append_timestamptz(out, value::TimestampTz{row.get_timestamp(offset)}, value::session_time_zone());
      break;
    case TypeId::kInterval:
      value::append_interval(out, row.get_interval(offset));
      break;
    case TypeId::kUuid:
      value::append_uuid(out, row.get_text(offset));
      break;
    case TypeId::kBytea:
      value::append_bytea(out, row.get_text(offset), value::session_bytea_output());
      break;
    case TypeId::kEnum:
      out += value::enum_value_label(row.get_text(offset));
      break;
  }
}

std::string column_text(const RowLayout& layout, const RowRef& row, std::size_t column) {
  std::string out;
  append_column_text(out, layout, row, column);
  return out;
}

}  // namespace ptreedb::storage
