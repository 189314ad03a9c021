// Reading one version of a table as typed column vectors, a morsel at a time.
//
// The scan pins the table version once (TextStorage::pinned), so text views
// point straight into its rows and no row handle is copied or released per
// row: rows are read through the tree in place. Only the columns the query
// loads are decoded, each straight into its typed array. Runs of rows that
// cover much of a leaf are read from the leaf's column arrays instead
// (storage/table/leaf_columns.h), built by the first scan that reads that
// column of that leaf: then a morsel is a few typed copies per leaf.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "exec/join_key_filter.h"
#include "exec/vector.h"
#include "exec/zone_filter.h"
#include "planner/bound_expression.h"
#include "storage/table/leaf_columns.h"
#include "storage/table/table.h"

namespace ptreedb::exec {

// How a column of this type is read from a row's slot.
storage::SlotKind slot_kind_of(value::TypeId type);

class TableScanSource {
 public:
  // `loaded`: the columns to decode; the others stay empty (unloaded) vectors.
  // With `row_positions`, one more bigint column holds each row's position.
  // With `filter` (which must outlive the source), chunks hold only the rows
  // it keeps: the columns it reads are decoded first, the other loaded ones
  // only for the rows that passed. `key_filters` (on loaded integer columns)
  // drop rows after the filter has run, before the other columns are decoded.
  TableScanSource(std::shared_ptr<const storage::Table> table, std::vector<std::size_t> loaded,
                  bool row_positions, const planner::BoundExpression* filter = nullptr,
                  std::vector<ScanKeyFilter> key_filters = {});

  const storage::Table& table() const { return *table_; }

 private:
  friend class MorselReader;
  // How one loaded column is read from a row's slot.
  using Decode = storage::SlotKind;
  struct LoadedColumn {
    std::size_t column;
    std::uint32_t offset;
    Decode decode;
    bool late = false;  // decoded after the filter, for the rows it kept
    // numeric(p, s) with p <= 18: read as int64 units at scale s.
    std::int32_t units_scale = Vector::kWholeDecimals;
  };

  std::shared_ptr<const storage::Table> table_;
  std::vector<LoadedColumn> loaded_;
  const planner::BoundExpression* filter_;
  ZoneFilter zones_;  // the filter against leaves' column ranges
  std::vector<ScanKeyFilter> key_filters_;
  // Per key filter, over every reader of the scan: the rows it tested and
  // passed. Readers run the filters that drop most first, and a filter that
  // passed nearly every row so far only samples each morsel's first chunk.
  struct KeyFilterTally {
    std::atomic<std::uint64_t> tested{0}, passed{0};
  };
  std::unique_ptr<KeyFilterTally[]> key_filter_tallies_;
  // With a filter or key filters: the loaded columns the filter reads, those
  // only the key filters read, and the others.
  std::vector<LoadedColumn> filtered_, keyed_, late_;
  bool row_positions_;
  // Whether readers may build leaves' column arrays (not when memory is
  // short: they only speed up later scans).
  bool build_leaf_columns_;
  // One owner for every text view of the scan: it keeps the version alive.
  std::shared_ptr<const TextStorage> text_owner_;
  // The columns a reader reads from leaves: loaded or tested by zones_.
  std::vector<std::size_t> touched_columns_;
  // Where in a row a reader of those columns looks (bitmap, slots).
  std::vector<std::uint32_t> touched_row_offsets_;
};

// Reads consecutive rows of the tree from one position on (one per morsel
// and thread; it keeps a small buffer of row addresses between chunks).
class MorselReader {
 public:
  MorselReader(const TableScanSource& source, std::size_t first_position);

  // The next `count` rows (those of them the source's filter keeps) into
  // `chunk`, reusing the arrays it still has from an earlier chunk (a sink
  // that took the chunk over leaves it empty).
  void read(std::size_t count, Chunk& chunk);
  // The rows at the given tree positions (at most kChunkSize in all), read as
  // read() reads them: a primary-key lookup's rows. survivors() then says
  // which of them the chunk holds.
  struct PositionRange {
    std::size_t first, count;
  };
  void read_ranges(const std::vector<PositionRange>& ranges, Chunk& chunk);
  // The rows at ascending tree positions (at most kChunkSize), walking the
  // tree forward between near ones and seeking to far ones: a sample's rows.
  void read_positions(const std::size_t* positions, std::size_t count, Chunk& chunk);
  // For each row of the last chunk, its index among the rows read for it.
  const std::vector<std::uint32_t>& survivors() const { return survivors_; }

 private:
  void prepare_columns(Chunk& chunk, std::size_t count) const;
  // Steps the iterator over the next `count` rows, appending them to
  // segments_ as runs of leaves' rows.
  void step(std::size_t count);
  // Moves the iterator `count` rows forward without reading them.
  void advance(std::size_t count);
  // Starts loading the leaf column arrays segments_ will read.
  void prefetch_segments() const;
  // Reads the `count` rows of segments_ into `chunk`, through the filters.
  void read_segments(std::size_t count, Chunk& chunk);
  // Decodes rows_ (at positions_) into `chunk`, through the filters.
  void decode_rows(Chunk& chunk);
  // `columns` of every row read (of the rows survivors_ names, with
  // `kept`) into the chunk, run by run.
  using Columns = std::span<const TableScanSource::LoadedColumn>;
  void decode_all(Columns columns, Chunk& chunk);
  void decode_kept(Columns columns, Chunk& chunk);
  // The leaf's columns when reading `count` of its rows warrants them.
  const storage::LeafColumns* leaf_columns(const storage::RowTree::node_type::Leaf& leaf, std::uint32_t count);
  // Drops the rows of `chunk` (and of survivors_) the key filters rule out.
  void apply_key_filters(Chunk& chunk);
  // Parks `columns`' arrays in parked_ from `first` on (the chunk holds empty
  // vectors meanwhile), and puts them back sized to the chunk.
  void park(const std::vector<TableScanSource::LoadedColumn>& columns, std::size_t first, Chunk& chunk);
  void unpark(const std::vector<TableScanSource::LoadedColumn>& columns, std::size_t first, Chunk& chunk);
  // Reads `columns` of rows[0..count) into chunk elements [to, to + count).
  static void decode(Columns columns, const storage::RowRef* const* rows, std::size_t count, Chunk& chunk,
                     std::size_t to);

  const TableScanSource& source_;
  storage::RowTree::iterator it_;
  std::size_t position_;
  std::vector<const storage::RowRef*> rows_, kept_rows_;
  // Consecutive rows of rows_ from one leaf (whose columns are read when
  // `columns` is set) or one inner node.
  // With `picks` (an offset into picks_), the run is the leaf rows listed
  // there, those the filter's column-constant conjuncts kept; without, the
  // `count` rows from `leaf_begin` on.
  static constexpr std::uint32_t kAllRows = UINT32_MAX;
  struct Run {
    std::uint32_t chunk_begin, count;
    const storage::LeafColumns* columns;
    const storage::RowRef* leaf_rows;  // the leaf's rows, with columns
    std::uint32_t leaf_size, leaf_begin;
    std::uint32_t picks = kAllRows;
  };
  std::vector<Run> runs_;
  // What step() stepped over: a run of a leaf's rows, or one inner node's
  // row, with the tree position of its first row.
  struct Segment {
    const storage::RowTree::node_type::Leaf* leaf;
    const storage::RowRef* row;
    std::uint32_t leaf_begin, count;
    std::size_t first_position;
  };
  std::vector<Segment> segments_;
  std::vector<std::uint32_t> picks_, gather_rows_;
  // Sets rows_ for a run read from a leaf's columns, for a column the leaf
  // has not got in the kind or slot asked for (a schema that changed a
  // column's type over the same rows).
  void set_rows(const Run& run);
  // The run's leaf's array of `loaded` (built now if need be), or null.
  static const storage::LeafColumn* leaf_column_of(const Run& run, const TableScanSource::LoadedColumn& loaded);
  std::vector<std::size_t> positions_;  // of rows_ in the tree
  std::vector<std::uint32_t> survivors_, selected_;
  // Per key filter: rows tested and passed, and whether it is still used (a
  // filter that passes nearly every row only costs time).
  struct KeyFilterUse {
    std::size_t tested = 0, passed = 0;
    std::size_t sample_rows = 0;  // tested before it may be dropped
    bool active = true;
  };
  std::vector<KeyFilterUse> key_filter_use_;
  std::vector<std::size_t> key_filter_order_;  // most selective first
  // The keyed and late columns' arrays while the filters run (the chunk holds
  // empty vectors meanwhile, which compaction passes by as unloaded).
  std::vector<Vector> parked_;
};

}  // namespace ptreedb::exec
