// SQL type identity: OIDs, typmods and format_type names. Expected names and
// errors were printed by PostgreSQL 15.18 for a column declared with the type
// (format_type(atttypid, atttypmod)).
#include "storage/value/type_id.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "tests/unit/storage/value/outcome.h"

using namespace ptreedb::value;
using ptreedb::value::testing::outcome;

TEST_CASE("type OIDs match pg_type", "[type_id]") {
  CHECK(type_oid(TypeId::kBoolean) == 16);
  CHECK(type_oid(TypeId::kSmallint) == 21);
  CHECK(type_oid(TypeId::kInteger) == 23);
  CHECK(type_oid(TypeId::kBigint) == 20);
  CHECK(type_oid(TypeId::kNumeric) == 1700);
  CHECK(type_oid(TypeId::kReal) == 700);
  CHECK(type_oid(TypeId::kDouble) == 701);
  CHECK(type_oid(TypeId::kChar) == 1042);
  CHECK(type_oid(TypeId::kVarchar) == 1043);
  CHECK(type_oid(TypeId::kText) == 25);
  CHECK(type_oid(TypeId::kDate) == 1082);
  CHECK(type_oid(TypeId::kTimestamp) == 1114);
  CHECK(type_oid(TypeId::kInterval) == 1186);
  for (TypeId id :
       {TypeId::kBoolean, TypeId::kSmallint, TypeId::kInteger, TypeId::kBigint, TypeId::kNumeric,
        TypeId::kReal, TypeId::kDouble, TypeId::kChar, TypeId::kVarchar, TypeId::kText,
        TypeId::kDate, TypeId::kTimestamp, TypeId::kInterval}) {
    CHECK(type_from_oid(type_oid(id)) == id);
  }
  // name: OID 19, fixed width NAMEDATALEN = 64.
  CHECK(type_oid(TypeId::kName) == 19);
  CHECK(type_from_oid(19) == TypeId::kName);
  CHECK(type_length(TypeId::kName) == 64);
  CHECK(type_internal_name(TypeId::kName) == "name");
  // time: OID 1083, array 1183, eight bytes of microseconds.
  CHECK(type_from_oid(1083) == TypeId::kTime);
  CHECK(array_type_oid(TypeId::kTime) == 1183);
  CHECK(type_length(TypeId::kTime) == 8);
  CHECK(type_internal_name(TypeId::kTime) == "time");
  // timetz: OID 1266, array 1270, twelve bytes on the wire.
  CHECK(type_from_oid(1266) == TypeId::kTimeTz);
  CHECK(array_type_oid(TypeId::kTimeTz) == 1270);
  CHECK(type_length(TypeId::kTimeTz) == 12);
  CHECK(type_internal_name(TypeId::kInteger) == "int4");
  CHECK(type_internal_name(TypeId::kChar) == "bpchar");
  // pg_type.typlen
  CHECK(type_length(TypeId::kBoolean) == 1);
  CHECK(type_length(TypeId::kBigint) == 8);
  CHECK(type_length(TypeId::kNumeric) == -1);
  CHECK(type_length(TypeId::kDate) == 4);
  CHECK(type_length(TypeId::kInterval) == 16);
}

TEST_CASE("typmods are encoded as PostgreSQL stores atttypmod", "[type_id]") {
  // SELECT atttypmod for numeric(5,0), character(1), numeric(15,2), varchar(25).
  CHECK(SqlType::numeric(5).typmod == 327684);
  CHECK(SqlType::character(1).typmod == 5);
  CHECK(SqlType::numeric(15, 2).typmod == ((15 << 16) | 2) + 4);
  CHECK(SqlType::varchar(25).typmod == 29);
  CHECK(SqlType::timestamp(3).typmod == 3);
  const SqlType negative_scale = SqlType::numeric(5, -3);
  CHECK(negative_scale.numeric_precision() == 5);
  CHECK(negative_scale.numeric_scale() == -3);
  CHECK(SqlType::numeric(1000, 1000).numeric_scale() == 1000);
  CHECK(SqlType::numeric(1000, -1000).numeric_scale() == -1000);
  CHECK(SqlType::varchar(25).char_length() == 25);
  CHECK_FALSE(SqlType::of(TypeId::kNumeric).has_typmod());
  CHECK(SqlType::numeric(15, 2) == SqlType{TypeId::kNumeric, SqlType::numeric(15, 2).typmod});
  // format_type(1700, ((5 << 16) | 65533) + 4) is numeric(5,-3).
  CHECK(format_type(SqlType{TypeId::kNumeric, ((5 << 16) | 65533) + 4}) == "numeric(5,-3)");
}

TEST_CASE("type names resolve and format like format_type", "[type_id]") {
  struct NameCase {
    const char* name;
    std::vector<std::int32_t> modifiers;
    const char* expected;
  };
  const NameCase cases[] = {
      {"int4", {}, "integer"},
      {"numeric", {15, 2}, "numeric(15,2)"},
      {"numeric", {5}, "numeric(5,0)"},
      {"numeric", {5, -3}, "numeric(5,-3)"},
      {"varchar", {25}, "character varying(25)"},
      {"bpchar", {1}, "character(1)"},
      {"bpchar", {}, "bpchar"},
      {"varchar", {}, "character varying"},
      {"timestamp", {3}, "timestamp(3) without time zone"},
      {"timestamp", {}, "timestamp without time zone"},
      {"time", {2}, "time(2) without time zone"},
      {"time", {}, "time without time zone"},
      {"float8", {}, "double precision"},
      {"float4", {}, "real"},
      {"bool", {}, "boolean"},
      {"int2", {}, "smallint"},
      {"int8", {}, "bigint"},
      {"text", {}, "text"},
      {"date", {}, "date"},
      {"interval", {}, "interval"},
      {"numeric", {0, 0}, "ERROR 22023: NUMERIC precision 0 must be between 1 and 1000"},
      {"numeric", {1001}, "ERROR 22023: NUMERIC precision 1001 must be between 1 and 1000"},
      {"numeric", {5, 1001}, "ERROR 22023: NUMERIC scale 1001 must be between -1000 and 1000"},
      {"varchar", {0}, "ERROR 22023: length for type varchar must be at least 1"},
      {"bpchar", {0}, "ERROR 22023: length for type char must be at least 1"},
      {"varchar", {10485761}, "ERROR 22023: length for type varchar cannot exceed 10485760"},
      {"bpchar", {10485760}, "character(10485760)"},
      {"numeric", {}, "numeric"},
      {"decimal", {10, 3}, "numeric(10,3)"},
      {"int4", {5}, "ERROR 42601: type modifier is not allowed for type \"int4\""},
      {"foo", {}, "ERROR 42704: type \"foo\" does not exist"},
      {"numeric", {1, 2, 3}, "ERROR 22023: invalid NUMERIC type modifier"},
      {"timestamp", {7}, "timestamp(6) without time zone"},
      {"time", {9}, "time(6) without time zone"},
      {"timetz", {}, "time with time zone"},
      {"timetz", {2}, "time(2) with time zone"},
      {"float", {3}, "real"},
      {"float", {30}, "double precision"},
      {"float", {54}, "ERROR 22023: precision for type float must be less than 54 bits"},
      {"float", {0}, "ERROR 22023: precision for type float must be at least 1 bit"},
      {"name", {}, "name"},
      {"name", {10}, "ERROR 42601: type modifier is not allowed for type \"name\""},
  };
  for (const NameCase& c : cases) {
    INFO(c.name << " with " << c.modifiers.size() << " modifiers");
    CHECK(outcome([&] { return format_type(resolve_type_name(c.name, c.modifiers)); }) ==
          c.expected);
  }
  // SQL spellings the parser may also hand over.
  CHECK(format_type(resolve_type_name("double precision")) == "double precision");
  CHECK(format_type(resolve_type_name("character varying", std::vector<std::int32_t>{10})) ==
        "character varying(10)");
  CHECK(format_type(resolve_type_name("char")) == "character(1)");
  CHECK(format_type(resolve_type_name("integer")) == "integer");
}

TEST_CASE("type categories", "[type_id]") {
  CHECK(is_integer_type(TypeId::kSmallint));
  CHECK_FALSE(is_integer_type(TypeId::kNumeric));
  CHECK(is_numeric_category(TypeId::kNumeric));
  CHECK(is_float_type(TypeId::kReal));
  CHECK(is_character_type(TypeId::kChar));
  CHECK(is_character_type(TypeId::kName));  // typcategory 'S'
  CHECK(is_datetime_type(TypeId::kInterval));
  CHECK_FALSE(is_datetime_type(TypeId::kText));
}
