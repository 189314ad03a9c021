// pg_size_bytes(text) as PostgreSQL's dbsize.c reads a size: leading blanks,
// a number (sign, digits, fraction, exponent) read as numeric, blanks, then
// an optional unit matched case-insensitively, trailing blanks; the number
// times the unit's power of two, rounded to a bigint (22003 past its range).
// No number: 22023 "invalid size"; an unknown unit: the same with a DETAIL
// and HINT.
#include <cctype>
#include <cstdint>
#include <string>
#include <string_view>

#include "exec/functions/text_results.h"
#include "storage/sql_error.h"
#include "storage/value/decimal.h"

namespace ptreedb::exec {
namespace {

bool is_blank(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }
bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

bool same_unit(std::string_view written, std::string_view unit) {
  if (written.size() != unit.size()) return false;
  for (std::size_t i = 0; i < unit.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(written[i])) != std::tolower(static_cast<unsigned char>(unit[i]))) {
      return false;
    }
  }
  return true;
}

std::int64_t size_bytes(std::string_view text) {
  const std::string invalid = "invalid size: \"" + std::string(text) + "\"";
  std::size_t at = 0;
  while (at < text.size() && is_blank(text[at])) ++at;
  const std::size_t number_begin = at;
  std::size_t end = at;
  bool digits = false;
  if (end < text.size() && (text[end] == '-' || text[end] == '+')) ++end;
  while (end < text.size() && is_digit(text[end])) ++end, digits = true;
  if (end < text.size() && text[end] == '.') {
    ++end;
    while (end < text.size() && is_digit(text[end])) ++end, digits = true;
  }
  if (!digits) throw SqlError(sqlstate::kInvalidParameterValue, invalid);
  if (end < text.size() && (text[end] == 'e' || text[end] == 'E')) {
    // An exponent only when digits follow: "1 EB" would be a unit.
    std::size_t exponent = end + 1;
    if (exponent < text.size() && (text[exponent] == '-' || text[exponent] == '+')) ++exponent;
    if (exponent < text.size() && is_digit(text[exponent])) {
      while (exponent < text.size() && is_digit(text[exponent])) ++exponent;
      end = exponent;
    }
  }
  value::Decimal number = value::parse_decimal(text.substr(number_begin, end - number_begin));
  std::string_view unit = text.substr(end);
  while (!unit.empty() && is_blank(unit.front())) unit.remove_prefix(1);
  while (!unit.empty() && is_blank(unit.back())) unit.remove_suffix(1);
  if (!unit.empty()) {
    static constexpr std::pair<std::string_view, int> kUnits[] = {
        {"bytes", 0}, {"kB", 10}, {"MB", 20}, {"GB", 30}, {"TB", 40}, {"PB", 50}};
    int bits = -1;
    for (const auto& [name, shift] : kUnits) {
      if (same_unit(unit, name)) bits = shift;
    }
    if (bits < 0) {
      throw SqlError(sqlstate::kInvalidParameterValue, invalid, "Invalid size unit: \"" + std::string(unit) + "\".",
                     "Valid units are \"bytes\", \"kB\", \"MB\", \"GB\", \"TB\", and \"PB\".");
    }
    if (bits > 0) number = value::decimal_mul(number, value::decimal_from_int(std::int64_t{1} << bits));
  }
  return value::decimal_to_int64(number);
}

Vector evaluate_size_bytes(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return int_per_row(expr, args, input.size, [&](std::size_t i) { return size_bytes(args[0].texts[i]); });
}

}  // namespace

const FunctionKernel kSizeBytesKernel{planner::FunctionId::kSizeBytes, evaluate_size_bytes};

}  // namespace ptreedb::exec
