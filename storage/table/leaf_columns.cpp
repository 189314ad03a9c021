#include "storage/table/leaf_columns.h"

#include <cstring>
#include <limits>
#include <new>
#include <vector>

namespace ptreedb::storage {

namespace {

std::atomic<std::int64_t> live_column_bytes{0};

}  // namespace

// The header rounded up so that the values after it are aligned for any
// element type (Decimal holds an __int128).
constexpr std::size_t kHeaderBytes = (sizeof(LeafColumn) + 15) / 16 * 16;

std::size_t width_of(LeafColumn::Storage storage) {
  using Storage = LeafColumn::Storage;
  switch (storage) {
    case Storage::kBytes: return 1;
    case Storage::kInt32: return 4;
    case Storage::kInt64:
    case Storage::kDouble:
    case Storage::kDecimal64: return 8;
    case Storage::kDecimal128: return sizeof(value::Decimal);
    case Storage::kText: return sizeof(std::string_view);
    case Storage::kInterval: return sizeof(value::Interval);
  }
  return 8;
}

template <class T, class Read>
void LeafColumn::fill(const RowRef* rows, Read read) {
  T* out = reinterpret_cast<T*>(data_);
  for (std::uint32_t i = 0; i < count_; ++i) out[i] = read(rows[i]);
}

template <class Code>
void LeafColumn::encode(const std::int64_t* values) {
  Code* out = reinterpret_cast<Code*>(data_);
  const auto reference = static_cast<std::uint64_t>(min_);
  for (std::uint32_t i = 0; i < count_; ++i) {
    const bool is_null = has_nulls_ && nulls_[i];
    out[i] = is_null ? Code{0} : static_cast<Code>(static_cast<std::uint64_t>(values[i]) - reference);
  }
}

namespace {

// The bytes a code needs for values spanning `span` (max - min, as unsigned).
std::uint32_t code_bytes_for(std::uint64_t span) {
  if (span <= 0xffu) return 1;
  if (span <= 0xffffu) return 2;
  if (span <= 0xffffffffu) return 4;
  return 8;
}

}  // namespace

LeafColumn* LeafColumn::build(const RowRef* rows, std::uint32_t count, std::size_t column, SlotKind kind,
                              std::uint32_t offset) {
  bool has_nulls = false;
  for (std::uint32_t i = 0; i < count && !has_nulls; ++i) has_nulls = rows[i].is_null(column);
  auto is_null = [&](std::uint32_t i) { return has_nulls && rows[i].is_null(column); };
  Storage storage = Storage::kInt64;
  std::int32_t decimal_scale = 0;
  switch (kind) {
    case SlotKind::kBool: storage = Storage::kBytes; break;
    case SlotKind::kDate: storage = Storage::kInt32; break;
    case SlotKind::kInt: storage = Storage::kInt64; break;
    case SlotKind::kDouble: storage = Storage::kDouble; break;
    case SlotKind::kText: storage = Storage::kText; break;
    case SlotKind::kInterval: storage = Storage::kInterval; break;
    case SlotKind::kDecimal: {
      // int64 units under one scale when every value allows it (numeric(p, s)
      // with p <= 18 always does), else the values as they are.
      bool narrow = true;
      bool scale_known = false;
      for (std::uint32_t i = 0; i < count && narrow; ++i) {
        if (is_null(i)) continue;
        value::Decimal d = rows[i].get_decimal(offset);
        if (!scale_known) {
          decimal_scale = d.scale;
          scale_known = true;
        }
        narrow = d.scale == decimal_scale && d.units >= std::numeric_limits<std::int64_t>::min() &&
                 d.units <= std::numeric_limits<std::int64_t>::max();
      }
      storage = narrow ? Storage::kDecimal64 : Storage::kDecimal128;
      break;
    }
  }
  // Integral values are read first: their range decides the codes' width.
  std::vector<std::int64_t> integers;
  std::int64_t min = 0, max = 0;
  std::uint32_t value_bytes = static_cast<std::uint32_t>(width_of(storage));
  if (storage == Storage::kInt32 || storage == Storage::kInt64 || storage == Storage::kDecimal64) {
    integers.resize(count);
    bool first = true;
    for (std::uint32_t i = 0; i < count; ++i) {
      if (is_null(i)) continue;
      const std::int64_t v = kind == SlotKind::kDate  ? std::int64_t{rows[i].get_date(offset)}
                             : kind == SlotKind::kInt ? rows[i].get_int(offset)
                                                      : static_cast<std::int64_t>(rows[i].get_decimal(offset).units);
      integers[i] = v;
      if (first || v < min) min = v;
      if (first || v > max) max = v;
      first = false;
    }
    value_bytes = code_bytes_for(static_cast<std::uint64_t>(max) - static_cast<std::uint64_t>(min));
  }
  void* memory = ::operator new(kHeaderBytes + value_bytes * (count == 0 ? 1 : count));
  auto* made = new (memory) LeafColumn(kind, storage, offset, count, has_nulls, decimal_scale, value_bytes,
                                       static_cast<std::byte*>(memory) + kHeaderBytes);
  made->min_ = min;
  made->max_ = max;
  made->fill_from(rows, column);
  if (made->is_integral()) {
    switch (value_bytes) {
      case 1: made->encode<std::uint8_t>(integers.data()); break;
      case 2: made->encode<std::uint16_t>(integers.data()); break;
      case 4: made->encode<std::uint32_t>(integers.data()); break;
      default: made->encode<std::uint64_t>(integers.data()); break;
    }
  }
  return made;
}

LeafColumn::LeafColumn(SlotKind kind, Storage storage, std::uint32_t offset, std::uint32_t count, bool has_nulls,
                       std::int32_t decimal_scale, std::uint32_t value_bytes, std::byte* data)
    : kind_(kind),
      storage_(storage),
      offset_(offset),
      count_(count),
      has_nulls_(has_nulls),
      value_bytes_(static_cast<std::uint8_t>(value_bytes)),
      decimal_scale_(decimal_scale),
      data_(data) {}

void LeafColumn::fill_from(const RowRef* rows, std::size_t column) {
  const std::uint32_t count = count_;
  const std::uint32_t offset = offset_;
  if (has_nulls_) {
    nulls_.reset(new std::uint8_t[count]);
    for (std::uint32_t i = 0; i < count; ++i) nulls_[i] = rows[i].is_null(column) ? 1 : 0;
  }
  has_values_ = !has_nulls_ && count > 0;
  for (std::uint32_t i = 0; i < count && !has_values_; ++i) has_values_ = nulls_[i] == 0;
  // A NULL's slot holds nothing meaningful: its element is zero (or empty).
  auto is_null = [&](const RowRef& row) { return has_nulls_ && row.is_null(column); };
  switch (kind_) {
    case SlotKind::kBool:
      fill<std::uint8_t>(rows, [&](const RowRef& row) -> std::uint8_t { return !is_null(row) && row.get_bool(offset); });
      break;
    case SlotKind::kDate:
    case SlotKind::kInt:
      break;  // integral: encoded by build()
    case SlotKind::kDouble:
      fill<double>(rows, [&](const RowRef& row) { return is_null(row) ? 0.0 : row.get_double(offset); });
      break;
    case SlotKind::kDecimal:
      if (storage_ == Storage::kDecimal128) {
        fill<value::Decimal>(rows,
                             [&](const RowRef& row) { return is_null(row) ? value::Decimal{} : row.get_decimal(offset); });
      }
      break;
    case SlotKind::kText: {
      fill<std::string_view>(rows, [&](const RowRef& row) { return is_null(row) ? std::string_view() : row.get_text(offset); });
      auto* views = reinterpret_cast<std::string_view*>(data_);
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
      fill<value::Interval>(rows, [&](const RowRef& row) { return is_null(row) ? value::Interval{} : row.get_interval(offset); });
      break;
  }
}

void LeafColumn::number_texts() {
  const auto* views = reinterpret_cast<const std::string_view*>(data_);
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
  return kHeaderBytes + value_bytes_ * count_ + (has_nulls_ ? count_ : 0) + text_byte_count_ +
         (codes_ != nullptr ? count_ + dictionary_.capacity() * sizeof(std::string_view) : 0);
}

LeafColumns::LeafColumns(std::size_t column_count) : column_count_(column_count) {
  if (column_count > kInlineSlots) more_slots_.reset(new std::atomic<const LeafColumn*>[column_count - kInlineSlots]);
  for (std::size_t c = 0; c < column_count; ++c) slot(c).store(nullptr, std::memory_order_relaxed);
}

LeafColumns::~LeafColumns() {
  for (std::size_t c = 0; c < column_count_; ++c) {
    if (const LeafColumn* built = slot(c).load(std::memory_order_acquire)) {
      live_column_bytes.fetch_sub(static_cast<std::int64_t>(built->bytes()), std::memory_order_relaxed);
      delete built;
    }
  }
}

const LeafColumn* LeafColumns::column(std::size_t column, SlotKind kind, std::uint32_t offset, const RowRef* rows,
                                      std::uint32_t count) const {
  if (column >= column_count_) return nullptr;
  std::atomic<const LeafColumn*>& place = slot(column);
  const LeafColumn* built = place.load(std::memory_order_acquire);
  if (built == nullptr) {
    LeafColumn* made = LeafColumn::build(rows, count, column, kind, offset);
    const LeafColumn* expected = nullptr;
    if (place.compare_exchange_strong(expected, made, std::memory_order_acq_rel)) {
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
