#include "storage/value/enum_type.h"

#include <unordered_set>

#include "storage/sql_error.h"
#include "storage/value/user_types_scope.h"

namespace ptreedb::value {

namespace {

// Key digits 0..253 are stored as bytes 2..255; byte 1 ends the key.
constexpr int kBase = 254;
constexpr char kKeyEnd = '\x01';

int digit_at(std::string_view key, std::size_t i) {
  return i < key.size() ? static_cast<unsigned char>(key[i]) - 2 : 0;
}
char digit_byte(int digit) { return static_cast<char>(digit + 2); }

// A fraction strictly between low and high (high empty: 1.0). Keys never end
// in digit 0, so there is always room below them.
std::string midpoint(std::string_view low, std::string_view high) {
  std::size_t common = 0;
  if (!high.empty()) {
    while (common < high.size() && digit_at(low, common) == digit_at(high, common)) ++common;
  }
  if (common > 0) {
    std::string prefix;
    for (std::size_t i = 0; i < common; ++i) prefix += digit_byte(digit_at(high, i));
    std::string_view rest_low = low.size() > common ? low.substr(common) : std::string_view{};
    return prefix + midpoint(rest_low, high.substr(common));
  }
  int low_digit = digit_at(low, 0);
  int high_digit = high.empty() ? kBase : digit_at(high, 0);
  if (high_digit - low_digit > 1) return std::string(1, digit_byte((low_digit + high_digit) / 2));
  if (high.size() > 1) return std::string(1, digit_byte(high_digit));
  std::string_view rest_low = low.size() > 1 ? low.substr(1) : std::string_view{};
  return std::string(1, digit_byte(low_digit)) + midpoint(rest_low, {});
}

}  // namespace

const EnumLabel* EnumType::find(std::string_view label) const {
  for (const EnumLabel& entry : labels) {
    if (entry.label == label) return &entry;
  }
  return nullptr;
}

std::string EnumType::input(std::string_view label) const {
  if (const EnumLabel* entry = find(label)) return enum_stored_value(*entry);
  throw SqlError(sqlstate::kInvalidTextRepresentation,
                 "invalid input value for enum " + name + ": \"" + std::string(label) + "\"");
}

void check_enum_label(std::string_view label) {
  if (label.size() > kMaxEnumLabelBytes) {
    throw SqlError("42602", "invalid enum label \"" + std::string(label) + "\"",
                   "Labels must be " + std::to_string(kMaxEnumLabelBytes) + " bytes or less.");
  }
}

std::string enum_key_between(std::string_view low, std::string_view high) { return midpoint(low, high); }

std::string enum_stored_value(const EnumLabel& label) { return label.key + kKeyEnd + label.label; }

std::string_view enum_value_label(std::string_view stored) {
  std::size_t end = stored.find(kKeyEnd);
  return end == std::string_view::npos ? stored : stored.substr(end + 1);
}

std::string_view enum_value_key(std::string_view stored) {
  std::size_t end = stored.find(kKeyEnd);
  return end == std::string_view::npos ? std::string_view{} : stored.substr(0, end);
}

EnumType make_enum_type(std::string name, std::uint32_t oid, const std::vector<std::string>& labels,
                        std::uint32_t first_label_oid) {
  EnumType type;
  type.name = std::move(name);
  type.oid = oid;
  std::unordered_set<std::string_view> seen;
  std::string key;
  for (std::size_t i = 0; i < labels.size(); ++i) {
    check_enum_label(labels[i]);
    if (!seen.insert(labels[i]).second) {
      throw SqlError(sqlstate::kUniqueViolation,
                     "duplicate key value violates unique constraint \"pg_enum_typid_label_index\"",
                     "Key (enumtypid, enumlabel)=(" + std::to_string(oid) + ", " + labels[i] + ") already exists.");
    }
    // Spread evenly over the first digit while it lasts: short keys.
    key = labels.size() < kBase - 1 ? std::string(1, digit_byte(static_cast<int>(1 + i * (kBase - 2) / labels.size())))
                                    : midpoint(key, {});
    type.labels.push_back({labels[i], first_label_oid + static_cast<std::uint32_t>(i), static_cast<float>(i + 1), key});
  }
  return type;
}

EnumType enum_with_label_added(const EnumType& type, std::string_view label, std::optional<std::string> neighbor,
                               bool after, std::uint32_t label_oid) {
  check_enum_label(label);
  EnumType out = type;
  std::vector<EnumLabel>& labels = out.labels;
  std::size_t position = labels.size();
  if (neighbor) {
    std::size_t found = labels.size();
    for (std::size_t i = 0; i < labels.size(); ++i) {
      if (labels[i].label == *neighbor) found = i;
    }
    if (found == labels.size()) {
      throw SqlError(sqlstate::kInvalidParameterValue, "\"" + *neighbor + "\" is not an existing enum label");
    }
    position = after ? found + 1 : found;
  }
  // pg_enum.enumsortorder as AddEnumLabel computes it.
  float order;
  for (;;) {
    if (!neighbor) {
      order = labels.empty() ? 1.0f : labels.back().sort_order + 1;
      break;
    }
    if (position == 0) {
      order = labels.front().sort_order - 1;
      break;
    }
    if (position == labels.size()) {
      order = labels.back().sort_order + 1;
      break;
    }
    volatile float middle = (labels[position - 1].sort_order + labels[position].sort_order) / 2;
    if (middle == labels[position - 1].sort_order || middle == labels[position].sort_order) {
      for (std::size_t i = 0; i < labels.size(); ++i) labels[i].sort_order = static_cast<float>(i + 1);
      continue;  // RenumberEnumType, then try again
    }
    order = middle;
    break;
  }
  std::string_view low = position == 0 ? std::string_view{} : std::string_view(labels[position - 1].key);
  std::string_view high = position == labels.size() ? std::string_view{} : std::string_view(labels[position].key);
  std::string key = enum_key_between(low, high);
  labels.insert(labels.begin() + static_cast<std::ptrdiff_t>(position), EnumLabel{std::string(label), label_oid, order, key});
  return out;
}

std::shared_ptr<const EnumType> registered_enum_type(std::uint32_t oid) {
  const UserTypeSource* source = UserTypesScope::current();
  return source == nullptr ? nullptr : source->enum_type(oid);
}

}  // namespace ptreedb::value
