// PostgreSQL's number templates (formatting.c's NUM_ patterns) as to_char
// writes numbers through them and to_number reads them back: the parsed
// patterns and what they ask for (NUMDesc), with PostgreSQL's 42601 for
// misplaced patterns. V is refused with 0A000.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ptreedb::value {

enum class NumberPattern { kRomanUpper, kRomanLower, kDigit9, kDigit0, kPoint, kComma, kS, kMi, kPl, kSg, kPr, kL, kFm, kThUpper, kThLower, kEeee,
                          kNoOp,  // B, C, SP: accepted, no effect (as in PostgreSQL)
                          kText };

struct NumberNode {
  NumberPattern pattern;
  std::string text;  // kText
};

enum class NumberSignPlace { kNone, kBefore, kAfter };

// What the template asks for (PostgreSQL's NUMDesc).
struct NumberFormat {
  std::vector<NumberNode> nodes;
  int pre = 0;   // digit positions before the point
  int post = 0;  // after it
  bool has_zero = false;
  int zero_start = 0;  // the first '0' position before the point (0-based)
  int zero_end = 0;    // positions up to the last '0'
  bool roman = false;
  bool blank = false;  // B before any digit
  bool decimal = false, fill = false, bracket = false, minus = false, plus = false, eeee = false;
  NumberSignPlace sign_place = NumberSignPlace::kNone;  // S
  int pre_sign_digits = 0;                   // digits before an S before the point
};

NumberFormat parse_number_template(std::string_view format);

}  // namespace ptreedb::value
