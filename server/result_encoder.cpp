#include "server/result_encoder.h"

#include "exec/evaluate.h"
#include "server/protocol/backend_messages.h"

namespace ptreedb::server {

void encode_row_description(std::string& out, const exec::QueryResult& result) {
  protocol::RowEncoder encoder(out);
  encoder.begin_row_description(static_cast<std::int16_t>(result.columns.size()));
  for (const auto& column : result.columns) {
    protocol::FieldDescription field;
    field.name = column.name;
    field.table_oid = column.table_oid;
    field.column_attribute = column.column_number;
    field.type_oid = column.type.oid();
    field.type_size = static_cast<std::int16_t>(value::type_length(column.type.id));
    field.type_modifier = column.type.typmod;
    encoder.add_field_description(field);
  }
  encoder.end_row_description();
}

void encode_data_rows(std::string& out, const exec::QueryResult& result) {
  protocol::RowEncoder encoder(out);
  auto column_count = static_cast<std::int16_t>(result.columns.size());
  for (const auto& chunk : result.chunks) {
    for (std::size_t row = 0; row < chunk.size; ++row) {
      encoder.begin_data_row(column_count);
      for (const auto& column : chunk.columns) {
        if (column.is_null(row)) {
          encoder.add_null();
        } else {
          encoder.begin_field();
          exec::append_text(encoder.buffer(), column, row);
          encoder.end_field();
        }
      }
      encoder.end_data_row();
    }
  }
}

}  // namespace ptreedb::server
