#include "storage/row/row.h"

#include <limits>
#include <new>

#include <tbb/scalable_allocator.h>

#include "storage/ptree/live_counter.h"

namespace ptreedb::storage {
namespace {

ptree::LiveCounter& live_row_counter() {
  static ptree::LiveCounter counter;
  return counter;
}

}  // namespace

std::int64_t RowRef::live_rows() { return live_row_counter().total(); }

void RowRef::release() {
  if (bytes_ == nullptr) return;
  if (refs().fetch_sub(1, std::memory_order_acq_rel) == 1) {
#ifdef PTREEDB_TSAN
    std::free(bytes_);
#else
    scalable_free(bytes_);
#endif
    live_row_counter().add(-1);
  }
  bytes_ = nullptr;
}

RowBuilder::RowBuilder(const RowLayout& layout) : layout_(layout) { reset(); }

void RowBuilder::reset() {
  fixed_.assign(layout_.fixed_size(), '\0');
  // Every column starts NULL; setters clear the bit.
  for (std::size_t column = 0; column < layout_.column_count(); ++column) {
    fixed_[RowLayout::kHeaderBytes + column / 8] |= static_cast<char>(1u << (column % 8));
  }
  variable_.clear();
}

void RowBuilder::set_null(std::size_t column) {
  fixed_[RowLayout::kHeaderBytes + column / 8] |= static_cast<char>(1u << (column % 8));
}
void RowBuilder::set_bool(std::size_t column, bool value) {
  fixed_[layout_.offset(column)] = value ? 1 : 0;
  clear_null(column);
}
void RowBuilder::set_int(std::size_t column, std::int64_t value) { store(column, value); }
void RowBuilder::set_double(std::size_t column, double value) { store(column, value); }
void RowBuilder::set_decimal(std::size_t column, value::Decimal value) {
  store(column, value.units);
  std::memcpy(fixed_.data() + layout_.offset(column) + 16, &value.scale, sizeof(value.scale));
}
void RowBuilder::set_text(std::size_t column, std::string_view text) {
  // Offsets are relative to the row start; the fixed part comes first.
  std::uint64_t start = layout_.fixed_size() + variable_.size();
  if (start + text.size() > std::numeric_limits<std::uint32_t>::max()) throw std::length_error("row too large");
  std::uint32_t slot[2] = {static_cast<std::uint32_t>(start), static_cast<std::uint32_t>(text.size())};
  store(column, slot);
  variable_.append(text);
}
void RowBuilder::set_date(std::size_t column, std::int32_t days) { store(column, days); }
void RowBuilder::set_timestamp(std::size_t column, std::int64_t microseconds) {
  store(column, microseconds);
}
void RowBuilder::set_interval(std::size_t column, Interval interval) {
  store(column, interval.months);
  std::memcpy(fixed_.data() + layout_.offset(column) + 4, &interval.days, 4);
  std::memcpy(fixed_.data() + layout_.offset(column) + 8, &interval.micros, 8);
}

RowRef RowBuilder::finish() {
  std::size_t total = fixed_.size() + variable_.size();
#ifdef PTREEDB_TSAN
  auto* bytes = static_cast<unsigned char*>(std::malloc(total));
#else
  auto* bytes = static_cast<unsigned char*>(scalable_malloc(total));
#endif
  if (bytes == nullptr) throw std::bad_alloc();
  std::memcpy(bytes, fixed_.data(), fixed_.size());
  if (!variable_.empty()) std::memcpy(bytes + fixed_.size(), variable_.data(), variable_.size());
  new (bytes) std::atomic<std::uint32_t>(1);
  auto size = static_cast<std::uint32_t>(total);
  std::memcpy(bytes + 4, &size, 4);
  live_row_counter().add(1);
  reset();
  return RowRef(bytes);
}

RowRef RowRef::from_image(std::string_view image) {
  std::size_t total = image.size() + RowLayout::kHeaderBytes;
  if (total > std::numeric_limits<std::uint32_t>::max()) throw std::length_error("row too large");
#ifdef PTREEDB_TSAN
  auto* bytes = static_cast<unsigned char*>(std::malloc(total));
#else
  auto* bytes = static_cast<unsigned char*>(scalable_malloc(total));
#endif
  if (bytes == nullptr) throw std::bad_alloc();
  new (bytes) std::atomic<std::uint32_t>(1);
  auto size = static_cast<std::uint32_t>(total);
  std::memcpy(bytes + 4, &size, 4);
  if (!image.empty()) std::memcpy(bytes + RowLayout::kHeaderBytes, image.data(), image.size());
  live_row_counter().add(1);
  return RowRef(bytes);
}

}  // namespace ptreedb::storage
