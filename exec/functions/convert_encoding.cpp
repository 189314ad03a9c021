// convert_to(text, encoding) and convert_from(bytea, encoding). The server's
// encoding is UTF8 and it converts to no other: other encodings PostgreSQL
// knows are refused with 0A000, unknown names with 22023 as PostgreSQL does.
#include <algorithm>
#include <array>

#include "exec/functions/text_results.h"
#include "storage/sql_error.h"
#include "storage/value/utf8.h"

namespace ptreedb::exec {
namespace {

// PostgreSQL's clean_encoding_name: lower case, letters and digits only.
std::string clean_encoding_name(std::string_view name) {
  std::string out;
  for (char c : name) {
    if (c >= 'A' && c <= 'Z') out.push_back(static_cast<char>(c - 'A' + 'a'));
    else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) out.push_back(c);
  }
  return out;
}

bool is_other_known_encoding(const std::string& cleaned) {
  static constexpr std::array<std::string_view, 43> kNames = {
      "sqlascii", "latin1", "latin2", "latin3", "latin4", "latin5", "latin6", "latin7", "latin8", "latin9",
      "latin10", "iso88591", "iso88592", "iso88593", "iso88594", "iso88595", "iso88596", "iso88597", "iso88598",
      "iso88599", "win1250", "win1251", "win1252", "win1253", "win1254", "win1255", "win1256", "win1257",
      "win1258", "win866", "win874", "koi8r", "koi8u", "eucjp", "euckr", "euccn", "euctw", "sjis", "big5", "gbk",
      "gb18030", "uhc", "johab"};
  return std::find(kNames.begin(), kNames.end(), cleaned) != kNames.end();
}

// Checks `name` names UTF8; `direction` is "source" or "destination".
void check_utf8_encoding(std::string_view name, const char* direction) {
  const std::string cleaned = clean_encoding_name(name);
  if (cleaned == "utf8" || cleaned == "unicode") return;
  if (is_other_known_encoding(cleaned)) {
    throw SqlError(sqlstate::kFeatureNotSupported,
                   "conversion between UTF8 and encoding \"" + std::string(name) + "\" is not supported");
  }
  throw SqlError(sqlstate::kInvalidParameterValue,
                 std::string("invalid ") + direction + " encoding name \"" + std::string(name) + "\"");
}

Vector evaluate_convert_to(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return text_per_row(expr, args, input.size, [&](std::size_t i) {
    check_utf8_encoding(args[1].texts[i], "destination");
    return std::string(args[0].texts[i]);
  });
}

Vector evaluate_convert_from(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return text_per_row(expr, args, input.size, [&](std::size_t i) {
    check_utf8_encoding(args[1].texts[i], "source");
    value::verify_utf8(args[0].texts[i]);
    return std::string(args[0].texts[i]);
  });
}

}  // namespace

const FunctionKernel kConvertToKernel{planner::FunctionId::kConvertTo, evaluate_convert_to};
const FunctionKernel kConvertFromKernel{planner::FunctionId::kConvertFrom, evaluate_convert_from};

}  // namespace ptreedb::exec
