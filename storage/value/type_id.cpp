#include "storage/value/type_id.h"

#include <algorithm>
#include <array>

#include "storage/sql_error.h"
#include "storage/value/domain_type.h"
#include "storage/value/enum_type.h"

namespace ptreedb::value {

namespace {

// PostgreSQL adds the varlena header size to character and numeric typmods.
constexpr std::int32_t kVarHeaderSize = 4;

struct TypeInfo {
  TypeId id;
  Oid oid;
  std::string_view internal_name;  // pg_type.typname
  std::string_view sql_name;       // format_type's spelling without modifiers
  int length;                      // pg_type.typlen
};

constexpr std::array<TypeInfo, 23> kTypes{{
    {TypeId::kBoolean, oid::kBool, "bool", "boolean", 1},
    {TypeId::kSmallint, oid::kInt2, "int2", "smallint", 2},
    {TypeId::kInteger, oid::kInt4, "int4", "integer", 4},
    {TypeId::kBigint, oid::kInt8, "int8", "bigint", 8},
    {TypeId::kNumeric, oid::kNumeric, "numeric", "numeric", -1},
    {TypeId::kReal, oid::kFloat4, "float4", "real", 4},
    {TypeId::kDouble, oid::kFloat8, "float8", "double precision", 8},
    {TypeId::kChar, oid::kBpchar, "bpchar", "character", -1},
    {TypeId::kVarchar, oid::kVarchar, "varchar", "character varying", -1},
    {TypeId::kText, oid::kText, "text", "text", -1},
    {TypeId::kDate, oid::kDate, "date", "date", 4},
    {TypeId::kTimestamp, oid::kTimestamp, "timestamp", "timestamp without time zone", 8},
    {TypeId::kInterval, oid::kInterval, "interval", "interval", 16},
    {TypeId::kTimestampTz, oid::kTimestampTz, "timestamptz", "timestamp with time zone", 8},
    {TypeId::kUuid, oid::kUuid, "uuid", "uuid", 16},
    {TypeId::kBytea, oid::kBytea, "bytea", "bytea", -1},
    {TypeId::kJson, oid::kJson, "json", "json", -1},
    {TypeId::kJsonb, oid::kJsonb, "jsonb", "jsonb", -1},
    {TypeId::kName, oid::kName, "name", "name", 64},
    {TypeId::kArray, 2277, "anyarray", "anyarray", -1},  // an array's own oid is array_type_oid(element)
    {TypeId::kEnum, oid::kAnyEnum, "anyenum", "anyenum", 4},
    {TypeId::kTime, oid::kTime, "time", "time without time zone", 8},
    {TypeId::kTimeTz, oid::kTimeTz, "timetz", "time with time zone", 12},
}};

// pg_type's array types (typarray) of the element types.
struct ArrayOid {
  TypeId element;
  Oid oid;
};
constexpr ArrayOid kArrayOids[] = {
    {TypeId::kBoolean, 1000},   {TypeId::kSmallint, 1005}, {TypeId::kInteger, 1007}, {TypeId::kBigint, 1016},
    {TypeId::kNumeric, 1231},   {TypeId::kReal, 1021},     {TypeId::kDouble, 1022},  {TypeId::kChar, 1014},
    {TypeId::kVarchar, 1015},   {TypeId::kText, 1009},     {TypeId::kDate, 1182},    {TypeId::kTimestamp, 1115},
    {TypeId::kInterval, 1187},  {TypeId::kTimestampTz, 1185}, {TypeId::kUuid, 2951}, {TypeId::kBytea, 1001},
    {TypeId::kJson, 199},       {TypeId::kJsonb, 3807},    {TypeId::kName, 1003},   {TypeId::kTime, 1183},
    {TypeId::kTimeTz, 1270},
};

const TypeInfo& info(TypeId id) { return kTypes[static_cast<std::size_t>(id)]; }

[[noreturn]] void throw_invalid_modifier(const std::string& message) {
  throw SqlError(sqlstate::kInvalidParameterValue, message);
}

void check_char_length(int length, std::string_view type_name) {
  if (length < 1) {
    throw_invalid_modifier("length for type " + std::string(type_name) + " must be at least 1");
  }
  if (length > kMaxCharLength) {
    throw_invalid_modifier("length for type " + std::string(type_name) + " cannot exceed " +
                           std::to_string(kMaxCharLength));
  }
}

}  // namespace

Oid type_oid(TypeId id) { return info(id).oid; }

std::optional<TypeId> type_from_oid(Oid type_oid) {
  for (const TypeInfo& type : kTypes) {
    if (type.oid == type_oid && type.id != TypeId::kArray) return type.id;
  }
  return std::nullopt;
}

Oid array_type_oid(TypeId element) {
  for (const ArrayOid& array : kArrayOids) {
    if (array.element == element) return array.oid;
  }
  return 2277;
}

std::optional<TypeId> array_element_from_oid(Oid array_oid) {
  for (const ArrayOid& array : kArrayOids) {
    if (array.oid == array_oid) return array.element;
  }
  return std::nullopt;
}

std::string_view type_internal_name(TypeId id) { return info(id).internal_name; }

int type_length(TypeId id) { return info(id).length; }

SqlType SqlType::numeric(int precision, int scale) {
  if (precision < 1 || precision > kNumericMaxPrecision) {
    throw_invalid_modifier("NUMERIC precision " + std::to_string(precision) +
                           " must be between 1 and " + std::to_string(kNumericMaxPrecision));
  }
  if (scale < kNumericMinScale || scale > kNumericMaxScale) {
    throw_invalid_modifier("NUMERIC scale " + std::to_string(scale) + " must be between " +
                           std::to_string(kNumericMinScale) + " and " +
                           std::to_string(kNumericMaxScale));
  }
  // The scale is stored as an 11-bit two's complement field below the precision.
  return SqlType{TypeId::kNumeric, ((precision << 16) | (scale & 0x7ff)) + kVarHeaderSize};
}

SqlType SqlType::character(int length) {
  check_char_length(length, "char");
  return SqlType{TypeId::kChar, length + kVarHeaderSize};
}

SqlType SqlType::varchar(int length) {
  check_char_length(length, "varchar");
  return SqlType{TypeId::kVarchar, length + kVarHeaderSize};
}

SqlType SqlType::timestamp(int precision) {
  if (precision < 0) {
    throw_invalid_modifier("TIMESTAMP(" + std::to_string(precision) +
                           ") precision must not be negative");
  }
  return SqlType{TypeId::kTimestamp, std::min(precision, kMaxTimestampPrecision)};
}

SqlType SqlType::timestamptz(int precision) {
  if (precision < 0) {
    throw_invalid_modifier("TIMESTAMP(" + std::to_string(precision) +
                           ") WITH TIME ZONE precision must not be negative");
  }
  return SqlType{TypeId::kTimestampTz, std::min(precision, kMaxTimestampPrecision)};
}

SqlType SqlType::time(int precision) {
  if (precision < 0) {
    throw_invalid_modifier("TIME(" + std::to_string(precision) + ") precision must not be negative");
  }
  return SqlType{TypeId::kTime, std::min(precision, kMaxTimestampPrecision)};
}

SqlType SqlType::timetz(int precision) {
  if (precision < 0) {
    throw_invalid_modifier("TIME(" + std::to_string(precision) + ") WITH TIME ZONE precision must not be negative");
  }
  return SqlType{TypeId::kTimeTz, std::min(precision, kMaxTimestampPrecision)};
}

int SqlType::numeric_precision() const { return ((typmod - kVarHeaderSize) >> 16) & 0xffff; }

int SqlType::numeric_scale() const {
  // Sign-extend the 11-bit field.
  return (((typmod - kVarHeaderSize) & 0x7ff) ^ 1024) - 1024;
}

int SqlType::char_length() const { return typmod - kVarHeaderSize; }

std::string format_type(const SqlType& type) {
  if (type.domain_oid != 0) {
    auto domain = registered_domain_type(type.domain_oid);
    return domain ? domain->name : std::to_string(type.domain_oid);
  }
  if (type.is_array()) return format_type(type.element_type()) + "[]";
  const TypeInfo& type_info = info(type.id);
  if (type.id == TypeId::kEnum) {
    auto enum_type = registered_enum_type(type.enum_oid);
    return enum_type ? enum_type->name : std::to_string(type.enum_oid);
  }
  if (!type.has_typmod()) {
    // An unconstrained bpchar is a different thing from character(1), which is
    // what plain CHAR means in SQL, so PostgreSQL keeps the internal name.
    if (type.id == TypeId::kChar) return "bpchar";
    return std::string(type_info.sql_name);
  }
  switch (type.id) {
    case TypeId::kNumeric:
      return "numeric(" + std::to_string(type.numeric_precision()) + "," +
             std::to_string(type.numeric_scale()) + ")";
    case TypeId::kChar:
    case TypeId::kVarchar:
      return std::string(type_info.sql_name) + "(" + std::to_string(type.char_length()) + ")";
    case TypeId::kTimestamp:
      return "timestamp(" + std::to_string(type.timestamp_precision()) + ") without time zone";
    case TypeId::kTimestampTz:
      return "timestamp(" + std::to_string(type.timestamp_precision()) + ") with time zone";
    case TypeId::kTime:
      return "time(" + std::to_string(type.timestamp_precision()) + ") without time zone";
    case TypeId::kTimeTz:
      return "time(" + std::to_string(type.timestamp_precision()) + ") with time zone";
    case TypeId::kUuid:
    case TypeId::kBytea:
    case TypeId::kName:
      // Types without a typmod output function show the number as it is.
      return std::string(type_info.sql_name) + "(" + std::to_string(type.typmod) + ")";
    default: return std::string(type_info.sql_name);
  }
}

SqlType resolve_type_name(std::string_view name, std::span<const std::int32_t> modifiers) {
  struct Alias {
    std::string_view name;
    TypeId id;
  };
  static constexpr Alias kAliases[] = {
      {"bool", TypeId::kBoolean},
      {"boolean", TypeId::kBoolean},
      {"int2", TypeId::kSmallint},
      {"smallint", TypeId::kSmallint},
      {"int4", TypeId::kInteger},
      {"int", TypeId::kInteger},
      {"integer", TypeId::kInteger},
      {"int8", TypeId::kBigint},
      {"bigint", TypeId::kBigint},
      {"numeric", TypeId::kNumeric},
      {"decimal", TypeId::kNumeric},
      {"float4", TypeId::kReal},
      {"real", TypeId::kReal},
      {"float8", TypeId::kDouble},
      {"double precision", TypeId::kDouble},
      {"float", TypeId::kDouble},
      {"bpchar", TypeId::kChar},
      {"char", TypeId::kChar},
      {"character", TypeId::kChar},
      {"varchar", TypeId::kVarchar},
      {"character varying", TypeId::kVarchar},
      {"text", TypeId::kText},
      {"date", TypeId::kDate},
      {"timestamp", TypeId::kTimestamp},
      {"timestamp without time zone", TypeId::kTimestamp},
      {"timestamptz", TypeId::kTimestampTz},
      {"timestamp with time zone", TypeId::kTimestampTz},
      {"interval", TypeId::kInterval},
      {"time", TypeId::kTime},
      {"time without time zone", TypeId::kTime},
      {"timetz", TypeId::kTimeTz},
      {"time with time zone", TypeId::kTimeTz},
      {"uuid", TypeId::kUuid},
      {"bytea", TypeId::kBytea},
      {"json", TypeId::kJson},
      {"jsonb", TypeId::kJsonb},
      {"name", TypeId::kName},
  };
  const Alias* found = std::find_if(std::begin(kAliases), std::end(kAliases),
                                    [&](const Alias& alias) { return alias.name == name; });
  if (found == std::end(kAliases)) {
    throw SqlError(sqlstate::kUndefinedObject, "type \"" + std::string(name) + "\" does not exist");
  }
  const TypeId id = found->id;
  if (modifiers.empty()) {
    // SQL's bare CHAR means character(1); the parser already adds that
    // modifier, so only the internal name reaches here unconstrained.
    if (id == TypeId::kChar && name != "bpchar") return SqlType::character(1);
    return SqlType::of(id);
  }
  switch (id) {
    case TypeId::kNumeric:
      if (modifiers.size() > 2) throw_invalid_modifier("invalid NUMERIC type modifier");
      return SqlType::numeric(modifiers[0], modifiers.size() == 2 ? modifiers[1] : 0);
    case TypeId::kChar:
    case TypeId::kVarchar:
      if (modifiers.size() != 1) {
        throw_invalid_modifier("invalid type modifier");
      }
      return id == TypeId::kChar ? SqlType::character(modifiers[0])
                                 : SqlType::varchar(modifiers[0]);
    case TypeId::kTimestamp:
      if (modifiers.size() != 1) throw_invalid_modifier("invalid type modifier");
      return SqlType::timestamp(modifiers[0]);
    case TypeId::kTimestampTz:
      if (modifiers.size() != 1) throw_invalid_modifier("invalid type modifier");
      return SqlType::timestamptz(modifiers[0]);
    case TypeId::kTime:
      if (modifiers.size() != 1) throw_invalid_modifier("invalid type modifier");
      return SqlType::time(modifiers[0]);
    case TypeId::kTimeTz:
      if (modifiers.size() != 1) throw_invalid_modifier("invalid type modifier");
      return SqlType::timetz(modifiers[0]);
    case TypeId::kDouble:
      // float(p): up to 24 bits of precision is real, up to 53 is double.
      if (name == "float" && modifiers.size() == 1) {
        if (modifiers[0] < 1)
          throw_invalid_modifier("precision for type float must be at least 1 bit");
        if (modifiers[0] > 53) {
          throw_invalid_modifier("precision for type float must be less than 54 bits");
        }
        return SqlType::of(modifiers[0] <= 24 ? TypeId::kReal : TypeId::kDouble);
      }
      break;
    default: break;
  }
  throw SqlError(sqlstate::kSyntaxError,
                 "type modifier is not allowed for type \"" + std::string(name) + "\"");
}

}  // namespace ptreedb::value
