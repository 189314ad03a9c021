// Where each column of a table's rows lives inside a row: a null bitmap, then
// one fixed-width slot per column at an offset known from the schema, then the
// bytes of variable-width values. Executors read a column at a constant offset
// with one memcpy; no per-value type dispatch or allocation.
#pragma once

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "storage/value/type_id.h"

namespace ptreedb::storage {

// What a slot holds for each SQL type.
//   boolean                        1 byte (0/1)
//   smallint, integer, bigint      int64
//   real, double precision         double (a real is stored exactly as a double)
//   numeric                        __int128 units + int32 scale (value::Decimal)
//   char, varchar, text            uint32 offset + uint32 length of bytes in the row
//   date                           int32 days since 2000-01-01
//   timestamp                      int64 microseconds since 2000-01-01
//   interval                       int32 months, int32 days, int64 microseconds
std::uint32_t slot_width(value::TypeId type);

class RowLayout {
 public:
  RowLayout() = default;
  explicit RowLayout(std::span<const value::TypeId> column_types);

  std::size_t column_count() const { return types_.size(); }
  value::TypeId type(std::size_t column) const { return types_[column]; }
  // The element type of an array column (else kText).
  value::TypeId element(std::size_t column) const {
    return column < elements_.size() ? elements_[column] : value::TypeId::kText;
  }
  void set_elements(std::vector<value::TypeId> elements) { elements_ = std::move(elements); }
  std::uint32_t offset(std::size_t column) const { return offsets_[column]; }
  std::uint32_t null_bitmap_offset() const { return kHeaderBytes; }
  // Bytes of header, bitmap and slots; variable-width bytes follow.
  std::uint32_t fixed_size() const { return fixed_size_; }

  static constexpr std::uint32_t kHeaderBytes = 8;  // reference count + total size

 private:
  std::vector<value::TypeId> types_;
  std::vector<value::TypeId> elements_;
  std::vector<std::uint32_t> offsets_;
  std::uint32_t fixed_size_ = kHeaderBytes;
};

}  // namespace ptreedb::storage
