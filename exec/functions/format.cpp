// format(formatstr, args...) as PostgreSQL's text_format: %s, %I, %L and %%,
// an argument position (%2$s), the '-' flag and a width given directly (%10s)
// or by an argument (%*s, %*2$s; a negative width left-aligns).
#include <climits>

#include "exec/evaluate.h"
#include "exec/functions/quote_literal.h"
#include "exec/functions/text_results.h"
#include "planner/catalog/catalog_objects.h"
#include "storage/sql_error.h"
#include "storage/value/character.h"
#include "storage/value/text_format.h"

namespace ptreedb::exec {
namespace {

[[noreturn]] void throw_format_error(const std::string& message, std::string hint = {}) {
  throw SqlError(sqlstate::kInvalidParameterValue, message, {}, std::move(hint));
}

[[noreturn]] void throw_unterminated() {
  throw_format_error("unterminated format() type specifier", "For a single \"%\" use \"%%\".");
}

// Reads decimal digits at `at`; false when there are none.
bool parse_digits(std::string_view format, std::size_t& at, int& number) {
  if (at >= format.size() || format[at] < '0' || format[at] > '9') return false;
  long long value = 0;
  while (at < format.size() && format[at] >= '0' && format[at] <= '9') {
    value = value * 10 + (format[at] - '0');
    if (value > INT_MAX) throw SqlError(sqlstate::kNumericValueOutOfRange, "number is out of range");
    if (++at >= format.size()) throw_unterminated();
  }
  number = static_cast<int>(value);
  return true;
}

void advance(std::string_view format, std::size_t& at) {
  if (++at >= format.size()) throw_unterminated();
}

void append_aligned(std::string& out, const std::string& text, bool left, int width) {
  const std::size_t length = value::utf8_length(text);
  const std::size_t padding = width > 0 && length < static_cast<std::size_t>(width) ? width - length : 0;
  if (!left) out.append(padding, ' ');
  out += text;
  if (left) out.append(padding, ' ');
}

std::string format_row(std::string_view format, const std::vector<Vector>& args, std::size_t row) {
  std::string out;
  std::size_t next = 1;  // the next argument a specifier without a position takes
  for (std::size_t at = 0; at < format.size(); ++at) {
    if (format[at] != '%') {
      out += format[at];
      continue;
    }
    advance(format, at);
    if (format[at] == '%') {
      out += '%';
      continue;
    }
    int position = -1, width_position = -1, width = 0, number = 0;
    bool left = false, width_only = false;
    if (parse_digits(format, at, number)) {
      if (format[at] != '$') {
        width = number;
        width_only = true;  // a width and then the type, nothing between
      } else {
        if (number == 0) throw_format_error("format specifies argument 0, but arguments are numbered from 1");
        position = number;
        advance(format, at);
      }
    }
    if (!width_only) {
      while (format[at] == '-') {
        left = true;
        advance(format, at);
      }
      if (format[at] == '*') {
        advance(format, at);
        if (parse_digits(format, at, number)) {
          if (format[at] != '$') throw_format_error("width argument position must be ended by \"$\"");
          if (number == 0) throw_format_error("format specifies argument 0, but arguments are numbered from 1");
          width_position = number;
          advance(format, at);
        } else {
          width_position = 0;
        }
      } else {
        parse_digits(format, at, width);
      }
    }
    const char conversion = format[at];
    if (conversion != 's' && conversion != 'I' && conversion != 'L') {
      const auto lead = static_cast<unsigned char>(conversion);
      const std::size_t length = lead < 0x80 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
      throw_format_error("unrecognized format() type specifier \"" + std::string(format.substr(at, length)) + "\"",
                         "For a single \"%\" use \"%%\".");
    }
    if (width_position >= 0) {
      if (width_position > 0) next = static_cast<std::size_t>(width_position);
      if (next >= args.size()) throw_format_error("too few arguments for format()");
      const Vector& width_arg = args[next++];
      if (width_arg.nulls[row]) {
        width = 0;
      } else {
        std::int64_t value = 0;
        if (value::is_integer_type(width_arg.type.id)) {
          value = width_arg.ints[row];
        } else {
          // Other types through their text, as PostgreSQL reads an int4.
          std::string text;
          append_text(text, width_arg, row);
          value = value::parse_int32(text);
        }
        if (value < INT_MIN || value > INT_MAX) {
          throw SqlError(sqlstate::kNumericValueOutOfRange, "integer out of range");
        }
        if (value < 0) {
          if (value == INT_MIN) throw SqlError("54000", "number is out of range");
          left = true;
          value = -value;
        }
        width = static_cast<int>(value);
      }
    }
    if (position > 0) next = static_cast<std::size_t>(position);
    if (next >= args.size()) throw_format_error("too few arguments for format()");
    const Vector& arg = args[next++];
    if (arg.nulls[row]) {
      if (conversion == 'I') throw SqlError("22004", "null values cannot be formatted as an SQL identifier");
      append_aligned(out, conversion == 'L' ? "NULL" : "", left, width);
      continue;
    }
    std::string text;
    append_text(text, arg, row);
    if (conversion == 'I') text = planner::catalog::quote_identifier(text);
    if (conversion == 'L') text = quote_literal(text);
    append_aligned(out, text, left, width);
  }
  return out;
}

Vector evaluate_format(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  // NULL only when the format string is.
  return text_per_row(expr, {args[0]}, input.size,
                      [&](std::size_t i) { return format_row(args[0].texts[i], args, i); });
}

}  // namespace

const FunctionKernel kFormatKernel{planner::FunctionId::kFormat, evaluate_format};

}  // namespace ptreedb::exec
