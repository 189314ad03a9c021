// PostgreSQL's regular expressions through PCRE2: patterns compiled once per
// chunk, and matches bounded so no pattern holds a session for long.
//
// PCRE2 backtracks on the heap, not the stack, and a match is bounded:
// past kMatchLimit backtracking steps (about a tenth of a second) or
// kHeapLimitKiB of backtracking memory (`^(a|b)*$` over 400 kB of text needs
// over 64 MiB) it stops with 2201B "regular expression is too complex"
// (which PostgreSQL also raises for patterns its engine cannot bound).
//
// Where the dialects differ: PCRE2 takes the first alternative that matches
// (Perl's rule), PostgreSQL's engine the longest match; for `~` (whether a
// match exists) that never matters, for the text regexp_replace replaces,
// regexp_match returns or regexp_split_to_array splits at it can (`a|ab` on
// "ab" replaces "a" here, "ab" in PostgreSQL).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

namespace ptreedb::exec {

// The flags argument of regexp_replace, regexp_match and the like: g, i, c
// (the last of i and c wins), n or m (newline-sensitive: `^` and `$` match at
// line breaks and `.` never matches a newline) against s (the default), x
// (expanded: white space and # comments in the pattern ignored) against t
// (the default); the partial newline modes p and w and the syntax flags q,
// b, e are refused with 0A000, other letters 22023. Where PCRE2 differs: in
// newline-sensitive mode a negated bracket expression (`[^a]`) still
// matches a newline, which PostgreSQL's does not.
struct RegexFlags {
  bool global = false, case_insensitive = false, newline_sensitive = false, expanded = false;
};
RegexFlags parse_regex_flags(std::string_view flags);
// The flags of a function that takes no "g" (regexp_match, the splits):
// PostgreSQL's 22023 naming `function`, with `hint` when there is one.
RegexFlags parse_regex_flags_without_global(std::string_view flags, const std::string& function,
                                            const std::string& hint);

// The byte length of the UTF-8 character at `at` (a search past an empty
// match moves on by one character).
inline std::size_t character_length(std::string_view text, std::size_t at) {
  const auto lead = static_cast<unsigned char>(text[at]);
  return lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
}

// PostgreSQL's escapes PCRE2 spells otherwise, outside bracket expressions:
// \m and \M (start and end of a word), \y and \Y (a word boundary, or
// not), \b (a backspace, where PCRE2's \b is a word boundary).
std::string pcre2_pattern_of(std::string_view pattern);

// Whether `text` holds a group reference \1 .. \9 (a back reference in a
// pattern, a group in a replacement); `\\` is an escaped backslash.
bool names_a_group(std::string_view text);

class Pcre2Patterns {
 public:
  Pcre2Patterns();
  // `pattern` compiled (2201B when it is invalid); `captures`: groups must
  // capture (else only back references make them).
  const pcre2_code* compiled(std::string_view pattern, const RegexFlags& flags, bool captures);
  // The operators' form (`~*` folds case; no other flag).
  const pcre2_code* compiled(std::string_view pattern, bool case_insensitive, bool captures) {
    RegexFlags flags;
    flags.case_insensitive = case_insensitive;
    return compiled(pattern, flags, captures);
  }
  // The first match in `text` from byte `start` (2201B past the limits);
  // false when there is none. The match's groups are in match_data().
  bool find(const pcre2_code* pattern, std::string_view text, std::size_t start);
  // After find: group g's [begin, end) byte offsets (PCRE2_UNSET when unset).
  const PCRE2_SIZE* offsets() const { return pcre2_get_ovector_pointer(data_.get()); }
  std::uint32_t group_count() const { return pcre2_get_ovector_count(data_.get()); }
  // The capturing groups `pattern` has (compiled with captures).
  static std::uint32_t capture_count(const pcre2_code* pattern);
  // The most groups a match reports (\1 .. \9).
  static constexpr std::uint32_t kMaxGroups = 9;

 private:
  struct CodeDeleter {
    void operator()(pcre2_code* code) const { pcre2_code_free(code); }
  };
  struct MatchDataDeleter {
    void operator()(pcre2_match_data* data) const { pcre2_match_data_free(data); }
  };
  struct MatchContextDeleter {
    void operator()(pcre2_match_context* context) const { pcre2_match_context_free(context); }
  };
  using Code = std::unique_ptr<pcre2_code, CodeDeleter>;
  struct Key {
    std::string pattern;
    bool case_insensitive, newline_sensitive, expanded, captures;
    auto operator<=>(const Key&) const = default;
  };
  std::map<Key, Code> cache_;
  std::unique_ptr<pcre2_match_context, MatchContextDeleter> context_;
  std::unique_ptr<pcre2_match_data, MatchDataDeleter> data_;
};

// setup_regexp_matches' walk: each match from the start character on (an
// empty match moves the search on by one character), its offsets handed to
// `visit` until it returns false. A start past the end finds nothing.
template <class Visit>
void for_each_match(Pcre2Patterns& cache, const pcre2_code* pattern, std::string_view text, std::int64_t start,
                    const Visit& visit) {
  std::size_t search = 0;
  for (std::int64_t c = 1; c < start; ++c) {
    if (search >= text.size()) return;
    search += character_length(text, search);
  }
  while (search <= text.size() && cache.find(pattern, text, search)) {
    const PCRE2_SIZE* offsets = cache.offsets();
    const std::size_t begin = offsets[0], end = offsets[1];
    if (!visit(offsets)) return;
    search = end;
    if (begin == end) search += search < text.size() ? character_length(text, search) : 1;
  }
}

// After a find: the match's groups (the whole match when `pattern` has none;
// an unset group null), as regexp_match and regexp_matches return them.
// `function` names the caller when the pattern has more groups than kMaxGroups.
std::vector<std::optional<std::string>> match_groups(const Pcre2Patterns& patterns, const pcre2_code* pattern,
                                                     std::string_view text, const char* function);

// The text between the matches of `pattern`, as regexp_split_to_array and
// regexp_split_to_table split it: an empty match at the start or end of the
// text, or right after the previous match, splits nothing.
std::vector<std::string> regex_split(Pcre2Patterns& patterns, const pcre2_code* pattern, std::string_view text);

}  // namespace ptreedb::exec
