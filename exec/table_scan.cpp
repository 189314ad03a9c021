#include "exec/table_scan.h"

#include <algorithm>

#include "exec/leaf_column_copy.h"
#include "exec/memory_budget.h"
#include "exec/resident_memory.h"
#include "exec/selection_filter.h"

namespace ptreedb::exec {

namespace {

// A key filter that passes more than this share of the rows it tests costs
// more time than it saves.
constexpr double kUselessKeyFilterPassRate = 0.9;
// Rows a morsel tests a key filter on before it may drop it.
constexpr std::size_t kKeyFilterSampleRows = 4 * kChunkSize;
// Rows the scan's readers together test a filter on before their pass rate
// decides for the morsels that follow.
constexpr std::size_t kSettledKeyFilterRows = 16 * kChunkSize;

}  // namespace

storage::SlotKind slot_kind_of(value::TypeId type) {
  using storage::SlotKind;
  if (type == value::TypeId::kBoolean) return SlotKind::kBool;
  if (type == value::TypeId::kDate) return SlotKind::kDate;
  switch (physical_of(type)) {
    case Physical::kInt: return SlotKind::kInt;
    case Physical::kDouble: return SlotKind::kDouble;
    case Physical::kDecimal: return SlotKind::kDecimal;
    case Physical::kText: return SlotKind::kText;
    case Physical::kInterval: return SlotKind::kInterval;
  }
  return SlotKind::kInt;
}

TableScanSource::TableScanSource(std::shared_ptr<const storage::Table> table, std::vector<std::size_t> loaded,
                                 bool row_positions, const planner::BoundExpression* filter,
                                 std::vector<ScanKeyFilter> key_filters)
    : table_(std::move(table)), filter_(filter), row_positions_(row_positions) {
  // Leaf columns add to what the tables hold; under half the memory limit
  // they are worth it, past that the memory is left to statements.
  const std::int64_t limit = MemoryBudget::process().limit();
  build_leaf_columns_ = limit == 0 || resident_bytes(false) < limit / 2;
  const storage::TableSchema& schema = table_->schema();
  const storage::RowLayout& layout = schema.layout();
  for (std::size_t column : loaded) {
    const value::SqlType& type = schema.columns()[column].type;
    LoadedColumn loaded_column{column, layout.offset(column), slot_kind_of(type.id)};
    if (type.id == value::TypeId::kNumeric && type.has_typmod() && type.numeric_precision() <= 18 &&
        type.numeric_scale() >= 0) {
      loaded_column.units_scale = type.numeric_scale();
    }
    loaded_.push_back(loaded_column);
  }
  for (auto& key_filter : key_filters) {
    bool loaded_int = std::any_of(loaded_.begin(), loaded_.end(), [&](const LoadedColumn& column) {
      return column.column == key_filter.column && (column.decode == Decode::kInt || column.decode == Decode::kDate);
    });
    if (loaded_int) key_filters_.push_back(std::move(key_filter));
  }
  key_filter_tallies_ = std::make_unique<KeyFilterTally[]>(key_filters_.size());
  if (filter_ != nullptr) zones_ = ZoneFilter(schema, *filter_);
  for (const LoadedColumn& column : loaded_) touched_columns_.push_back(column.column);
  for (std::size_t column : zones_.columns()) touched_columns_.push_back(column);
  std::sort(touched_columns_.begin(), touched_columns_.end());
  touched_columns_.erase(std::unique(touched_columns_.begin(), touched_columns_.end()), touched_columns_.end());
  // Where in a row a reader looks: its NULL bitmap and those columns' slots.
  touched_row_offsets_.push_back(storage::RowLayout::kHeaderBytes);
  for (std::size_t column : touched_columns_) touched_row_offsets_.push_back(layout.offset(column));
  if (filter_ != nullptr || !key_filters_.empty()) {
    std::vector<std::uint8_t> read_by_filter(schema.columns().size() + 1, 0);
    if (filter_ != nullptr) mark_columns(*filter_, read_by_filter);
    std::vector<std::uint8_t> read_by_key_filter(schema.columns().size() + 1, 0);
    for (const auto& key_filter : key_filters_) read_by_key_filter[key_filter.column] = 1;
    for (auto& column : loaded_) {
      column.late = !read_by_filter[column.column];
      if (!column.late) {
        filtered_.push_back(column);
      } else {
        (read_by_key_filter[column.column] ? keyed_ : late_).push_back(column);
      }
    }
  }
  auto owner = std::make_shared<TextStorage>();
  owner->pinned = table_;
  text_owner_ = std::move(owner);
}

MorselReader::MorselReader(const TableScanSource& source, std::size_t first_position)
    : source_(source),
      it_(source.table().rows().seek_index(first_position)),
      position_(first_position),
      key_filter_use_(source.key_filters_.size()) {
  // What the scan's readers found so far: a filter that passed nearly every
  // row it tested samples only this morsel's first chunk (the keys may
  // cluster: here it may drop rows), and the filters that drop most run first.
  std::vector<double> pass_rate(key_filter_use_.size(), 0.5);
  for (std::size_t f = 0; f < key_filter_use_.size(); ++f) {
    const auto& tally = source.key_filter_tallies_[f];
    const auto tested = tally.tested.load(std::memory_order_relaxed);
    const auto passed = tally.passed.load(std::memory_order_relaxed);
    if (tested > 0) pass_rate[f] = static_cast<double>(passed) / static_cast<double>(tested);
    const bool settled = tested >= kSettledKeyFilterRows && pass_rate[f] > kUselessKeyFilterPassRate;
    key_filter_use_[f].sample_rows = settled ? kChunkSize : kKeyFilterSampleRows;
    key_filter_order_.push_back(f);
  }
  std::stable_sort(key_filter_order_.begin(), key_filter_order_.end(),
                   [&](std::size_t a, std::size_t b) { return pass_rate[a] < pass_rate[b]; });
  rows_.reserve(kChunkSize);
  positions_.reserve(kChunkSize);
  picks_.reserve(kChunkSize);
  gather_rows_.reserve(kChunkSize);
}

void MorselReader::apply_key_filters(Chunk& chunk) {
  // A filter that kept more than kUselessKeyFilterPassRate of the first
  // sample_rows rows it tested is dropped for the rest of the morsel.
  for (std::size_t f : key_filter_order_) {
    if (chunk.size == 0) break;
    KeyFilterUse& use = key_filter_use_[f];
    if (!use.active) continue;
    const auto& [column, filter] = source_.key_filters_[f];
    const Vector& keys = chunk.columns[column];
    selected_.resize(chunk.size);
    std::size_t kept = 0;
    for (std::uint32_t row = 0; row < chunk.size; ++row) {  // without a branch per row
      selected_[kept] = row;
      kept += static_cast<std::size_t>(!keys.nulls[row] & filter->may_contain(keys.ints[row]));
    }
    selected_.resize(kept);
    use.tested += chunk.size;
    use.passed += selected_.size();
    auto& tally = source_.key_filter_tallies_[f];
    tally.tested.fetch_add(chunk.size, std::memory_order_relaxed);
    tally.passed.fetch_add(selected_.size(), std::memory_order_relaxed);
    if (use.tested >= use.sample_rows &&
        static_cast<double>(use.passed) > kUselessKeyFilterPassRate * static_cast<double>(use.tested)) {
      use.active = false;
    }
    if (selected_.size() == chunk.size) continue;
    compact_rows(chunk, selected_.data(), selected_.size());
    for (std::size_t k = 0; k < selected_.size(); ++k) survivors_[k] = survivors_[selected_[k]];
    survivors_.resize(selected_.size());
  }
}

void MorselReader::prepare_columns(Chunk& chunk, std::size_t count) const {
  const auto& columns = source_.table().schema().columns();
  std::size_t width = columns.size() + (source_.row_positions_ ? 1 : 0);
  if (chunk.columns.size() != width) {
    chunk.columns.clear();
    chunk.columns.reserve(width);
    for (const auto& column : columns) chunk.columns.emplace_back(column.type);
    if (source_.row_positions_) chunk.columns.emplace_back(value::SqlType::of(value::TypeId::kBigint));
  }
  chunk.size = count;
  for (const auto& loaded : source_.loaded_) {
    Vector& vector = chunk.columns[loaded.column];
    if (loaded.decode == TableScanSource::Decode::kDecimal) vector.units_scale = loaded.units_scale;
    // A late column is sized once the filter has run: growing it to the
    // whole chunk first would zero-fill elements only to drop them.
    if (!loaded.late) vector.resize(count);
    if (loaded.decode == TableScanSource::Decode::kText) {
      if (vector.text_owners.size() != 1 || vector.text_owners[0] != source_.text_owner_) {
        vector.text_owners.clear();
        vector.text_owners.push_back(source_.text_owner_);
      }
    }
  }
}

namespace {

// Rows are decoded in blocks this small so that a block's rows stay in the
// first-level cache while each loaded column is read from them.
constexpr std::size_t kDecodeBlock = 64;

template <class Read>
void decode_block(const storage::RowRef* const* rows, std::size_t begin, std::size_t end, Read read) {
  for (std::size_t i = begin; i < end; ++i) read(i, *rows[i]);
}

}  // namespace

void MorselReader::decode(Columns columns, const storage::RowRef* const* rows, std::size_t count, Chunk& chunk,
                          std::size_t to) {
  using Decode = TableScanSource::Decode;
  for (std::size_t begin = 0; begin < count; begin += kDecodeBlock) {
    std::size_t end = std::min(count, begin + kDecodeBlock);
    for (const auto& loaded : columns) {
      Vector& vector = chunk.columns[loaded.column];
      const std::size_t column = loaded.column;
      const std::uint32_t offset = loaded.offset;
      std::uint8_t* nulls = vector.nulls.data() + to;
      decode_block(rows, begin, end, [&](std::size_t i, const storage::RowRef& row) { nulls[i] = row.is_null(column); });
      switch (loaded.decode) {
        case Decode::kBool: {
          std::int64_t* out = vector.ints.data() + to;
          decode_block(rows, begin, end, [&](std::size_t i, const storage::RowRef& row) { out[i] = row.get_bool(offset); });
          break;
        }
        case Decode::kDate: {
          std::int64_t* out = vector.ints.data() + to;
          decode_block(rows, begin, end, [&](std::size_t i, const storage::RowRef& row) { out[i] = row.get_date(offset); });
          break;
        }
        case Decode::kInt: {
          std::int64_t* out = vector.ints.data() + to;
          decode_block(rows, begin, end, [&](std::size_t i, const storage::RowRef& row) { out[i] = row.get_int(offset); });
          break;
        }
        case Decode::kDouble: {
          double* out = vector.doubles.data() + to;
          decode_block(rows, begin, end, [&](std::size_t i, const storage::RowRef& row) { out[i] = row.get_double(offset); });
          break;
        }
        case Decode::kDecimal: {
          if (vector.holds_units()) {
            std::int64_t* out = vector.ints.data() + to;
            const std::int32_t scale = vector.units_scale;
            bool exact = true;
            decode_block(rows, begin, end, [&](std::size_t i, const storage::RowRef& row) {
              value::Decimal number = row.get_decimal(offset);
              exact &= value::decimal_rescale_exact(number, scale) && value::decimal_detail::fits_int64(number.units);
              out[i] = static_cast<std::int64_t>(number.units);
            });
            if (exact) break;
            // A stored value off the column's scale: whole Decimals from here on.
            widen_units(vector);
          }
          value::Decimal* out = vector.decimals.data() + to;
          decode_block(rows, begin, end, [&](std::size_t i, const storage::RowRef& row) { out[i] = row.get_decimal(offset); });
          break;
        }
        case Decode::kText: {
          std::string_view* out = vector.texts.data() + to;
          // The value's bytes lie past the fixed slots, often on a line of the
          // row nothing else reads: start loading it now, while the operators
          // above (a group key, a comparison) would otherwise wait for it.
          decode_block(rows, begin, end, [&](std::size_t i, const storage::RowRef& row) {
            out[i] = row.get_text(offset);
            __builtin_prefetch(out[i].data());
          });
          break;
        }
        case Decode::kInterval: {
          value::Interval* out = vector.intervals.data() + to;
          decode_block(rows, begin, end, [&](std::size_t i, const storage::RowRef& row) { out[i] = row.get_interval(offset); });
          break;
        }
      }
    }
  }
}

const storage::LeafColumns* MorselReader::leaf_columns(const storage::RowTree::node_type::Leaf& leaf,
                                                       std::uint32_t count) {
  // A few rows of a leaf (a lookup, a write's read) are read from the rows:
  // building the leaf's columns for them, or the columns a scan left
  // unbuilt, would cost more than reading those rows.
  if (count * 4 < leaf.size) return nullptr;
  if (const ptree::LeafCache* cache = leaf.cache()) return static_cast<const storage::LeafColumns*>(cache);
  if (!source_.build_leaf_columns_) return nullptr;
  auto* made = new storage::LeafColumns(source_.table().schema().columns().size());
  return static_cast<const storage::LeafColumns*>(leaf.install_cache(made));
}

void MorselReader::step(std::size_t count) {
  for (std::size_t i = 0; i < count;) {
    if (const auto* leaf = it_.leaf()) {
      const std::uint32_t at = it_.leaf_position();
      const auto n = static_cast<std::uint32_t>(std::min<std::size_t>(count - i, leaf->size - at));
      if (const ptree::LeafCache* cache = leaf->cache()) __builtin_prefetch(cache);
      segments_.push_back(Segment{leaf, nullptr, at, n, position_ + i});
      it_.skip_in_leaf(n);
      i += n;
    } else {
      const storage::RowRef& row = (*it_).value;
      for (std::uint32_t offset : source_.touched_row_offsets_) __builtin_prefetch(row.bytes() + offset);
      segments_.push_back(Segment{nullptr, &row, 0, 1, position_ + i});
      ++it_;
      ++i;
    }
  }
  position_ += count;
}

void MorselReader::advance(std::size_t count) {
  position_ += count;
  while (count > 0) {
    if (it_.leaf() != nullptr) {
      const auto n = static_cast<std::uint32_t>(std::min<std::size_t>(count, it_.leaf()->size - it_.leaf_position()));
      it_.skip_in_leaf(n);
      count -= n;
    } else {
      ++it_;
      --count;
    }
  }
}

void MorselReader::prefetch_segments() const {
  // A leaf's column arrays lie two loads past the leaf (the slot in its
  // columns, then the column with its values): each step starts the loads
  // of every leaf of the morsel before waiting for any of them.
  const std::vector<std::size_t>& touched = source_.touched_columns_;
  auto each_cached = [&](const auto& visit) {
    for (const Segment& segment : segments_) {
      if (segment.leaf == nullptr) continue;
      if (const ptree::LeafCache* cache = segment.leaf->cache()) visit(*static_cast<const storage::LeafColumns*>(cache));
    }
  };
  each_cached([&](const storage::LeafColumns& columns) {
    for (std::size_t column : touched) columns.prefetch_slot(column);
  });
  each_cached([&](const storage::LeafColumns& columns) {
    for (std::size_t column : touched) storage::LeafColumn::prefetch(columns.built(column));
  });
  each_cached([&](const storage::LeafColumns& columns) {
    for (std::size_t column : touched) {
      if (const storage::LeafColumn* built = columns.built(column)) built->prefetch_side_arrays();
    }
  });
}

void MorselReader::read(std::size_t count, Chunk& chunk) {
  segments_.clear();
  step(count);
  prefetch_segments();
  read_segments(count, chunk);
}

void MorselReader::read_segments(std::size_t count, Chunk& chunk) {
  // rows_ holds the rows read one by one; a run read from a leaf's columns
  // leaves its entries unset, and positions are kept only when asked for.
  rows_.resize(count);
  positions_.resize(source_.row_positions_ ? count : 0);
  runs_.clear();
  picks_.clear();
  std::uint32_t kept = 0;
  // A scan that reads no column (a count) never touches the rows themselves.
  const bool reads_rows = !source_.touched_columns_.empty();
  for (const Segment& segment : segments_) {
    if (const auto* leaf = segment.leaf) {
      const std::uint32_t at = segment.leaf_begin;
      const std::uint32_t n = segment.count;
      const storage::RowRef* values = leaf->values();
      const storage::LeafColumns* columns = leaf_columns(*leaf, n);
      std::uint32_t picked = n;
      std::uint32_t picks = kAllRows;
      if (columns != nullptr && !source_.zones_.empty()) {
        const auto first_pick = static_cast<std::uint32_t>(picks_.size());
        picks_.resize(first_pick + n);
        picked = source_.zones_.select(*columns, values, leaf->size, at, n, picks_.data() + first_pick);
        if (picked == 0) {  // no row of the run passes the filter
          picks_.resize(first_pick);
          continue;
        }
        // Every row kept is the plain run: copied, not gathered.
        picks_.resize(picked == n ? first_pick : first_pick + picked);
        if (picked != n) picks = first_pick;
      }
      runs_.push_back(Run{kept, picked, columns, values, leaf->size, at, picks});
      if (columns == nullptr) {
        for (std::uint32_t j = 0; j < n; ++j) {
          rows_[kept + j] = &values[at + j];
          if (reads_rows) __builtin_prefetch(values[at + j].bytes());
        }
      }
      if (source_.row_positions_) {
        for (std::uint32_t j = 0; j < picked; ++j) {
          const std::uint32_t leaf_row = picks == kAllRows ? at + j : picks_[picks + j];
          positions_[kept + j] = segment.first_position + (leaf_row - at);
        }
      }
      kept += picked;
    } else {
      runs_.push_back(Run{kept, 1, nullptr, nullptr, 0, 0});
      rows_[kept] = segment.row;
      if (source_.row_positions_) positions_[kept] = segment.first_position;
      ++kept;
    }
  }
  rows_.resize(kept);
  if (source_.row_positions_) positions_.resize(kept);
  decode_rows(chunk);
}

void MorselReader::read_ranges(const std::vector<PositionRange>& ranges, Chunk& chunk) {
  rows_.clear();
  positions_.clear();
  for (const PositionRange& range : ranges) {
    auto it = source_.table().rows().seek_index(range.first);
    for (std::size_t i = 0; i < range.count; ++i, ++it) {
      const storage::RowRef& row = (*it).value;
      __builtin_prefetch(row.bytes());
      rows_.push_back(&row);
      positions_.push_back(range.first + i);
    }
  }
  runs_.assign(1, Run{0, static_cast<std::uint32_t>(rows_.size()), nullptr, nullptr, 0, 0});
  decode_rows(chunk);
}

void MorselReader::read_positions(const std::size_t* positions, std::size_t count, Chunk& chunk) {
  // Stepping over a leaf's worth of rows costs about what one seek does.
  constexpr std::size_t kWalkLimit = 128;
  segments_.clear();
  for (std::size_t i = 0; i < count;) {
    const std::size_t wanted = positions[i];
    std::size_t run = 1;
    while (i + run < count && positions[i + run] == wanted + run) ++run;
    if (wanted < position_ || wanted - position_ > kWalkLimit) {
      it_ = source_.table().rows().seek_index(wanted);
      position_ = wanted;
    } else {
      advance(wanted - position_);
    }
    step(run);
    i += run;
  }
  prefetch_segments();
  read_segments(count, chunk);
}

const storage::LeafColumn* MorselReader::leaf_column_of(const Run& run, const TableScanSource::LoadedColumn& loaded) {
  return run.columns->column(loaded.column, loaded.decode, loaded.offset, run.leaf_rows, run.leaf_size);
}

void MorselReader::set_rows(const Run& run) {
  if (run.columns == nullptr) return;  // set when read
  for (std::uint32_t j = 0; j < run.count; ++j) {
    const std::uint32_t leaf_row = run.picks == kAllRows ? run.leaf_begin + j : picks_[run.picks + j];
    rows_[run.chunk_begin + j] = &run.leaf_rows[leaf_row];
  }
}

void MorselReader::decode_all(Columns columns, Chunk& chunk) {
  for (const Run& run : runs_) {
    if (run.columns == nullptr) {
      decode(columns, rows_.data() + run.chunk_begin, run.count, chunk, run.chunk_begin);
      continue;
    }
    for (std::size_t c = 0; c < columns.size(); ++c) {
      const auto& loaded = columns[c];
      const storage::LeafColumn* leaf_column = leaf_column_of(run, loaded);
      if (leaf_column == nullptr) {
        set_rows(run);
        decode(columns.subspan(c, 1), rows_.data() + run.chunk_begin, run.count, chunk, run.chunk_begin);
      } else if (run.picks == kAllRows) {
        copy_leaf_column(*leaf_column, run.leaf_begin, run.count, chunk.columns[loaded.column], run.chunk_begin);
      } else {
        gather_leaf_column(*leaf_column, picks_.data() + run.picks, 0, run.count, chunk.columns[loaded.column],
                           run.chunk_begin);
      }
    }
  }
}

void MorselReader::decode_kept(Columns columns, Chunk& chunk) {
  const std::size_t kept = survivors_.size();
  std::size_t k = 0;
  for (const Run& run : runs_) {
    const std::size_t first = k;
    const std::uint32_t end = run.chunk_begin + run.count;
    while (k < kept && survivors_[k] < end) ++k;
    if (first == k) continue;
    const auto count = static_cast<std::uint32_t>(k - first);
    auto decode_rows_of_run = [&](Columns some) {
      set_rows(run);
      kept_rows_.resize(kept);
      for (std::size_t j = first; j < k; ++j) kept_rows_[j] = rows_[survivors_[j]];
      decode(some, kept_rows_.data() + first, count, chunk, first);
    };
    if (run.columns == nullptr) {
      decode_rows_of_run(columns);
      continue;
    }
    for (std::size_t c = 0; c < columns.size(); ++c) {
      const auto& loaded = columns[c];
      const storage::LeafColumn* leaf_column = leaf_column_of(run, loaded);
      if (leaf_column == nullptr) {
        decode_rows_of_run(columns.subspan(c, 1));
      } else {
        // survivors_ are chunk rows; the leaf row is that minus chunk_begin
        // plus leaf_begin (unsigned arithmetic wraps back to it). Survivors
        // without a gap (a filter that kept the run) are one plain copy.
        const std::uint32_t base = run.chunk_begin - run.leaf_begin;
        if (run.picks != kAllRows) {
          // Chunk row -> its place in the run -> the leaf row picked there.
          gather_rows_.resize(count);
          for (std::uint32_t j = 0; j < count; ++j) {
            gather_rows_[j] = picks_[run.picks + (survivors_[first + j] - run.chunk_begin)];
          }
          gather_leaf_column(*leaf_column, gather_rows_.data(), 0, count, chunk.columns[loaded.column], first);
        } else if (survivors_[k - 1] - survivors_[first] == count - 1) {
          copy_leaf_column(*leaf_column, survivors_[first] - base, count, chunk.columns[loaded.column], first);
        } else {
          gather_leaf_column(*leaf_column, survivors_.data() + first, base, count, chunk.columns[loaded.column], first);
        }
      }
    }
  }
}

void MorselReader::decode_rows(Chunk& chunk) {
  const std::size_t count = rows_.size();
  prepare_columns(chunk, count);
  if (source_.row_positions_) {
    Vector& positions = chunk.columns.back();
    positions.resize(count);
    for (std::size_t i = 0; i < count; ++i) {
      positions.nulls[i] = 0;
      positions.ints[i] = static_cast<std::int64_t>(positions_[i]);
    }
  }
  if (source_.filter_ == nullptr && source_.key_filters_.empty()) {
    survivors_.resize(count);
    for (std::uint32_t row = 0; row < count; ++row) survivors_[row] = row;
    decode_all(source_.loaded_, chunk);
    return;
  }
  // The filter sees its own columns; the others stay unloaded (empty) until
  // it has run. Their arrays are parked meanwhile, not emptied, so sizing
  // them to the rows kept initializes only what the last chunk lacked,
  // rather than every element of every chunk before decode writes it. The
  // key filters' columns come next, for the rows the filter kept, then the
  // rest for the rows the key filters kept.
  decode_all(source_.filtered_, chunk);
  parked_.resize(source_.keyed_.size() + source_.late_.size());
  park(source_.keyed_, 0, chunk);
  park(source_.late_, source_.keyed_.size(), chunk);
  if (source_.filter_ != nullptr) {
    filter_chunk(chunk, *source_.filter_, &survivors_);
  } else {
    survivors_.resize(count);
    for (std::uint32_t row = 0; row < count; ++row) survivors_[row] = row;
  }
  if (!source_.key_filters_.empty()) {
    unpark(source_.keyed_, 0, chunk);
    decode_kept(source_.keyed_, chunk);
    apply_key_filters(chunk);
  }
  unpark(source_.late_, source_.keyed_.size(), chunk);
  decode_kept(source_.late_, chunk);
}

void MorselReader::park(const std::vector<TableScanSource::LoadedColumn>& columns, std::size_t first, Chunk& chunk) {
  for (std::size_t k = 0; k < columns.size(); ++k) {
    Vector& column = chunk.columns[columns[k].column];
    std::swap(column, parked_[first + k]);
    column.type = parked_[first + k].type;
    column.resize(0);
  }
}

void MorselReader::unpark(const std::vector<TableScanSource::LoadedColumn>& columns, std::size_t first, Chunk& chunk) {
  for (std::size_t k = 0; k < columns.size(); ++k) {
    Vector& column = chunk.columns[columns[k].column];
    std::swap(column, parked_[first + k]);
    column.resize(chunk.size);
  }
}

}  // namespace ptreedb::exec
