#include "storage/value/number_template.h"

#include "storage/sql_error.h"
#include "storage/value/utf8.h"

namespace ptreedb::value {

namespace {

[[noreturn]] void format_error(const std::string& message, const std::string& detail = {}) {
  throw SqlError(sqlstate::kSyntaxError, message, detail);
}

}  // namespace

NumberFormat parse_number_template(std::string_view format) {
  struct Keyword {
    std::string_view text;
    NumberPattern pattern;
  };
  static constexpr Keyword kKeywords[] = {
      {"RN", NumberPattern::kRomanUpper}, {"rn", NumberPattern::kRomanLower}, {",", NumberPattern::kComma}, {".", NumberPattern::kPoint}, {"0", NumberPattern::kDigit0}, {"9", NumberPattern::kDigit9},
      {"B", NumberPattern::kNoOp}, {"C", NumberPattern::kNoOp}, {"b", NumberPattern::kNoOp}, {"c", NumberPattern::kNoOp},
      {"D", NumberPattern::kPoint}, {"EEEE", NumberPattern::kEeee}, {"FM", NumberPattern::kFm}, {"G", NumberPattern::kComma},
      {"L", NumberPattern::kL}, {"MI", NumberPattern::kMi}, {"PL", NumberPattern::kPl}, {"PR", NumberPattern::kPr}, {"SG", NumberPattern::kSg},
      {"SP", NumberPattern::kNoOp}, {"S", NumberPattern::kS}, {"TH", NumberPattern::kThUpper}, {"d", NumberPattern::kPoint}, {"eeee", NumberPattern::kEeee},
      {"fm", NumberPattern::kFm}, {"g", NumberPattern::kComma}, {"l", NumberPattern::kL}, {"mi", NumberPattern::kMi}, {"pl", NumberPattern::kPl},
      {"pr", NumberPattern::kPr}, {"sg", NumberPattern::kSg}, {"sp", NumberPattern::kNoOp}, {"s", NumberPattern::kS}, {"th", NumberPattern::kThLower},
  };
  NumberFormat num;
  std::size_t pos = 0;
  while (pos < format.size()) {
    for (std::string_view refused : {"V", "v"}) {
      if (format.substr(pos, refused.size()) == refused) {
        throw SqlError(sqlstate::kFeatureNotSupported,
                       "number template pattern \"" + std::string(refused) + "\" is not supported");
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
      // Other characters are copied (whole UTF-8 characters); "quoted text"
      // with \ escaping inside, and \" outside.
      std::string text;
      if (format[pos] == '"') {
        ++pos;
        while (pos < format.size() && format[pos] != '"') {
          if (format[pos] == '\\' && pos + 1 < format.size()) ++pos;
          text.push_back(format[pos++]);
        }
        ++pos;
      } else {
        if (format[pos] == '\\' && pos + 1 < format.size() && format[pos + 1] == '"') ++pos;
        const std::size_t length = utf8_character_length(format, pos);
        text.append(format.substr(pos, length));
        pos += length;
      }
      num.nodes.push_back({NumberPattern::kText, std::move(text)});
      continue;
    }
    // Only EEEE may follow EEEE (text may).
    if (num.eeee && match->pattern != NumberPattern::kEeee) format_error("\"EEEE\" must be the last pattern used");
    pos += match->text.size();
    switch (match->pattern) {
      case NumberPattern::kDigit9:
        if (num.bracket) format_error("\"9\" must be ahead of \"PR\"");
        (num.decimal ? num.post : num.pre)++;
        break;
      case NumberPattern::kDigit0:
        if (num.bracket) format_error("\"0\" must be ahead of \"PR\"");
        if (!num.has_zero && !num.decimal) {
          num.has_zero = true;
          num.zero_start = num.pre;
        }
        (num.decimal ? num.post : num.pre)++;
        num.zero_end = num.pre + num.post;
        break;
      case NumberPattern::kNoOp:
        // B marks a template blank when no digit came before it (only EEEE reads that).
        if (match->text == "B" || match->text == "b") num.blank = num.blank || (num.pre == 0 && num.post == 0 && !num.has_zero);
        break;
      case NumberPattern::kPoint:
        if (num.decimal) format_error("multiple decimal points");
        num.decimal = true;
        break;
      case NumberPattern::kFm: num.fill = true; break;
      case NumberPattern::kRomanUpper:
      case NumberPattern::kRomanLower: num.roman = true; break;
      case NumberPattern::kS:
        if (num.sign_place != NumberSignPlace::kNone) format_error("cannot use \"S\" twice");
        if (num.plus || num.minus || num.bracket) format_error("cannot use \"S\" and \"PL\"/\"MI\"/\"SG\"/\"PR\" together");
        if (!num.decimal) {
          num.sign_place = NumberSignPlace::kBefore;
          num.pre_sign_digits = num.pre;
        } else {
          num.sign_place = NumberSignPlace::kAfter;
        }
        break;
      case NumberPattern::kMi:
      case NumberPattern::kPl:
      case NumberPattern::kSg:
        if (num.sign_place != NumberSignPlace::kNone) {
          format_error(std::string("cannot use \"S\" and \"") + std::string(match->text == "mi" ? "MI" : match->text == "pl" ? "PL" : match->text == "sg" ? "SG" : match->text) + "\" together");
        }
        if (match->pattern != NumberPattern::kPl) num.minus = true;
        if (match->pattern != NumberPattern::kMi) num.plus = true;
        break;
      case NumberPattern::kPr:
        if (num.sign_place != NumberSignPlace::kNone || num.plus || num.minus) {
          format_error("cannot use \"PR\" and \"S\"/\"PL\"/\"MI\"/\"SG\" together");
        }
        num.bracket = true;
        break;
      case NumberPattern::kEeee:
        if (num.eeee) format_error("cannot use \"EEEE\" twice");
        if (num.blank || num.fill || num.sign_place != NumberSignPlace::kNone || num.bracket || num.minus ||
            num.plus || num.roman) {
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

}  // namespace ptreedb::value
