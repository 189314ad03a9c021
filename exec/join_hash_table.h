// The build side of a hash join: all build rows in one chunk, and a flat
// table of (key tag, row index) entries grouped by bucket (a prefix-count
// layout: bucket b's entries are entries [offsets[b], offsets[b + 1])). The
// tag is the packed key when every key packs into 64 bits (then equal tags
// are equal keys), else the hash of the key values (then equal tags are
// confirmed by SQL comparison). NULL keys never match and are left out.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "exec/join_key_packing.h"
#include "exec/vector.h"
#include "planner/bound_expression.h"

namespace ptreedb::exec {

class JoinHashTable {
 public:
  JoinHashTable(Chunk rows, const std::vector<planner::BoundExpression>& keys);
  // A table over build rows whose key vectors are already evaluated.
  JoinHashTable(Chunk rows, std::vector<Vector> keys);
  // keys_ points into rows_ and evaluated_keys_.
  JoinHashTable(const JoinHashTable&) = delete;
  JoinHashTable& operator=(const JoinHashTable&) = delete;

  const Chunk& rows() const { return rows_; }
  std::size_t size() const { return rows_.size; }
  bool has_null_key() const { return has_null_key_; }
  // Whether keys are compared as packed integers.
  bool packed() const { return packing_.has_value(); }
  // Whether packed keys index their buckets directly (else through a hash).
  bool direct_buckets() const { return direct_shift_ >= 0; }

  // What a probe computes per probe row, kept to be reused chunk after chunk.
  struct ProbeScratch {
    std::vector<std::uint64_t> tags;
    std::vector<std::uint8_t> valid;
    std::vector<std::uint32_t> begins, ends;  // each row's candidate entries
  };

  // Appends a (probe row, build row) pair for every build row whose keys equal
  // the probe row's (`probe_keys`: one vector per key, `probe_size` rows).
  void find_matches(const std::vector<const Vector*>& probe_keys, std::size_t probe_size, ProbeScratch& scratch,
                    std::vector<std::uint32_t>& probe_rows, std::vector<std::uint32_t>& build_rows) const;
  void find_matches(const std::vector<Vector>& probe_keys, std::size_t probe_size,
                    std::vector<std::uint32_t>& probe_rows, std::vector<std::uint32_t>& build_rows) const;

  // Sets matched[i] to 1 for each probe row with at least one equal build row
  // (other entries are left as they are).
  void mark_matches(const std::vector<const Vector*>& probe_keys, std::size_t probe_size, ProbeScratch& scratch,
                    std::vector<std::uint8_t>& matched) const;

  // The same, counting only the pairs `accept(probe row, build row)` passes.
  template <class Accept>
  void find_matches_if(const std::vector<const Vector*>& probe_keys, std::size_t probe_size, ProbeScratch& scratch,
                       const Accept& accept, std::vector<std::uint32_t>& probe_rows,
                       std::vector<std::uint32_t>& build_rows) const {
    prepare_probe(probe_keys, probe_size, scratch);
    collect_matches(probe_keys, probe_size, scratch, 0, SIZE_MAX, accept, probe_rows, build_rows);
  }

  // A chunk probed in steps, which bounds the pairs held at once: prepare
  // once, then collect the pairs of rows `first` on until at least
  // `max_pairs` are found (a row's pairs are never split). Returns the row
  // to go on from (`probe_size` at the end).
  void prepare_probe(const std::vector<const Vector*>& probe_keys, std::size_t probe_size, ProbeScratch& scratch) const;
  template <class Accept>
  std::size_t collect_matches(const std::vector<const Vector*>& probe_keys, std::size_t probe_size,
                              const ProbeScratch& scratch, std::size_t first, std::size_t max_pairs,
                              const Accept& accept, std::vector<std::uint32_t>& probe_rows,
                              std::vector<std::uint32_t>& build_rows) const {
    std::size_t i = first;
    while (i < probe_size && probe_rows.size() < max_pairs) {
      const std::uint64_t tag = scratch.tags[i];
      for (std::uint32_t e = scratch.begins[i], end = scratch.ends[i]; e < end; ++e) {
        const Entry& entry = entries_[e];
        if (entry.tag == tag && same_keys(probe_keys, i, entry.row) && accept(i, entry.row)) {
          probe_rows.push_back(static_cast<std::uint32_t>(i));
          build_rows.push_back(entry.row);
        }
      }
      ++i;
    }
    return i;
  }

  template <class Accept>
  void mark_matches_if(const std::vector<const Vector*>& probe_keys, std::size_t probe_size, ProbeScratch& scratch,
                       const Accept& accept, std::vector<std::uint8_t>& matched) const {
    prepare_probe(probe_keys, probe_size, scratch);
    for (std::size_t i = 0; i < probe_size; ++i) {
      const std::uint64_t tag = scratch.tags[i];
      for (std::uint32_t e = scratch.begins[i], end = scratch.ends[i]; e < end; ++e) {
        const Entry& entry = entries_[e];
        if (entry.tag == tag && same_keys(probe_keys, i, entry.row) && accept(i, entry.row)) {
          matched[i] = 1;
          break;
        }
      }
    }
  }

 private:
  void build();
  // Groups the rows with valid keys into buckets by their tags; returns how
  // many buckets have entries.
  std::size_t place_entries(const std::vector<std::uint64_t>& tags, const std::vector<std::uint8_t>& valid);
  bool same_keys(const std::vector<const Vector*>& probe_keys, std::size_t probe_row, std::uint32_t build_row) const {
    return packing_.has_value() || keys_equal(probe_keys, probe_row, build_row);  // equal packed tags are equal keys
  }
  bool keys_equal(const std::vector<const Vector*>& probe_keys, std::size_t probe_row, std::uint32_t build_row) const;
  std::uint32_t bucket_of(std::uint64_t tag) const;

  Chunk rows_;
  // The build rows' key vectors: columns of rows_ for column keys (not
  // copied), else vectors in evaluated_keys_; kept for SQL comparison when
  // keys are not packed.
  std::vector<Vector> evaluated_keys_;
  std::vector<const Vector*> keys_;
  std::vector<Physical> key_physicals_;
  std::optional<JoinKeyPacking> packing_;
  std::vector<std::uint32_t> offsets_;     // bucket -> first entry; one more than there are buckets
  // A tag and its row side by side: one cache line read finds both.
  struct Entry {
    std::uint64_t tag;  // packed key or hash
    std::uint32_t row;
  };
  std::vector<Entry> entries_;
  std::uint32_t bucket_bits_ = 0;
  // Dense packed keys are their own bucket numbers, shifted right by this
  // (so a bucket holds at most 2^shift distinct keys, and keys that are near
  // stay near in memory); -1: buckets come from a hash of the tag.
  int direct_shift_ = -1;
  bool has_null_key_ = false;
};

}  // namespace ptreedb::exec
