// parse_ident(text [, strict]) as PostgreSQL's: dot-separated identifiers,
// quoted ("" inside for a quote, kept as written) or plain (down-cased, not
// truncated), whitespace around each; anything else is 22023 "string is not
// a valid identifier" with PostgreSQL's detail. Without strict, text after
// the last identifier is ignored.
#include <string>
#include <vector>

#include "exec/functions/function_kernel.h"
#include "exec/functions/text_results.h"
#include "storage/sql_error.h"
#include "storage/value/array_literal.h"

namespace ptreedb::exec {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }
bool is_ident_start(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80; }
bool is_ident_cont(unsigned char c) { return is_ident_start(c) || (c >= '0' && c <= '9') || c == '$'; }

[[noreturn]] void invalid(std::string_view qualified, const std::string& detail = {}) {
  throw SqlError("22023", "string is not a valid identifier: \"" + std::string(qualified) + "\"", detail);
}

std::string parse_ident(std::string_view qualified, bool strict) {
  std::vector<value::ArrayElement> parts;
  std::size_t at = 0;
  const auto skip_spaces = [&] {
    while (at < qualified.size() && is_space(qualified[at])) ++at;
  };
  skip_spaces();
  bool after_dot = false;
  for (;;) {
    bool found = false;
    if (at < qualified.size() && qualified[at] == '"') {
      std::string part;
      for (++at;; ++at) {
        if (at >= qualified.size()) invalid(qualified, "String has unclosed double quotes.");
        if (qualified[at] != '"') {
          part += qualified[at];
        } else if (at + 1 < qualified.size() && qualified[at + 1] == '"') {
          part += '"';
          ++at;
        } else {
          break;
        }
      }
      ++at;
      if (part.empty()) invalid(qualified, "Quoted identifier must not be empty.");
      parts.emplace_back(std::move(part));
      found = true;
    } else if (at < qualified.size() && is_ident_start(static_cast<unsigned char>(qualified[at]))) {
      std::string part;
      for (; at < qualified.size() && is_ident_cont(static_cast<unsigned char>(qualified[at])); ++at) {
        const char c = qualified[at];
        part += c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
      }
      parts.emplace_back(std::move(part));
      found = true;
    }
    if (!found) {
      if (at < qualified.size() && qualified[at] == '.') invalid(qualified, "No valid identifier before \".\".");
      if (after_dot) invalid(qualified, "No valid identifier after \".\".");
      invalid(qualified);
    }
    skip_spaces();
    if (at < qualified.size() && qualified[at] == '.') {
      after_dot = true;
      ++at;
      skip_spaces();
    } else if (at >= qualified.size()) {
      break;
    } else {
      if (strict) invalid(qualified);
      break;
    }
  }
  return value::format_array_literal(parts);
}

Vector evaluate_parse_ident(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return text_per_row(expr, args, input.size, [&](std::size_t i) {
    const bool strict = args.size() < 2 || args[1].ints[i] != 0;
    return parse_ident(args[0].texts[i], strict);
  });
}

}  // namespace

const FunctionKernel kParseIdentKernel{planner::FunctionId::kParseIdent, evaluate_parse_ident};

}  // namespace ptreedb::exec
