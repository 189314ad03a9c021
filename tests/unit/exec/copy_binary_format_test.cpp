#include "exec/copy_binary_format.h"

#include <catch2/catch.hpp>

#include "storage/sql_error.h"

using ptreedb::SqlError;
using ptreedb::exec::Chunk;
using ptreedb::exec::CopyBinaryReader;
using ptreedb::exec::CopyField;
using ptreedb::exec::Vector;
using ptreedb::value::SqlType;
using ptreedb::value::TypeId;

namespace {

std::vector<SqlType> types() { return {SqlType::of(TypeId::kInteger), SqlType::of(TypeId::kText)}; }

// Two rows: (7, 'héllo') and (-1, NULL), as COPY TO writes them.
std::string two_rows() {
  Chunk chunk;
  chunk.size = 2;
  Vector ids(SqlType::of(TypeId::kInteger));
  ids.resize(2);
  ids.ints[0] = 7;
  ids.ints[1] = -1;
  Vector notes(SqlType::of(TypeId::kText));
  notes.resize(2);
  notes.texts[0] = "héllo";
  notes.nulls[1] = true;
  chunk.columns = {ids, notes};
  std::string out;
  ptreedb::exec::append_copy_binary_header(out);
  ptreedb::exec::append_copy_binary_row(out, chunk, 0);
  ptreedb::exec::append_copy_binary_row(out, chunk, 1);
  ptreedb::exec::append_copy_binary_trailer(out);
  return out;
}

std::string sqlstate_of(const std::string& data) {
  CopyBinaryReader reader(types());
  reader.feed(data);
  std::string values;
  std::vector<CopyField> fields;
  try {
    while (reader.next_tuple(true, values, fields)) {
    }
  } catch (const SqlError& error) {
    return error.sqlstate();
  }
  return "";
}

}  // namespace

TEST_CASE("COPY TO's binary bytes are PostgreSQL's") {
  std::string expected("PGCOPY\n\377\r\n\0", 11);
  expected += std::string(8, '\0');                                      // flags, extension length
  expected += std::string("\0\2\0\0\0\4\0\0\0\7\0\0\0\6h\xc3\xa9llo", 20);  // (7, 'héllo')
  expected += std::string("\0\2\0\0\0\4\xff\xff\xff\xff\xff\xff\xff\xff", 14);  // (-1, NULL)
  expected += "\xff\xff";
  CHECK(two_rows() == expected);
}

TEST_CASE("the reader takes the stream in any pieces") {
  const std::string data = two_rows();
  CopyBinaryReader reader(types());
  std::string values;
  std::vector<CopyField> fields;
  std::vector<std::string> seen;
  for (char byte : data) {
    reader.feed(std::string_view(&byte, 1));
    while (reader.next_tuple(false, values, fields)) {
      REQUIRE(fields.size() == 2);
      seen.push_back(values.substr(fields[0].offset, fields[0].length));
      seen.push_back(fields[1].is_null ? "NULL" : values.substr(fields[1].offset, fields[1].length));
      CHECK(reader.tuple_number() == seen.size() / 2);
    }
  }
  CHECK_FALSE(reader.finished());
  CHECK_FALSE(reader.next_tuple(true, values, fields));
  CHECK(reader.finished());
  CHECK(seen == std::vector<std::string>{"7", "héllo", "-1", "NULL"});
}

TEST_CASE("bad binary files fail as in PostgreSQL") {
  const std::string good = two_rows();
  CHECK(sqlstate_of(good).empty());
  CHECK(sqlstate_of("PGCOPY") == "22P04");                             // short signature
  CHECK(sqlstate_of("XGCOPY" + good.substr(6)) == "22P04");            // wrong signature
  CHECK(sqlstate_of(good.substr(0, good.size() - 6)) == "22P04");      // truncated field
  CHECK(sqlstate_of(good + "x") == "22P04");                           // data after the trailer
  std::string wrong_count = good;
  wrong_count[20] = 3;
  CHECK(sqlstate_of(wrong_count) == "22P04");
  std::string long_int = good.substr(0, 19) + std::string("\0\2\0\0\0\5\0\0\0\0\7\xff\xff\xff\xff\xff\xff", 17);
  CHECK(sqlstate_of(long_int) == "22P03");
  std::string short_int = good.substr(0, 19) + std::string("\0\2\0\0\0\3\0\0\7\xff\xff\xff\xff\xff\xff", 15);
  CHECK(sqlstate_of(short_int) == "08P01");
}

TEST_CASE("a field error names its column") {
  // An int4 of one byte, then a NULL.
  std::string long_int = two_rows().substr(0, 19) + std::string("\0\2\0\0\0\1\0\xff\xff\xff\xff", 11);
  CopyBinaryReader reader(types());
  reader.feed(long_int);
  std::string values;
  std::vector<CopyField> fields;
  CHECK_THROWS_AS(reader.next_tuple(true, values, fields), SqlError);
  CHECK(reader.error_column() == 0u);
  CHECK(reader.tuple_number() == 1);
}
