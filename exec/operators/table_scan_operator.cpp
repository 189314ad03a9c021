// Table scan: a table version read morsel by morsel in parallel
// (exec/table_scan), its filter applied inside, narrowed to a primary-key
// range when the filter allows, else to the rows under a secondary index's
// range when few enough lie there; or, under ORDER BY key LIMIT, one walk in
// key order.
#include "exec/plan_executor.h"
#include "exec/plan_printer.h"

#include <algorithm>
#include <optional>
#include <utility>

#include "exec/chunk_coalescer.h"
#include "exec/evaluate.h"
#include "exec/key_order_walk.h"
#include "exec/key_range.h"
#include "exec/operators/operator_support.h"
#include "exec/operators/run_partitions.h"
#include "exec/scan_path.h"
#include "exec/secondary_index_access.h"
#include "exec/table_scan.h"
#include "storage/table/table_keys.h"

namespace ptreedb::exec {

using planner::BoundExpression;
using planner::ExprKind;
using planner::PlanNode;

void PlanExecutor::run_operator(const PlanNode& node, const planner::ScanNode& scan, const Sink& sink) {
  if (scan.sample) {
    run_sample_scan(node, scan, sink);
    return;
  }
  std::optional<BoundExpression> filter = prepare(scan.filter);
  const storage::TableSchema& schema = scan.table->schema();
  // Predicates on the primary key narrow the scan to a subtree, cut in
  // O(log n); an index's range may hold fewer rows still (not under ORDER
  // BY ... LIMIT, which walks its key's order).
  ScanPath path = choose_scan_path(*scan.table, filter ? &*filter : nullptr, !scan.key_order_limit, scan.index_use);
  const std::optional<KeyRange>& range = path.range;
  if (reads_ != nullptr) {
    range ? reads_->note_range(schema.name(), range->low, range->high) : reads_->note_table(schema.name());
  }
  const std::size_t first_position = path.first, total = path.count;
  // The scan applies its filter: the columns only the rest of the query reads
  // are decoded for the rows that passed.
  // Hash joins above may have handed down filters of their keys.
  TableScanSource source(scan.table, scan.loaded, scan.row_positions, filter ? &*filter : nullptr,
                         key_filters_for(node));
  if (scan.key_order_limit) {
    // Key order with a LIMIT: the primary key's range read forwards in
    // chunks, or positions walked in the order of the key (backwards, or an
    // index's), chunk by chunk, until enough rows passed the filter.
    const bool forwards = scan.key_order_index == planner::ScanNode::kPrimaryKeyOrder && !scan.key_order_descending;
    std::optional<KeyOrderWalk> walk;
    if (!forwards) {
      walk.emplace(*scan.table, scan.key_order_index, scan.key_order_descending, filter ? &*filter : nullptr);
    }
    std::vector<std::size_t> positions;
    std::vector<MorselReader::PositionRange> ranges;
    std::size_t kept = 0, partition = 0;
    MorselReader reader(source, first_position);
    for (std::size_t position = 0; kept < *scan.key_order_limit; ++partition) {
      check_interrupt(interrupt_);
      // Small chunks first: a short scan reads little more than it keeps.
      std::size_t wanted = std::max<std::size_t>(64, (*scan.key_order_limit - kept) * 2);
      Chunk chunk;
      if (forwards) {
        if (position == total) break;
        std::size_t count = std::min({kChunkSize, wanted, total - position});
        reader.read(count, chunk);
        position += count;
      } else {
        positions.clear();
        if (!walk->next(std::min(kChunkSize, wanted), positions)) break;
        ranges.clear();
        for (std::size_t at : positions) ranges.push_back({at, 1});
        reader.read_ranges(ranges, chunk);
      }
      if (kept + chunk.size > *scan.key_order_limit) chunk = slice(chunk, 0, *scan.key_order_limit - kept);
      kept += chunk.size;
      if (chunk.size > 0) sink(std::move(chunk), partition);
      if (ordered_ != nullptr) ordered_->complete_below(partition + 1);
    }
    return;
  }
  std::optional<IndexAccess>& access = path.index;
  if (access) {
    // The rows under the index's range, by ascending position: a chunk's
    // worth of them per task.
    const std::vector<std::size_t>& positions = access->positions;
    std::size_t batches = (positions.size() + kChunkSize - 1) / kChunkSize;
    auto read_batch = [&](std::size_t batch) {
      check_interrupt(interrupt_);
      std::size_t begin = batch * kChunkSize, end = std::min(positions.size(), begin + kChunkSize);
      std::vector<MorselReader::PositionRange> ranges;
      for (std::size_t i = begin; i < end; ++i) {
        if (!ranges.empty() && ranges.back().first + ranges.back().count == positions[i]) {
          ++ranges.back().count;
        } else {
          ranges.push_back({positions[i], 1});
        }
      }
      MorselReader reader(source, 0);
      Chunk chunk;
      reader.read_ranges(ranges, chunk);
      if (chunk.size > 0) sink(std::move(chunk), batch);
    };
    if (batches == 1) {
      read_batch(0);
    } else {
      run_partitions(batches, read_batch);
    }
    return;
  }
  std::size_t morsels = (total + kMorselRows - 1) / kMorselRows;
  auto scan_morsel = [&](std::size_t morsel) {
    std::size_t begin = morsel * kMorselRows, end = std::min(total, begin + kMorselRows);
    MorselReader reader(source, first_position + begin);
    // One chunk per morsel: a sink that only reads it leaves its arrays for
    // the next. A filter's few survivors per chunk are gathered first.
    Chunk chunk;
    ChunkCoalescer coalescer;
    auto emit = [&](Chunk& rows) { sink(std::move(rows), morsel); };
    for (std::size_t position = begin; position < end;) {
      check_interrupt(interrupt_);
      std::size_t count = std::min(kChunkSize, end - position);
      reader.read(count, chunk);
      position += count;
      coalescer.add(chunk, emit);
    }
    coalescer.flush(emit);
  };
  // One morsel (every point lookup) runs here, without a task for it.
  if (morsels == 1) {
    scan_morsel(0);
  } else {
    run_partitions(morsels, scan_morsel);
  }
}


// EXPLAIN: the output columns' names, and the node's lines.

Labels PlanPrinter::operator_labels(const PlanNode&, const planner::ScanNode& scan) {
  Labels labels;
  std::string relation = scan.alias.empty() ? scan.table->schema().name() : scan.alias;
  for (const auto& column : scan.table->schema().columns()) {
    labels.push_back({column.name, relation + "." + column.name});
  }
  if (scan.row_positions) labels.push_back({"ctid", relation + ".ctid"});  // UPDATE/DELETE's row position
  return labels;
}

void PlanPrinter::print_operator(const PlanNode& node, const planner::ScanNode& scan, const NodeLines& at) {
  const storage::TableSchema& schema = scan.table->schema();
  std::string relation = schema.name();
  if (!scan.alias.empty() && scan.alias != relation) relation += " " + scan.alias;
  // The executor narrows a scan to a primary-key range when the filter
  // allows it, else maybe to a secondary index's range: the same choices here.
  bool ranged = false;
  std::optional<BoundExpression> folded;
  std::optional<IndexAccess> access;
  if (scan.filter && !scan.filter->contains(ExprKind::kSubquery)) {
    folded = fold_constants(*scan.filter);
    ScanPath path = choose_scan_path(*scan.table, &*folded, !scan.key_order_limit && !scan.sample, scan.index_use);
    ranged = path.range.has_value();
    access = std::move(path.index);
  }
  const Labels& labels = labels_of(node);
  if (scan.sample) {
    // As PostgreSQL shows it: the method, then its folded arguments.
    title(at, "Sample Scan on " + relation, node);
    std::string sampling = std::string("Sampling: ") + planner::sample_method_name(scan.sample->method) + " (" +
                           shown(fold_constants(scan.sample->argument), labels, false) + ")";
    if (scan.sample->repeatable) {
      sampling += " REPEATABLE (" + shown(fold_constants(*scan.sample->repeatable), labels, false) + ")";
    }
    print_line(at.details, sampling);
    if (scan.filter) print_line(at.details, "Filter: " + shown(*scan.filter, labels, false));
  } else if (access) {
    std::string index = access->index == IndexAccess::kPrimaryKey ? storage::primary_key_index_name(schema)
                                                                  : schema.indexes()[access->index].name;
    title(at, "Index Scan using " + index + " on " + relation, node);
    // The conjuncts that bound the index, then the others.
    std::vector<const BoundExpression*> conjuncts, rest;
    collect_conjuncts(*folded, conjuncts);
    for (const BoundExpression* conjunct : conjuncts) {
      if (std::find(access->conditions.begin(), access->conditions.end(), conjunct) == access->conditions.end()) {
        rest.push_back(conjunct);
      }
    }
    auto conjunction = [&](const std::vector<const BoundExpression*>& parts) {
      if (parts.size() == 1) return shown(*parts[0], labels, false);
      std::string text = "(";
      for (std::size_t i = 0; i < parts.size(); ++i) text += (i > 0 ? " AND " : "") + shown(*parts[i], labels, false);
      return text + ")";
    };
    print_line(at.details, "Index Cond: " + conjunction(access->conditions));
    if (!rest.empty()) print_line(at.details, "Filter: " + conjunction(rest));
  } else if (scan.key_order_limit && scan.key_order_index != planner::ScanNode::kPrimaryKeyOrder) {
    title(at, std::string(scan.key_order_descending ? "Index Scan Backward using " : "Index Scan using ") +
                  schema.indexes()[scan.key_order_index].name + " on " + relation, node);
    if (scan.filter) print_line(at.details, "Filter: " + shown(*scan.filter, labels, false));
  } else {
    title(at, (ranged ? "Primary Key Range Scan on " : "Seq Scan on ") + relation, node);
    if (scan.filter) print_line(at.details, "Filter: " + shown(*scan.filter, labels, false));
  }
  if (scan.key_order_limit) {
    std::size_t rows = *scan.key_order_limit;
    std::string order = scan.key_order_index == planner::ScanNode::kPrimaryKeyOrder
                            ? std::string(scan.key_order_descending ? "Key Order: backward, " : "Key Order: ")
                            : "Key Order: " + std::string(scan.key_order_descending ? "backward " : "") + "by " +
                                  schema.indexes()[scan.key_order_index].name + ", ";
    print_line(at.details, order + "stops after " + std::to_string(rows) + (rows == 1 ? " row" : " rows"));
  }
  print_subqueries(at.details);
}

}  // namespace ptreedb::exec
