#include "server/protocol/frontend_messages.h"

#include <string>

#include <catch2/catch.hpp>

#include "storage/sql_error.h"
#include "tests/unit/server/protocol/protocol_test_support.h"

using namespace ptreedb::server::protocol;
using namespace ptreedb::server::protocol::test;
using ptreedb::SqlError;

namespace {

std::string error_message_of(auto&& body) {
  try {
    body();
  } catch (const SqlError& error) {
    return error.what();
  }
  return "";
}

}  // namespace

// ---------------------------------------------------------------------------
// Startup packets

TEST_CASE("StartupMessage v3.0 with parameters", "[protocol][frontend_messages]") {
  const auto body = startup_body(kProtocolVersion3, {{"user", "alice"},
                                                     {"database", "shop"},
                                                     {"application_name", "psql"},
                                                     {"client_encoding", "UTF8"}});
  const auto packet = decode_startup_packet(body);
  const auto* startup = std::get_if<StartupMessage>(&packet);
  REQUIRE(startup != nullptr);
  CHECK(startup->protocol_version == 196608);
  REQUIRE(startup->parameters.size() == 4);
  CHECK(startup->parameters[2] == std::pair<std::string, std::string>("application_name", "psql"));
  CHECK(startup->user() == "alice");
  CHECK(startup->database() == "shop");
  CHECK(startup->parameter("client_encoding") == std::optional<std::string_view>("UTF8"));
  CHECK_FALSE(startup->parameter("nope").has_value());
  CHECK(startup->protocol_options.empty());
  CHECK_FALSE(startup->needs_protocol_negotiation());
}

TEST_CASE("StartupMessage database defaults to the user; last duplicate wins", "[protocol][frontend_messages]") {
  const auto body = startup_body(kProtocolVersion3, {{"user", "first"}, {"user", "bob"}, {"options", ""}});
  const auto startup = std::get<StartupMessage>(decode_startup_packet(body));
  CHECK(startup.user() == "bob");
  CHECK(startup.database() == "bob");
  CHECK(startup.parameter("options") == std::optional<std::string_view>(""));
}

TEST_CASE("StartupMessage with a newer minor version and _pq_ options", "[protocol][frontend_messages]") {
  const auto body = startup_body(3 << 16 | 2, {{"user", "u"}, {"_pq_.compression", "on"}, {"_pq_.x", "1"}});
  const auto startup = std::get<StartupMessage>(decode_startup_packet(body));
  CHECK(protocol_minor(startup.protocol_version) == 2);
  CHECK(startup.needs_protocol_negotiation());
  CHECK(startup.protocol_options == std::vector<std::string>{"_pq_.compression", "_pq_.x"});
  CHECK(startup.parameters.size() == 1);

  const auto only_options = startup_body(kProtocolVersion3, {{"user", "u"}, {"_pq_.y", ""}});
  CHECK(std::get<StartupMessage>(decode_startup_packet(only_options)).needs_protocol_negotiation());
}

TEST_CASE("StartupMessage with an unsupported major version", "[protocol][frontend_messages]") {
  const auto v2 = startup_body(2 << 16, {{"user", "u"}});
  CHECK(sqlstate_of([&] { decode_startup_packet(v2); }) == "0A000");
  CHECK(error_message_of([&] { decode_startup_packet(v2); }) ==
        "unsupported frontend protocol 2.0: server supports 3.0 to 3.0");
  const auto v4 = startup_body(4 << 16 | 1, {{"user", "u"}});
  CHECK(error_message_of([&] { decode_startup_packet(v4); }) ==
        "unsupported frontend protocol 4.1: server supports 3.0 to 3.0");
  // An unknown request code in the 1234.x family is an unsupported version too.
  const auto future_request = BodyBuilder().int32(1234 << 16 | 5690).str();
  CHECK(sqlstate_of([&] { decode_startup_packet(future_request); }) == "0A000");
}

TEST_CASE("StartupMessage layout errors", "[protocol][frontend_messages]") {
  SECTION("missing final terminator") {
    const auto body = BodyBuilder().int32(kProtocolVersion3).cstring("user").cstring("u").str();
    CHECK(sqlstate_of([&] { decode_startup_packet(body); }) == "08P01");
    CHECK(error_message_of([&] { decode_startup_packet(body); }) ==
          "invalid startup packet layout: expected terminator as last byte");
  }
  SECTION("name without value") {
    const auto body = BodyBuilder().int32(kProtocolVersion3).cstring("user").str();
    CHECK(sqlstate_of([&] { decode_startup_packet(body); }) == "08P01");
  }
  SECTION("unterminated value") {
    const auto body = BodyBuilder().int32(kProtocolVersion3).cstring("user").bytes("u").str();
    CHECK(sqlstate_of([&] { decode_startup_packet(body); }) == "08P01");
  }
  SECTION("bytes after the terminator") {
    const auto body = startup_body(kProtocolVersion3, {{"user", "u"}}) + "x";
    CHECK(sqlstate_of([&] { decode_startup_packet(body); }) == "08P01");
  }
  SECTION("too short for a code") {
    CHECK(sqlstate_of([&] { decode_startup_packet(std::string("\0\3", 2)); }) == "08P01");
    CHECK(sqlstate_of([&] { decode_startup_packet(""); }) == "08P01");
  }
  SECTION("no user") {
    const auto body = startup_body(kProtocolVersion3, {{"database", "d"}});
    CHECK(sqlstate_of([&] { decode_startup_packet(body); }) == "28000");
    const auto empty_user = startup_body(kProtocolVersion3, {{"user", ""}});
    CHECK(sqlstate_of([&] { decode_startup_packet(empty_user); }) == "28000");
    const auto nothing = startup_body(kProtocolVersion3, {});
    CHECK(sqlstate_of([&] { decode_startup_packet(nothing); }) == "28000");
  }
}

TEST_CASE("SSLRequest, GSSENCRequest and CancelRequest", "[protocol][frontend_messages]") {
  CHECK(std::holds_alternative<SslRequest>(decode_startup_packet(BodyBuilder().int32(80877103).str())));
  CHECK(std::holds_alternative<GssEncRequest>(decode_startup_packet(BodyBuilder().int32(80877104).str())));
  const auto cancel = decode_startup_packet(BodyBuilder().int32(80877102).int32(4242).int32(-7).str());
  REQUIRE(std::holds_alternative<CancelRequest>(cancel));
  CHECK(std::get<CancelRequest>(cancel).process_id == 4242);
  CHECK(std::get<CancelRequest>(cancel).secret_key == -7);

  CHECK(sqlstate_of([] { decode_startup_packet(BodyBuilder().int32(80877103).int8(0).str()); }) == "08P01");
  CHECK(sqlstate_of([] { decode_startup_packet(BodyBuilder().int32(80877104).int32(0).str()); }) == "08P01");
  CHECK(sqlstate_of([] { decode_startup_packet(BodyBuilder().int32(80877102).int32(1).str()); }) == "08P01");
  CHECK(sqlstate_of([] {
          decode_startup_packet(BodyBuilder().int32(80877102).int32(1).int32(2).int8(0).str());
        }) == "08P01");
}

// ---------------------------------------------------------------------------
// Typed messages

TEST_CASE("Query", "[protocol][frontend_messages]") {
  const auto query = decode_query(BodyBuilder().cstring("select 1;").str());
  CHECK(query.sql == "select 1;");
  CHECK(decode_query(std::string(1, '\0')).sql.empty());
  CHECK(sqlstate_of([] { decode_query("select 1"); }) == "08P01");  // no NUL
  CHECK(sqlstate_of([] { decode_query(std::string("a\0b", 3)); }) == "08P01");
  CHECK(sqlstate_of([] { decode_query(std::string("a\0b\0", 4)); }) == "08P01");
}

TEST_CASE("Parse", "[protocol][frontend_messages]") {
  const auto parse = decode_parse(parse_body("s1", "select $1, $2", {23, 0xFFFFFFFFu}));
  CHECK(parse.statement_name == "s1");
  CHECK(parse.sql == "select $1, $2");
  CHECK(parse.parameter_type_oids == std::vector<std::uint32_t>{23, 0xFFFFFFFFu});

  const auto unnamed = decode_parse(parse_body("", "select 1", {}));
  CHECK(unnamed.statement_name.empty());
  CHECK(unnamed.parameter_type_oids.empty());

  SECTION("counts are unsigned 16-bit: 65535 parameter types") {
    std::vector<std::uint32_t> oids(65535, 25);
    const auto many = decode_parse(parse_body("", "x", oids));
    CHECK(many.parameter_type_oids.size() == 65535);
  }
  SECTION("a count larger than the body") {
    const auto body = BodyBuilder().cstring("").cstring("q").int16(1000).int32(23).str();
    CHECK(sqlstate_of([&] { decode_parse(body); }) == "08P01");
  }
  SECTION("trailing bytes") {
    CHECK(sqlstate_of([] { decode_parse(parse_body("", "q", {}) + "z"); }) == "08P01");
  }
}

TEST_CASE("Bind with the 0/1/n format rule", "[protocol][frontend_messages]") {
  SECTION("no format codes: all text") {
    const auto bind = decode_bind(bind_body({"p", "s", {}, {"1", std::nullopt, ""}, {}}));
    CHECK(bind.portal_name == "p");
    CHECK(bind.statement_name == "s");
    REQUIRE(bind.parameters.size() == 3);
    CHECK(bind.parameters[0] == std::optional<std::string>("1"));
    CHECK_FALSE(bind.parameters[1].has_value());
    CHECK(bind.parameters[2] == std::optional<std::string>(""));
    for (std::size_t i = 0; i < 3; ++i) CHECK(bind.parameter_format(i) == FormatCode::kText);
    CHECK_NOTHROW(bind.check_result_format_count(7));
    CHECK(bind.result_format(5) == FormatCode::kText);
  }
  SECTION("one format code applies to all") {
    const auto bind = decode_bind(bind_body({"", "", {1}, {std::string("\0\0\0\1", 4), "x"}, {1}}));
    CHECK(bind.parameter_format(0) == FormatCode::kBinary);
    CHECK(bind.parameter_format(1) == FormatCode::kBinary);
    CHECK(bind.parameters[0]->size() == 4);
    CHECK_NOTHROW(bind.check_result_format_count(3));
    CHECK(bind.result_format(2) == FormatCode::kBinary);
  }
  SECTION("one format code per parameter and column") {
    const auto bind = decode_bind(bind_body({"", "", {0, 1}, {"a", "b"}, {1, 0, 1}}));
    CHECK(bind.parameter_format(0) == FormatCode::kText);
    CHECK(bind.parameter_format(1) == FormatCode::kBinary);
    CHECK_NOTHROW(bind.check_result_format_count(3));
    CHECK(sqlstate_of([&] { bind.check_result_format_count(2); }) == "08P01");
    CHECK(bind.result_format(1) == FormatCode::kText);
  }
  SECTION("parameter format count mismatch") {
    const auto body = bind_body({"", "", {0, 1}, {"a", "b", "c"}, {}});
    CHECK(sqlstate_of([&] { decode_bind(body); }) == "08P01");
    CHECK(error_message_of([&] { decode_bind(body); }) == "bind message has 2 parameter formats but 3 parameters");
  }
  SECTION("unsupported format codes") {
    CHECK(sqlstate_of([] { decode_bind(bind_body({"", "", {2}, {"a"}, {}})); }) == "22023");
    CHECK(sqlstate_of([] { decode_bind(bind_body({"", "", {}, {}, {-1}})); }) == "22023");
  }
  SECTION("a negative length other than -1") {
    const auto body = BodyBuilder().cstring("").cstring("").int16(0).int16(1).int32(-2).int16(0).str();
    CHECK(sqlstate_of([&] { decode_bind(body); }) == "08P01");
  }
  SECTION("a parameter longer than the message") {
    const auto body = BodyBuilder().cstring("").cstring("").int16(0).int16(1).int32(100).bytes("abc").str();
    CHECK(sqlstate_of([&] { decode_bind(body); }) == "08P01");
  }
  SECTION("missing result format count") {
    const auto body = BodyBuilder().cstring("").cstring("").int16(0).int16(0).str();
    CHECK(sqlstate_of([&] { decode_bind(body); }) == "08P01");
  }
  SECTION("binary parameter bytes keep embedded NULs") {
    const std::string binary("\0\xff\0", 3);
    const auto bind = decode_bind(bind_body({"", "", {1}, {binary}, {}}));
    CHECK(bind.parameters[0] == std::optional<std::string>(binary));
  }
}

TEST_CASE("Describe and Close", "[protocol][frontend_messages]") {
  const auto d1 = decode_describe(BodyBuilder().int8('S').cstring("stmt").str());
  CHECK(d1.target == DescribeTarget::kStatement);
  CHECK(d1.name == "stmt");
  const auto d2 = decode_describe(BodyBuilder().int8('P').cstring("").str());
  CHECK(d2.target == DescribeTarget::kPortal);
  CHECK(d2.name.empty());
  const auto c1 = decode_close(BodyBuilder().int8('P').cstring("cur").str());
  CHECK(c1.target == DescribeTarget::kPortal);
  CHECK(c1.name == "cur");

  CHECK(sqlstate_of([] { decode_describe(BodyBuilder().int8('X').cstring("").str()); }) == "08P01");
  CHECK(error_message_of([] { decode_describe(BodyBuilder().int8('X').cstring("").str()); }) ==
        "invalid DESCRIBE message subtype 88");
  CHECK(error_message_of([] { decode_close(BodyBuilder().int8('x').cstring("").str()); }) ==
        "invalid CLOSE message subtype 120");
  CHECK(sqlstate_of([] { decode_describe(""); }) == "08P01");
  CHECK(sqlstate_of([] { decode_close("S"); }) == "08P01");
  CHECK(sqlstate_of([] { decode_close(BodyBuilder().int8('S').cstring("").int8(0).str()); }) == "08P01");
}

TEST_CASE("Execute", "[protocol][frontend_messages]") {
  const auto execute = decode_execute(BodyBuilder().cstring("portal").int32(100).str());
  CHECK(execute.portal_name == "portal");
  CHECK(execute.max_rows == 100);
  CHECK(decode_execute(BodyBuilder().cstring("").int32(0).str()).max_rows == 0);
  CHECK(sqlstate_of([] { decode_execute(BodyBuilder().cstring("").int16(0).str()); }) == "08P01");
}

TEST_CASE("Messages without a body", "[protocol][frontend_messages]") {
  CHECK_NOTHROW(decode_sync(""));
  CHECK_NOTHROW(decode_flush(""));
  CHECK_NOTHROW(decode_terminate(""));
  CHECK_NOTHROW(decode_copy_done(""));
  CHECK(sqlstate_of([] { decode_sync("x"); }) == "08P01");
  CHECK(sqlstate_of([] { decode_flush("x"); }) == "08P01");
  CHECK(sqlstate_of([] { decode_terminate("x"); }) == "08P01");
  CHECK(sqlstate_of([] { decode_copy_done("x"); }) == "08P01");
}

TEST_CASE("COPY messages", "[protocol][frontend_messages]") {
  const std::string data("1\t\\N\n\0binary", 12);
  CHECK(decode_copy_data(data).data == data);
  CHECK(decode_copy_data("").data.empty());
  CHECK(decode_copy_fail(BodyBuilder().cstring("aborted by user").str()).message == "aborted by user");
  CHECK(sqlstate_of([] { decode_copy_fail("no nul"); }) == "08P01");
}

TEST_CASE("Password and SASL messages", "[protocol][frontend_messages]") {
  SECTION("PasswordMessage") {
    const AuthenticationResponse message{BodyBuilder().cstring("secret").str()};
    CHECK(decode_password_message(message).password == "secret");
    CHECK(sqlstate_of([] { decode_password_message({"secret"}); }) == "08P01");
    CHECK(error_message_of([] { decode_password_message({std::string("a\0b", 3)}); }) ==
          "invalid password packet size");
  }
  SECTION("SASLInitialResponse with data") {
    const AuthenticationResponse message{
        BodyBuilder().cstring("SCRAM-SHA-256").int32(8).bytes("n,,n=,r=").str()};
    const auto response = decode_sasl_initial_response(message);
    CHECK(response.mechanism == "SCRAM-SHA-256");
    CHECK(response.initial_response == std::optional<std::string>("n,,n=,r="));
  }
  SECTION("SASLInitialResponse without data") {
    const AuthenticationResponse message{BodyBuilder().cstring("SCRAM-SHA-256").int32(-1).str()};
    CHECK_FALSE(decode_sasl_initial_response(message).initial_response.has_value());
  }
  SECTION("SASLInitialResponse malformed") {
    CHECK(sqlstate_of([] { decode_sasl_initial_response({BodyBuilder().cstring("M").str()}); }) == "08P01");
    CHECK(sqlstate_of([] {
            decode_sasl_initial_response({BodyBuilder().cstring("M").int32(5).bytes("abc").str()});
          }) == "08P01");
    CHECK(sqlstate_of([] {
            decode_sasl_initial_response({BodyBuilder().cstring("M").int32(1).bytes("ab").str()});
          }) == "08P01");
  }
  SECTION("SASLResponse keeps the raw bytes") {
    const std::string raw("c=biws,r=\0xyz", 13);
    CHECK(decode_sasl_response({raw}).data == raw);
  }
}

TEST_CASE("FunctionCall decodes so it can be rejected cleanly", "[protocol][frontend_messages]") {
  const auto body = BodyBuilder()
                        .int32(1598)
                        .int16(1)
                        .int16(1)
                        .int16(2)
                        .nullable(std::string("\0\0\0\5", 4))
                        .nullable(std::nullopt)
                        .int16(1)
                        .str();
  const auto call = decode_function_call(body);
  CHECK(call.function_oid == 1598);
  CHECK(call.argument_formats == std::vector<std::int16_t>{1});
  REQUIRE(call.arguments.size() == 2);
  CHECK_FALSE(call.arguments[1].has_value());
  CHECK(call.result_format == 1);

  const auto mismatch = BodyBuilder().int32(1).int16(2).int16(0).int16(0).int16(1).nullable("x").int16(0).str();
  CHECK(sqlstate_of([&] { decode_function_call(mismatch); }) == "08P01");
  CHECK(sqlstate_of([] { decode_function_call(BodyBuilder().int32(1).int16(0).int16(0).str()); }) == "08P01");
}

TEST_CASE("decode_frontend_message dispatches on the type byte", "[protocol][frontend_messages]") {
  CHECK(std::holds_alternative<Query>(decode_frontend_message('Q', BodyBuilder().cstring("x").str())));
  CHECK(std::holds_alternative<Parse>(decode_frontend_message('P', parse_body("", "x", {}))));
  CHECK(std::holds_alternative<Bind>(decode_frontend_message('B', bind_body({}))));
  CHECK(std::holds_alternative<Describe>(decode_frontend_message('D', BodyBuilder().int8('S').cstring("").str())));
  CHECK(std::holds_alternative<Execute>(decode_frontend_message('E', BodyBuilder().cstring("").int32(0).str())));
  CHECK(std::holds_alternative<Sync>(decode_frontend_message('S', "")));
  CHECK(std::holds_alternative<Flush>(decode_frontend_message('H', "")));
  CHECK(std::holds_alternative<Close>(decode_frontend_message('C', BodyBuilder().int8('P').cstring("").str())));
  CHECK(std::holds_alternative<Terminate>(decode_frontend_message('X', "")));
  CHECK(std::holds_alternative<CopyData>(decode_frontend_message('d', "abc")));
  CHECK(std::holds_alternative<CopyDone>(decode_frontend_message('c', "")));
  CHECK(std::holds_alternative<CopyFail>(decode_frontend_message('f', BodyBuilder().cstring("e").str())));
  const auto auth = decode_frontend_message('p', "raw");
  REQUIRE(std::holds_alternative<AuthenticationResponse>(auth));
  CHECK(std::get<AuthenticationResponse>(auth).body == "raw");
  CHECK(std::holds_alternative<FunctionCall>(
      decode_frontend_message('F', BodyBuilder().int32(1).int16(0).int16(0).int16(0).str())));

  CHECK(sqlstate_of([] { decode_frontend_message('z', ""); }) == "08P01");
  CHECK(error_message_of([] { decode_frontend_message('\x80', ""); }) == "invalid frontend message type 128");
}

TEST_CASE("Message type classification", "[protocol][frontend_messages]") {
  for (char type : std::string("BCdcfDEHFPpQSX")) CHECK(is_frontend_message_type(type));
  for (char type : std::string("ZTRKIN1234\0", 11)) CHECK_FALSE(is_frontend_message_type(type));
  for (char type : std::string("BdFPpQ")) CHECK(frontend_message_may_be_large(type));
  for (char type : std::string("CcfDEHSX")) CHECK_FALSE(frontend_message_may_be_large(type));
}
