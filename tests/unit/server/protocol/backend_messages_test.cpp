#include "server/protocol/backend_messages.h"

#include <array>
#include <charconv>
#include <climits>
#include <map>
#include <cstdlib>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "server/protocol/byte_reader.h"
#include "storage/sql_error.h"
#include "tests/unit/server/protocol/protocol_test_support.h"

using namespace ptreedb::server::protocol;
using namespace ptreedb::server::protocol::test;
using ptreedb::SqlError;

// Counts heap allocations while enabled, to prove the row encoder allocates
// nothing per row once its buffer has grown.
namespace {
bool counting_allocations = false;
std::size_t allocation_count = 0;
}  // namespace

// Every non-aligned form is replaced, so that no block is allocated by one
// allocator and freed by another (ASan checks that).
void* operator new(std::size_t size) {
  if (counting_allocations) ++allocation_count;
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) { return operator new(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  if (counting_allocations) ++allocation_count;
  return std::malloc(size == 0 ? 1 : size);
}
void* operator new[](std::size_t size, const std::nothrow_t& tag) noexcept { return operator new(size, tag); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }

namespace {

std::string bytes_of(std::string_view text) { return std::string(text); }

// Reads an ErrorResponse/NoticeResponse body into code -> value.
std::map<char, std::string> error_fields(const std::string& body) {
  std::map<char, std::string> fields;
  ByteReader reader(body);
  while (true) {
    const char code = reader.read_char();
    if (code == '\0') break;
    fields[code] = std::string(reader.read_cstring());
  }
  CHECK(reader.at_end());
  return fields;
}

}  // namespace

// ---------------------------------------------------------------------------
// Exact byte layouts

TEST_CASE("ReadyForQuery bytes", "[protocol][backend_messages]") {
  std::string out;
  encode_ready_for_query(out, TransactionStatus::kIdle);
  CHECK(out == bytes_of(std::string_view("Z\0\0\0\x05I", 6)));
  out.clear();
  encode_ready_for_query(out, TransactionStatus::kInTransaction);
  encode_ready_for_query(out, TransactionStatus::kFailed);
  CHECK(out == bytes_of(std::string_view("Z\0\0\0\x05TZ\0\0\0\x05" "E", 12)));
}

TEST_CASE("Authentication bytes", "[protocol][backend_messages]") {
  std::string out;
  encode_authentication_ok(out);
  CHECK(out == std::string("R\0\0\0\x08\0\0\0\0", 9));
  out.clear();
  encode_authentication_cleartext_password(out);
  CHECK(out == std::string("R\0\0\0\x08\0\0\0\x03", 9));
  out.clear();
  const std::array<std::uint8_t, 4> salt{1, 2, 0xFE, 0};
  encode_authentication_md5_password(out, salt);
  CHECK(out == std::string("R\0\0\0\x0c\0\0\0\x05\x01\x02\xfe\0", 13));
  out.clear();
  const std::array<std::string_view, 1> mechanisms{"SCRAM-SHA-256"};
  encode_authentication_sasl(out, mechanisms);
  CHECK(out == std::string("R\0\0\0\x17\0\0\0\x0aSCRAM-SHA-256\0\0", 24));
  out.clear();
  encode_authentication_sasl_continue(out, "r=abc");
  CHECK(out == std::string("R\0\0\0\x0d\0\0\0\x0br=abc", 14));
  out.clear();
  encode_authentication_sasl_final(out, "v=xyz");
  CHECK(out == std::string("R\0\0\0\x0d\0\0\0\x0cv=xyz", 14));
}

TEST_CASE("Startup message bytes", "[protocol][backend_messages]") {
  std::string out;
  encode_parameter_status(out, "server_version", "15.0");
  CHECK(out == std::string("S\0\0\0\x18server_version\0" "15.0\0", 25));
  out.clear();
  encode_backend_key_data(out, 1234, 5678);
  CHECK(out == std::string("K\0\0\0\x0c\0\0\x04\xd2\0\0\x16\x2e", 13));
  out.clear();
  const std::vector<std::string> options{"_pq_.a"};
  encode_negotiate_protocol_version(out, 0, options);
  CHECK(out == std::string("v\0\0\0\x13\0\0\0\0\0\0\0\x01_pq_.a\0", 20));
}

TEST_CASE("Query result bytes for select 1", "[protocol][backend_messages]") {
  std::string out;
  const std::array<FieldDescription, 1> fields{FieldDescription{"?column?", 0, 0, 23, 4, -1, FormatCode::kText}};
  encode_row_description(out, fields);
  CHECK(out == std::string("T\0\0\0\x21\0\x01?column?\0\0\0\0\0\0\0\0\0\0\x17\0\x04\xff\xff\xff\xff\0\0", 34));

  out.clear();
  RowEncoder rows(out);
  rows.begin_data_row(1);
  rows.add_field("1");
  rows.end_data_row();
  rows.begin_data_row(1);
  rows.add_null();
  rows.end_data_row();
  CHECK(out == std::string("D\0\0\0\x0b\0\x01\0\0\0\x01" "1" "D\0\0\0\x0a\0\x01\xff\xff\xff\xff", 23));

  out.clear();
  encode_command_complete(out, "SELECT 1");
  CHECK(out == std::string("C\0\0\0\x0dSELECT 1\0", 14));
}

TEST_CASE("Empty messages are a type byte and length 4", "[protocol][backend_messages]") {
  std::string out;
  encode_parse_complete(out);
  encode_bind_complete(out);
  encode_close_complete(out);
  encode_no_data(out);
  encode_portal_suspended(out);
  encode_empty_query_response(out);
  encode_copy_done(out);
  CHECK(out == std::string("1\0\0\0\x04" "2\0\0\0\x04" "3\0\0\0\x04n\0\0\0\x04s\0\0\0\x04I\0\0\0\x04" "c\0\0\0\x04", 35));
}

TEST_CASE("ErrorResponse bytes", "[protocol][backend_messages]") {
  std::string out;
  encode_error_response(out, SqlError("42601", "syntax error at or near \"x\"", {}, {}, 8));
  constexpr char kBody[] = "SERROR\0VERROR\0C42601\0Msyntax error at or near \"x\"\0P8\0";  // + implicit final NUL
  const std::string body(kBody, sizeof kBody);
  CHECK(out == "E" + big_endian32(static_cast<std::uint32_t>(body.size() + 4)) + body);
}

// ---------------------------------------------------------------------------
// Round trips

TEST_CASE("ErrorResponse and NoticeResponse fields round trip", "[protocol][backend_messages]") {
  std::string out;
  encode_error_response(out, SqlError("22012", "division by zero", "some detail", "some hint", 0),
                        Severity::kFatal);
  encode_notice_response(out, ErrorFields{Severity::kWarning, "01000", "careful", "", "try again", 3, "COPY t, line 2"});
  encode_notice_response(out, SqlError("00000", "hello"));
  const auto messages = split_backend_messages(out);
  REQUIRE(messages.size() == 3);

  CHECK(messages[0].type == 'E');
  auto fields = error_fields(messages[0].body);
  CHECK(fields == std::map<char, std::string>{{'S', "FATAL"},
                                              {'V', "FATAL"},
                                              {'C', "22012"},
                                              {'M', "division by zero"},
                                              {'D', "some detail"},
                                              {'H', "some hint"}});
  CHECK(messages[1].type == 'N');
  fields = error_fields(messages[1].body);
  CHECK(fields == std::map<char, std::string>{
                      {'S', "WARNING"}, {'V', "WARNING"}, {'C', "01000"}, {'M', "careful"}, {'H', "try again"}, {'P', "3"},
                      {'W', "COPY t, line 2"}});
  CHECK(error_fields(messages[2].body)['S'] == "NOTICE");
}

TEST_CASE("Every severity has its PostgreSQL name", "[protocol][backend_messages]") {
  CHECK(severity_name(Severity::kError) == "ERROR");
  CHECK(severity_name(Severity::kFatal) == "FATAL");
  CHECK(severity_name(Severity::kPanic) == "PANIC");
  CHECK(severity_name(Severity::kWarning) == "WARNING");
  CHECK(severity_name(Severity::kNotice) == "NOTICE");
  CHECK(severity_name(Severity::kDebug) == "DEBUG");
  CHECK(severity_name(Severity::kInfo) == "INFO");
  CHECK(severity_name(Severity::kLog) == "LOG");
}

TEST_CASE("RowDescription round trip", "[protocol][backend_messages]") {
  std::string out;
  const std::vector<FieldDescription> fields{
      {"id", 16384, 1, 20, 8, -1, FormatCode::kBinary},
      {"name", 16384, 2, 1043, -1, 68, FormatCode::kText},
      {"", 0, 0, 25, -1, -1, FormatCode::kText},
  };
  encode_row_description(out, fields);
  const auto message = single_backend_message(out);
  CHECK(message.type == 'T');
  ByteReader reader(message.body);
  REQUIRE(reader.read_int16() == 3);
  for (const auto& field : fields) {
    CHECK(reader.read_cstring() == field.name);
    CHECK(reader.read_uint32() == field.table_oid);
    CHECK(reader.read_int16() == field.column_attribute);
    CHECK(reader.read_uint32() == field.type_oid);
    CHECK(reader.read_int16() == field.type_size);
    CHECK(reader.read_int32() == field.type_modifier);
    CHECK(reader.read_int16() == static_cast<std::int16_t>(field.format));
  }
  CHECK(reader.at_end());
}

TEST_CASE("RowEncoder builder API for RowDescription", "[protocol][backend_messages]") {
  std::string built;
  RowEncoder encoder(built);
  encoder.begin_row_description(2);
  encoder.add_field_description({"a", 0, 0, 23, 4, -1, FormatCode::kText});
  encoder.add_field_description({"b", 0, 0, 25, -1, -1, FormatCode::kText});
  encoder.end_row_description();

  std::string direct;
  const std::vector<FieldDescription> fields{{"a", 0, 0, 23, 4, -1, FormatCode::kText},
                                             {"b", 0, 0, 25, -1, -1, FormatCode::kText}};
  encode_row_description(direct, fields);
  CHECK(built == direct);
}

TEST_CASE("DataRow round trip with nulls, empty and binary values", "[protocol][backend_messages]") {
  std::string out;
  RowEncoder rows(out);
  const std::vector<std::optional<std::string>> values{"42", std::nullopt, "", std::string("\0\x01\xff", 3)};
  rows.begin_data_row(values.size());
  for (const auto& value : values) {
    if (value) {
      rows.add_field(*value);
    } else {
      rows.add_null();
    }
  }
  rows.end_data_row();
  rows.begin_data_row(0);
  rows.end_data_row();

  const auto messages = split_backend_messages(out);
  REQUIRE(messages.size() == 2);
  CHECK(messages[0].type == 'D');
  ByteReader reader(messages[0].body);
  REQUIRE(reader.read_int16() == 4);
  for (const auto& value : values) {
    const auto field = reader.read_nullable_bytes();
    CHECK(field.has_value() == value.has_value());
    if (field && value) CHECK(*field == *value);
  }
  CHECK(reader.at_end());
  CHECK(messages[1].body == std::string("\0\0", 2));
}

TEST_CASE("RowEncoder formats straight into the buffer", "[protocol][backend_messages]") {
  std::string out;
  RowEncoder rows(out);
  rows.begin_data_row(2);
  rows.begin_field();
  char digits[16];
  const auto result = std::to_chars(digits, digits + sizeof digits, -12345);
  rows.buffer().append(digits, result.ptr);
  rows.end_field();
  rows.begin_field();
  rows.end_field();  // an empty, non-NULL field
  rows.end_data_row();
  const auto message = single_backend_message(out);
  ByteReader reader(message.body);
  CHECK(reader.read_int16() == 2);
  CHECK(reader.read_nullable_bytes() == std::optional<std::string_view>("-12345"));
  CHECK(reader.read_nullable_bytes() == std::optional<std::string_view>(""));
}

TEST_CASE("RowEncoder does not allocate per row", "[protocol][backend_messages]") {
  std::string out;
  out.reserve(1 << 16);
  RowEncoder rows(out);
  char digits[16];
  counting_allocations = true;
  allocation_count = 0;
  for (int row = 0; row < 1000; ++row) {
    rows.begin_data_row(3);
    rows.begin_field();
    const auto result = std::to_chars(digits, digits + sizeof digits, row);
    rows.buffer().append(digits, result.ptr);
    rows.end_field();
    rows.add_field("some text");
    rows.add_null();
    rows.end_data_row();
  }
  counting_allocations = false;
  CHECK(allocation_count == 0);
  CHECK(split_backend_messages(out).size() == 1000);
}

TEST_CASE("RowEncoder misuse is caught", "[protocol][backend_messages]") {
  std::string out;
  RowEncoder rows(out);
  CHECK_THROWS_AS(rows.add_field("x"), std::logic_error);
  CHECK_THROWS_AS(rows.end_data_row(), std::logic_error);
  rows.begin_data_row(1);
  CHECK_THROWS_AS(rows.end_data_row(), std::logic_error);  // too few fields
  CHECK_THROWS_AS(rows.begin_data_row(1), std::logic_error);  // nested
  CHECK_THROWS_AS(rows.add_field_description({}), std::logic_error);
  rows.add_field("x");
  CHECK_THROWS_AS(rows.add_null(), std::logic_error);  // too many fields
  CHECK_THROWS_AS(rows.end_row_description(), std::logic_error);
  rows.end_data_row();
  CHECK(split_backend_messages(out).size() == 1);
}

TEST_CASE("RowEncoder discards a row abandoned midway", "[protocol][backend_messages]") {
  std::string out;
  encode_command_complete(out, "BEGIN");
  const std::string before = out;
  RowEncoder rows(out);
  rows.begin_data_row(3);
  rows.add_field("a");
  rows.begin_field();
  rows.buffer().append("partial");
  rows.discard_partial_message();
  CHECK(out == before);
  rows.begin_data_row(1);
  rows.add_null();
  rows.end_data_row();
  CHECK(split_backend_messages(out).size() == 2);
}

TEST_CASE("Counts beyond 16 bits are refused without leaving bytes behind", "[protocol][backend_messages]") {
  std::string out;
  encode_ready_for_query(out, TransactionStatus::kIdle);
  const std::string before = out;
  std::vector<std::uint32_t> oids(65536, 23);
  CHECK(sqlstate_of([&] { encode_parameter_description(out, oids); }) == "54000");
  CHECK(out == before);
  RowEncoder rows(out);
  CHECK(sqlstate_of([&] { rows.begin_data_row(70000); }) == "54000");
  CHECK(out == before);
  std::vector<FormatCode> formats(65536, FormatCode::kText);
  CHECK(sqlstate_of([&] { encode_copy_in_response(out, FormatCode::kText, formats); }) == "54000");
  CHECK(out == before);

  oids.resize(65535);
  encode_parameter_description(out, oids);
  const auto messages = split_backend_messages(out);
  ByteReader reader(messages[1].body);
  CHECK(reader.read_uint16() == 65535);
}

TEST_CASE("MessageWriter cuts strings at an embedded NUL and rolls back on unwinding", "[protocol][backend_messages]") {
  std::string out;
  encode_command_complete(out, std::string_view("INSERT 0 1\0garbage", 18));
  CHECK(out == std::string("C\0\0\0\x0fINSERT 0 1\0", 16));

  out.clear();
  try {
    MessageWriter writer(out, 'C');
    writer.put_cstring("half");
    throw std::runtime_error("encoding failed");
  } catch (const std::runtime_error&) {
  }
  CHECK(out.empty());
}

TEST_CASE("ParameterDescription round trip", "[protocol][backend_messages]") {
  std::string out;
  const std::vector<std::uint32_t> oids{23, 25, 0xFFFFFFFFu};
  encode_parameter_description(out, oids);
  const auto message = single_backend_message(out);
  CHECK(message.type == 't');
  ByteReader reader(message.body);
  REQUIRE(reader.read_int16() == 3);
  for (auto oid : oids) CHECK(reader.read_uint32() == oid);
  CHECK(reader.at_end());
}

TEST_CASE("COPY responses round trip", "[protocol][backend_messages]") {
  const std::vector<FormatCode> formats{FormatCode::kBinary, FormatCode::kBinary};
  std::string out;
  encode_copy_in_response(out, FormatCode::kText, std::vector<FormatCode>(3, FormatCode::kText));
  encode_copy_out_response(out, FormatCode::kBinary, formats);
  encode_copy_both_response(out, FormatCode::kText, {});
  encode_copy_data(out, std::string("1\t2\n\0", 5));
  encode_copy_done(out);
  const auto messages = split_backend_messages(out);
  REQUIRE(messages.size() == 5);
  CHECK(messages[0].type == 'G');
  CHECK(messages[0].body == std::string("\0\0\x03\0\0\0\0\0\0", 9));
  CHECK(messages[1].type == 'H');
  CHECK(messages[1].body == std::string("\x01\0\x02\0\x01\0\x01", 7));
  CHECK(messages[2].type == 'W');
  CHECK(messages[2].body == std::string("\0\0\0", 3));
  CHECK(messages[3].type == 'd');
  CHECK(messages[3].body == std::string("1\t2\n\0", 5));
  CHECK(messages[4].type == 'c');
  CHECK(messages[4].body.empty());
}

TEST_CASE("Authentication and startup messages round trip", "[protocol][backend_messages]") {
  std::string out;
  const std::array<std::string_view, 2> mechanisms{"SCRAM-SHA-256-PLUS", "SCRAM-SHA-256"};
  encode_authentication_sasl(out, mechanisms);
  encode_parameter_status(out, "DateStyle", "ISO, MDY");
  encode_backend_key_data(out, -1, INT32_MIN);
  const std::vector<std::string> options{"_pq_.one", "_pq_.two"};
  encode_negotiate_protocol_version(out, 0, options);
  const auto messages = split_backend_messages(out);
  REQUIRE(messages.size() == 4);

  ByteReader sasl(messages[0].body);
  CHECK(sasl.read_int32() == 10);
  CHECK(sasl.read_cstring() == "SCRAM-SHA-256-PLUS");
  CHECK(sasl.read_cstring() == "SCRAM-SHA-256");
  CHECK(sasl.read_cstring().empty());
  CHECK(sasl.at_end());

  ByteReader status(messages[1].body);
  CHECK(status.read_cstring() == "DateStyle");
  CHECK(status.read_cstring() == "ISO, MDY");

  ByteReader key(messages[2].body);
  CHECK(key.read_int32() == -1);
  CHECK(key.read_int32() == INT32_MIN);

  ByteReader negotiate(messages[3].body);
  CHECK(negotiate.read_int32() == 0);
  CHECK(negotiate.read_int32() == 2);
  CHECK(negotiate.read_cstring() == "_pq_.one");
  CHECK(negotiate.read_cstring() == "_pq_.two");
  CHECK(negotiate.at_end());
}

TEST_CASE("Messages append after existing bytes", "[protocol][backend_messages]") {
  std::string out = "prefix";
  encode_authentication_ok(out);
  encode_ready_for_query(out, TransactionStatus::kIdle);
  CHECK(out.substr(0, 6) == "prefix");
  CHECK(split_backend_messages(std::string_view(out).substr(6)).size() == 2);
}

TEST_CASE("patch_int32 writes big-endian and checks bounds", "[protocol][backend_messages]") {
  std::string out(6, '\0');
  patch_int32(out, 2, 0x01020304);
  CHECK(out == std::string("\0\0\x01\x02\x03\x04", 6));
  CHECK_THROWS_AS(patch_int32(out, 3, 0), std::out_of_range);
}
