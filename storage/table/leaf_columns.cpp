#include "storage/table/leaf_columns.h"

#include <cstring>
#include <limits>

namespace ptreedb::storage {

namespace {

std::atomic<std::int64_t> live_column_bytes{0};

}  // namespace

template <class T, class Read>
void LeafColumn::fill(const RowRef* rows, Read read) {
  data_.reset(new std::byte[sizeof(T) * (count_ == 0 ? 1 : count_)]);
  T* out = reinterpret_cast<T*>(data_.get());
  for (std::uint32_t i = 0; i < count_; ++i) out[i] = read(rows[i]);
}

template <class T>
void LeafColumn::find_range() {
  const T* values = reinterpret_cast<const T*>(data_.get());
  bool first = true;
  for (std::uint32_t i = 0; i < count_; ++i) {
    if (has_nulls_ && nulls_[i]) continue;
    const auto v = static_cast<std::int64_t>(values[i]);
    if (first || v < min_) min_ = v;
    if (first || v > max_) max_ = v;
    first = false;
  }
}

LeafColumn::LeafColumn(const RowRef* rows, std::uint32_t count, std::size_t column, SlotKind kind,
                       std::uint32_t offset)
    : kind_(kind), offset_(offset), count_(count) {
  for (std::uint32_t i = 0; i < count && !has_nulls_; ++i) has_nulls_ = rows[i].is_null(column);
  if (has_nulls_) {
    nulls_.reset(new std::uint8_t[count]);
    for (std::uint32_t i = 0; i < count; ++i) nulls_[i] = rows[i].is_null(column) ? 1 : 0;
  }
  has_values_ = !has_nulls_ && count > 0;
  for (std::uint32_t i = 0; i < count && !has_values_; ++i) has_values_ = nulls_[i] == 0;
  // A NULL's slot holds nothing meaningful: its element is zero (or empty).
  auto is_null = [&](const RowRef& row) { return has_nulls_ && row.is_null(column); };
  switch (kind) {
    case SlotKind::kBool:
      storage_ = Storage::kBytes;
      fill<std::uint8_t>(rows, [&](const RowRef& row) -> std::uint8_t { return !is_null(row) && row.get_bool(offset); });
      break;
    case SlotKind::kDate:
      storage_ = Storage::kInt32;
      fill<std::int32_t>(rows, [&](const RowRef& row) { return is_null(row) ? 0 : row.get_date(offset); });
      break;
    case SlotKind::kInt:
      storage_ = Storage::kInt64;
      fill<std::int64_t>(rows, [&](const RowRef& row) -> std::int64_t { return is_null(row) ? 0 : row.get_int(offset); });
      break;
    case SlotKind::kDouble:
      storage_ = Storage::kDouble;
      fill<double>(rows, [&](const RowRef& row) { return is_null(row) ? 0.0 : row.get_double(offset); });
      break;
    case SlotKind::kDecimal: {
      // int64 units under one scale when every value allows it (numeric(p, s)
      // with p <= 18 always does), else the values as they are.
      bool narrow = true;
      bool scale_known = false;
      for (std::uint32_t i = 0; i < count && narrow; ++i) {
        if (is_null(rows[i])) continue;
        value::Decimal d = rows[i].get_decimal(offset);
        if (!scale_known) {
          decimal_scale_ = d.scale;
          scale_known = true;
        }
        narrow = d.scale == decimal_scale_ && d.units >= std::numeric_limits<std::int64_t>::min() &&
                 d.units <= std::numeric_limits<std::int64_t>::max();
      }
      if (narrow) {
        storage_ = Storage::kDecimal64;
        fill<std::int64_t>(rows, [&](const RowRef& row) -> std::int64_t {
          return is_null(row) ? 0 : static_cast<std::int64_t>(row.get_decimal(offset).units);
        });
      } else {
        storage_ = Storage::kDecimal128;
        fill<value::Decimal>(rows,
                             [&](const RowRef& row) { return is_null(row) ? value::Decimal{} : row.get_decimal(offset); });
      }
      break;
    }
    case SlotKind::kText: {
      storage_ = Storage::kText;
      fill<std::string_view>(rows, [&](const RowRef& row) { return is_null(row) ? std::string_view() : row.get_text(offset); });
      auto* views = reinterpret_cast<std::string_view*>(data_.get());
      std::size_t total = 0;
      bool short_texts = true;
      for (std::uint32_t i = 0; i < count && short_texts; ++i) {
        short_texts = views[i].size() <= kCopiedTextBytes;
        total += views[i].size();
      }
      if (!short_texts) break;
      number_texts();
      if (codes_ != nullptr) {
        // Numbered: one copy of each distinct value, which the rows share.
        total = 0;
        for (std::string_view entry : dictionary_) total += entry.size();
      }
      if (total == 0) break;
      text_bytes_.reset(new char[total]);
      text_byte_count_ = total;
      char* at = text_bytes_.get();
      auto copy = [&at](std::string_view& view) {
        if (!view.empty()) std::memcpy(at, view.data(), view.size());  // an empty view may have no data
        view = std::string_view(at, view.size());
        at += view.size();
      };
      if (codes_ == nullptr) {
        for (std::uint32_t i = 0; i < count; ++i) copy(views[i]);
        break;
      }
      for (std::string_view& entry : dictionary_) copy(entry);
      for (std::uint32_t i = 0; i < count; ++i) {
        if (codes_[i] != kNullCode) views[i] = dictionary_[codes_[i]];
      }
      break;
    }
    case SlotKind::kInterval:
      storage_ = Storage::kInterval;
      fill<value::Interval>(rows, [&](const RowRef& row) { return is_null(row) ? value::Interval{} : row.get_interval(offset); });
      break;
  }
  if (storage_ == Storage::kInt32) find_range<std::int32_t>();
  if (storage_ == Storage::kInt64 || storage_ == Storage::kDecimal64) find_range<std::int64_t>();
}

void LeafColumn::number_texts() {
  const auto* views = reinterpret_cast<const std::string_view*>(data_.get());
  std::unique_ptr<std::uint8_t[]> codes(new std::uint8_t[count_ == 0 ? 1 : count_]);
  std::vector<std::string_view> dictionary;
  for (std::uint32_t i = 0; i < count_; ++i) {
    if (has_nulls_ && nulls_[i]) {
      codes[i] = kNullCode;
      continue;
    }
    std::size_t code = 0;
    while (code < dictionary.size() && dictionary[code] != views[i]) ++code;
    if (code == dictionary.size()) {
      if (dictionary.size() == kMaxDictionary) return;  // too many distinct values to number
      dictionary.push_back(views[i]);
    }
    codes[i] = static_cast<std::uint8_t>(code);
  }
  codes_ = std::move(codes);
  dictionary_ = std::move(dictionary);
}

std::size_t LeafColumn::bytes() const {
  std::size_t width = 8;
  switch (storage_) {
    case Storage::kBytes: width = 1; break;
    case Storage::kInt32: width = 4; break;
    case Storage::kInt64:
    case Storage::kDouble:
    case Storage::kDecimal64: width = 8; break;
    case Storage::kDecimal128: width = sizeof(value::Decimal); break;
    case Storage::kText: width = sizeof(std::string_view); break;
    case Storage::kInterval: width = sizeof(value::Interval); break;
  }
  return sizeof(LeafColumn) + width * count_ + (has_nulls_ ? count_ : 0) + text_byte_count_ +
         (codes_ != nullptr ? count_ + dictionary_.capacity() * sizeof(std::string_view) : 0);
}

LeafColumns::LeafColumns(std::size_t column_count)
    : column_count_(column_count), columns_(new std::atomic<const LeafColumn*>[column_count]) {
  for (std::size_t c = 0; c < column_count; ++c) columns_[c].store(nullptr, std::memory_order_relaxed);
}

LeafColumns::~LeafColumns() {
  for (std::size_t c = 0; c < column_count_; ++c) {
    if (const LeafColumn* built = columns_[c].load(std::memory_order_acquire)) {
      live_column_bytes.fetch_sub(static_cast<std::int64_t>(built->bytes()), std::memory_order_relaxed);
      delete built;
    }
  }
}

const LeafColumn* LeafColumns::column(std::size_t column, SlotKind kind, std::uint32_t offset, const RowRef* rows,
                                      std::uint32_t count) const {
  if (column >= column_count_) return nullptr;
  const LeafColumn* built = columns_[column].load(std::memory_order_acquire);
  if (built == nullptr) {
    auto* made = new LeafColumn(rows, count, column, kind, offset);
    const LeafColumn* expected = nullptr;
    if (columns_[column].compare_exchange_strong(expected, made, std::memory_order_acq_rel)) {
      live_column_bytes.fetch_add(static_cast<std::int64_t>(made->bytes()), std::memory_order_relaxed);
      built = made;
    } else {
      delete made;
      built = expected;
    }
  }
  if (built->kind() != kind || built->offset() != offset || built->size() != count) return nullptr;
  return built;
}

std::int64_t LeafColumns::live_bytes() { return live_column_bytes.load(std::memory_order_relaxed); }

}  // namespace ptreedb::storage
