#include "exec/aggregate/hypothetical_rank_state.h"

#include <vector>

namespace ptreedb::exec {

using planner::AggregateKind;

namespace {

class HypotheticalRankState final : public AggregateState {
 public:
  HypotheticalRankState(AggregateKind kind, value::SqlType result, bool descending, bool nulls_first)
      : kind_(kind), result_(result), descending_(descending), nulls_first_(nulls_first) {}
  void resize(std::size_t groups) override { counts_.resize(groups); }
  void fold_values(const Vector& x, const Vector* hypothetical, const std::uint32_t* groups,
                   std::size_t count) override {
    for (std::size_t i = 0; i < count; ++i) {
      Counts& counts = counts_[groups[i]];
      ++counts.rows;
      const int order = compare(x, i, *hypothetical, i);
      if (order > 0) continue;
      if (order == 0) {
        ++counts.peers;
        continue;
      }
      // Rows come sorted: a value unlike the group's last one before h starts a new distinct value.
      const std::uint32_t g = groups[i];
      if (counts.before == 0 || !same_value(x, i, g)) ++counts.distinct_before;
      ++counts.before;
      remember(x, i, g);
    }
  }
  // Every row reaches fold once, after the parts' buffers are merged.
  void merge(AggregateState&, const std::uint32_t*, const std::uint32_t*, std::size_t) override {}
  Vector finish(std::size_t groups) override {
    Vector result(result_);
    result.resize(groups);
    for (std::size_t g = 0; g < groups; ++g) {
      const Counts& c = counts_[g];
      switch (kind_) {
        case AggregateKind::kHypotheticalRank: result.ints[g] = c.before + 1; break;
        case AggregateKind::kHypotheticalDenseRank: result.ints[g] = c.distinct_before + 1; break;
        case AggregateKind::kHypotheticalPercentRank:
          // (rank - 1) / (rows with the hypothetical one - 1).
          result.doubles[g] = c.rows == 0 ? 0.0 : static_cast<double>(c.before) / static_cast<double>(c.rows);
          break;
        default:
          // The hypothetical row after its peers, over all rows with it.
          result.doubles[g] =
              static_cast<double>(c.before + c.peers + 1) / static_cast<double>(c.rows + 1);
          break;
      }
    }
    return result;
  }
  std::int64_t bytes_per_group() const override { return sizeof(Counts) + 1 + 16; }
  // last_before_ views texts of the kept rows.
  bool keeps_argument_texts() const override { return true; }

 private:
  struct Counts {
    std::int64_t rows = 0, before = 0, peers = 0, distinct_before = 0;
  };

  // x's row against h's in the call's order: below 0 when x sorts first.
  int compare(const Vector& x, std::size_t i, const Vector& h, std::size_t j) const {
    const bool x_null = x.is_null(i), h_null = h.is_null(j);
    if (x_null || h_null) {
      if (x_null == h_null) return 0;
      return x_null == nulls_first_ ? -1 : 1;
    }
    const int order = compare_elements(x, i, h, j);
    return descending_ ? -order : order;
  }
  // Whether x's row equals group g's last row before h (NULL equals NULL).
  bool same_value(const Vector& x, std::size_t i, std::uint32_t g) const {
    const bool a = x.is_null(i), b = last_before_.is_null(g);
    if (a || b) return a == b;
    return compare_elements(x, i, last_before_, g) == 0;
  }
  void remember(const Vector& x, std::size_t i, std::uint32_t g) {
    if (last_before_.size() < counts_.size()) {
      last_before_.type = x.type;
      last_before_.resize(counts_.size());
    }
    last_before_.nulls[g] = x.nulls[i];
    if (!x.nulls[i]) assign_element(last_before_, g, x, i);
  }

  AggregateKind kind_;
  value::SqlType result_;
  bool descending_, nulls_first_;
  std::vector<Counts> counts_;
  Vector last_before_;  // per group: the last row's x before h
};

}  // namespace

std::unique_ptr<AggregateState> make_hypothetical_rank_state(AggregateKind kind, value::SqlType result,
                                                             bool descending, bool nulls_first) {
  return std::make_unique<HypotheticalRankState>(kind, result, descending, nulls_first);
}

}  // namespace ptreedb::exec
