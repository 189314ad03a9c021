// A LIKE pattern of literals and '%' only, compiled once for a constant
// pattern: the text must start with the first piece, end with the last,
// and hold the pieces between in order, each found by a substring search
// rather than by like_match's character-by-character backtracking. TPC-H's
// '%special%requests%' and 'PROMO%' are of this kind.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ptreedb::exec {

class LikePattern {
 public:
  // The compiled pattern, or none when it has '_', ends with a lone escape,
  // or the match ignores case: like_match then decides each row.
  static std::optional<LikePattern> compile(std::string_view pattern, bool case_insensitive);

  // Whether `text` LIKE the pattern.
  bool matches(std::string_view text) const;

 private:
  // The literal pieces between '%'s, escapes resolved: the first anchored
  // at the start (empty when the pattern starts with '%'), the last at the
  // end (empty when it ends with one).
  std::vector<std::string> pieces_;
};

}  // namespace ptreedb::exec
