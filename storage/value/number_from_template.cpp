#include "storage/value/number_from_template.h"

#include <algorithm>
#include <string>

#include "storage/sql_error.h"
#include "storage/value/number_template.h"
#include "storage/value/utf8.h"

namespace ptreedb::value {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Reads `text` through a parsed template into numeric_in's text: a sign (or
// a space) first, then the digits and point read (formatting.c's NUMProc).
class NumberReader {
 public:
  NumberReader(std::string_view text, const NumberFormat& num) : text_(text), num_(num) {}

  std::string read() {
    for (const NumberNode& node : num_.nodes) {
      if (at_end()) break;
      // Each pattern reads at its character and then steps over it, unless it
      // matched nothing (then the input stays for the next pattern).
      bool step = false;
      switch (node.pattern) {
        case NumberPattern::kDigit9:
        case NumberPattern::kDigit0:
        case NumberPattern::kPoint:
          read_number_part(node.pattern != NumberPattern::kPoint);
          step = true;
          break;
        case NumberPattern::kComma:
          // In fill mode a comma is not expected; else only a comma there is read.
          step = !num_.fill && text_[pos_] == ',';
          break;
        case NumberPattern::kL:  // the C locale's currency symbol is one character
          pass_over_non_data(1);
          break;
        case NumberPattern::kThUpper:
        case NumberPattern::kThLower:
          if (!num_.decimal) pass_over_non_data(2);
          break;
        case NumberPattern::kMi:
        case NumberPattern::kPl:
        case NumberPattern::kSg: {
          const char c = text_[pos_];
          const bool takes_minus = node.pattern != NumberPattern::kPl;
          const bool takes_plus = node.pattern != NumberPattern::kMi;
          if ((c == '-' && takes_minus) || (c == '+' && takes_plus)) {
            number_[0] = c;
            step = true;
          } else {
            pass_over_non_data(1);
          }
          break;
        }
        case NumberPattern::kText:
          // One input character per template character, whatever it is.
          for (std::size_t i = 0; i < node.text.size() && !at_end(); i += utf8_character_length(node.text, i)) {
            pos_ += utf8_character_length(text_, pos_);
          }
          break;
        default:  // S (read with the digits), PR (with them: '<'), FM
          break;
      }
      if (step) ++pos_;
    }
    if (number_.back() == '.') number_.pop_back();
    return number_;
  }

  int fraction_digits() const { return read_post_; }

 private:
  bool at_end() const { return pos_ >= text_.size(); }
  bool remains(std::size_t count) const { return pos_ + count <= text_.size(); }

  // Passes over up to `count` characters that cannot be part of the number.
  void pass_over_non_data(int count) {
    while (count-- > 0 && !at_end()) {
      if (std::string_view("0123456789.,+-").find(text_[pos_]) != std::string_view::npos) break;
      pos_ += utf8_character_length(text_, pos_);
    }
  }

  // formatting.c's NUM_numpart_from_char: a sign before the first digit, a
  // digit or the point, a sign right after the last digit.
  void read_number_part(bool digit_pattern) {
    if (at_end()) return;
    if (text_[pos_] == ' ') ++pos_;
    if (at_end()) return;
    if (number_[0] == ' ' && digit_pattern && read_pre_ + read_post_ == 0) {
      const char c = text_[pos_];
      if (num_.sign_place == NumberSignPlace::kBefore) {
        if (remains(1) && (c == '-' || c == '+')) {
          number_[0] = c;
          ++pos_;
        }
      } else if (c == '-' || (num_.bracket && c == '<')) {
        number_[0] = '-';
        ++pos_;
      } else if (c == '+') {
        number_[0] = '+';
        ++pos_;
      }
    }
    if (at_end()) return;
    bool read = false;
    if (is_digit(text_[pos_])) {
      if (read_decimal_ && read_post_ == num_.post) return;  // no more fraction digits than the template's
      number_.push_back(text_[pos_]);
      ++(read_decimal_ ? read_post_ : read_pre_);
      read = true;
    } else if (num_.decimal && !read_decimal_ && text_[pos_] == '.') {
      number_.push_back('.');
      read_decimal_ = true;
      read = true;
    }
    if (at_end()) return;
    if (number_[0] == ' ' && read_pre_ + read_post_ > 0) {
      if (num_.sign_place != NumberSignPlace::kNone && read && pos_ + 1 < text_.size() &&
          !is_digit(text_[pos_ + 1])) {
        // S right after the last digit read.
        const char c = text_[pos_ + 1];
        if (c == '-' || c == '+') {
          number_[0] = c;
          ++pos_;
        }
      } else if (!read && num_.sign_place == NumberSignPlace::kNone && (num_.plus || num_.minus)) {
        // MI/PL/SG whose place a fill-mode template leaves open: 5.01-
        if (text_[pos_] == '-' || text_[pos_] == '+') number_[0] = text_[pos_];
      }
    }
  }

  std::string_view text_;
  const NumberFormat& num_;
  std::size_t pos_ = 0;
  std::string number_ = " ";
  int read_pre_ = 0;
  int read_post_ = 0;
  bool read_decimal_ = false;
};

}  // namespace

std::optional<Decimal> to_number_from_template(std::string_view text, std::string_view format) {
  if (format.empty()) return std::nullopt;
  const NumberFormat num = parse_number_template(format);
  if (num.eeee) throw SqlError(sqlstate::kFeatureNotSupported, "\"EEEE\" not supported for input");
  if (num.roman) throw SqlError(sqlstate::kFeatureNotSupported, "\"RN\" not supported for input");
  NumberReader reader(text, num);
  const std::string number = reader.read();
  const int scale = reader.fraction_digits();
  return decimal_apply_typmod(parse_decimal(number), num.pre + scale, scale);
}

}  // namespace ptreedb::value
