#include "exec/copy_binary_format.h"

#include <cstring>

#include "exec/binary_format.h"
#include "storage/sql_error.h"

namespace ptreedb::exec {

namespace {

using value::TypeId;

constexpr const char* kBadCopyFileFormat = "22P04";

template <typename Int>
void put_big_endian(std::string& out, Int value) {
  auto bits = static_cast<std::make_unsigned_t<Int>>(value);
  for (int shift = static_cast<int>(sizeof(Int) * 8) - 8; shift >= 0; shift -= 8) {
    out.push_back(static_cast<char>((bits >> shift) & 0xFF));
  }
}

template <typename Int>
Int get_big_endian(const char* bytes) {
  std::make_unsigned_t<Int> bits = 0;
  for (std::size_t i = 0; i < sizeof(Int); ++i) bits = (bits << 8) | static_cast<unsigned char>(bytes[i]);
  return static_cast<Int>(bits);
}

[[noreturn]] void bad_file(const std::string& message) { throw SqlError(kBadCopyFileFormat, message); }

}  // namespace

void append_copy_binary_header(std::string& out) {
  out.append(kCopyBinarySignature);
  put_big_endian<std::int32_t>(out, 0);  // flags
  put_big_endian<std::int32_t>(out, 0);  // header extension length
}

void append_copy_binary_row(std::string& out, const Chunk& chunk, std::size_t row) {
  put_big_endian(out, static_cast<std::int16_t>(chunk.columns.size()));
  for (const Vector& column : chunk.columns) {
    if (column.is_null(row)) {
      put_big_endian<std::int32_t>(out, -1);
      continue;
    }
    const std::size_t length_at = out.size();
    put_big_endian<std::int32_t>(out, 0);
    append_binary(out, column, row);
    auto length = static_cast<std::uint32_t>(out.size() - length_at - 4);
    for (int i = 0; i < 4; ++i) out[length_at + i] = static_cast<char>((length >> (24 - 8 * i)) & 0xFF);
  }
}

void append_copy_binary_trailer(std::string& out) { put_big_endian<std::int16_t>(out, -1); }

CopyBinaryReader::CopyBinaryReader(std::vector<value::SqlType> field_types) : field_types_(std::move(field_types)) {}

void CopyBinaryReader::feed(std::string_view bytes) {
  // Drop what has been read once it outweighs what has not.
  if (position_ > 0 && position_ >= buffer_.size() - position_) {
    buffer_.erase(0, position_);
    position_ = 0;
  }
  buffer_.append(bytes);
}

bool CopyBinaryReader::read_header(bool at_end) {
  const char* data = buffer_.data() + position_;
  const std::size_t have = available();
  // As PostgreSQL, which reads each part in turn and blocks for more.
  if (have < kCopyBinarySignature.size()) {
    if (!at_end) return false;
    bad_file("COPY file signature not recognized");
  }
  if (std::memcmp(data, kCopyBinarySignature.data(), kCopyBinarySignature.size()) != 0) {
    bad_file("COPY file signature not recognized");
  }
  if (have < 15) {
    if (!at_end) return false;
    bad_file("invalid COPY file header (missing flags)");
  }
  auto flags = get_big_endian<std::uint32_t>(data + 11);
  if ((flags & (1u << 16)) != 0) bad_file("invalid COPY file header (WITH OIDS)");
  flags &= ~(1u << 16);
  if ((flags >> 16) != 0) bad_file("unrecognized critical flags in COPY file header");
  if (have < 19) {
    if (!at_end) return false;
    bad_file("invalid COPY file header (missing length)");
  }
  auto extension = get_big_endian<std::int32_t>(data + 15);
  if (extension < 0) bad_file("invalid COPY file header (missing length)");
  if (have - 19 < static_cast<std::size_t>(extension)) {
    if (!at_end) return false;
    bad_file("invalid COPY file header (wrong length)");
  }
  position_ += 19 + static_cast<std::size_t>(extension);
  header_read_ = true;
  return true;
}

bool CopyBinaryReader::next_tuple(bool at_end, std::string& out, std::vector<CopyField>& fields) {
  error_column_.reset();
  if (finished_) return false;
  if (!header_read_ && !read_header(at_end)) return false;
  if (trailer_seen_) {
    // PostgreSQL reads one more byte after the trailer and rejects it.
    if (available() > 0) bad_file("received copy data after EOF marker");
    if (at_end) finished_ = true;
    return false;
  }
  const char* data = buffer_.data() + position_;
  const std::size_t have = available();
  if (have < 2) {
    // A stream that stops between tuples (or inside a count) ends the data, as
    // in PostgreSQL, which treats a short count as end of file.
    if (at_end) finished_ = true;
    return false;
  }
  const std::uint64_t tuple = tuple_number_ + 1;
  auto count = get_big_endian<std::int16_t>(data);
  if (count == -1) {
    tuple_number_ = tuple;
    trailer_seen_ = true;
    position_ += 2;
    return next_tuple(at_end, out, fields);
  }
  if (count != static_cast<std::int64_t>(field_types_.size())) {
    tuple_number_ = tuple;
    bad_file("row field count is " + std::to_string(count) + ", expected " + std::to_string(field_types_.size()));
  }
  // Find the whole tuple first, so that nothing is converted twice.
  std::size_t offset = 2;
  std::vector<std::int32_t> lengths(field_types_.size());
  for (std::size_t j = 0; j < field_types_.size(); ++j) {
    auto fail = [&](const char* message) {
      tuple_number_ = tuple;
      error_column_ = j;
      bad_file(message);
    };
    if (have - offset < 4) {
      if (!at_end) return false;
      fail("unexpected EOF in COPY data");
    }
    std::int32_t length = get_big_endian<std::int32_t>(data + offset);
    offset += 4;
    if (length < -1) fail("invalid field size");
    lengths[j] = length;
    if (length > 0) {
      if (have - offset < static_cast<std::size_t>(length)) {
        if (!at_end) return false;
        fail("unexpected EOF in COPY data");
      }
      offset += static_cast<std::size_t>(length);
    }
  }
  tuple_number_ = tuple;
  fields.clear();
  std::size_t field_at = position_ + 2;
  for (std::size_t j = 0; j < field_types_.size(); ++j) {
    field_at += 4;
    CopyField field;
    if (lengths[j] == -1) {
      field.is_null = true;
      fields.push_back(field);
      continue;
    }
    std::string_view bytes(buffer_.data() + field_at, static_cast<std::size_t>(lengths[j]));
    field_at += bytes.size();
    field.offset = static_cast<std::uint32_t>(out.size());
    try {
      out += binary_parameter_to_text(field_types_[j], bytes, 0);
    } catch (const SqlError&) {
      error_column_ = j;
      throw;
    }
    field.length = static_cast<std::uint32_t>(out.size() - field.offset);
    fields.push_back(field);
  }
  position_ += offset;
  return true;
}

}  // namespace ptreedb::exec
