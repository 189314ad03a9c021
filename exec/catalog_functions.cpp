#include "exec/catalog_functions.h"

#include "exec/array_text.h"

#include <cstdio>
#include <map>
#include <optional>
#include <vector>
#include <regex>

#include "storage/large_stack_call.h"
#include "storage/sql_error.h"
#include "storage/stack_depth.h"
#include "storage/value/type_id.h"

namespace ptreedb::exec {
namespace {

using planner::FunctionId;
using value::SqlType;
using value::TypeId;

Vector new_result(SqlType type, std::size_t count) {
  Vector out(type);
  out.resize(count);
  return out;
}

// libstdc++'s std::regex compiles by recursion over the pattern's nesting
// and matches by recursion over the text, measured at up to about 120 bytes
// of stack per text byte per pattern byte (`^(a|b)*$` on 20kB of text takes
// 15MB). A call that may need more than the calling thread has left runs on a
// thread with a stack sized for it; beyond kMaxRegexStack it is refused.
constexpr std::size_t kRegexStackPerStep = 256;
constexpr std::size_t kRegexCompileStackPerByte = 1024;
constexpr std::size_t kRegexStackSlack = 256 * 1024;
constexpr std::size_t kMaxRegexStack = std::size_t{16} << 30;

template <class Call>
void with_regex_stack(std::size_t needed, const Call& call) {
  if (needed <= remaining_stack_bytes()) {
    call();
  } else if (needed > kMaxRegexStack) {
    throw_stack_depth_exceeded();
  } else {
    call_with_large_stack(needed, call);
  }
}

// Patterns compile once per chunk (they are nearly always constants).
const std::regex& compiled(std::map<std::string, std::regex, std::less<>>& cache, std::string_view pattern,
                           bool case_insensitive) {
  auto found = cache.find(pattern);
  if (found != cache.end()) return found->second;
  auto flags = std::regex::extended | std::regex::nosubs;
  if (case_insensitive) flags |= std::regex::icase;
  std::regex regex;
  try {
    with_regex_stack(pattern.size() * kRegexCompileStackPerByte + kRegexStackSlack,
                     [&] { regex = std::regex(std::string(pattern), flags); });
  } catch (const std::regex_error& error) {
    throw SqlError("2201B", "invalid regular expression: " + std::string(error.what()));
  }
  return cache.emplace(std::string(pattern), std::move(regex)).first->second;
}

bool regex_found(std::string_view text, const std::regex& pattern, std::size_t pattern_size) {
  bool found = false;
  with_regex_stack((text.size() + 1) * (pattern_size + 1) * kRegexStackPerStep + kRegexStackSlack,
                   [&] { found = std::regex_search(text.begin(), text.end(), pattern); });
  return found;
}

std::string size_pretty(std::int64_t bytes) {
  // PostgreSQL: switch units while the value is at least 10 of the next one, rounding halves up.
  static const char* const kUnits[] = {"bytes", "kB", "MB", "GB", "TB", "PB"};
  std::int64_t size = bytes;
  std::size_t unit = 0;
  std::int64_t limit = 10 * 1024;
  if (std::llabs(size) < limit) return std::to_string(size) + " bytes";
  size = size / 512;  // half-units, for rounding
  unit = 1;
  while (unit + 1 < std::size(kUnits) && std::llabs(size) >= limit * 2 - 1) {
    size = size / 1024;
    ++unit;
  }
  size = (size + (size < 0 ? -1 : 1)) / 2;
  return std::to_string(size) + " " + kUnits[unit];
}

std::string quote_ident(std::string_view name) {
  bool plain = !name.empty() && ((name[0] >= 'a' && name[0] <= 'z') || name[0] == '_');
  for (char c : name) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) plain = false;
  }
  if (plain) return std::string(name);
  std::string out = "\"";
  for (char c : name) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

// '{a,b,NULL}' joined by the separator (elements NULL are skipped, as PostgreSQL does).
std::string array_to_string(std::string_view array, std::string_view separator) {
  std::string out;
  bool first = true;
  for (const auto& element : array_elements(array)) {
    if (!element) continue;
    if (!first) out += separator;
    out += *element;
    first = false;
  }
  return out;
}

}  // namespace

Vector evaluate_catalog_function(const planner::BoundExpression& expr, const std::vector<Vector>& args,
                                 std::size_t count) {
  Vector out = new_result(expr.type, count);
  auto storage = std::make_shared<TextStorage>();
  out.text_owners.push_back(storage);
  auto set_text = [&](std::size_t i, std::string text) {
    storage->strings.push_back(std::move(text));
    out.texts[i] = storage->strings.back();
  };
  auto any_null = [&](std::size_t i) {
    for (const auto& arg : args) {
      if (arg.nulls[i]) return true;
    }
    return false;
  };
  std::map<std::string, std::regex, std::less<>> patterns;
  for (std::size_t i = 0; i < count; ++i) {
    bool null = any_null(i);
    if (expr.function == FunctionId::kFormatType) null = args[0].nulls[i];
    if (expr.function == FunctionId::kArrayQuote) null = false;
    out.nulls[i] = null ? 1 : 0;
    if (null) continue;
    switch (expr.function) {
      case FunctionId::kRegexMatch: {
        const std::regex& pattern = compiled(patterns, args[1].texts[i], expr.case_insensitive);
        std::string_view text = args[0].texts[i];
        bool found = regex_found(text, pattern, args[1].texts[i].size());
        out.ints[i] = found != expr.negated ? 1 : 0;
        break;
      }
      case FunctionId::kFormatType: {
        auto type = value::type_from_oid(static_cast<value::Oid>(args[0].ints[i]));
        std::int32_t typmod = args[1].nulls[i] ? -1 : static_cast<std::int32_t>(args[1].ints[i]);
        if (!type) {
          static const std::map<std::int64_t, const char*> kOthers = {
              {17, "bytea"}, {18, "\"char\""}, {19, "name"}, {24, "regproc"}, {26, "oid"}, {2205, "regclass"},
              {2206, "regtype"}};
          auto other = kOthers.find(args[0].ints[i]);
          set_text(i, other != kOthers.end() ? other->second : "???");
        } else {
          set_text(i, value::format_type(SqlType{*type, typmod}));
        }
        break;
      }
      case FunctionId::kSizePretty:
        set_text(i, size_pretty(args[0].ints[i]));
        break;
      case FunctionId::kQuoteIdent:
        set_text(i, quote_ident(args[0].texts[i]));
        break;
      case FunctionId::kArrayToString:
        set_text(i, array_to_string(args[0].texts[i], args[1].texts[i]));
        break;
      case FunctionId::kArrayContains: {
        // x = ANY(array): true on a match, else NULL if an element is NULL, else false.
        bool found = false, saw_null = false;
        std::string_view array = args[1].texts[i];
        if (array.empty() || array.front() != '{') {
          throw SqlError("22P02", "malformed array literal: \"" + std::string(array) + "\"",
                         "Array value must start with \"{\" or dimension information.");
        }
        for (const auto& element : array_elements(array)) {
          if (!element) {
            saw_null = true;
          } else if (*element == args[0].texts[i]) {
            found = true;
            break;
          }
        }
        out.ints[i] = found ? 1 : 0;
        if (!found && saw_null) out.nulls[i] = 1;
        break;
      }
      case FunctionId::kArrayBound: {
        // One-dimensional arrays from 1: lower 1, upper and length the count;
        // NULL for an empty array or another dimension.
        std::size_t elements = args[0].texts[i] == "{}" ? 0 : array_elements(args[0].texts[i]).size();
        if (elements == 0 || args[1].ints[i] != 1) {
          out.nulls[i] = 1;
        } else {
          out.ints[i] = expr.negated ? 1 : static_cast<std::int64_t>(elements);
        }
        break;
      }
      case FunctionId::kArrayQuote:
        set_text(i, array_element_text(args[0].nulls[i] ? std::nullopt
                                                         : std::optional<std::string>(std::string(args[0].texts[i]))));
        break;
      case FunctionId::kArrayElement: {
        auto elements = array_elements(args[0].texts[i]);
        std::int64_t index = args[1].ints[i];
        if (index < 1 || index > static_cast<std::int64_t>(elements.size()) || !elements[index - 1]) {
          out.nulls[i] = 1;
        } else {
          set_text(i, *elements[index - 1]);
        }
        break;
      }
      default:
        throw SqlError("XX000", "not a catalog function");
    }
  }
  return out;
}

}  // namespace ptreedb::exec
