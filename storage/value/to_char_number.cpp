#include "storage/value/to_char_number.h"

#include <cmath>
#include <cstdio>
#include <vector>

#include "storage/sql_error.h"

namespace ptreedb::value {

namespace {

enum class Pattern { kRomanUpper, kRomanLower, kDigit9, kDigit0, kPoint, kComma, kS, kMi, kPl, kSg, kPr, kL, kFm, kThUpper, kThLower, kEeee, kText };

struct Node {
  Pattern pattern;
  std::string text;  // kText
};

enum class SignPlace { kNone, kBefore, kAfter };

// What the template asks for (PostgreSQL's NUMDesc).
struct NumberFormat {
  std::vector<Node> nodes;
  int pre = 0;   // digit positions before the point
  int post = 0;  // after it
  bool has_zero = false;
  int zero_start = 0;  // the first '0' position before the point (0-based)
  int zero_end = 0;    // positions up to the last '0'
  bool roman = false;
  bool decimal = false, fill = false, bracket = false, minus = false, plus = false, eeee = false;
  SignPlace sign_place = SignPlace::kNone;  // S
  int pre_sign_digits = 0;                   // digits before an S before the point
};

[[noreturn]] void format_error(const std::string& message, const std::string& detail = {}) {
  throw SqlError(sqlstate::kSyntaxError, message, detail);
}

NumberFormat parse_format(std::string_view format) {
  struct Keyword {
    std::string_view text;
    Pattern pattern;
  };
  static constexpr Keyword kKeywords[] = {
      {"RN", Pattern::kRomanUpper}, {"rn", Pattern::kRomanLower}, {",", Pattern::kComma}, {".", Pattern::kPoint}, {"0", Pattern::kDigit0}, {"9", Pattern::kDigit9},
      {"D", Pattern::kPoint}, {"EEEE", Pattern::kEeee}, {"FM", Pattern::kFm}, {"G", Pattern::kComma},
      {"L", Pattern::kL}, {"MI", Pattern::kMi}, {"PL", Pattern::kPl}, {"PR", Pattern::kPr}, {"SG", Pattern::kSg},
      {"S", Pattern::kS}, {"TH", Pattern::kThUpper}, {"d", Pattern::kPoint}, {"eeee", Pattern::kEeee},
      {"fm", Pattern::kFm}, {"g", Pattern::kComma}, {"l", Pattern::kL}, {"mi", Pattern::kMi}, {"pl", Pattern::kPl},
      {"pr", Pattern::kPr}, {"sg", Pattern::kSg}, {"s", Pattern::kS}, {"th", Pattern::kThLower},
  };
  NumberFormat num;
  std::size_t pos = 0;
  while (pos < format.size()) {
    if (num.eeee) format_error("\"EEEE\" must be the last pattern used");
    for (std::string_view refused : {"V", "v"}) {
      if (format.substr(pos, refused.size()) == refused) {
        throw SqlError(sqlstate::kFeatureNotSupported,
                       "to_char's number pattern \"" + std::string(refused) + "\" is not supported");
      }
    }
    const Keyword* match = nullptr;
    for (const Keyword& keyword : kKeywords) {
      if (format.substr(pos, keyword.text.size()) == keyword.text) {
        match = &keyword;
        break;
      }
    }
    if (match == nullptr) {
      // Other characters are copied; "quoted text" and \x too.
      std::string text;
      if (format[pos] == '"') {
        ++pos;
        while (pos < format.size() && format[pos] != '"') {
          if (format[pos] == '\\' && pos + 1 < format.size()) ++pos;
          text.push_back(format[pos++]);
        }
        ++pos;
      } else if (format[pos] == '\\' && pos + 1 < format.size()) {
        text.push_back(format[pos + 1]);
        pos += 2;
      } else {
        text.push_back(format[pos++]);
      }
      num.nodes.push_back({Pattern::kText, std::move(text)});
      continue;
    }
    pos += match->text.size();
    switch (match->pattern) {
      case Pattern::kDigit9:
        if (num.bracket) format_error("\"9\" must be ahead of \"PR\"");
        (num.decimal ? num.post : num.pre)++;
        break;
      case Pattern::kDigit0:
        if (num.bracket) format_error("\"0\" must be ahead of \"PR\"");
        if (!num.has_zero && !num.decimal) {
          num.has_zero = true;
          num.zero_start = num.pre;
        }
        (num.decimal ? num.post : num.pre)++;
        num.zero_end = num.pre + num.post;
        break;
      case Pattern::kPoint:
        if (num.decimal) format_error("multiple decimal points");
        num.decimal = true;
        break;
      case Pattern::kFm: num.fill = true; break;
      case Pattern::kRomanUpper:
      case Pattern::kRomanLower: num.roman = true; break;
      case Pattern::kS:
        if (num.sign_place != SignPlace::kNone) format_error("cannot use \"S\" twice");
        if (num.plus || num.minus || num.bracket) format_error("cannot use \"S\" and \"PL\"/\"MI\"/\"SG\"/\"PR\" together");
        if (!num.decimal) {
          num.sign_place = SignPlace::kBefore;
          num.pre_sign_digits = num.pre;
        } else {
          num.sign_place = SignPlace::kAfter;
        }
        break;
      case Pattern::kMi:
      case Pattern::kPl:
      case Pattern::kSg:
        if (num.sign_place != SignPlace::kNone) {
          format_error(std::string("cannot use \"S\" and \"") + std::string(match->text == "mi" ? "MI" : match->text == "pl" ? "PL" : match->text == "sg" ? "SG" : match->text) + "\" together");
        }
        if (match->pattern != Pattern::kPl) num.minus = true;
        if (match->pattern != Pattern::kMi) num.plus = true;
        break;
      case Pattern::kPr:
        if (num.sign_place != SignPlace::kNone || num.plus || num.minus) {
          format_error("cannot use \"PR\" and \"S\"/\"PL\"/\"MI\"/\"SG\" together");
        }
        num.bracket = true;
        break;
      case Pattern::kEeee:
        if (num.fill || num.sign_place != SignPlace::kNone || num.bracket || num.minus || num.plus) {
          format_error("\"EEEE\" is incompatible with other formats",
                       "\"EEEE\" may only be used together with digit and decimal point patterns.");
        }
        num.eeee = true;
        break;
      default: break;
    }
    num.nodes.push_back({match->pattern, {}});
  }
  return num;
}

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
      sign_wrote_ = sign_ == '+' && num_.fill && num_.sign_place == SignPlace::kNone;
      if (num_.sign_place == SignPlace::kBefore && num_.pre == num_.pre_sign_digits) num_.sign_place = SignPlace::kAfter;
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
    for (const Node& node : num_.nodes) {
      switch (node.pattern) {
        case Pattern::kDigit9:
        case Pattern::kDigit0:
        case Pattern::kPoint:
          number_part(node.pattern);
          break;
        case Pattern::kComma:
          if (!in_number_) {
            if (!num_.fill) out_.push_back(' ');
          } else {
            out_.push_back(',');
          }
          break;
        case Pattern::kL: out_.push_back(' '); break;  // the C locale's currency symbol
        case Pattern::kThUpper:
        case Pattern::kThLower:
          if (number_[0] == '#' || sign_ == '-' || num_.decimal) break;
          out_ += ordinal_suffix(number_, node.pattern == Pattern::kThUpper);
          break;
        case Pattern::kMi:
          if (sign_ == '-') out_.push_back('-');
          else if (!num_.fill) out_.push_back(' ');
          break;
        case Pattern::kPl:
          if (sign_ == '+') out_.push_back('+');
          else if (!num_.fill) out_.push_back(' ');
          break;
        case Pattern::kSg: out_.push_back(sign_); break;
        case Pattern::kText: out_ += node.text; break;
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

  void number_part(Pattern pattern) {
    in_number_ = false;
    if (!sign_wrote_ && (current_ >= pre_spaces_ || (num_.has_zero && num_.zero_start == current_)) &&
        (!predecimal_space() || last_relevant_is_point())) {
      if (num_.sign_place != SignPlace::kNone) {
        if (num_.sign_place == SignPlace::kBefore) {
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
      } else if (last_relevant_ != npos && at_ > last_relevant_ && pattern != Pattern::kDigit0) {
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
      } else if (num_.sign_place == SignPlace::kAfter) {
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
  for (const Node& node : num.nodes) {
    if (node.pattern == Pattern::kRomanUpper || node.pattern == Pattern::kRomanLower) {
      std::string text = numeral;
      if (node.pattern == Pattern::kRomanLower) {
        for (char& c : text) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
      }
      if (!num.fill && text.size() < 15) out.append(15 - text.size(), ' ');
      out += text;
    } else if (node.pattern == Pattern::kText) {
      out += node.text;
    }
  }
  return out;
}

}  // namespace

std::string to_char_decimal(Decimal value, std::string_view format) {
  NumberFormat num = parse_format(format);
  if (num.roman) return roman(num, std::stod(format_decimal(decimal_round(value, 0))));
  if (num.eeee) {
    std::string text = scientific(std::stod(format_decimal(value)), num.post);
    return text.empty() ? overflow_eeee(num) : text;
  }
  return finish(num, format_decimal(decimal_round(value, num.post)));
}

std::string to_char_integer(std::int64_t value, std::string_view format) {
  NumberFormat num = parse_format(format);
  if (num.roman) return roman(num, static_cast<double>(value));
  if (num.eeee) return scientific(static_cast<double>(value), num.post);
  std::string digits = std::to_string(value);
  if (num.post > 0) digits += "." + std::string(num.post, '0');
  return finish(num, std::move(digits));
}

std::string to_char_double(double value, std::string_view format) {
  NumberFormat num = parse_format(format);
  if (num.roman) return roman(num, std::isnan(value) ? 0 : std::rint(value));
  if (num.eeee) {
    std::string text = scientific(value, num.post);
    return text.empty() ? overflow_eeee(num) : text;
  }
  if (std::isnan(value) || std::isinf(value)) {
    std::string text(1, ' ');
    text.append(num.pre, '#');
    if (num.decimal) text.push_back('.');
    text.append(num.post, '#');
    return text;
  }
  // At most DBL_DIG (15) significant digits, as PostgreSQL's float8_to_char.
  char buffer[512];
  std::snprintf(buffer, sizeof buffer, "%.0f", std::fabs(value));
  const int pre_length = static_cast<int>(std::string_view(buffer).size());
  if (pre_length >= 15) num.post = 0;
  else if (pre_length + num.post > 15) num.post = 15 - pre_length;
  std::snprintf(buffer, sizeof buffer, "%.*f", num.post, value);
  return finish(num, buffer);
}

}  // namespace ptreedb::value
