// Sample scan (TABLESAMPLE): the positions of a random sample are drawn from
// the table version's row tree (exec/table_sample.h) and only those rows are
// read, by position. BERNOULLI takes each row with the given probability,
// SYSTEM each page of rows (as PostgreSQL's heap would hold them); both draw only inside the
// primary-key range, or among the rows under a secondary index's range, that
// the filter allows, which samples the rows the filter could keep exactly as
// sampling the whole table and then filtering would. SYSTEM_ROWS and
// SYSTEM_TIME take whole runs of rows in random order until enough rows are drawn or
// the time is up, from the whole table (their filter comes after the draw,
// as in PostgreSQL).
#include "exec/plan_executor.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "exec/evaluate.h"
#include "exec/key_range.h"
#include "exec/operators/operator_support.h"
#include "exec/operators/run_partitions.h"
#include "exec/scan_path.h"
#include "exec/table_sample.h"
#include "exec/table_scan.h"
#include "storage/table/heap_pages.h"
#include "storage/sql_error.h"

namespace ptreedb::exec {

using planner::BoundExpression;
using planner::PlanNode;
using planner::TableSample;

namespace {

constexpr const char* kInvalidArgument = "2202H";
constexpr const char* kInvalidRepeat = "2202G";

// A bound argument's value: the expression folded to a constant (it reads no column).
planner::Constant argument_value(const BoundExpression& prepared, const char* null_state, const char* null_message) {
  Chunk one_row;
  one_row.size = 1;
  Vector value = evaluate(prepared, one_row);
  if (value.is_null(0)) throw SqlError(null_state, null_message);
  planner::Constant constant;
  if (value::is_float_type(value.type.id)) {
    constant.double_value = value.doubles[0];
  } else {
    constant.int_value = value.ints[0];
  }
  return constant;
}

// Reads the ascending `positions` a morsel (kMorselRows) at a time, each
// morsel in its own partition, in parallel: as a table scan splits its rows,
// so a sample of a few thousand rows runs on the session's thread alone.
template <class RunPartitions>
void read_positions_in_parallel(const TableScanSource& source, const std::vector<std::size_t>& positions,
                                const PlanExecutor::Sink& sink, const InterruptToken* interrupt,
                                const RunPartitions& run_partitions) {
  std::size_t morsels = (positions.size() + kMorselRows - 1) / kMorselRows;
  auto read_morsel = [&](std::size_t morsel) {
    std::size_t begin = morsel * kMorselRows, end = std::min(positions.size(), begin + kMorselRows);
    MorselReader reader(source, positions[begin]);
    for (std::size_t done = begin; done < end; done += kChunkSize) {
      check_interrupt(interrupt);
      Chunk chunk;
      reader.read_positions(positions.data() + done, std::min(kChunkSize, end - done), chunk);
      if (chunk.size > 0) sink(std::move(chunk), morsel);
    }
  };
  if (morsels == 1) {
    read_morsel(0);
  } else if (morsels > 1) {
    run_partitions(morsels, read_morsel);
  }
}

}  // namespace

void PlanExecutor::run_sample_scan(const PlanNode& node, const planner::ScanNode& scan, const Sink& sink) {
  const TableSample& sample = *scan.sample;
  // PostgreSQL evaluates the arguments, then REPEATABLE, then checks ranges.
  planner::Constant argument = argument_value(prepare(sample.argument), kInvalidArgument,
                                              "TABLESAMPLE parameter cannot be null");
  std::uint32_t seed = random_sample_seed();
  if (sample.repeatable) {
    planner::Constant repeatable = argument_value(prepare(*sample.repeatable), kInvalidRepeat,
                                                  "TABLESAMPLE REPEATABLE parameter cannot be null");
    seed = sample_seed(repeatable.double_value);
  }
  double fraction = 0;
  std::uint64_t cutoff = 0;
  if (sample.method == TableSample::Method::kBernoulli || sample.method == TableSample::Method::kSystem) {
    // The percentage is a real, as in PostgreSQL.
    auto percent = static_cast<float>(argument.double_value);
    if (std::isnan(percent) || percent < 0 || percent > 100) {
      throw SqlError(kInvalidArgument, "sample percentage must be between 0 and 100");
    }
    fraction = static_cast<double>(percent) / 100.0;
    cutoff = sample_cutoff(percent);
  } else if (sample.method == TableSample::Method::kSystemRows && argument.int_value < 0) {
    throw SqlError(kInvalidArgument, "sample size must not be negative");
  } else if (sample.method == TableSample::Method::kSystemTime &&
             (std::isnan(argument.double_value) || argument.double_value < 0)) {
    throw SqlError(kInvalidArgument, "sample collection time must not be negative");
  }

  std::optional<BoundExpression> filter = prepare(scan.filter);
  const storage::TableSchema& schema = scan.table->schema();
  const storage::RowTree& tree = scan.table->rows();
  TableScanSource source(scan.table, scan.loaded, scan.row_positions, filter ? &*filter : nullptr,
                         key_filters_for(node));
  auto run_in_parallel = [this](std::size_t count, const auto& task) { run_partitions(count, task); };
  const bool per_row_or_page =
      sample.method == TableSample::Method::kBernoulli || sample.method == TableSample::Method::kSystem;
  // BERNOULLI without REPEATABLE draws gaps; every other draw goes by pages.
  const bool draws_gaps = sample.method == TableSample::Method::kBernoulli && !sample.repeatable;

  // BERNOULLI and SYSTEM draw only where the filter lets rows through.
  ScanPath path;
  path.count = tree.size();
  if (per_row_or_page) path = choose_scan_path(*scan.table, filter ? &*filter : nullptr, true, scan.index_use);
  const std::optional<KeyRange>& range = path.range;
  const std::optional<IndexAccess>& access = path.index;
  if (reads_ != nullptr) {
    range ? reads_->note_range(schema.name(), range->low, range->high) : reads_->note_table(schema.name());
  }
  if (fraction <= 0 && per_row_or_page) return;
  // SYSTEM_ROWS and SYSTEM_TIME take pages in an order of their own, not
  // PostgreSQL's, so they need no page model: their pages are full leaves.
  const std::size_t rows_per_page = draws_gaps        ? 1
                                    : per_row_or_page ? storage::heap_rows_per_page(*scan.table)
                                                      : kSampleRunRows;
  // Whether the row at `position` is in the sample (not for gap draws).
  auto takes = [&](std::size_t position) {
    return sample.method == TableSample::Method::kSystem
               ? system_takes_page(seed, cutoff, position / rows_per_page)
               : bernoulli_takes_row(seed, cutoff, position, rows_per_page);
  };

  if (access) {
    std::vector<std::size_t> taken;
    if (draws_gaps) {
      // Gaps over the index's positions in their own order: each taken alike.
      std::vector<std::size_t> drawn;
      bernoulli_positions(seed, 0, fraction, 0, access->positions.size(), drawn);
      for (std::size_t at : drawn) taken.push_back(access->positions[at]);
    } else {
      for (std::size_t position : access->positions) {
        if (takes(position)) taken.push_back(position);
      }
    }
    read_positions_in_parallel(source, taken, sink, interrupt_, run_in_parallel);
    return;
  }

  const std::size_t first = path.first, total = path.count;
  if (per_row_or_page) {
    // Stretches of positions drawn and read in parallel, each on its own, so
    // the sample is the same however the threads share them.
    std::size_t stretches = (total + kSampleStreamRows - 1) / kSampleStreamRows;
    auto draw_stretch = [&](std::size_t stretch) {
      check_interrupt(interrupt_);
      std::size_t begin = first + stretch * kSampleStreamRows;
      std::size_t end = std::min(first + total, begin + kSampleStreamRows);
      std::vector<std::size_t> positions;
      if (draws_gaps) {
        bernoulli_positions(seed, stretch, fraction, begin, end - begin, positions);
      } else if (sample.method == TableSample::Method::kSystem) {
        for (std::size_t page = begin / rows_per_page; page * rows_per_page < end; ++page) {
          if (!system_takes_page(seed, cutoff, page)) continue;
          std::size_t from = std::max(begin, page * rows_per_page), to = std::min(end, (page + 1) * rows_per_page);
          for (std::size_t at = from; at < to; ++at) positions.push_back(at);
        }
      } else {
        bernoulli_rows(seed, cutoff, begin, end, rows_per_page, positions);
      }
      if (positions.empty()) return;
      MorselReader reader(source, positions.front());
      Chunk chunk;
      for (std::size_t done = 0; done < positions.size(); done += kChunkSize) {
        std::size_t count_now = std::min(kChunkSize, positions.size() - done);
        reader.read_positions(positions.data() + done, count_now, chunk);
        if (chunk.size > 0) sink(std::move(chunk), stretch);
      }
    };
    if (stretches == 1) {
      draw_stretch(0);
    } else if (stretches > 1) {
      run_partitions(stretches, draw_stretch);
    }
    return;
  }

  // SYSTEM_ROWS and SYSTEM_TIME: whole runs (kSampleRunRows) in random order.
  std::size_t pages = (total + rows_per_page - 1) / rows_per_page;
  RandomOrder order(seed, pages);
  auto page_positions = [&](std::size_t page, std::size_t rows, std::vector<std::size_t>& out) {
    std::size_t begin = page * rows_per_page;
    std::size_t end = std::min({total, begin + rows_per_page, begin + rows});
    for (std::size_t at = begin; at < end; ++at) out.push_back(at);
  };
  if (sample.method == TableSample::Method::kSystemRows) {
    auto wanted = static_cast<std::size_t>(argument.int_value);
    std::vector<std::size_t> taken_pages;
    std::size_t rows = 0;
    while (rows < wanted) {
      std::optional<std::size_t> page = order.next();
      if (!page) break;
      taken_pages.push_back(*page);
      rows += std::min(rows_per_page, total - *page * rows_per_page);
    }
    // The last page drawn gives only the rows still wanted.
    std::size_t last_rows = rows_per_page;
    if (rows > wanted && !taken_pages.empty()) {
      last_rows = std::min(rows_per_page, total - taken_pages.back() * rows_per_page) - (rows - wanted);
    }
    std::size_t last_page = taken_pages.empty() ? 0 : taken_pages.back();
    std::sort(taken_pages.begin(), taken_pages.end());
    std::vector<std::size_t> positions;
    for (std::size_t page : taken_pages) page_positions(page, page == last_page ? last_rows : rows_per_page, positions);
    read_positions_in_parallel(source, positions, sink, interrupt_, run_in_parallel);
    return;
  }
  // SYSTEM_TIME: runs read one batch after another until the time is up.
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::duration<double, std::milli>(argument.double_value);
  std::size_t partition = 0;
  std::vector<std::size_t> positions;
  while (Clock::now() < deadline) {
    check_interrupt(interrupt_);
    positions.clear();
    while (positions.empty() || positions.size() + rows_per_page <= kChunkSize) {
      std::optional<std::size_t> page = order.next();
      if (!page) break;
      page_positions(*page, rows_per_page, positions);
    }
    if (positions.empty()) break;
    std::sort(positions.begin(), positions.end());
    MorselReader reader(source, positions.front());
    Chunk chunk;
    reader.read_positions(positions.data(), positions.size(), chunk);
    if (chunk.size > 0) sink(std::move(chunk), partition);
    if (ordered_ != nullptr) ordered_->complete_below(partition + 1);
    ++partition;
  }
}

}  // namespace ptreedb::exec
