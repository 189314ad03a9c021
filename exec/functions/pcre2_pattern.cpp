#include "exec/functions/pcre2_pattern.h"

#include "storage/sql_error.h"

namespace ptreedb::exec {

namespace {

constexpr std::uint32_t kMatchLimit = 10'000'000;
constexpr std::uint32_t kHeapLimitKiB = 256 * 1024;
// Room for the whole match and nine groups (\1 .. \9).
constexpr std::uint32_t kGroups = Pcre2Patterns::kMaxGroups + 1;

std::string pcre2_message(int code) {
  PCRE2_UCHAR buffer[256];
  int length = pcre2_get_error_message(code, buffer, sizeof(buffer));
  return length < 0 ? "error " + std::to_string(code) : std::string(reinterpret_cast<const char*>(buffer), length);
}

}  // namespace

RegexFlags parse_regex_flags(std::string_view flags) {
  RegexFlags out;
  for (std::size_t i = 0; i < flags.size(); ++i) {
    const char flag = flags[i];
    switch (flag) {
      case 'g': out.global = true; break;
      case 'i': out.case_insensitive = true; break;
      case 'c': out.case_insensitive = false; break;
      case 'n': case 'm': out.newline_sensitive = true; break;
      case 's': out.newline_sensitive = false; break;
      case 'x': out.expanded = true; break;
      case 't': out.expanded = false; break;
      case 'p': case 'w': case 'q': case 'b': case 'e':
        throw SqlError(sqlstate::kFeatureNotSupported,
                       std::string("regular expression option \"") + flag + "\" is not supported yet");
      default: {
        // The option named whole: one UTF-8 character.
        std::size_t length = 1;
        while (i + length < flags.size() && (static_cast<unsigned char>(flags[i + length]) & 0xC0) == 0x80) ++length;
        throw SqlError(sqlstate::kInvalidParameterValue,
                       "invalid regular expression option: \"" + std::string(flags.substr(i, length)) + "\"");
      }
    }
  }
  return out;
}

RegexFlags parse_regex_flags_without_global(std::string_view flags, const std::string& function,
                                            const std::string& hint) {
  RegexFlags parsed = parse_regex_flags(flags);
  if (parsed.global) {
    throw SqlError(sqlstate::kInvalidParameterValue, function + "() does not support the \"global\" option", {}, hint);
  }
  return parsed;
}

std::vector<std::optional<std::string>> match_groups(const Pcre2Patterns& patterns, const pcre2_code* pattern,
                                                     std::string_view text, const char* function) {
  const std::uint32_t groups = Pcre2Patterns::capture_count(pattern);
  if (groups > Pcre2Patterns::kMaxGroups) {
    throw SqlError(sqlstate::kFeatureNotSupported, std::string(function) + " with more than 9 groups is not supported yet");
  }
  const PCRE2_SIZE* offsets = patterns.offsets();
  std::vector<std::optional<std::string>> elements;
  for (std::uint32_t g = groups == 0 ? 0 : 1; g <= groups; ++g) {
    if (offsets[2 * g] == PCRE2_UNSET) {
      elements.emplace_back();
    } else {
      elements.emplace_back(std::string(text.substr(offsets[2 * g], offsets[2 * g + 1] - offsets[2 * g])));
    }
  }
  return elements;
}

std::vector<std::string> regex_split(Pcre2Patterns& patterns, const pcre2_code* pattern, std::string_view text) {
  std::vector<std::string> pieces;
  std::size_t piece_start = 0, previous_end = 0;
  for_each_match(patterns, pattern, text, 1, [&](const PCRE2_SIZE* offsets) {
    const std::size_t begin = offsets[0], end = offsets[1];
    if (begin < text.size() && end > previous_end) {  // not a degenerate match
      pieces.emplace_back(text.substr(piece_start, begin - piece_start));
      piece_start = end;
    }
    previous_end = end;
    return true;
  });
  pieces.emplace_back(text.substr(piece_start));
  return pieces;
}

std::uint32_t Pcre2Patterns::capture_count(const pcre2_code* pattern) {
  std::uint32_t count = 0;
  pcre2_pattern_info(pattern, PCRE2_INFO_CAPTURECOUNT, &count);
  return count;
}

std::string pcre2_pattern_of(std::string_view pattern) {
  std::string out;
  out.reserve(pattern.size());
  bool in_brackets = false;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    const char c = pattern[i];
    if (c == '\\' && i + 1 < pattern.size()) {
      const char next = pattern[++i];
      if (!in_brackets && next == 'm') {
        out += "\\b(?=\\w)";
      } else if (!in_brackets && next == 'M') {
        out += "\\b(?<=\\w)";
      } else if (!in_brackets && next == 'y') {
        out += "\\b";
      } else if (!in_brackets && next == 'Y') {
        out += "\\B";
      } else if (!in_brackets && next == 'b') {
        out += "\\x{08}";
      } else {
        out += c;
        out += next;
      }
      continue;
    }
    out += c;
    if (!in_brackets && c == '[') {
      in_brackets = true;
      // A leading ^, then a leading ] is a member, not the end.
      if (i + 1 < pattern.size() && pattern[i + 1] == '^') out += pattern[++i];
      if (i + 1 < pattern.size() && pattern[i + 1] == ']') out += pattern[++i];
    } else if (in_brackets && c == '[' && i + 1 < pattern.size() &&
               (pattern[i + 1] == ':' || pattern[i + 1] == '.' || pattern[i + 1] == '=')) {
      // [:class:], [.element.], [=equivalence=]: copied through their closing pair.
      const char kind = pattern[i + 1];
      const std::size_t close = pattern.find(std::string{kind, ']'}, i + 2);
      if (close == std::string_view::npos) continue;
      out.append(pattern.substr(i + 1, close + 2 - (i + 1)));
      i = close + 1;
    } else if (in_brackets && c == ']') {
      in_brackets = false;
    }
  }
  return out;
}

bool names_a_group(std::string_view text) {
  for (std::size_t i = 0; i + 1 < text.size(); ++i) {
    if (text[i] != '\\') continue;
    if (text[i + 1] >= '1' && text[i + 1] <= '9') return true;
    ++i;
  }
  return false;
}

Pcre2Patterns::Pcre2Patterns()
    : context_(pcre2_match_context_create(nullptr)), data_(pcre2_match_data_create(kGroups, nullptr)) {
  if (!context_ || !data_) throw std::bad_alloc();
  pcre2_set_match_limit(context_.get(), kMatchLimit);
  pcre2_set_heap_limit(context_.get(), kHeapLimitKiB);
}

const pcre2_code* Pcre2Patterns::compiled(std::string_view pattern, const RegexFlags& flags, bool captures) {
  Key key{std::string(pattern), flags.case_insensitive, flags.newline_sensitive, flags.expanded, captures};
  auto found = cache_.find(key);
  if (found != cache_.end()) return found->second.get();
  // Text reaching here is valid UTF-8 (checked where it enters the server).
  // PostgreSQL's default (not newline-sensitive): a newline is an ordinary
  // character, which `.` matches too, and `$` matches at the very end only.
  // Newline-sensitive: `^` and `$` at every line (`^` after a final newline
  // too), `.` short of a newline.
  std::uint32_t options =
      PCRE2_UTF | PCRE2_NO_UTF_CHECK |
      (flags.newline_sensitive ? PCRE2_MULTILINE | PCRE2_ALT_CIRCUMFLEX : PCRE2_DOLLAR_ENDONLY | PCRE2_DOTALL);
  if (flags.expanded) options |= PCRE2_EXTENDED;
  // Groups need not capture unless asked or a back reference (\1 ... \9)
  // reads one; capturing groups make each backtracking frame larger
  // (`^(a|b)*$` over 400 kB of text fits the heap limit only without).
  if (!captures && !names_a_group(pattern)) options |= PCRE2_NO_AUTO_CAPTURE;
  if (flags.case_insensitive) options |= PCRE2_CASELESS;
  int error = 0;
  PCRE2_SIZE offset = 0;
  const std::string translated = pcre2_pattern_of(pattern);
  Code code(pcre2_compile(reinterpret_cast<PCRE2_SPTR>(translated.data()), translated.size(), options, &error, &offset,
                          nullptr));
  if (!code) throw SqlError("2201B", "invalid regular expression: " + pcre2_message(error));
  return cache_.emplace(std::move(key), std::move(code)).first->second.get();
}

bool Pcre2Patterns::find(const pcre2_code* pattern, std::string_view text, std::size_t start) {
  int result = pcre2_match(pattern, reinterpret_cast<PCRE2_SPTR>(text.data()), text.size(), start,
                           PCRE2_NO_UTF_CHECK, data_.get(), context_.get());
  if (result >= 0) return true;
  if (result == PCRE2_ERROR_NOMATCH) return false;
  if (result == PCRE2_ERROR_MATCHLIMIT || result == PCRE2_ERROR_HEAPLIMIT || result == PCRE2_ERROR_DEPTHLIMIT ||
      result == PCRE2_ERROR_NOMEMORY) {
    throw SqlError("2201B", "invalid regular expression: regular expression is too complex");
  }
  throw SqlError("2201B", "invalid regular expression: " + pcre2_message(result));
}

}  // namespace ptreedb::exec
