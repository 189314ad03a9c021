#include "exec/aggregate/group_keys.h"

#include <algorithm>
#include <cstring>

#include "exec/chunk_memory.h"

namespace ptreedb::exec {

std::uint64_t hash_key_bytes(std::string_view bytes) {
  std::uint64_t hash = 0x9E3779B97F4A7C15ULL ^ bytes.size();
  std::size_t i = 0;
  for (; i + 8 <= bytes.size(); i += 8) {
    std::uint64_t word;
    std::memcpy(&word, bytes.data() + i, 8);
    hash = (hash ^ word) * 0xFF51AFD7ED558CCDULL;
    hash ^= hash >> 32;
  }
  std::uint64_t tail = 0;
  if (i < bytes.size()) std::memcpy(&tail, bytes.data() + i, bytes.size() - i);
  return hash_packed_key(PackedKey{hash} << 64 | tail);
}

namespace {

std::vector<value::SqlType> hashed_types(const std::vector<value::SqlType>& types, const std::vector<bool>& carried) {
  std::vector<value::SqlType> out;
  for (std::size_t k = 0; k < types.size(); ++k) {
    if (carried.empty() || !carried[k]) out.push_back(types[k]);
  }
  return out;
}

}  // namespace

GroupKeys::GroupKeys(const std::vector<value::SqlType>& types, const std::vector<bool>& carried)
    : layout_(hashed_types(types, carried)) {
  for (const auto& type : types) values_.emplace_back(type);
  for (const Vector& value : values_) value_columns_.push_back(&value);
  for (std::size_t k = 0; k < types.size(); ++k) {
    if (carried.empty() || !carried[k]) {
      hashed_.push_back(k);
      hashed_value_columns_.push_back(&values_[k]);
    }
  }
  if (layout_.compact_bits() >= 0 && layout_.compact_bits() <= kDirectBits) {
    mode_ = Mode::kDirect;
    direct_.assign(std::size_t{1} << layout_.compact_bits(), 0);
  } else if (layout_.packable()) {
    mode_ = Mode::kPacked;
  } else {
    mode_ = Mode::kBytes;
  }
}

const KeyColumns& GroupKeys::hashed_of(const KeyColumns& keys) {
  if (hashed_.size() == keys.size()) return keys;
  hashed_columns_.resize(hashed_.size());
  for (std::size_t h = 0; h < hashed_.size(); ++h) hashed_columns_[h] = keys[hashed_[h]];
  return hashed_columns_;
}

void GroupKeys::assign(const KeyColumns& keys, std::size_t rows, std::uint32_t* groups) {
  const KeyColumns& hashed = hashed_of(keys);
  if (mode_ == Mode::kDirect) {
    chunk_codes_.resize(rows);
    if (layout_.pack_compact(hashed, rows, chunk_codes_.data())) {
      assign_direct(rows, groups, keys);
      return;
    }
    switch_to_packed();
  }
  chunk_keys_.resize(rows);
  if (mode_ == Mode::kPacked) {
    if (layout_.pack(hashed, rows, chunk_keys_.data())) {
      assign_packed(rows, groups, keys);
      return;
    }
    switch_to_bytes();
  }
  assign_bytes(keys, hashed, rows, groups);
}

void GroupKeys::assign_direct(std::size_t rows, std::uint32_t* groups, const KeyColumns& keys) {
  for (std::size_t i = 0; i < rows; ++i) {
    std::uint32_t& entry = direct_[chunk_codes_[i]];
    if (entry == 0) {
      entry = static_cast<std::uint32_t>(group_count_) + 1;
      packed_.push_back(PackedKey{chunk_codes_[i]});
      append_values(keys, i);
    }
    groups[i] = entry - 1;
  }
}

void GroupKeys::assign_packed(std::size_t rows, std::uint32_t* groups, const KeyColumns& keys) {
  chunk_hashes_.resize(rows);
  for (std::size_t i = 0; i < rows; ++i) chunk_hashes_[i] = hash_packed_key(chunk_keys_[i]);
  // Lookups miss the cache once there are many groups: start loading slots ahead.
  constexpr std::size_t kAhead = 16;
  for (std::size_t i = 0; i < std::min(rows, kAhead); ++i) packed_index_.prefetch(chunk_hashes_[i]);
  for (std::size_t i = 0; i < rows; ++i) {
    if (i + kAhead < rows) packed_index_.prefetch(chunk_hashes_[i + kAhead]);
    // Rows often come clustered by key (lineitem by l_orderkey): a run needs one lookup.
    if (i > 0 && chunk_keys_[i] == chunk_keys_[i - 1]) {
      groups[i] = groups[i - 1];
      continue;
    }
    groups[i] = find_or_add_packed(chunk_keys_[i], chunk_hashes_[i], keys, i);
  }
}

std::uint32_t GroupKeys::find_or_add_packed(PackedKey key, std::uint64_t hash, const KeyColumns& keys,
                                            std::size_t row) {
  auto [group, inserted] = packed_index_.find_or_insert(key, hash, static_cast<std::uint32_t>(group_count_));
  if (inserted) {
    packed_.push_back(key);
    append_values(keys, row);
  }
  return group;
}

void GroupKeys::encode(std::string& out, const KeyColumns& keys, std::size_t row) const {
  for (const Vector* key : keys) append_key_bytes(out, *key, row);
}

void GroupKeys::assign_bytes(const KeyColumns& keys, const KeyColumns& hashed, std::size_t rows,
                             std::uint32_t* groups) {
  chunk_bytes_.clear();
  chunk_ends_.resize(rows);
  for (std::size_t i = 0; i < rows; ++i) {
    encode(chunk_bytes_, hashed, i);
    chunk_ends_[i] = static_cast<std::uint32_t>(chunk_bytes_.size());
  }
  std::size_t begin = 0;
  std::string_view previous;
  for (std::size_t i = 0; i < rows; ++i) {
    std::string_view bytes(chunk_bytes_.data() + begin, chunk_ends_[i] - begin);
    begin = chunk_ends_[i];
    if (i > 0 && bytes == previous) {
      groups[i] = groups[i - 1];
      continue;
    }
    groups[i] = find_or_add_bytes(bytes, hash_key_bytes(bytes), keys, i);
    previous = bytes;
  }
}

std::string_view GroupKeys::key_bytes(std::uint32_t group) const {
  std::uint64_t begin = group == 0 ? 0 : key_ends_[group - 1];
  return std::string_view(arena_.data() + begin, key_ends_[group] - begin);
}

std::uint32_t GroupKeys::find_or_add_bytes(std::string_view bytes, std::uint64_t hash,
                                           const KeyColumns& keys, std::size_t row) {
  auto [group, inserted] = index_.find_or_insert(hash, [&](std::uint32_t g) { return key_bytes(g) == bytes; });
  if (inserted) {
    arena_.append(bytes);
    key_ends_.push_back(arena_.size());
    append_values(keys, row);
  }
  return group;
}

void GroupKeys::append_values(const KeyColumns& keys, std::size_t row) {
  for (std::size_t k = 0; k < keys.size(); ++k) values_[k].append_from(*keys[k], row);
  ++group_count_;
}

void GroupKeys::switch_to_packed() {
  // Re-key every group by its packed key (a value with a code always packs).
  mode_ = Mode::kPacked;
  packed_.resize(group_count_);
  if (group_count_ > 0) layout_.pack(hashed_value_columns_, group_count_, packed_.data());
  packed_index_ = PackedGroupIndex();
  packed_index_.reserve(group_count_);
  for (std::size_t g = 0; g < group_count_; ++g) {
    packed_index_.find_or_insert(packed_[g], hash_packed_key(packed_[g]), static_cast<std::uint32_t>(g));
  }
  direct_ = {};
}

void GroupKeys::switch_to_bytes() {
  if (mode_ == Mode::kBytes) return;
  // Re-key every group by its bytes; groups keep their numbers since they
  // are inserted in order into an empty table.
  mode_ = Mode::kBytes;
  index_ = FlatGroupIndex();
  index_.reserve(group_count_);
  std::string bytes;
  for (std::size_t g = 0; g < group_count_; ++g) {
    bytes.clear();
    encode(bytes, hashed_value_columns_, g);
    index_.find_or_insert(hash_key_bytes(bytes), [](std::uint32_t) { return false; });
    arena_.append(bytes);
    key_ends_.push_back(arena_.size());
  }
  packed_ = {};
  direct_ = {};
  packed_index_ = PackedGroupIndex();
}

void GroupKeys::match_form(GroupKeys& other) {
  if (mode_ == Mode::kBytes || other.mode_ == Mode::kBytes) {
    switch_to_bytes();
    other.switch_to_bytes();
  } else if (mode_ != other.mode_) {
    if (mode_ == Mode::kDirect) switch_to_packed();
    if (other.mode_ == Mode::kDirect) other.switch_to_packed();
  }
}

std::uint32_t GroupKeys::find_or_add(const GroupKeys& other, std::uint32_t group) {
  switch (mode_) {
    case Mode::kDirect: {
      std::uint32_t& entry = direct_[static_cast<std::size_t>(other.packed_[group])];
      if (entry == 0) {
        entry = static_cast<std::uint32_t>(group_count_) + 1;
        packed_.push_back(other.packed_[group]);
        append_values(other.value_columns_, group);
      }
      return entry - 1;
    }
    case Mode::kPacked:
      return find_or_add_packed(other.packed_[group], other.hash_of(group), other.value_columns_, group);
    case Mode::kBytes:
      return find_or_add_bytes(other.key_bytes(group), other.hash_of(group), other.value_columns_, group);
  }
  return 0;
}

void GroupKeys::prefetch(std::uint32_t group) const {
  if (mode_ == Mode::kBytes) {
    __builtin_prefetch(&key_ends_[group]);
  } else {
    __builtin_prefetch(&packed_[group]);
  }
  for (const Vector& value : values_) {
    __builtin_prefetch(&value.nulls[group]);
    switch (value.physical()) {
      case Physical::kInt: __builtin_prefetch(&value.ints[group]); break;
      case Physical::kDouble: __builtin_prefetch(&value.doubles[group]); break;
      case Physical::kDecimal:
        if (value.holds_units()) {
          __builtin_prefetch(&value.ints[group]);
        } else {
          __builtin_prefetch(&value.decimals[group]);
        }
        break;
      case Physical::kText: __builtin_prefetch(&value.texts[group]); break;
      case Physical::kInterval: __builtin_prefetch(&value.intervals[group]); break;
    }
  }
}

std::uint64_t GroupKeys::hash_of(std::uint32_t group) const {
  return mode_ == Mode::kBytes ? index_.hash_of(group) : hash_packed_key(packed_[group]);
}

void GroupKeys::reserve(std::size_t groups) {
  if (mode_ == Mode::kPacked) {
    packed_index_.reserve(groups);
    packed_.reserve(groups);
  } else if (mode_ == Mode::kBytes) {
    index_.reserve(groups);
    key_ends_.reserve(groups);
  }
}

std::int64_t GroupKeys::approximate_bytes() const {
  std::int64_t bytes = index_.approximate_bytes() + packed_index_.approximate_bytes() +
                       static_cast<std::int64_t>(direct_.capacity() * sizeof(std::uint32_t) +
                                                 packed_.capacity() * sizeof(PackedKey) + arena_.capacity() +
                                                 key_ends_.capacity() * sizeof(std::uint64_t));
  for (const Vector& value : values_) bytes += vector_array_bytes(value);
  return bytes;
}

}  // namespace ptreedb::exec
