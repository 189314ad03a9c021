// The SQL types ptreedb stores, with the identity PostgreSQL clients see: the
// pg_type OID, the type modifier (typmod) carrying numeric precision/scale,
// character lengths and timestamp precision, and the name format_type() prints.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace ptreedb::value {

using Oid = std::uint32_t;

enum class TypeId : std::uint8_t {
  kBoolean,
  kSmallint,
  kInteger,
  kBigint,
  kNumeric,
  kReal,
  kDouble,
  kChar,     // character(n), PostgreSQL's bpchar: blank-padded
  kVarchar,  // character varying(n)
  kText,
  kDate,
  kTimestamp,  // timestamp without time zone
  kInterval,
  kTimestampTz,  // timestamp with time zone
  kUuid,         // 16 bytes, stored as a 16-byte string
  kBytea,        // raw bytes
  kJson,         // json: the input text, checked
  kJsonb,        // jsonb: normalized text (storage/value/jsonb_text.h)
  kName,         // name: at most 63 bytes, compared bytewise
  kArray,        // a one-dimensional array of SqlType::element, held as its text form
  kEnum,         // a CREATE TYPE ... AS ENUM type (SqlType::enum_oid): storage/value/enum_type.h
  kTime,         // time without time zone: microseconds since midnight, 0..24:00:00
  kTimeTz,       // time with time zone: time and zone packed in an int64 (time_with_zone.h)
  // New types go last: these values are logged (WAL, checkpoints).
  kLastTypeId = kTimeTz,
};

// pg_type OIDs (src/include/catalog/pg_type.dat).
namespace oid {
inline constexpr Oid kBool = 16;
inline constexpr Oid kBytea = 17;
inline constexpr Oid kName = 19;
inline constexpr Oid kInt8 = 20;
inline constexpr Oid kInt2 = 21;
inline constexpr Oid kInt4 = 23;
inline constexpr Oid kText = 25;
inline constexpr Oid kJson = 114;
inline constexpr Oid kFloat4 = 700;
inline constexpr Oid kFloat8 = 701;
inline constexpr Oid kBpchar = 1042;
inline constexpr Oid kVarchar = 1043;
inline constexpr Oid kDate = 1082;
inline constexpr Oid kTime = 1083;
inline constexpr Oid kTimeTz = 1266;
inline constexpr Oid kTimestamp = 1114;
inline constexpr Oid kTimestampTz = 1184;
inline constexpr Oid kInterval = 1186;
inline constexpr Oid kNumeric = 1700;
inline constexpr Oid kUuid = 2950;
inline constexpr Oid kJsonb = 3802;
inline constexpr Oid kAnyEnum = 3500;
}  // namespace oid

Oid type_oid(TypeId id);
std::optional<TypeId> type_from_oid(Oid type_oid);
// The pg_type OID of the array type over `element` (int4 -> 1007), and back.
Oid array_type_oid(TypeId element);
std::optional<TypeId> array_element_from_oid(Oid array_oid);

// pg_type.typname, e.g. "int4", "bpchar", "timestamp".
std::string_view type_internal_name(TypeId id);

// pg_type.typlen: the fixed byte width of the binary form, or -1 for varlena.
int type_length(TypeId id);

// Limits PostgreSQL enforces on type modifiers.
inline constexpr int kNumericMaxPrecision = 1000;
inline constexpr int kNumericMinScale = -1000;
inline constexpr int kNumericMaxScale = 1000;
inline constexpr int kMaxCharLength = 10 * 1024 * 1024;
inline constexpr int kMaxTimestampPrecision = 6;

// A type together with its modifier. typmod is encoded exactly as PostgreSQL
// stores atttypmod (so it can be sent in RowDescription unchanged); -1 means
// "no modifier" (numeric without precision, varchar without length, ...).
struct SqlType {
  TypeId id = TypeId::kText;
  std::int32_t typmod = -1;  // an array's is its element's
  TypeId element = TypeId::kText;  // the element type, when id is kArray
  // For kEnum: the enum type's pg_type oid.
  Oid enum_oid = 0;
  // A domain's pg_type oid when the value is of a domain over this type
  // (storage/value/domain_type.h); 0 for the type itself.
  Oid domain_oid = 0;

  // Validating constructors; they throw SqlError 22023 with PostgreSQL's message
  // for out-of-range modifiers.
  static SqlType numeric(int precision, int scale = 0);
  static SqlType character(int length);
  static SqlType varchar(int length);
  // Precision above 6 is reduced to 6 (PostgreSQL only warns).
  static SqlType timestamp(int precision);
  static SqlType timestamptz(int precision);
  static SqlType time(int precision);
  static SqlType timetz(int precision);
  static constexpr SqlType of(TypeId id) { return SqlType{id, -1}; }
  // element[]: an array of one of the scalar types (never of an array).
  static constexpr SqlType array_of(SqlType element) { return SqlType{TypeId::kArray, element.typmod, element.id}; }
  static constexpr SqlType enumeration(Oid type_oid) {
    return SqlType{.id = TypeId::kEnum, .typmod = -1, .enum_oid = type_oid};
  }

  bool is_array() const { return id == TypeId::kArray; }
  // The element type of an array, with its modifier.
  SqlType element_type() const { return SqlType{element, typmod}; }

  bool has_typmod() const { return typmod >= 0; }

  // Valid only when has_typmod(); scale may be negative (rounds left of the point).
  int numeric_precision() const;
  int numeric_scale() const;
  // char(n) / varchar(n) length in characters.
  int char_length() const;
  // timestamp(p), timestamptz(p) and time(p): fractional digits of seconds kept.
  int timestamp_precision() const { return typmod; }

  Oid oid() const {
    if (domain_oid != 0) return domain_oid;
    if (id == TypeId::kEnum) return enum_oid;
    return id == TypeId::kArray ? array_type_oid(element) : type_oid(id);
  }
  // The type without its domain.
  SqlType base() const { return SqlType{id, typmod, element, enum_oid}; }

  friend bool operator==(const SqlType&, const SqlType&) = default;
};

// The name PostgreSQL's format_type(oid, typmod) prints: "integer",
// "numeric(15,2)", "character varying(25)", "character(1)", "bpchar",
// "timestamp(3) without time zone", ...
std::string format_type(const SqlType& type);

// Resolves a type name as the parser produces it (pg_query gives internal names
// such as "int4" or "bpchar"; SQL spellings such as "integer" or "double
// precision" are accepted too) plus its modifier arguments. Throws 42704 for
// unknown names, 42601 or 22023 for modifiers the type does not take.
SqlType resolve_type_name(std::string_view name, std::span<const std::int32_t> modifiers = {});

inline bool is_integer_type(TypeId id) {
  return id == TypeId::kSmallint || id == TypeId::kInteger || id == TypeId::kBigint;
}
inline bool is_float_type(TypeId id) { return id == TypeId::kReal || id == TypeId::kDouble; }
inline bool is_numeric_category(TypeId id) {
  return is_integer_type(id) || is_float_type(id) || id == TypeId::kNumeric;
}
// The string category (typcategory 'S'): name included, since it reads as text
// everywhere a text argument is expected (its casts to and from text are implicit).
inline bool is_character_type(TypeId id) {
  return id == TypeId::kChar || id == TypeId::kVarchar || id == TypeId::kText || id == TypeId::kName;
}
// json and jsonb: stored as text, with their own input, output and operators.
inline bool is_json_type(TypeId id) { return id == TypeId::kJson || id == TypeId::kJsonb; }
inline bool is_datetime_type(TypeId id) {
  return id == TypeId::kDate || id == TypeId::kTimestamp || id == TypeId::kInterval ||
         id == TypeId::kTimestampTz || id == TypeId::kTime || id == TypeId::kTimeTz;
}
// date, timestamp and timestamptz: PostgreSQL's datetime_ops family.
inline bool is_timestamp_or_date(TypeId id) {
  return id == TypeId::kDate || id == TypeId::kTimestamp || id == TypeId::kTimestampTz;
}

}  // namespace ptreedb::value
