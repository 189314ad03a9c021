#include "exec/copy_text_format.h"

#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

#include "storage/sql_error.h"

using ptreedb::SqlError;
using ptreedb::exec::append_copy_csv_value;
using ptreedb::exec::append_copy_header;
using ptreedb::exec::append_copy_row;
using ptreedb::exec::append_copy_text_value;
using ptreedb::exec::Chunk;
using ptreedb::exec::CopyField;
using ptreedb::exec::CopyLineReader;
using ptreedb::exec::limit_copy_printout;
using ptreedb::exec::split_copy_record;
using ptreedb::exec::Vector;
using ptreedb::planner::CopyOptions;
using ptreedb::value::SqlType;
using ptreedb::value::TypeId;

namespace {

CopyOptions text_options() { return CopyOptions{}; }

CopyOptions csv_options() {
  CopyOptions options;
  options.csv = true;
  options.delimiter = ',';
  options.null_string = "";
  return options;
}

// Every record of `input`, fed in pieces of `piece` bytes; "<end>" marks where
// the reader stopped at an end marker.
std::vector<std::string> records(const std::string& input, const CopyOptions& options, std::size_t piece = 0) {
  CopyLineReader reader(options);
  std::vector<std::string> out;
  if (piece == 0) piece = input.size() + 1;
  for (std::size_t at = 0; at < input.size(); at += piece) {
    reader.feed(std::string_view(input).substr(at, piece));
    while (auto line = reader.next_line(false)) out.emplace_back(*line);
  }
  while (auto line = reader.next_line(true)) out.emplace_back(*line);
  return out;
}

// The SQLSTATE and message a reader throws for `input`, with the line number.
std::string reader_error(const std::string& input, const CopyOptions& options) {
  CopyLineReader reader(options);
  try {
    reader.feed(input);
    while (reader.next_line(true)) {
    }
  } catch (const SqlError& error) {
    return error.sqlstate() + " " + error.what() + " @" + std::to_string(reader.line_number());
  }
  return "no error";
}

// Fields of one record; NULL shown as nullopt.
std::vector<std::optional<std::string>> fields(const std::string& record, const CopyOptions& options) {
  std::string values = "prefix";  // fields append after what is there
  std::vector<CopyField> split;
  split_copy_record(record, options, values, split);
  std::vector<std::optional<std::string>> out;
  for (const auto& field : split) {
    if (field.is_null) {
      out.emplace_back(std::nullopt);
    } else {
      out.emplace_back(values.substr(field.offset, field.length));
    }
  }
  return out;
}

std::string field_error(const std::string& record, const CopyOptions& options) {
  std::string values;
  std::vector<CopyField> split;
  try {
    split_copy_record(record, options, values, split);
  } catch (const SqlError& error) {
    return error.sqlstate() + " " + error.what();
  }
  return "no error";
}

using Fields = std::vector<std::optional<std::string>>;

std::string text_value(std::string_view value, char delimiter = '\t') {
  std::string out;
  append_copy_text_value(out, value, delimiter);
  return out;
}

std::string csv_value(std::string_view value, const CopyOptions& options, bool force = false, bool single = false) {
  std::string out;
  append_copy_csv_value(out, value, options, force, single);
  return out;
}

}  // namespace

TEST_CASE("records end at newlines in every style, whatever the pieces", "[exec][copy]") {
  for (std::size_t piece : {0, 1, 2, 3, 7}) {
    INFO("piece " << piece);
    CHECK(records("a\tb\nc\td\n", text_options(), piece) == std::vector<std::string>{"a\tb", "c\td"});
    CHECK(records("a\r\nb\r\n", text_options(), piece) == std::vector<std::string>{"a", "b"});
    CHECK(records("a\rb\r", text_options(), piece) == std::vector<std::string>{"a", "b"});
    // The last record needs no newline; an empty line is a record.
    CHECK(records("a\n\nb", text_options(), piece) == std::vector<std::string>{"a", "", "b"});
    // A backslash escapes the newline after it: both stay in the record.
    CHECK(records("a\\\nb\nc\n", text_options(), piece) == std::vector<std::string>{"a\\\nb", "c"});
    // Quoted CSV newlines stay in the record, in either newline style.
    CHECK(records("1,\"x\ny\"\n2,z\n", csv_options(), piece) == std::vector<std::string>{"1,\"x\ny\"", "2,z"});
    CHECK(records("1,\"x\r\ny\"\r\n2,\"\"\"\"\r\n", csv_options(), piece) ==
          std::vector<std::string>{"1,\"x\r\ny\"", "2,\"\"\"\""});
  }
  CHECK(records("", text_options()).empty());
}

TEST_CASE("the end marker stops reading and hides what follows", "[exec][copy]") {
  for (std::size_t piece : {0, 1, 2}) {
    INFO("piece " << piece);
    CHECK(records("a\n\\.\nignored\n", text_options(), piece) == std::vector<std::string>{"a"});
    CHECK(records("a\r\n\\.\r\nignored", text_options(), piece) == std::vector<std::string>{"a"});
    // In text, \. ends the data even in the middle of a line: the part before is a record.
    CHECK(records("a\tb\\.\nc\n", text_options(), piece) == std::vector<std::string>{"a\tb"});
    // An escaped backslash before the dot is data.
    CHECK(records("a\\\\.\nb\n", text_options(), piece) == std::vector<std::string>{"a\\\\.", "b"});
    // In CSV only a line of its own is the marker; "\." elsewhere is data.
    CHECK(records("\\.\nx\n", csv_options(), piece).empty());
    CHECK(records("a,\\.\n\"\\.\"\n\\.x\n", csv_options(), piece) ==
          std::vector<std::string>{"a,\\.", "\"\\.\"", "\\.x"});
  }
  CopyLineReader reader(text_options());
  reader.feed("\\.\nx");
  CHECK_FALSE(reader.next_line(false));
  CHECK(reader.finished());
  reader.feed("more\n");  // ignored, as PostgreSQL ignores data after the marker
  CHECK_FALSE(reader.next_line(true));
}

TEST_CASE("bad newlines, markers and bytes fail with PostgreSQL's errors and line", "[exec][copy]") {
  CHECK(reader_error("a\nb\r\n", text_options()) == "22P04 literal carriage return found in data @2");
  CHECK(reader_error("a\r\nb\n", text_options()) == "22P04 literal newline found in data @2");
  CHECK(reader_error("a\rb\n", text_options()) == "22P04 literal newline found in data @2");
  CHECK(reader_error("a\r\nb\rc\r\n", text_options()) == "22P04 literal carriage return found in data @2");
  CHECK(reader_error("a\nb\r\n", csv_options()) == "22P04 unquoted carriage return found in data @2");
  CHECK(reader_error("a\r\nb\n", csv_options()) == "22P04 unquoted newline found in data @2");
  CHECK(reader_error("\\.x\n", text_options()) == "22P04 end-of-copy marker corrupt @1");
  CHECK(reader_error("a\\.", text_options()) == "22P04 end-of-copy marker corrupt @1");
  CHECK(reader_error("a\n\\.", text_options()) == "22P04 end-of-copy marker corrupt @2");  // no newline after it
  CHECK(reader_error("a\r\n\\.\n", text_options()) ==
        "22P04 end-of-copy marker does not match previous newline style @2");
  CHECK(reader_error("a\n\\.\r", csv_options()) ==
        "22P04 end-of-copy marker does not match previous newline style @2");
  CHECK(reader_error("ok\n\xff\n", text_options()) ==
        "22021 invalid byte sequence for encoding \"UTF8\": 0xff @2");
  CHECK(reader_error("\xc3(\n", text_options()) ==
        "22021 invalid byte sequence for encoding \"UTF8\": 0xc3 0x28 @1");
  CHECK(reader_error(std::string("a\0b\n", 4), text_options()) ==
        "22021 invalid byte sequence for encoding \"UTF8\": 0x00 @1");
}

TEST_CASE("line numbers count quoted CSV newlines as PostgreSQL does", "[exec][copy]") {
  CopyLineReader reader(csv_options());
  reader.feed("0,\"a\nb\"\n1,\"a\nb\nc\"\n2,x\n");
  // Until the first newline fixes the style, PostgreSQL counts only quoted \r.
  REQUIRE(reader.next_line(false));
  CHECK(reader.line_number() == 1);
  REQUIRE(reader.next_line(false));
  CHECK(reader.line_number() == 4);
  REQUIRE(reader.next_line(false));
  CHECK(reader.line_number() == 5);
  CHECK_FALSE(reader.next_line(false));
  CHECK(reader.line_number() == 6);  // the record being waited for
}

TEST_CASE("text fields are de-escaped and NULL is matched on the raw bytes", "[exec][copy]") {
  CopyOptions options = text_options();
  CHECK(fields("a\tb\t\\N", options) == Fields{"a", "b", std::nullopt});
  CHECK(fields("", options) == Fields{""});
  CHECK(fields("\t", options) == Fields{"", ""});
  CHECK(fields("\\t\\n\\r\\b\\f\\v\\\\\\N", options) == Fields{"\t\n\r\b\f\v\\N"});
  CHECK(fields("\\101\\x41\\x4g\\7\\18", options) == Fields{"AA\x04g\x07\x01" "8"});
  CHECK(fields("a\\\tb", options) == Fields{"a\tb"});  // an escaped delimiter is data
  CHECK(fields("q\\", options) == Fields{"q"});        // a trailing backslash is dropped
  CHECK(fields("\\q\\.", options) == Fields{"q."});
  options.null_string = "";
  CHECK(fields("\t\\N", options) == Fields{std::nullopt, "N"});
  options.delimiter = '|';
  options.null_string = "NULL";
  CHECK(fields("a|NULL|\\|", options) == Fields{"a", std::nullopt, "|"});
  CHECK(field_error("\\000", text_options()) == "22021 invalid byte sequence for encoding \"UTF8\": 0x00");
  CHECK(field_error("\\xff", text_options()) == "22021 invalid byte sequence for encoding \"UTF8\": 0xff");
  CHECK(fields("\\xc3\\xa9", text_options()) == Fields{"\xc3\xa9"});
  // The NULL marker is compared before any escape is checked.
  options = text_options();
  options.null_string = "\\000";
  CHECK(fields("\\000", options) == Fields{std::nullopt});
}

TEST_CASE("CSV fields: quotes, doubled quotes, escapes and NULL", "[exec][copy]") {
  CopyOptions options = csv_options();
  CHECK(fields("1,\"a,b\",\"\",", options) == Fields{"1", "a,b", "", std::nullopt});
  CHECK(fields("\"q\"\"uote\"", options) == Fields{"q\"uote"});
  CHECK(fields("\"x\"y\"z\" w", options) == Fields{"xyz w"});
  CHECK(fields(" a ,\\N", options) == Fields{" a ", "\\N"});
  CHECK(fields("\"multi\nline\"", options) == Fields{"multi\nline"});
  CHECK(field_error("1,\"open", options) == "22P04 unterminated CSV quoted field");
  options.escape = '\\';
  CHECK(fields("\"a\\\"b\\\\c\\d\"", options) == Fields{"a\"b\\c\\d"});
  options.null_string = "NULL";
  CHECK(fields("NULL,\"NULL\",", options) == Fields{std::nullopt, "NULL", ""});
  options = csv_options();
  options.delimiter = '|';
  options.quote = '\'';
  options.escape = '\'';
  CHECK(fields("'a|b'|'it''s'", options) == Fields{"a|b", "it's"});
}

TEST_CASE("text output escapes what text input would read differently", "[exec][copy]") {
  CHECK(text_value("plain") == "plain");
  CHECK(text_value("a\tb\nc\rd\\e") == "a\\tb\\nc\\rd\\\\e");
  CHECK(text_value("\b\f\v") == "\\b\\f\\v");
  CHECK(text_value("\x01" "x") == "\x01" "x");  // other control characters go out as they are
  CHECK(text_value("a,b", ',') == "a\\,b");
  CHECK(text_value("a\x01" "b", '\x01') == "a\\\x01" "b");
  CHECK(text_value("\\N") == "\\\\N");
  CHECK(text_value("h\xc3\xa9llo") == "h\xc3\xa9llo");
}

TEST_CASE("CSV output quotes only when needed", "[exec][copy]") {
  CopyOptions options = csv_options();
  CHECK(csv_value("plain", options) == "plain");
  CHECK(csv_value("a,b", options) == "\"a,b\"");
  CHECK(csv_value("say \"hi\"", options) == "\"say \"\"hi\"\"\"");
  CHECK(csv_value("two\nlines", options) == "\"two\nlines\"");
  CHECK(csv_value("cr\r", options) == "\"cr\r\"");
  CHECK(csv_value("", options) == "\"\"");  // equals the NULL string
  CHECK(csv_value("x", options, true) == "\"x\"");
  CHECK(csv_value("\\.", options, false, true) == "\"\\.\"");
  CHECK(csv_value("\\.", options, false, false) == "\\.");
  options.escape = '\\';
  CHECK(csv_value("a\"b\\c", options) == "\"a\\\"b\\\\c\"");
  options = csv_options();
  options.null_string = "NULL";
  CHECK(csv_value("NULL", options) == "\"NULL\"");
  CHECK(csv_value("", options) == "");
}

TEST_CASE("rows and headers come out as COPY TO writes them", "[exec][copy]") {
  Chunk chunk;
  chunk.size = 2;
  Vector numbers(SqlType::of(TypeId::kInteger));
  numbers.resize(2);
  numbers.ints = {7, -1};
  numbers.nulls = {0, 1};
  Vector texts(SqlType::of(TypeId::kText));
  texts.resize(2);
  texts.texts = {"a\tb", "x,y"};
  chunk.columns = {numbers, texts};
  std::string out, scratch;
  CopyOptions text = text_options();
  append_copy_row(out, chunk, 0, text, scratch);
  append_copy_row(out, chunk, 1, text, scratch);
  CHECK(out == "7\ta\\tb\n\\N\tx,y\n");

  out.clear();
  CopyOptions csv = csv_options();
  csv.force_quote = {1, 0};
  append_copy_header(out, {"id", "a,b"}, csv);
  append_copy_row(out, chunk, 0, csv, scratch);
  append_copy_row(out, chunk, 1, csv, scratch);
  CHECK(out == "id,\"a,b\"\n\"7\",a\tb\n,\"x,y\"\n");

  out.clear();
  append_copy_header(out, {"tab\there"}, text);
  CHECK(out == "tab\\there\n");
}

TEST_CASE("error contexts cut long values at a character boundary", "[exec][copy]") {
  CHECK(limit_copy_printout("short") == "short");
  std::string long_text(99, 'a');
  long_text += "\xc3\xa9zzz";
  CHECK(limit_copy_printout(long_text) == std::string(99, 'a') + "...");
  CHECK(limit_copy_printout(std::string(101, 'b')) == std::string(100, 'b') + "...");
}
