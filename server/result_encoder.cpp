#include "server/result_encoder.h"

#include <vector>

#include "exec/copy_binary_format.h"
#include "exec/copy_text_format.h"
#include "exec/evaluate.h"
#include "exec/binary_format.h"
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
    field.type_oid = column.type.base().oid();  // a domain's base type, as PostgreSQL sends it
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

void encode_copy_out(std::string& out, const exec::QueryResult& result) {
  const planner::CopyOptions& options = *result.copy_out;
  const auto format = options.binary ? protocol::FormatCode::kBinary : protocol::FormatCode::kText;
  std::vector<protocol::FormatCode> formats(result.columns.size(), format);
  protocol::encode_copy_out_response(out, format, formats);
  std::string line, scratch;
  if (options.binary) {
    // As PostgreSQL sends it: the header with the first row, then one
    // CopyData per row and one for the trailer.
    exec::append_copy_binary_header(line);
    for (const auto& chunk : result.chunks) {
      for (std::size_t row = 0; row < chunk.size; ++row) {
        exec::append_copy_binary_row(line, chunk, row);
        protocol::encode_copy_data(out, line);
        line.clear();
      }
    }
    exec::append_copy_binary_trailer(line);
    protocol::encode_copy_data(out, line);
    protocol::encode_copy_done(out);
    return;
  }
  if (options.header != planner::CopyOptions::Header::kNone) {
    std::vector<std::string> names;
    for (const auto& column : result.columns) names.push_back(column.name);
    exec::append_copy_header(line, names, options);
    protocol::encode_copy_data(out, line);
  }
  // One CopyData per row, as PostgreSQL sends them.
  for (const auto& chunk : result.chunks) {
    for (std::size_t row = 0; row < chunk.size; ++row) {
      line.clear();
      exec::append_copy_row(line, chunk, row, options, scratch);
      protocol::encode_copy_data(out, line);
    }
  }
  protocol::encode_copy_done(out);
}

}  // namespace ptreedb::server

namespace ptreedb::server {

void encode_row_description(std::string& out, std::span<const planner::OutputColumn> columns,
                            std::span<const protocol::FormatCode> formats) {
  protocol::RowEncoder encoder(out);
  encoder.begin_row_description(columns.size());
  for (std::size_t i = 0; i < columns.size(); ++i) {
    const auto& column = columns[i];
    protocol::FieldDescription field;
    field.name = column.name;
    field.table_oid = column.table_oid;
    field.column_attribute = column.column_number;
    field.type_oid = column.type.base().oid();  // a domain's base type, as PostgreSQL sends it
    field.type_size = static_cast<std::int16_t>(value::type_length(column.type.id));
    field.type_modifier = column.type.typmod;
    field.format = formats[i];
    encoder.add_field_description(field);
  }
  encoder.end_row_description();
}

std::size_t encode_data_rows(std::string& out, const exec::QueryResult& result,
                             std::span<const protocol::FormatCode> formats, RowCursor& cursor, std::size_t max_rows) {
  protocol::RowEncoder encoder(out);
  const std::size_t column_count = result.columns.size();
  std::size_t sent = 0;
  while (cursor.chunk < result.chunks.size() && (max_rows == 0 || sent < max_rows)) {
    const exec::Chunk& chunk = result.chunks[cursor.chunk];
    if (cursor.row >= chunk.size) {
      ++cursor.chunk;
      cursor.row = 0;
      continue;
    }
    encode_data_row(encoder, chunk, cursor.row++, formats.first(column_count));
    ++sent;
  }
  return sent;
}

void encode_data_row(protocol::RowEncoder& encoder, const exec::Chunk& chunk, std::size_t row,
                     std::span<const protocol::FormatCode> formats) {
  encoder.begin_data_row(formats.size());
  for (std::size_t c = 0; c < formats.size(); ++c) {
    const exec::Vector& column = chunk.columns[c];
    if (column.is_null(row)) {
      encoder.add_null();
      continue;
    }
    encoder.begin_field();
    if (formats[c] == protocol::FormatCode::kBinary) {
      exec::append_binary(encoder.buffer(), column, row);
    } else {
      exec::append_text(encoder.buffer(), column, row);
    }
    encoder.end_field();
  }
  encoder.end_data_row();
}

bool at_end(const exec::QueryResult& result, const RowCursor& cursor) {
  for (std::size_t c = cursor.chunk; c < result.chunks.size(); ++c) {
    if ((c == cursor.chunk ? cursor.row : 0) < result.chunks[c].size) return false;
  }
  return true;
}

}  // namespace ptreedb::server
