// Enum types (CREATE TYPE ... AS ENUM): their labels in declaration order, and
// how an enum value is stored.
//
// A value lives in the text slot as its label's order key, one 0x01 byte, then
// the label. Keys are digit strings (bytes 0x02-0xFF) read as fractions, so a
// key can always be made between two others and never changes once given:
// comparing, sorting, hashing and keying the stored bytes follows the
// declaration order (ADD VALUE BEFORE/AFTER included) with no catalog lookup,
// and output only strips the key. pg_enum's float4 enumsortorder is kept
// apart, computed as PostgreSQL computes it (midpoints, renumbering).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ptreedb::value {

struct EnumLabel {
  std::string label;
  std::uint32_t oid = 0;    // pg_enum.oid
  float sort_order = 0;     // pg_enum.enumsortorder
  std::string key;          // the order key stored values begin with
};

struct EnumType {
  std::string name;
  std::uint32_t oid = 0;
  std::vector<EnumLabel> labels;  // in sort order

  const EnumLabel* find(std::string_view label) const;
  // The stored form of `label`; throws 22P02 "invalid input value for enum" when absent.
  std::string input(std::string_view label) const;
};

// PostgreSQL's NAMEDATALEN - 1.
inline constexpr std::size_t kMaxEnumLabelBytes = 63;

// Throws 22023 "invalid enum label" for an empty or too long label.
void check_enum_label(std::string_view label);

// A key strictly between `low` and `high` ("" for no bound on that side).
std::string enum_key_between(std::string_view low, std::string_view high);

std::string enum_stored_value(const EnumLabel& label);
// The label of a stored value (what enum_out prints).
std::string_view enum_value_label(std::string_view stored);
// The order key of a stored value.
std::string_view enum_value_key(std::string_view stored);

// A new enum type with `labels` in order, label oids from `next_oid` on.
// Throws 42710 for a label listed twice, 22023 for a bad label.
EnumType make_enum_type(std::string name, std::uint32_t oid, const std::vector<std::string>& labels,
                        std::uint32_t first_label_oid);

// ALTER TYPE ... ADD VALUE: `label` at the end, or before/after `neighbor`;
// sort orders as PostgreSQL's AddEnumLabel gives them (renumbering when a
// float4 midpoint runs out). Throws 22023 for a missing neighbor.
EnumType enum_with_label_added(const EnumType& type, std::string_view label, std::optional<std::string> neighbor,
                               bool after, std::uint32_t label_oid);

// The enum type of that oid in the world of the statement running on this
// thread (value::UserTypesScope), for what has no catalog at hand
// (format_type, casts in exec, COPY); null when none is installed or the
// world has no such type.
std::shared_ptr<const EnumType> registered_enum_type(std::uint32_t oid);

}  // namespace ptreedb::value
