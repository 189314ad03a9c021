#include "exec/like_pattern.h"

namespace ptreedb::exec {

std::optional<LikePattern> LikePattern::compile(std::string_view pattern, bool case_insensitive) {
  if (case_insensitive) return std::nullopt;
  LikePattern out;
  std::string piece;
  bool after_percent = false;
  for (std::size_t p = 0; p < pattern.size(); ++p) {
    const char c = pattern[p];
    if (c == '_') return std::nullopt;
    if (c == '%') {
      if (!after_percent) {  // '%%' is one '%'
        out.pieces_.push_back(std::move(piece));
        piece.clear();
      }
      after_percent = true;
      continue;
    }
    after_percent = false;
    if (c == '\\') {
      if (p + 1 == pattern.size()) return std::nullopt;  // like_match decides the error
      piece += pattern[++p];
      continue;
    }
    piece += c;
  }
  out.pieces_.push_back(std::move(piece));  // after the last '%': empty when it ends the pattern
  return out;
}

bool LikePattern::matches(std::string_view text) const {
  // No '%': the whole text is the one piece.
  if (pieces_.size() == 1) return text == pieces_[0];
  std::string_view first = pieces_.front(), last = pieces_.back();
  // The pieces are split on '%', so the first is anchored at the start (it is
  // empty when the pattern starts with '%') and the last at the end.
  if (text.size() < first.size() + last.size()) return false;
  if (text.substr(0, first.size()) != first) return false;
  if (text.substr(text.size() - last.size()) != last) return false;
  // The middle pieces, in order, leftmost first, between those two.
  std::string_view rest = text.substr(first.size(), text.size() - first.size() - last.size());
  for (std::size_t k = 1; k + 1 < pieces_.size(); ++k) {
    const std::string& piece = pieces_[k];
    const std::size_t at = rest.find(piece);
    if (at == std::string_view::npos) return false;
    rest.remove_prefix(at + piece.size());
  }
  return true;
}

}  // namespace ptreedb::exec
