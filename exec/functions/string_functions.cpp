// Text functions of fixed signatures, by UTF-8 characters as PostgreSQL counts
// them: repeat, lpad/rpad, left/right, reverse, split_part, translate, replace,
// initcap, chr/ascii, to_hex, starts_with.
#include <algorithm>

#include "exec/functions/text_results.h"
#include "storage/sql_error.h"
#include "storage/value/utf8.h"

namespace ptreedb::exec {
namespace {

// PostgreSQL's MaxAllocSize: longer results are refused.
constexpr std::size_t kMaxResultBytes = 0x3fffffff;

[[noreturn]] void throw_too_large() { throw SqlError("54000", "requested length too large"); }

std::vector<std::string_view> characters(std::string_view text) {
  std::vector<std::string_view> out;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t length = value::utf8_character_length(text, at);
    out.push_back(text.substr(at, length));
    at += length;
  }
  return out;
}

std::string join(const std::vector<std::string_view>& parts, std::size_t begin, std::size_t end) {
  std::string out;
  for (std::size_t i = begin; i < end; ++i) out += parts[i];
  return out;
}

Vector evaluate_repeat(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return text_per_row(expr, args, input.size, [&](std::size_t i) {
    std::string_view text = args[0].texts[i];
    const std::int64_t count = std::max<std::int64_t>(args[1].ints[i], 0);
    if (!text.empty() && static_cast<std::size_t>(count) > kMaxResultBytes / text.size()) throw_too_large();
    std::string out;
    out.reserve(text.size() * static_cast<std::size_t>(count));
    for (std::int64_t n = 0; n < count; ++n) out += text;
    return out;
  });
}

Vector pad(const planner::BoundExpression& expr, const Chunk& input, bool on_left) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return text_per_row(expr, args, input.size, [&](std::size_t i) {
    const auto text = characters(args[0].texts[i]);
    const auto fill = characters(args.size() > 2 ? args[2].texts[i] : std::string_view(" "));
    const auto length = static_cast<std::size_t>(std::max<std::int64_t>(args[1].ints[i], 0));
    if (length > kMaxResultBytes / 4) throw_too_large();
    // Longer text is cut to the length; with an empty fill nothing is added.
    const std::size_t kept = std::min(text.size(), length);
    const std::size_t added = fill.empty() ? 0 : length - kept;
    std::string padding;
    for (std::size_t n = 0; n < added; ++n) padding += fill[n % fill.size()];
    return on_left ? padding + join(text, 0, kept) : join(text, 0, kept) + padding;
  });
}

Vector evaluate_lpad(const planner::BoundExpression& expr, const Chunk& input) { return pad(expr, input, true); }
Vector evaluate_rpad(const planner::BoundExpression& expr, const Chunk& input) { return pad(expr, input, false); }

// left(text, n): the first n characters, or all but the last -n.
Vector evaluate_left(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return text_per_row(expr, args, input.size, [&](std::size_t i) {
    const auto text = characters(args[0].texts[i]);
    const std::int64_t n = args[1].ints[i], size = static_cast<std::int64_t>(text.size());
    const std::int64_t end = n >= 0 ? std::min(n, size) : std::max<std::int64_t>(size + n, 0);
    return join(text, 0, static_cast<std::size_t>(end));
  });
}

// right(text, n): the last n characters, or all but the first -n.
Vector evaluate_right(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return text_per_row(expr, args, input.size, [&](std::size_t i) {
    const auto text = characters(args[0].texts[i]);
    const std::int64_t n = args[1].ints[i], size = static_cast<std::int64_t>(text.size());
    const std::int64_t begin = n >= 0 ? std::max<std::int64_t>(size - n, 0) : std::min(-n, size);
    return join(text, static_cast<std::size_t>(begin), text.size());
  });
}

Vector evaluate_reverse(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return text_per_row(expr, args, input.size, [&](std::size_t i) {
    auto text = characters(args[0].texts[i]);
    std::reverse(text.begin(), text.end());
    return join(text, 0, text.size());
  });
}

// split_part(text, delimiter, n): the n-th field, counted from the end when n < 0.
Vector evaluate_split_part(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return text_per_row(expr, args, input.size, [&](std::size_t i) -> std::string {
    std::string_view text = args[0].texts[i], delimiter = args[1].texts[i];
    const std::int64_t n = args[2].ints[i];
    if (n == 0) throw SqlError(sqlstate::kInvalidParameterValue, "field position must not be zero");
    if (text.empty()) return {};
    if (delimiter.empty()) return n == 1 || n == -1 ? std::string(text) : std::string();
    std::vector<std::string_view> fields;
    for (std::size_t at = 0;;) {
      const std::size_t found = text.find(delimiter, at);
      fields.push_back(text.substr(at, found == std::string_view::npos ? std::string_view::npos : found - at));
      if (found == std::string_view::npos) break;
      at = found + delimiter.size();
    }
    const auto count = static_cast<std::int64_t>(fields.size());
    const std::int64_t index = n > 0 ? n - 1 : count + n;
    if (index < 0 || index >= count) return {};
    return std::string(fields[static_cast<std::size_t>(index)]);
  });
}

// translate(text, from, to): each character of `from` becomes the one at its
// place in `to`, or is removed when `to` is shorter.
Vector evaluate_translate(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return text_per_row(expr, args, input.size, [&](std::size_t i) {
    const auto from = characters(args[1].texts[i]);
    const auto to = characters(args[2].texts[i]);
    std::string out;
    for (std::string_view c : characters(args[0].texts[i])) {
      const auto found = std::find(from.begin(), from.end(), c);
      if (found == from.end()) {
        out += c;
      } else if (const auto at = static_cast<std::size_t>(found - from.begin()); at < to.size()) {
        out += to[at];
      }
    }
    return out;
  });
}

// replace(text, from, to): every occurrence of `from`, left to right; an
// empty `from` changes nothing.
Vector evaluate_replace(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return text_per_row(expr, args, input.size, [&](std::size_t i) {
    std::string_view text = args[0].texts[i], from = args[1].texts[i], to = args[2].texts[i];
    if (from.empty()) return std::string(text);
    std::string out;
    std::size_t at = 0;
    for (std::size_t found; (found = text.find(from, at)) != std::string_view::npos; at = found + from.size()) {
      out.append(text.substr(at, found - at));
      out.append(to);
      if (out.size() > kMaxResultBytes) throw_too_large();
    }
    out.append(text.substr(at));
    return out;
  });
}

// initcap: upper case after a character that is not a letter or digit, lower
// case elsewhere (ASCII letters and digits, as in the C locale).
Vector evaluate_initcap(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return text_per_row(expr, args, input.size, [&](std::size_t i) {
    std::string out(args[0].texts[i]);
    bool after_alphanumeric = false;
    for (char& c : out) {
      if (after_alphanumeric && c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
      if (!after_alphanumeric && c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
      after_alphanumeric = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    }
    return out;
  });
}

// chr(code): the character with that Unicode code point.
Vector evaluate_chr(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return text_per_row(expr, args, input.size, [&](std::size_t i) {
    const std::int64_t code = args[0].ints[i];
    if (code < 0) throw SqlError(sqlstate::kInvalidParameterValue, "character number must be positive");
    if (code == 0) throw SqlError("54000", "null character not permitted");
    if (code > 0x10ffff) throw SqlError("54000", "requested character too large for encoding: " + std::to_string(code));
    if (code >= 0xd800 && code <= 0xdfff) {
      throw SqlError("54000", "requested character not valid for encoding: " + std::to_string(code));
    }
    const auto point = static_cast<std::uint32_t>(code);
    std::string out;
    if (point < 0x80) {
      out += static_cast<char>(point);
    } else if (point < 0x800) {
      out += static_cast<char>(0xc0 | (point >> 6));
      out += static_cast<char>(0x80 | (point & 0x3f));
    } else if (point < 0x10000) {
      out += static_cast<char>(0xe0 | (point >> 12));
      out += static_cast<char>(0x80 | ((point >> 6) & 0x3f));
      out += static_cast<char>(0x80 | (point & 0x3f));
    } else {
      out += static_cast<char>(0xf0 | (point >> 18));
      out += static_cast<char>(0x80 | ((point >> 12) & 0x3f));
      out += static_cast<char>(0x80 | ((point >> 6) & 0x3f));
      out += static_cast<char>(0x80 | (point & 0x3f));
    }
    return out;
  });
}

// ascii(text): the code point of the first character, 0 for empty text.
Vector evaluate_ascii(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return int_per_row(expr, args, input.size, [&](std::size_t i) -> std::int64_t {
    std::string_view text = args[0].texts[i];
    if (text.empty()) return 0;
    const auto lead = static_cast<unsigned char>(text[0]);
    const std::size_t length = std::min(value::utf8_sequence_length(lead), text.size());
    if (length == 1) return lead;
    std::uint32_t point = lead & (0xff >> (length + 1));
    for (std::size_t b = 1; b < length; ++b) point = point << 6 | (static_cast<unsigned char>(text[b]) & 0x3f);
    return point;
  });
}

// to_hex: the two's complement digits of an integer's (32 bits) or bigint's width.
Vector evaluate_to_hex(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  const bool wide = args[0].type.id == value::TypeId::kBigint;
  return text_per_row(expr, args, input.size, [&](std::size_t i) {
    std::uint64_t bits = wide ? static_cast<std::uint64_t>(args[0].ints[i])
                              : static_cast<std::uint32_t>(static_cast<std::int32_t>(args[0].ints[i]));
    std::string out;
    do {
      out += "0123456789abcdef"[bits & 0xf];
      bits >>= 4;
    } while (bits != 0);
    std::reverse(out.begin(), out.end());
    return out;
  });
}

Vector evaluate_starts_with(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return int_per_row(expr, args, input.size,
                     [&](std::size_t i) -> std::int64_t { return args[0].texts[i].starts_with(args[1].texts[i]); });
}

}  // namespace

const FunctionKernel kRepeatKernel{planner::FunctionId::kRepeat, evaluate_repeat};
const FunctionKernel kLpadKernel{planner::FunctionId::kLpad, evaluate_lpad};
const FunctionKernel kRpadKernel{planner::FunctionId::kRpad, evaluate_rpad};
const FunctionKernel kLeftKernel{planner::FunctionId::kLeft, evaluate_left};
const FunctionKernel kRightKernel{planner::FunctionId::kRight, evaluate_right};
const FunctionKernel kReverseKernel{planner::FunctionId::kReverse, evaluate_reverse};
const FunctionKernel kSplitPartKernel{planner::FunctionId::kSplitPart, evaluate_split_part};
const FunctionKernel kTranslateKernel{planner::FunctionId::kTranslate, evaluate_translate};
const FunctionKernel kReplaceKernel{planner::FunctionId::kReplace, evaluate_replace};
const FunctionKernel kInitcapKernel{planner::FunctionId::kInitcap, evaluate_initcap};
const FunctionKernel kChrKernel{planner::FunctionId::kChr, evaluate_chr};
const FunctionKernel kAsciiKernel{planner::FunctionId::kAscii, evaluate_ascii};
const FunctionKernel kToHexKernel{planner::FunctionId::kToHex, evaluate_to_hex};
const FunctionKernel kStartsWithKernel{planner::FunctionId::kStartsWith, evaluate_starts_with};

}  // namespace ptreedb::exec
