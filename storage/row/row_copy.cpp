#include "storage/row/row_copy.h"

namespace ptreedb::storage {

void copy_column(RowBuilder& builder, std::size_t to, const RowLayout& layout, const RowRef& row,
                 std::size_t from) {
  if (row.is_null(from)) {
    builder.set_null(to);
    return;
  }
  using value::TypeId;
  std::uint32_t offset = layout.offset(from);
  switch (layout.type(from)) {
    case TypeId::kBoolean: builder.set_bool(to, row.get_bool(offset)); break;
    case TypeId::kSmallint:
    case TypeId::kInteger:
    case TypeId::kBigint: builder.set_int(to, row.get_int(offset)); break;
    case TypeId::kReal:
    case TypeId::kDouble: builder.set_double(to, row.get_double(offset)); break;
    case TypeId::kNumeric: builder.set_decimal(to, row.get_decimal(offset)); break;
    case TypeId::kChar:
    case TypeId::kVarchar:
    case TypeId::kUuid:
    case TypeId::kBytea:
    case TypeId::kEnum:
    case TypeId::kJson:
    case TypeId::kJsonb:
    case TypeId::kArray:
    case TypeId::kName:
    case TypeId::kText: builder.set_text(to, row.get_text(offset)); break;
    case TypeId::kDate: builder.set_date(to, row.get_date(offset)); break;
    case TypeId::kTimestampTz:
    case TypeId::kTime:
    case TypeId::kTimeTz:
    case TypeId::kTimestamp: builder.set_timestamp(to, row.get_timestamp(offset)); break;
    case TypeId::kInterval: builder.set_interval(to, row.get_interval(offset)); break;
  }
}

}  // namespace ptreedb::storage
