// An immutable table row: one allocation holding a reference count, a null
// bitmap, fixed-width slots (see RowLayout) and the bytes of text values.
// RowRef is the counted handle that table trees store as their values, so a
// path copy of a tree node copies 8 bytes and one atomic increment.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>

#include "storage/row/row_layout.h"
#include "storage/value/decimal.h"
#include "storage/value/interval.h"

namespace ptreedb::storage {

using value::Interval;

class RowRef {
 public:
  RowRef() = default;
  RowRef(const RowRef& other) : bytes_(other.bytes_) { retain(); }
  RowRef(RowRef&& other) noexcept : bytes_(std::exchange(other.bytes_, nullptr)) {}
  RowRef& operator=(const RowRef& other) {
    if (this != &other) {
      RowRef copy(other);
      std::swap(bytes_, copy.bytes_);
    }
    return *this;
  }
  RowRef& operator=(RowRef&& other) noexcept {
    if (this != &other) {
      release();
      bytes_ = std::exchange(other.bytes_, nullptr);
    }
    return *this;
  }
  ~RowRef() { release(); }

  explicit operator bool() const { return bytes_ != nullptr; }
  const unsigned char* bytes() const { return bytes_; }
  std::uint32_t total_size() const { return load<std::uint32_t>(4); }

  bool is_null(std::size_t column) const {
    return (bytes_[RowLayout::kHeaderBytes + column / 8] >> (column % 8)) & 1;
  }
  // Typed reads at a slot offset from the table's RowLayout.
  template <class T>
  T load(std::uint32_t offset) const {
    T value;
    std::memcpy(&value, bytes_ + offset, sizeof(T));
    return value;
  }
  bool get_bool(std::uint32_t offset) const { return bytes_[offset] != 0; }
  std::int64_t get_int(std::uint32_t offset) const { return load<std::int64_t>(offset); }
  double get_double(std::uint32_t offset) const { return load<double>(offset); }
  value::Decimal get_decimal(std::uint32_t offset) const {
    return value::Decimal{load<__int128>(offset), load<std::int32_t>(offset + 16)};
  }
  std::string_view get_text(std::uint32_t offset) const {
    auto start = load<std::uint32_t>(offset);
    auto length = load<std::uint32_t>(offset + 4);
    return std::string_view(reinterpret_cast<const char*>(bytes_ + start), length);
  }
  std::int32_t get_date(std::uint32_t offset) const { return load<std::int32_t>(offset); }
  std::int64_t get_timestamp(std::uint32_t offset) const { return load<std::int64_t>(offset); }
  Interval get_interval(std::uint32_t offset) const {
    return Interval{load<std::int32_t>(offset), load<std::int32_t>(offset + 4),
                    load<std::int64_t>(offset + 8)};
  }

  // Rows alive in the process, for leak checks in tests.
  static std::int64_t live_rows();

  // The row's bytes after the reference count and size (what a log stores),
  // and a new row made from such bytes (row_image.cpp).
  std::string_view image() const {
    return std::string_view(reinterpret_cast<const char*>(bytes_) + RowLayout::kHeaderBytes,
                            total_size() - RowLayout::kHeaderBytes);
  }
  static RowRef from_image(std::string_view image);

 private:
  friend class RowBuilder;
  explicit RowRef(unsigned char* bytes) : bytes_(bytes) {}
  std::atomic<std::uint32_t>& refs() const {
    return *reinterpret_cast<std::atomic<std::uint32_t>*>(bytes_);
  }
  void retain() {
    if (bytes_ != nullptr) refs().fetch_add(1, std::memory_order_relaxed);
  }
  void release();

  unsigned char* bytes_ = nullptr;
};

// Fills one row's values, then allocates the row in one piece.
class RowBuilder {
 public:
  explicit RowBuilder(const RowLayout& layout);

  void set_null(std::size_t column);
  void set_bool(std::size_t column, bool value);
  void set_int(std::size_t column, std::int64_t value);
  void set_double(std::size_t column, double value);
  void set_decimal(std::size_t column, value::Decimal value);
  void set_text(std::size_t column, std::string_view text);
  void set_date(std::size_t column, std::int32_t days);
  void set_timestamp(std::size_t column, std::int64_t microseconds);
  void set_interval(std::size_t column, Interval interval);

  // The finished row; the builder is reset to all NULLs for the next one.
  RowRef finish();

 private:
  template <class T>
  void store(std::size_t column, const T& value) {
    std::memcpy(fixed_.data() + layout_.offset(column), &value, sizeof(T));
    clear_null(column);
  }
  void clear_null(std::size_t column) {
    fixed_[RowLayout::kHeaderBytes + column / 8] &= static_cast<char>(~(1u << (column % 8)));
  }
  void reset();

  const RowLayout& layout_;
  std::string fixed_;     // header, bitmap and slots
  std::string variable_;  // text bytes, appended after the fixed part
};

}  // namespace ptreedb::storage
