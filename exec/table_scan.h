// Reading one version of a table as typed column vectors, a morsel at a time.
//
// The scan pins the table version once (TextStorage::pinned), so text views
// point straight into its rows and no row handle is copied or released per
// row: rows are read through the tree in place. Only the columns the query
// loads are decoded, each straight into its typed array. The shape is "a
// morsel yields typed column spans": a columnar store can later fill the same
// vectors from its leaves without the operators above noticing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "exec/join_key_filter.h"
#include "exec/vector.h"
#include "planner/bound_expression.h"
#include "storage/table/table.h"

namespace ptreedb::exec {

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
  enum class Decode : std::uint8_t { kBool, kDate, kInt, kDouble, kDecimal, kText, kInterval };
  struct LoadedColumn {
    std::size_t column;
    std::uint32_t offset;
    Decode decode;
    bool late = false;  // decoded after the filter, for the rows it kept
  };

  std::shared_ptr<const storage::Table> table_;
  std::vector<LoadedColumn> loaded_;
  const planner::BoundExpression* filter_;
  std::vector<ScanKeyFilter> key_filters_;
  // With a filter or key filters: the loaded columns the filter reads, those
  // only the key filters read, and the others.
  std::vector<LoadedColumn> filtered_, keyed_, late_;
  bool row_positions_;
  // One owner for every text view of the scan: it keeps the version alive.
  std::shared_ptr<const TextStorage> text_owner_;
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
  // Decodes rows_ (at positions_) into `chunk`, through the filters.
  void decode_rows(Chunk& chunk);
  // Drops the rows of `chunk` (and of survivors_) the key filters rule out.
  void apply_key_filters(Chunk& chunk);
  // Parks `columns`' arrays in parked_ from `first` on (the chunk holds empty
  // vectors meanwhile), and puts them back sized to the chunk.
  void park(const std::vector<TableScanSource::LoadedColumn>& columns, std::size_t first, Chunk& chunk);
  void unpark(const std::vector<TableScanSource::LoadedColumn>& columns, std::size_t first, Chunk& chunk);
  // The rows of survivors_, in kept_rows_.
  const std::vector<const storage::RowRef*>& kept_rows();
  static void decode(const std::vector<TableScanSource::LoadedColumn>& columns, const storage::RowRef* const* rows,
                     std::size_t count, Chunk& chunk);

  const TableScanSource& source_;
  storage::RowTree::iterator it_;
  std::size_t position_;
  std::vector<const storage::RowRef*> rows_, kept_rows_;
  std::vector<std::size_t> positions_;  // of rows_ in the tree
  std::vector<std::uint32_t> survivors_, selected_;
  // Per key filter: rows tested and passed, and whether it is still used (a
  // filter that passes nearly every row only costs time).
  struct KeyFilterUse {
    std::size_t tested = 0, passed = 0;
    bool active = true;
  };
  std::vector<KeyFilterUse> key_filter_use_;
  // The keyed and late columns' arrays while the filters run (the chunk holds
  // empty vectors meanwhile, which compaction passes by as unloaded).
  std::vector<Vector> parked_;
};

}  // namespace ptreedb::exec
