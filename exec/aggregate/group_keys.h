// The groups of one aggregation table: each group's key values (as first
// seen: 1.50 stays 1.50 though 1.5 joins its group) and the lookup from a
// key to its group number. Groups are numbered densely in order of first
// appearance.
//
// Lookup takes the cheapest of three forms the key types allow:
//   direct  booleans and one-character char/varchar keys (Q1's flags): the
//           values' small codes (packed_group_key.h) index an array;
//   packed  fixed-width keys packed into 128 bits (packed_group_key.h) in a flat table;
//   bytes   anything else (long text, intervals, wide numerics): the keys'
//           equality-exact byte encodings, kept in one arena, in a flat table.
// A direct table meeting a value without a code turns into a packed table,
// and a packed table meeting a value too wide for its field into a byte table.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "exec/aggregate/flat_group_index.h"
#include "exec/aggregate/packed_group_index.h"
#include "exec/aggregate/packed_group_key.h"
#include "exec/vector.h"

namespace ptreedb::exec {

class GroupKeys {
 public:
  // `carried` (empty, or one flag per key): keys that a hashed key
  // determines (columns of a table whose primary key is grouped): not
  // hashed or compared, only kept per group as first seen.
  explicit GroupKeys(const std::vector<value::SqlType>& types, const std::vector<bool>& carried = {});
  // value_columns_ points into values_.
  GroupKeys(const GroupKeys&) = delete;
  GroupKeys& operator=(const GroupKeys&) = delete;

  std::size_t size() const { return group_count_; }
  bool uses_bytes() const { return mode_ == Mode::kBytes; }
  bool uses_direct_array() const { return mode_ == Mode::kDirect; }

  // The group of each of rows [0, rows) of `keys`, adding groups for new keys.
  void assign(const KeyColumns& keys, std::size_t rows, std::uint32_t* groups);
  // This table's group for group `group` of `other`, added if new. Call
  // match_form(other) first.
  std::uint32_t find_or_add(const GroupKeys& other, std::uint32_t group);
  // Makes both tables use the same form (the later of the two in direct, packed, bytes).
  void match_form(GroupKeys& other);
  // Starts loading what find_or_add(this, group) reads, ahead of it.
  void prefetch(std::uint32_t group) const;
  // A hash of a group's key; equal keys hash alike in tables of the same form.
  std::uint64_t hash_of(std::uint32_t group) const;
  void reserve(std::size_t groups);

  // Per key column, one element per group.
  std::vector<Vector>& values() { return values_; }
  std::int64_t approximate_bytes() const;

 private:
  enum class Mode : std::uint8_t { kDirect, kPacked, kBytes };
  static constexpr int kDirectBits = 16;

  void assign_direct(std::size_t rows, std::uint32_t* groups, const KeyColumns& keys);
  void assign_packed(std::size_t rows, std::uint32_t* groups, const KeyColumns& keys);
  void assign_bytes(const KeyColumns& keys, const KeyColumns& hashed, std::size_t rows, std::uint32_t* groups);
  // The hashed ones of `keys` (all of them when nothing is carried).
  const KeyColumns& hashed_of(const KeyColumns& keys);
  std::uint32_t find_or_add_packed(PackedKey key, std::uint64_t hash, const KeyColumns& keys,
                                   std::size_t row);
  std::uint32_t find_or_add_bytes(std::string_view bytes, std::uint64_t hash, const KeyColumns& keys,
                                  std::size_t row);
  void append_values(const KeyColumns& keys, std::size_t row);
  std::string_view key_bytes(std::uint32_t group) const;
  void encode(std::string& out, const KeyColumns& keys, std::size_t row) const;
  void switch_to_packed();
  void switch_to_bytes();

  PackedKeyLayout layout_;
  Mode mode_;
  std::size_t group_count_ = 0;
  std::vector<Vector> values_;
  KeyColumns value_columns_;  // of values_
  std::vector<std::size_t> hashed_;  // positions of the hashed keys
  KeyColumns hashed_value_columns_;  // of values_, the hashed keys
  KeyColumns hashed_columns_;        // reused: the hashed keys of a chunk
  PackedGroupIndex packed_index_;       // packed
  FlatGroupIndex index_;                // bytes
  std::vector<std::uint32_t> direct_;  // direct: code -> group + 1 (0: none yet)
  std::vector<PackedKey> packed_;       // per group: direct its code, packed its key
  std::string arena_;                   // bytes: all groups' keys, back to back
  std::vector<std::uint64_t> key_ends_; // bytes: where each group's key ends in arena_
  // Reused for every chunk.
  std::vector<PackedKey> chunk_keys_;
  std::vector<std::uint32_t> chunk_codes_;  // direct
  std::vector<std::uint64_t> chunk_hashes_;
  std::string chunk_bytes_;
  std::vector<std::uint32_t> chunk_ends_;
};

// The hash of a byte key (not order-preserving; equal bytes, equal hash).
std::uint64_t hash_key_bytes(std::string_view bytes);

}  // namespace ptreedb::exec
