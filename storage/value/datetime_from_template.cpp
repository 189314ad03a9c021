#include "storage/value/datetime_from_template.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <string>
#include <vector>

#include "storage/sql_error.h"
#include "storage/value/calendar.h"
#include "storage/value/datetime_template.h"
#include "storage/value/interval.h"
#include "storage/value/time_zone.h"
#include "storage/value/timestamp_tz.h"
#include "storage/value/utf8.h"

namespace ptreedb::value {

namespace {

using Key = TemplateKey;

constexpr const char* kNotFixedWidthHint = "If your source string is not fixed-width, try using the \"FM\" modifier.";

enum class NodeKind { kAction, kChar, kSeparator, kSpace };

// One element of a parsed template (formatting.c's FormatNode).
struct TemplateNode {
  NodeKind kind = NodeKind::kChar;
  std::string_view character;  // one character's bytes, unless an action
  const TemplateKeyword* keyword = nullptr;
  bool fill_mode = false;  // FM prefix
  bool ordinal = false;    // TH or th suffix
};

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

// Printable ASCII that is neither a letter nor a digit.
bool is_separator_char(char c) {
  return c > 0x20 && c < 0x7F && !(c >= 'A' && c <= 'Z') && !(c >= 'a' && c <= 'z') && !(c >= '0' && c <= '9');
}

std::vector<TemplateNode> parse_template(std::string_view format) {
  std::vector<TemplateNode> nodes;
  std::size_t pos = 0;
  while (pos < format.size()) {
    bool fill_mode = false;
    const std::string_view prefix = format.substr(pos, 2);
    if (prefix == "FM" || prefix == "fm") {
      fill_mode = true;
      pos += 2;
    } else if (prefix == "TM" || prefix == "tm") {
      pos += 2;  // translated names: the C locale's are English
    }
    if (pos >= format.size()) break;
    if (const TemplateKeyword* keyword = match_template_keyword(format.substr(pos))) {
      TemplateNode node{NodeKind::kAction, {}, keyword, fill_mode, false};
      pos += keyword->text.size();
      const std::string_view suffix = format.substr(pos, 2);
      if (suffix == "TH" || suffix == "th") {
        node.ordinal = true;
        pos += 2;
      } else if (suffix == "SP") {
        pos += 2;
      }
      nodes.push_back(node);
      continue;
    }
    if (format[pos] == '"') {  // quoted text: each character must be passed over
      ++pos;
      while (pos < format.size()) {
        if (format[pos] == '"') {
          ++pos;
          break;
        }
        if (format[pos] == '\\' && pos + 1 < format.size()) ++pos;
        const std::size_t length = utf8_character_length(format, pos);
        nodes.push_back({NodeKind::kChar, format.substr(pos, length)});
        pos += length;
      }
      continue;
    }
    if (format[pos] == '\\' && pos + 1 < format.size() && format[pos + 1] == '"') ++pos;
    const std::size_t length = utf8_character_length(format, pos);
    const NodeKind kind = is_separator_char(format[pos]) ? NodeKind::kSeparator
                          : is_space(format[pos])        ? NodeKind::kSpace
                                                         : NodeKind::kChar;
    nodes.push_back({kind, format.substr(pos, length)});
    pos += length;
  }
  return nodes;
}

// The fields a template filled (formatting.c's TmFromChar); 0 = not given.
struct TemplateFields {
  DateConvention mode = DateConvention::kNone;
  int hh = 0, pm = 0, mi = 0, ss = 0, ssss = 0, d = 0, dd = 0, ddd = 0, mm = 0, ms = 0, year = 0, bc = 0, ww = 0,
      w = 0, cc = 0, j = 0, us = 0, yysz = 0, tzsign = 0, tzh = 0, tzm = 0, ff = 0;
  bool twelve_hour_clock = false;
};

// strtol(text + from, &end, 10): spaces, a sign, digits; end == from when no digit follows.
struct ParsedLong {
  std::int64_t value = 0;
  std::size_t end = 0;
  bool overflow = false;
};

ParsedLong parse_long(std::string_view text, std::size_t from) {
  std::size_t pos = from;
  while (pos < text.size() && is_space(text[pos])) ++pos;
  bool negative = false;
  if (pos < text.size() && (text[pos] == '+' || text[pos] == '-')) negative = text[pos++] == '-';
  const std::size_t digits = pos;
  ParsedLong parsed;
  while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') {
    if (parsed.value > (INT64_MAX - 9) / 10) {
      parsed.overflow = true;
    } else {
      parsed.value = parsed.value * 10 + (text[pos] - '0');
    }
    ++pos;
  }
  if (pos == digits) return ParsedLong{0, from, false};
  parsed.end = pos;
  if (negative) parsed.value = -parsed.value;
  return parsed;
}

constexpr std::string_view kAmPm[] = {"am", "pm", "AM", "PM"};
constexpr std::string_view kAmPmDots[] = {"a.m.", "p.m.", "A.M.", "P.M."};
constexpr std::string_view kAdBc[] = {"ad", "bc", "AD", "BC"};
constexpr std::string_view kAdBcDots[] = {"a.d.", "b.c.", "A.D.", "B.C."};
constexpr std::string_view kMonthNames[] = {"January", "February", "March",     "April",   "May",      "June",
                                            "July",    "August",   "September", "October", "November", "December"};
constexpr std::string_view kMonthAbbreviations[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                    "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
constexpr std::string_view kDayNames[] = {"Sunday",   "Monday", "Tuesday", "Wednesday",
                                          "Thursday", "Friday", "Saturday"};
constexpr std::string_view kDayAbbreviations[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
// Longer numerals first, so viii is not read as vii.
constexpr std::string_view kRomanMonthsDescending[] = {"xii", "xi", "x",   "ix", "viii", "vii",
                                                       "vi",  "v",  "iv", "iii", "ii",  "i"};

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

// Reads `input` through a parsed template (formatting.c's DCH_from_char).
class TemplateReader {
 public:
  TemplateReader(std::string_view input, const std::vector<TemplateNode>& nodes) : input_(input), nodes_(nodes) {}

  TemplateFields read() {
    bool fixed = false;  // FX: every template character takes one input character
    int extra_skip = 0;  // spaces passed over beyond what the template asked
    for (index_ = 0; index_ < nodes_.size() && pos_ < input_.size(); ++index_) {
      const TemplateNode& node = nodes_[index_];
      const bool action = node.kind == NodeKind::kAction;
      if (!fixed && !(action && node.keyword->key == Key::kFx) && (action || index_ == 0)) {
        extra_skip += skip_spaces();
      }
      if (node.kind == NodeKind::kSpace || node.kind == NodeKind::kSeparator) {
        if (fixed) {
          skip_character();
        } else {
          // One space or separator of the template matches one of either, or none.
          --extra_skip;
          if (pos_ < input_.size() && (is_space(input_[pos_]) || is_separator_char(input_[pos_]))) {
            ++pos_;
            ++extra_skip;
          }
        }
        continue;
      }
      if (!action) {
        // Other template text passes over one character (any), unless spaces
        // already passed over stand for it.
        if (!fixed && extra_skip > 0) {
          --extra_skip;
        } else {
          skip_character();
        }
        continue;
      }
      set_mode(node.keyword->convention);
      if (node.keyword->key == Key::kFx) {
        fixed = true;
      } else {
        read_field(node, extra_skip);
      }
      if (!fixed) extra_skip = skip_spaces();
    }
    return fields_;
  }

 private:
  std::string name() const { return std::string(nodes_[index_].keyword->text); }

  int skip_spaces() {
    int skipped = 0;
    while (pos_ < input_.size() && is_space(input_[pos_])) {
      ++pos_;
      ++skipped;
    }
    return skipped;
  }

  void skip_character() {
    if (pos_ < input_.size()) pos_ += utf8_character_length(input_, pos_);
  }

  void skip_ordinal() {
    if (!nodes_[index_].ordinal) return;
    skip_character();
    skip_character();
  }

  void set_mode(DateConvention convention) {
    if (convention == DateConvention::kNone) return;
    if (fields_.mode == DateConvention::kNone) {
      fields_.mode = convention;
    } else if (fields_.mode != convention) {
      throw SqlError(sqlstate::kInvalidDatetimeFormat, "invalid combination of date conventions", {},
                     "Do not mix Gregorian and ISO week date conventions in a formatting template.");
    }
  }

  void set_int(int& field, int value) {
    if (field != 0 && field != value) {
      throw SqlError(sqlstate::kInvalidDatetimeFormat,
                     "conflicting values for \"" + name() + "\" field in formatting string",
                     "This value contradicts a previous setting for the same field type.");
    }
    field = value;
  }

  // A number of `width` characters, or up to the next non-digit when FM is
  // given or a non-digit follows in the template; returns the characters
  // read (leading spaces included, as PostgreSQL counts them).
  int read_number(int* field, int width) {
    const std::size_t start = pos_;
    skip_spaces();
    const std::string copy(input_.substr(pos_, width));
    const std::size_t remaining = input_.size() - pos_;
    ParsedLong number;
    if (nodes_[index_].fill_mode || next_is_separator()) {
      number = parse_long(input_, start);
      pos_ = number.end;
    } else {
      if (remaining < static_cast<std::size_t>(width)) {
        throw SqlError(sqlstate::kInvalidDatetimeFormat,
                       "source string too short for \"" + name() + "\" formatting field",
                       "Field requires " + std::to_string(width) + " characters, but only " +
                           std::to_string(remaining) + " remain.",
                       kNotFixedWidthHint);
      }
      number = parse_long(copy, 0);
      if (number.end > 0 && number.end < static_cast<std::size_t>(width)) {
        throw SqlError(sqlstate::kInvalidDatetimeFormat, "invalid value \"" + copy + "\" for \"" + name() + "\"",
                       "Field requires " + std::to_string(width) + " characters, but only " +
                           std::to_string(number.end) + " could be parsed.",
                       kNotFixedWidthHint);
      }
      pos_ += number.end;
    }
    if (pos_ == start) {
      throw SqlError(sqlstate::kInvalidDatetimeFormat, "invalid value \"" + copy + "\" for \"" + name() + "\"",
                     "Value must be an integer.");
    }
    if (number.overflow || number.value < INT_MIN || number.value > INT_MAX) {
      throw SqlError(sqlstate::kDatetimeFieldOverflow,
                     "value for \"" + name() + "\" in source string is out of range",
                     "Value must be in the range -2147483648 to 2147483647.");
    }
    if (field != nullptr) set_int(*field, static_cast<int>(number.value));
    return static_cast<int>(pos_ - start);
  }

  int read_number(int* field) { return read_number(field, static_cast<int>(nodes_[index_].keyword->text.size())); }

  // Whether the template's next element cannot continue a number.
  bool next_is_separator() const {
    if (nodes_[index_].ordinal) return true;
    if (index_ + 1 >= nodes_.size()) return true;
    const TemplateNode& next = nodes_[index_ + 1];
    if (next.kind == NodeKind::kAction) return !next.keyword->is_digit;
    return !(next.character.size() == 1 && next.character[0] >= '0' && next.character[0] <= '9');
  }

  // The first of `names` the input starts with, ignoring ASCII case.
  template <std::size_t N>
  int read_name(const std::string_view (&names)[N]) {
    const std::string_view rest = input_.substr(pos_);
    for (std::size_t i = 0; i < N; ++i) {
      if (equals_ignoring_case(rest.substr(0, names[i].size()), names[i])) {
        pos_ += names[i].size();
        return static_cast<int>(i);
      }
    }
    std::size_t end = 0;
    while (end < rest.size() && rest[end] != ' ' && rest[end] != '\t' && rest[end] != '\n' && rest[end] != '\r' &&
           rest[end] != '\f') {
      ++end;
    }
    throw SqlError(sqlstate::kInvalidDatetimeFormat,
                   "invalid value \"" + std::string(rest.substr(0, end)) + "\" for \"" + name() + "\"",
                   "The given value did not match any of the allowed values for this field.");
  }

  // Two-digit and three-digit years near 2020 (formatting.c's adjust_partial_year_to_2020).
  static int year_near_2020(int year) {
    if (year < 70) return year + 2000;
    if (year < 100) return year + 1900;
    if (year < 520) return year + 2000;
    if (year < 1000) return year + 1000;
    return year;
  }

  void read_year(int width) {
    const int length = read_number(&fields_.year);
    if (width < 4 && length < 4) fields_.year = year_near_2020(fields_.year);
    fields_.yysz = width;
    skip_ordinal();
  }

  // Y,YYY: sscanf("%d,%03d").
  void read_year_with_comma() {
    const ParsedLong millennia = parse_long(input_, pos_);
    std::size_t at = millennia.end;
    if (at == pos_ || at >= input_.size() || input_[at] != ',') {
      throw SqlError(sqlstate::kInvalidDatetimeFormat, "invalid input string for \"Y,YYY\"");
    }
    ++at;
    while (at < input_.size() && is_space(input_[at])) ++at;
    const ParsedLong years = parse_long(input_.substr(0, std::min(input_.size(), at + 3)), at);
    if (years.end == at) throw SqlError(sqlstate::kInvalidDatetimeFormat, "invalid input string for \"Y,YYY\"");
    set_int(fields_.year, static_cast<int>(static_cast<__int128>(millennia.value) * 1000 + years.value));
    fields_.yysz = 4;
    pos_ = years.end;
    skip_ordinal();
  }

  void read_fraction(int* field, int width, int scale_digits) {
    const int length = read_number(field, width);
    for (int digits = length; digits < scale_digits; ++digits) *field *= 10;
    skip_ordinal();
  }

  void read_field(const TemplateNode& node, int extra_skip) {
    switch (node.keyword->key) {
      case Key::kAmDots:
      case Key::kPmDots:
      case Key::kAmDotsLower:
      case Key::kPmDotsLower:
        set_int(fields_.pm, read_name(kAmPmDots) % 2);
        fields_.twelve_hour_clock = true;
        return;
      case Key::kAm:
      case Key::kPm:
      case Key::kAmLower:
      case Key::kPmLower:
        set_int(fields_.pm, read_name(kAmPm) % 2);
        fields_.twelve_hour_clock = true;
        return;
      case Key::kHh:
      case Key::kHh12:
        read_number(&fields_.hh, 2);
        fields_.twelve_hour_clock = true;
        skip_ordinal();
        return;
      case Key::kHh24:
        read_number(&fields_.hh, 2);
        skip_ordinal();
        return;
      case Key::kMi:
        read_number(&fields_.mi);
        skip_ordinal();
        return;
      case Key::kSs:
        read_number(&fields_.ss);
        skip_ordinal();
        return;
      case Key::kMs:  // 25 is .25 s and so is 250; 025 is .025
        read_fraction(&fields_.ms, 3, 3);
        return;
      case Key::kFf1:
      case Key::kFf2:
      case Key::kFf3:
      case Key::kFf4:
      case Key::kFf5:
      case Key::kFf6:
        fields_.ff = static_cast<int>(node.keyword->key) - static_cast<int>(Key::kFf1) + 1;
        read_fraction(&fields_.us, fields_.ff, 6);
        return;
      case Key::kUs:
        read_fraction(&fields_.us, 6, 6);
        return;
      case Key::kSssss:
      case Key::kSsss:
        read_number(&fields_.ssss);
        skip_ordinal();
        return;
      case Key::kTz:
      case Key::kTzLower:
      case Key::kOf:
        throw SqlError(sqlstate::kFeatureNotSupported,
                       "formatting field \"" + name() + "\" is only supported in to_char");
      case Key::kTzh: {
        // A minus taken for a separator before the hours is the offset's sign.
        const char c = pos_ < input_.size() ? input_[pos_] : '\0';
        if (c == '+' || c == '-' || c == ' ') {
          fields_.tzsign = c == '-' ? -1 : 1;
          ++pos_;
        } else {
          fields_.tzsign = extra_skip > 0 && pos_ > 0 && input_[pos_ - 1] == '-' ? -1 : 1;
        }
        read_number(&fields_.tzh, 2);
        return;
      }
      case Key::kTzm:
        if (fields_.tzsign == 0) fields_.tzsign = 1;
        read_number(&fields_.tzm, 2);
        return;
      case Key::kAdDots:
      case Key::kBcDots:
      case Key::kAdDotsLower:
      case Key::kBcDotsLower:
        set_int(fields_.bc, read_name(kAdBcDots) % 2);
        return;
      case Key::kAd:
      case Key::kBc:
      case Key::kAdLower:
      case Key::kBcLower:
        set_int(fields_.bc, read_name(kAdBc) % 2);
        return;
      case Key::kMonthUpper:
      case Key::kMonthCap:
      case Key::kMonthLower:
        set_int(fields_.mm, read_name(kMonthNames) + 1);
        return;
      case Key::kMonUpper:
      case Key::kMonCap:
      case Key::kMonLower:
        set_int(fields_.mm, read_name(kMonthAbbreviations) + 1);
        return;
      case Key::kMm:
        read_number(&fields_.mm);
        skip_ordinal();
        return;
      case Key::kDayUpper:
      case Key::kDayCap:
      case Key::kDayLower:
        set_int(fields_.d, read_name(kDayNames));
        ++fields_.d;
        return;
      case Key::kDyUpper:
      case Key::kDyCap:
      case Key::kDyLower:
        set_int(fields_.d, read_name(kDayAbbreviations));
        ++fields_.d;
        return;
      case Key::kDdd:
        read_number(&fields_.ddd);
        skip_ordinal();
        return;
      case Key::kIddd:
        read_number(&fields_.ddd, 3);
        skip_ordinal();
        return;
      case Key::kDd:
        read_number(&fields_.dd);
        skip_ordinal();
        return;
      case Key::kD:
        read_number(&fields_.d);
        skip_ordinal();
        return;
      case Key::kId:  // ISO Monday = 1 .. Sunday = 7, kept as Sunday = 1
        read_number(&fields_.d, 1);
        // PostgreSQL's int arithmetic wraps (-fwrapv); so does this conversion.
        fields_.d = static_cast<int>(static_cast<std::int64_t>(fields_.d) + 1);
        if (fields_.d > 7) fields_.d = 1;
        skip_ordinal();
        return;
      case Key::kWw:
      case Key::kIw:
        read_number(&fields_.ww);
        skip_ordinal();
        return;
      case Key::kQ:  // read and ignored, as PostgreSQL does (which date of the quarter?)
        read_number(nullptr);
        skip_ordinal();
        return;
      case Key::kCc:
        read_number(&fields_.cc);
        skip_ordinal();
        return;
      case Key::kYCommaYyy:
        read_year_with_comma();
        return;
      case Key::kYyyy:
      case Key::kIyyy:
        read_year(4);
        return;
      case Key::kYyy:
      case Key::kIyy:
        read_year(3);
        return;
      case Key::kYy:
      case Key::kIy:
        read_year(2);
        return;
      case Key::kY:
      case Key::kI:
        read_year(1);
        return;
      case Key::kRm:
      case Key::kRmLower:
        set_int(fields_.mm, 12 - read_name(kRomanMonthsDescending));
        return;
      case Key::kW:
        read_number(&fields_.w);
        skip_ordinal();
        return;
      case Key::kJ:
        read_number(&fields_.j);
        skip_ordinal();
        return;
      case Key::kFx:
        return;
    }
  }

  std::string_view input_;
  std::size_t pos_ = 0;
  const std::vector<TemplateNode>& nodes_;
  std::size_t index_ = 0;
  TemplateFields fields_;
};

// A civil date and time with an optional offset (PostgreSQL's pg_tm).
struct CivilFields {
  std::int64_t year = 0;  // astronomical: 0 is 1 BC, as when no year is given
  std::int64_t month = 1;
  std::int64_t day = 1;
  std::int64_t hour = 0;
  std::int64_t minute = 0;
  std::int64_t second = 0;
  std::int64_t micros = 0;
  bool has_offset = false;
  std::int64_t offset_east = 0;  // seconds
  int fraction_digits = 0;       // FF1..FF6: round to that many
};

std::int64_t julian_day(std::int64_t year, std::int64_t month, std::int64_t day) {
  return calendar::days_from_civil(year, static_cast<int>(month), static_cast<int>(day)) +
         calendar::kJulianDayOfEpoch;
}

void set_from_julian_day(CivilFields& tm, std::int64_t julian) {
  const calendar::CivilDate date = calendar::civil_from_days(julian - calendar::kJulianDayOfEpoch);
  tm.year = date.year;
  tm.month = date.month;
  tm.day = date.day;
}

// The Julian day of the Monday starting ISO week `week` of `year`.
std::int64_t iso_week_start(std::int64_t year, std::int64_t week) {
  const std::int64_t fourth = julian_day(year, 1, 4);
  const int weekday = calendar::day_of_week(fourth - 1 - calendar::kJulianDayOfEpoch);
  return (week - 1) * 7 + (fourth - weekday);
}

[[noreturn]] void throw_field_out_of_range(std::string_view text) {
  throw SqlError(sqlstate::kDatetimeFieldOverflow,
                 "date/time field value out of range: \"" + std::string(text) + "\"");
}

// formatting.c's do_to_timestamp: the template's fields to a civil date and time.
CivilFields read_civil_fields(std::string_view text, std::string_view format) {
  TemplateFields f;
  if (!format.empty()) {
    const std::vector<TemplateNode> nodes = parse_template(format);
    f = TemplateReader(text, nodes).read();
  }
  CivilFields tm;
  constexpr int kYear = 1, kMonth = 2, kDay = 4, kDate = kYear | kMonth | kDay;
  int given = 0;
  if (f.ssss != 0) {
    tm.hour = f.ssss / 3600;
    tm.minute = f.ssss % 3600 / 60;
    tm.second = f.ssss % 60;
  }
  if (f.ss != 0) tm.second = f.ss;
  if (f.mi != 0) tm.minute = f.mi;
  if (f.hh != 0) tm.hour = f.hh;
  if (f.twelve_hour_clock) {
    if (tm.hour < 1 || tm.hour > 12) {
      throw SqlError(sqlstate::kInvalidDatetimeFormat,
                     "hour \"" + std::to_string(tm.hour) + "\" is invalid for the 12-hour clock", {},
                     "Use the 24-hour clock, or give an hour between 1 and 12.");
    }
    if (f.pm != 0 && tm.hour < 12) {
      tm.hour += 12;
    } else if (f.pm == 0 && tm.hour == 12) {
      tm.hour = 0;
    }
  }
  std::int64_t century = f.cc;
  if (f.year != 0) {
    if (century != 0 && f.yysz <= 2) {
      // YY within the century CC (the 21st runs 2001-2100; the 6th BC 600-501 BC).
      if (f.bc != 0) century = -century;
      tm.year = f.year % 100;
      if (tm.year != 0) {
        tm.year = century >= 0 ? tm.year + (century - 1) * 100 : (century + 1) * 100 - tm.year + 1;
      } else {
        tm.year = century * 100 + (century >= 0 ? 0 : 1);
      }
    } else {
      tm.year = f.year;
      if (f.bc != 0) tm.year = -tm.year;
      if (tm.year < 0) ++tm.year;  // 1 BC is year 0
    }
    given |= kYear;
  } else if (century != 0) {  // the century's first year
    if (f.bc != 0) century = -century;
    tm.year = century >= 0 ? (century - 1) * 100 + 1 : century * 100 + 1;
    given |= kYear;
  }
  if (f.j != 0) {
    set_from_julian_day(tm, f.j);
    given |= kDate;
  }
  int day_of_year = f.ddd;
  int day_of_month = f.dd;
  if (f.ww != 0) {
    if (f.mode == DateConvention::kIsoWeek) {
      // The week's Monday unless a day is given (d counts Sunday = 1).
      std::int64_t julian = iso_week_start(tm.year, f.ww);
      if (f.d != 0) julian += f.d > 1 ? f.d - 2 : 6;
      set_from_julian_day(tm, julian);
      given |= kDate;
    } else {
      day_of_year = static_cast<int>((static_cast<std::int64_t>(f.ww) - 1) * 7 + 1);  // wraps as PostgreSQL's
    }
  }
  if (f.w != 0) day_of_month = static_cast<int>((static_cast<std::int64_t>(f.w) - 1) * 7 + 1);
  if (day_of_month != 0) {
    tm.day = day_of_month;
    given |= kDay;
  }
  if (f.mm != 0) {
    tm.month = f.mm;
    given |= kMonth;
  }
  if (day_of_year != 0 && (tm.month <= 1 || tm.day <= 1)) {
    if (tm.year == 0 && f.bc == 0) {
      throw SqlError(sqlstate::kInvalidDatetimeFormat, "cannot calculate day of year without year information");
    }
    if (f.mode == DateConvention::kIsoWeek) {
      set_from_julian_day(tm, iso_week_start(tm.year, 1) - 1 + day_of_year);
      given |= kDate;
    } else {
      static constexpr int kDaysBefore[2][13] = {
          {0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365},
          {0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335, 366}};
      const int* before = kDaysBefore[calendar::is_leap_year(tm.year) ? 1 : 0];
      int month = 1;
      while (month <= 12 && day_of_year > before[month]) ++month;
      if (tm.month <= 1) tm.month = month;
      if (tm.day <= 1) tm.day = day_of_year - before[month - 1];
      given |= kMonth | kDay;
    }
  }
  tm.micros = static_cast<std::int64_t>(f.ms) * 1000 + f.us;
  tm.fraction_digits = f.ff;
  // PostgreSQL's ValidateDate (the year needs no check: AD/BC is applied).
  if ((given & kMonth) != 0 && (tm.month < 1 || tm.month > 12)) throw_field_out_of_range(text);
  if ((given & kDay) != 0 && (tm.day < 1 || tm.day > 31)) throw_field_out_of_range(text);
  if ((given & kDate) == kDate && tm.day > calendar::days_in_month(tm.year, static_cast<int>(tm.month))) {
    throw_field_out_of_range(text);
  }
  if (tm.hour < 0 || tm.hour >= 24 || tm.minute < 0 || tm.minute >= 60 || tm.second < 0 || tm.second >= 60 ||
      tm.micros < 0 || tm.micros >= kMicrosPerSecond) {
    throw_field_out_of_range(text);
  }
  if (f.tzsign != 0) {
    if (f.tzh < 0 || f.tzh > 15 || f.tzm < 0 || f.tzm >= 60) {
      throw SqlError(sqlstate::kInvalidTimeZoneDisplacementValue,
                     "time zone displacement out of range: \"" + std::string(text) + "\"");
    }
    tm.has_offset = true;
    tm.offset_east = f.tzsign * (static_cast<std::int64_t>(f.tzh) * 3600 + f.tzm * 60);
  }
  return tm;
}

// Julian days PostgreSQL's date arithmetic can take (IS_VALID_JULIAN).
bool is_valid_julian(const CivilFields& tm) {
  return (tm.year > -4713 || (tm.year == -4713 && tm.month >= 11)) &&
         (tm.year < 5874898 || (tm.year == 5874898 && tm.month < 6));
}

}  // namespace

TimestampTz to_timestamp_from_template(std::string_view text, std::string_view format, const TimeZone& zone) {
  const CivilFields tm = read_civil_fields(text, format);
  if (!is_valid_julian(tm)) throw SqlError(sqlstate::kDatetimeFieldOverflow, "timestamp out of range");
  const std::int64_t days = julian_day(tm.year, tm.month, tm.day) - calendar::kJulianDayOfEpoch;
  const __int128 local = static_cast<__int128>(days) * kMicrosPerDay +
                        ((tm.hour * 60 + tm.minute) * 60 + tm.second) * kMicrosPerSecond + tm.micros;
  if (local < kMinTimestampMicros - kMicrosPerDay || local >= kEndTimestampMicros + kMicrosPerDay) {
    throw SqlError(sqlstate::kDatetimeFieldOverflow, "timestamp out of range");
  }
  std::int64_t utc = tm.has_offset
                         ? static_cast<std::int64_t>(local) - tm.offset_east * kMicrosPerSecond
                         : timestamp_to_timestamptz(Timestamp{static_cast<std::int64_t>(local)}, zone).micros;
  if (!is_valid_timestamp(utc)) throw SqlError(sqlstate::kDatetimeFieldOverflow, "timestamp out of range");
  if (tm.fraction_digits > 0) {
    // Rounded to FFn's digits, halves away from zero (AdjustTimestampForTypmod).
    std::int64_t scale = 1;
    for (int digit = tm.fraction_digits; digit < 6; ++digit) scale *= 10;
    utc = utc >= 0 ? (utc + scale / 2) / scale * scale : -((-utc + scale / 2) / scale * scale);
  }
  return TimestampTz{utc};
}

Date to_date_from_template(std::string_view text, std::string_view format) {
  const CivilFields tm = read_civil_fields(text, format);
  const std::string message = "date out of range: \"" + std::string(text) + "\"";
  if (!is_valid_julian(tm)) throw SqlError(sqlstate::kDatetimeFieldOverflow, message);
  const std::int64_t days = julian_day(tm.year, tm.month, tm.day) - calendar::kJulianDayOfEpoch;
  if (!is_valid_date(days)) throw SqlError(sqlstate::kDatetimeFieldOverflow, message);
  return Date{static_cast<std::int32_t>(days)};
}

}  // namespace ptreedb::value
