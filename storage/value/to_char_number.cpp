#include "storage/value/to_char_number.h"

#include <cmath>
#include <cstdio>
#include <vector>

#include "storage/sql_error.h"
#include "storage/value/number_template.h"

namespace ptreedb::value {

namespace {

std::string_view ordinal_suffix(std::string_view digits, bool upper_case) {
  if (digits.empty()) return "";
  const char last = digits.back();
  const bool teen = digits.size() >= 2 && digits[digits.size() - 2] == '1';
  std::string_view suffix = "th";
  if (!teen) {
    if (last == '1') suffix = "st";
    else if (last == '2') suffix = "nd";
    else if (last == '3') suffix = "rd";
  }
  if (!upper_case) return suffix;
  return suffix == "st" ? "ST" : suffix == "nd" ? "ND" : suffix == "rd" ? "RD" : "TH";
}

// PostgreSQL's NUM_processor for to_char: `number` holds the rounded digits
// without sign ("123.40"), or '#'s when they do not fit.
class NumberWriter {
 public:
  NumberWriter(NumberFormat& num, std::string number, char sign, int pre_spaces)
      : num_(num), number_(std::move(number)), sign_(sign), pre_spaces_(pre_spaces) {}

  std::string write() {
    if (num_.plus || num_.minus) {
      sign_wrote_ = !(num_.plus && !num_.minus);
    } else {
      if (sign_ != '-' && num_.fill) num_.bracket = false;
      sign_wrote_ = sign_ == '+' && num_.fill && num_.sign_place == NumberSignPlace::kNone;
      if (num_.sign_place == NumberSignPlace::kBefore && num_.pre == num_.pre_sign_digits) num_.sign_place = NumberSignPlace::kAfter;
    }
    num_count_ = num_.post + num_.pre - 1;
    if (num_.fill && num_.decimal) {
      last_relevant_ = last_relevant_decimal();
      if (last_relevant_ != npos && num_.zero_end > pre_spaces_) {
        std::size_t last_zero = number_.size() - 1;
        last_zero = std::min<std::size_t>(last_zero, static_cast<std::size_t>(num_.zero_end - pre_spaces_));
        if (last_relevant_ < last_zero) last_relevant_ = last_zero;
      }
    }
    if (!sign_wrote_ && pre_spaces_ == 0) ++num_count_;
    for (const NumberNode& node : num_.nodes) {
      switch (node.pattern) {
        case NumberPattern::kDigit9:
        case NumberPattern::kDigit0:
        case NumberPattern::kPoint:
          number_part(node.pattern);
          break;
        case NumberPattern::kComma:
          if (!in_number_) {
            if (!num_.fill) out_.push_back(' ');
          } else {
            out_.push_back(',');
          }
          break;
        case NumberPattern::kL: out_.push_back(' '); break;  // the C locale's currency symbol
        case NumberPattern::kThUpper:
        case NumberPattern::kThLower:
          if (number_[0] == '#' || sign_ == '-' || num_.decimal) break;
          out_ += ordinal_suffix(number_, node.pattern == NumberPattern::kThUpper);
          break;
        case NumberPattern::kMi:
          if (sign_ == '-') out_.push_back('-');
          else if (!num_.fill) out_.push_back(' ');
          break;
        case NumberPattern::kPl:
          if (sign_ == '+') out_.push_back('+');
          else if (!num_.fill) out_.push_back(' ');
          break;
        case NumberPattern::kSg: out_.push_back(sign_); break;
        case NumberPattern::kText: out_ += node.text; break;
        default: break;
      }
    }
    return out_;
  }

 private:
  static constexpr std::size_t npos = std::string::npos;

  std::size_t last_relevant_decimal() const {
    std::size_t p = number_.find('.');
    if (p == npos) return npos;
    std::size_t result = p;
    while (++p < number_.size()) {
      if (number_[p] != '0') result = p;
    }
    return result;
  }

  bool predecimal_space() const {
    return !num_.has_zero && at_ == 0 && !number_.empty() && number_[0] == '0' && num_.post != 0;
  }

  bool last_relevant_is_point() const { return last_relevant_ != npos && number_[last_relevant_] == '.'; }

  void number_part(NumberPattern pattern) {
    in_number_ = false;
    if (!sign_wrote_ && (current_ >= pre_spaces_ || (num_.has_zero && num_.zero_start == current_)) &&
        (!predecimal_space() || last_relevant_is_point())) {
      if (num_.sign_place != NumberSignPlace::kNone) {
        if (num_.sign_place == NumberSignPlace::kBefore) {
          out_.push_back(sign_ == '-' ? '-' : '+');
          sign_wrote_ = true;
        }
      } else if (num_.bracket) {
        out_.push_back(sign_ == '+' ? ' ' : '<');
        sign_wrote_ = true;
      } else if (sign_ == '+') {
        if (!num_.fill) out_.push_back(' ');
        sign_wrote_ = true;
      } else {
        out_.push_back('-');
        sign_wrote_ = true;
      }
    }
    if (current_ < pre_spaces_ && (num_.zero_start > current_ || !num_.has_zero)) {
      if (!num_.fill) out_.push_back(' ');
    } else if (num_.has_zero && current_ < pre_spaces_ && num_.zero_start <= current_) {
      out_.push_back('0');
      in_number_ = true;
    } else {
      const char c = at_ < number_.size() ? number_[at_] : '\0';
      if (c == '.') {
        if (!last_relevant_is_point() || num_.fill) out_.push_back('.');
      } else if (last_relevant_ != npos && at_ > last_relevant_ && pattern != NumberPattern::kDigit0) {
        // FM drops trailing zeros
      } else if (predecimal_space()) {
        if (!num_.fill) out_.push_back(' ');
        else if (last_relevant_is_point()) out_.push_back('0');
      } else if (c != '\0') {
        out_.push_back(c);
        in_number_ = true;
      }
      if (at_ < number_.size()) ++at_;
    }
    int end = num_count_ + (pre_spaces_ != 0 ? 1 : 0) + (num_.decimal ? 1 : 0);
    if (last_relevant_ != npos && last_relevant_ == at_) end = current_;
    if (current_ + 1 == end) {
      if (sign_wrote_ && num_.bracket) {
        out_.push_back(sign_ == '+' ? ' ' : '>');
      } else if (num_.sign_place == NumberSignPlace::kAfter) {
        out_.push_back(sign_ == '-' ? '-' : '+');
      }
    }
    ++current_;
  }

  NumberFormat& num_;
  std::string number_;
  char sign_;
  int pre_spaces_;
  bool sign_wrote_ = false;
  bool in_number_ = false;
  int num_count_ = 0;
  int current_ = 0;
  std::size_t at_ = 0;
  std::size_t last_relevant_ = npos;
  std::string out_;
};

// The digits rounded to the template's places (`digits` may start with '-').
std::string finish(NumberFormat& num, std::string digits) {
  char sign = '+';
  if (!digits.empty() && digits[0] == '-') {
    sign = '-';
    digits.erase(0, 1);
  }
  const std::size_t point = digits.find('.');
  const int pre_length = static_cast<int>(point == std::string::npos ? digits.size() : point);
  int pre_spaces = 0;
  if (pre_length < num.pre) {
    pre_spaces = num.pre - pre_length;
  } else if (pre_length > num.pre) {
    digits.assign(num.pre + num.post + 1, '#');
    digits[num.pre] = '.';
  }
  return NumberWriter(num, std::move(digits), sign, pre_spaces).write();
}

// "1.23e+04" with a space for the missing sign of a positive number.
std::string scientific(double value, int places) {
  if (std::isnan(value) || std::isinf(value)) return {};
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%+.*e", places, value);
  std::string text(buffer);
  if (text[0] == '+') text[0] = ' ';
  return text;
}

std::string overflow_eeee(const NumberFormat& num) {
  std::string text(1, ' ');
  text.append(num.pre, '#');
  text.push_back('.');
  text.append(num.post, '#');
  text += "####";
  return text;
}

// RN / rn: the value rounded to an integer in Roman numerals, right-aligned
// in 15 characters unless FM; '#'s outside 1..3999. Other patterns print
// nothing but text.
std::string roman(const NumberFormat& num, double rounded) {
  std::string numeral;
  if (rounded < 1 || rounded > 3999) {
    numeral.assign(15, '#');
  } else {
    static constexpr std::string_view kThousands[] = {"", "M", "MM", "MMM"};
    static constexpr std::string_view kHundreds[] = {"", "C", "CC", "CCC", "CD", "D", "DC", "DCC", "DCCC", "CM"};
    static constexpr std::string_view kTens[] = {"", "X", "XX", "XXX", "XL", "L", "LX", "LXX", "LXXX", "XC"};
    static constexpr std::string_view kOnes[] = {"", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"};
    const int n = static_cast<int>(rounded);
    numeral = std::string(kThousands[n / 1000]) + std::string(kHundreds[n / 100 % 10]) +
              std::string(kTens[n / 10 % 10]) + std::string(kOnes[n % 10]);
  }
  std::string out;
  for (const NumberNode& node : num.nodes) {
    if (node.pattern == NumberPattern::kRomanUpper || node.pattern == NumberPattern::kRomanLower) {
      std::string text = numeral;
      if (node.pattern == NumberPattern::kRomanLower) {
        for (char& c : text) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
      }
      if (!num.fill && text.size() < 15) out.append(15 - text.size(), ' ');
      out += text;
    } else if (node.pattern == NumberPattern::kText) {
      out += node.text;
    }
  }
  return out;
}

}  // namespace

std::string to_char_decimal(Decimal value, std::string_view format) {
  NumberFormat num = parse_number_template(format);
  if (num.roman) {
    if (decimal_is_special(value)) decimal_to_int32(value);  // throws "cannot convert NaN to integer"
    return roman(num, std::stod(format_decimal(decimal_round(value, 0))));
  }
  if (num.eeee) {
    std::string text = scientific(std::stod(format_decimal(value)), num.post);
    return text.empty() ? overflow_eeee(num) : text;
  }
  return finish(num, format_decimal(decimal_round(value, num.post)));
}

std::string to_char_integer(std::int64_t value, std::string_view format) {
  NumberFormat num = parse_number_template(format);
  if (num.roman) return roman(num, static_cast<double>(value));
  if (num.eeee) return scientific(static_cast<double>(value), num.post);
  std::string digits = std::to_string(value);
  if (num.post > 0) digits += "." + std::string(num.post, '0');
  return finish(num, std::move(digits));
}

std::string to_char_double(double value, std::string_view format, int significant_digits) {
  NumberFormat num = parse_number_template(format);
  if (num.roman) return roman(num, std::isnan(value) ? 0 : std::rint(value));
  if (num.eeee) {
    std::string text = scientific(value, num.post);
    return text.empty() ? overflow_eeee(num) : text;
  }
  // PostgreSQL's own printf spells the special values as numeric does.
  const auto fixed = [](double x, int places) -> std::string {
    if (std::isnan(x)) return "NaN";
    if (std::isinf(x)) return x < 0 ? "-Infinity" : "Infinity";
    char buffer[512];
    std::snprintf(buffer, sizeof buffer, "%.*f", places, x);
    return buffer;
  };
  // At most DBL_DIG (FLT_DIG) significant digits, as float8_to_char.
  const int pre_length = static_cast<int>(fixed(std::fabs(value), 0).size());
  if (pre_length >= significant_digits) num.post = 0;
  else if (pre_length + num.post > significant_digits) num.post = significant_digits - pre_length;
  return finish(num, fixed(value, num.post));
}

}  // namespace ptreedb::value
