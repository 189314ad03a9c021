// A table leaf's rows as typed column arrays, built from the rows the first
// time a scan reads that column of that leaf and kept with the leaf (a
// ptree::LeafCache): later scans copy whole runs of values out of flat arrays
// instead of reaching into one row allocation per value. The rows stay the
// leaf's entries, so writes, lookups, the log and checkpoints are untouched;
// a leaf a write replaces simply starts without columns.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "storage/ptree/leaf_cache.h"
#include "storage/row/row.h"
#include "storage/value/decimal.h"
#include "storage/value/interval.h"

namespace ptreedb::storage {

// How a column's slot is read from a row (see RowLayout).
enum class SlotKind : std::uint8_t { kBool, kDate, kInt, kDouble, kDecimal, kText, kInterval };

// One column of one leaf. Values are stored as narrow as the slot allows:
// booleans as bytes; integers, dates and numerics (as int64 units with the
// leaf's one scale when every value fits, else whole Decimals) frame of
// reference: each value less the leaf's least one, in 1, 2, 4 or 8 bytes as
// the leaf's range needs, so that a scan reads an eighth to a half of the
// bytes (a TPC-H quantity or discount takes one byte, a date two); texts as
// views: short ones into one copy of their bytes kept by the column, so that
// comparing or grouping them reads consecutive bytes rather than a line of
// each row; longer ones into the leaf's rows. NULL bytes exist only when the
// leaf has NULLs.
class LeafColumn {
 public:
  enum class Storage : std::uint8_t { kBytes, kInt32, kInt64, kDouble, kDecimal64, kDecimal128, kText, kInterval };

  // Column values of rows[0..count) read as `kind` at slot `offset`, in one
  // allocation with its value array (freed by delete).
  static LeafColumn* build(const RowRef* rows, std::uint32_t count, std::size_t column, SlotKind kind,
                           std::uint32_t offset);
  static void operator delete(void* memory) { ::operator delete(memory); }
  LeafColumn(const LeafColumn&) = delete;
  LeafColumn& operator=(const LeafColumn&) = delete;

  SlotKind kind() const { return kind_; }
  std::uint32_t offset() const { return offset_; }
  std::uint32_t size() const { return count_; }
  Storage storage() const { return storage_; }
  // Null only when no value of the leaf is NULL.
  const std::uint8_t* nulls() const { return has_nulls_ ? nulls_.get() : nullptr; }
  std::int32_t decimal_scale() const { return decimal_scale_; }
  // Whether any value of the leaf is not NULL.
  bool has_values() const { return has_values_; }
  // The least and greatest non-NULL value of an int32, int64 or int64-units
  // numeric column (a zone map: scans skip leaves a predicate rules out).
  bool has_range() const { return has_values_ && is_integral(); }
  std::int64_t min() const { return min_; }
  std::int64_t max() const { return max_; }
  // The array of the column's storage type (not for integral columns:
  // see codes_of).
  template <class T>
  const T* values() const {
    return reinterpret_cast<const T*>(data_);
  }
  // Integer, date and int64-unit numeric columns (kInt32, kInt64,
  // kDecimal64) hold codes: row i's value is reference() + code i (modulo
  // 2^64), the codes unsigned, code_bytes() wide. A NULL's code is 0.
  bool is_integral() const {
    return storage_ == Storage::kInt32 || storage_ == Storage::kInt64 || storage_ == Storage::kDecimal64;
  }
  std::uint32_t code_bytes() const { return value_bytes_; }
  std::int64_t reference() const { return min_; }
  // Calls visit(codes) with the code array typed by its width (uint8_t,
  // uint16_t, uint32_t or uint64_t).
  template <class Visit>
  decltype(auto) visit_codes(Visit&& visit) const {
    switch (value_bytes_) {
      case 1: return visit(reinterpret_cast<const std::uint8_t*>(data_));
      case 2: return visit(reinterpret_cast<const std::uint16_t*>(data_));
      case 4: return visit(reinterpret_cast<const std::uint32_t*>(data_));
      default: return visit(reinterpret_cast<const std::uint64_t*>(data_));
    }
  }
  // Row i's value of an integral column (a NULL's reads as reference()).
  std::int64_t integer(std::uint32_t i) const {
    return visit_codes([&](const auto* codes) { return decode(min_, codes[i]); });
  }
  static std::int64_t decode(std::int64_t reference, std::uint64_t code) {
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(reference) + code);
  }
  // A text column whose leaf holds at most kMaxDictionary distinct values
  // also numbers them: dictionary() lists the distinct byte strings, and
  // codes()[i] is row i's place in it (kNullCode for a NULL). Null otherwise.
  static constexpr std::size_t kMaxDictionary = 63;
  static constexpr std::uint8_t kNullCode = 63;
  const std::uint8_t* codes() const { return codes_.get(); }
  const std::vector<std::string_view>& dictionary() const { return dictionary_; }
  // Bytes this column holds (for memory accounting and tests).
  std::size_t bytes() const;
  // Starts loading the column at `column` (header and first values) from
  // its address alone, so that a reader going over several leaves waits for
  // their misses together; then, once the header is in, the NULL and code
  // arrays that lie elsewhere.
  static void prefetch(const LeafColumn* column) {
    if (column == nullptr) return;
    const auto* bytes = reinterpret_cast<const char*>(column);
    __builtin_prefetch(bytes);
    __builtin_prefetch(bytes + 64);
    __builtin_prefetch(bytes + 128);
    __builtin_prefetch(bytes + 192);
  }
  void prefetch_side_arrays() const {
    if (has_nulls_) __builtin_prefetch(nulls_.get());
    if (codes_ != nullptr) __builtin_prefetch(codes_.get());
  }

 private:
  LeafColumn(SlotKind kind, Storage storage, std::uint32_t offset, std::uint32_t count, bool has_nulls,
             std::int32_t decimal_scale, std::uint32_t value_bytes, std::byte* data);
  // Reads the NULL flags, then the values (the storage chosen by build()).
  void fill_from(const RowRef* rows, std::size_t column);
  // The codes of an integral column's `values` (0 for NULLs), whose range
  // is [min_, max_].
  template <class Code>
  void encode(const std::int64_t* values);
  void number_texts();
  template <class T, class Read>
  void fill(const RowRef* rows, Read read);

  SlotKind kind_;
  Storage storage_ = Storage::kInt64;
  std::uint32_t offset_;
  std::uint32_t count_;
  bool has_nulls_ = false;
  bool has_values_ = false;
  std::uint8_t value_bytes_;
  std::int32_t decimal_scale_ = 0;
  std::int64_t min_ = 0, max_ = 0;
  std::unique_ptr<std::uint8_t[]> nulls_;
  std::byte* data_;  // right after this header, in its allocation
  std::unique_ptr<char[]> text_bytes_;  // the short texts' copy, when made
  std::size_t text_byte_count_ = 0;
  std::unique_ptr<std::uint8_t[]> codes_;
  std::vector<std::string_view> dictionary_;
};

// Texts up to this long are copied into their leaf column.
inline constexpr std::size_t kCopiedTextBytes = 32;

// The columns of one leaf, each built on first use by whichever reader asks.
class LeafColumns final : public ptree::LeafCache {
 public:
  explicit LeafColumns(std::size_t column_count);
  ~LeafColumns() override;

  // Column `column` of the leaf's `rows`, built now if no reader built it
  // yet; null when it was built under another slot kind or offset (a
  // reader must then read the rows).
  const LeafColumn* column(std::size_t column, SlotKind kind, std::uint32_t offset, const RowRef* rows,
                           std::uint32_t count) const;

  // Column `column` if a reader built it already, else null; builds nothing.
  const LeafColumn* built(std::size_t column) const {
    return column < column_count_ ? slot(column).load(std::memory_order_acquire) : nullptr;
  }
  // Starts loading the slot that points to column `column`.
  void prefetch_slot(std::size_t column) const {
    if (column < column_count_) __builtin_prefetch(&slot(column));
  }

  // Bytes held by columns of all leaves alive in the process.
  static std::int64_t live_bytes();

 private:
  // The first columns' slots lie in this object, so a reader finds a
  // column two loads past the leaf; wider tables keep the rest apart.
  static constexpr std::size_t kInlineSlots = 16;
  std::atomic<const LeafColumn*>& slot(std::size_t column) const {
    return column < kInlineSlots ? inline_slots_[column] : more_slots_[column - kInlineSlots];
  }

  std::size_t column_count_;
  mutable std::atomic<const LeafColumn*> inline_slots_[kInlineSlots];
  std::unique_ptr<std::atomic<const LeafColumn*>[]> more_slots_;
};

}  // namespace ptreedb::storage
