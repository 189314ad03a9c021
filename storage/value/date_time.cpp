#include "storage/value/date_time.h"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "storage/sql_error.h"
#include "storage/value/date_style.h"
#include "storage/value/statement_clock.h"
#include "storage/value/time_zone.h"
#include "storage/value/zone_abbreviations.h"

namespace ptreedb::value {

namespace {

using calendar::floor_div;
using calendar::floor_mod;

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
char to_lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

std::string lower_case(std::string_view text) {
  std::string result(text);
  for (char& c : result) c = to_lower(c);
  return result;
}

[[noreturn]] void throw_date_out_of_range() {
  throw SqlError(sqlstate::kDatetimeFieldOverflow, "date out of range");
}
[[noreturn]] void throw_timestamp_out_of_range() {
  throw SqlError(sqlstate::kDatetimeFieldOverflow, "timestamp out of range");
}

enum class Target { kDate, kTimestamp, kTimestampTz, kTime, kTimeTz };

std::string_view type_name(Target target) {
  switch (target) {
    case Target::kDate: return "date";
    case Target::kTimestamp: return "timestamp";
    case Target::kTime: return "time";
    case Target::kTimeTz: return "time with time zone";
    default: return "timestamp with time zone";
  }
}

// What a date/time literal says before range checks.
struct ParsedDateTime {
  enum class Kind { kFinite, kInfinity, kMinusInfinity } kind = Kind::kFinite;
  std::int64_t days = 0;
  std::int64_t time_of_day = 0;  // microseconds, up to 24:00:00 inclusive
  std::optional<int> zone_east = {};  // an offset or abbreviation in the text, seconds east
  std::optional<TimeZone> named_zone = {};  // a zone name in the text
  bool has_date = true;  // time and timetz literals may have none
};

// Parses the literal; the caller maps errors to the target type's wording.
class DateTimeParser {
 public:
  DateTimeParser(std::string_view original, Target target) : original_(original), target_(target) {}

  ParsedDateTime parse() {
    std::size_t begin = 0;
    std::size_t end = original_.size();
    while (begin < end && is_space(original_[begin])) ++begin;
    while (end > begin && is_space(original_[end - 1])) --end;
    text_ = original_.substr(begin, end - begin);

    const std::string word = lower_case(text_);
    if (time_target() && word == "allballs") {
      ParsedDateTime midnight;
      midnight.zone_east = 0;  // "zulu": midnight UTC
      return midnight;
    }
    if (time_target() && (word == "infinity" || word == "-infinity" || word == "epoch" ||
                                     word == "today" || word == "tomorrow" || word == "yesterday")) {
      syntax_error();  // DecodeTimeOnly takes "now" and "allballs" only
    }
    if (word == "infinity") return ParsedDateTime{ParsedDateTime::Kind::kInfinity};
    if (word == "-infinity") return ParsedDateTime{ParsedDateTime::Kind::kMinusInfinity};
    if (word == "epoch") {  // 1970-01-01 00:00 UTC, whatever the session's zone
      ParsedDateTime epoch{ParsedDateTime::Kind::kFinite, calendar::kUnixEpochDays, 0};
      epoch.zone_east = 0;
      return epoch;
    }
    if (word == "now" || word == "today" || word == "tomorrow" || word == "yesterday") {
      // The statement's time, on the wall clock of the session's zone.
      const std::int64_t instant = statement_instant_micros();
      const int offset = session_time_zone().offset_at_utc(instant);
      const std::int64_t local = instant + offset * kMicrosPerSecond;
      ParsedDateTime special{ParsedDateTime::Kind::kFinite, floor_div(local, kMicrosPerDay), 0};
      if (word == "now") {
        special.time_of_day = floor_mod(local, kMicrosPerDay);
        special.zone_east = offset;  // the instant itself, for timestamptz
      } else {
        special.days += word == "tomorrow" ? 1 : word == "yesterday" ? -1 : 0;
      }
      return special;
    }
    if (word == "allballs") {
      throw SqlError(sqlstate::kFeatureNotSupported, "special " + std::string(type_name(target_)) +
                                                         " value \"" + word +
                                                         "\" must be resolved by the caller");
    }

    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (is_space(c) || c == ',') {
        ++pos_;
      } else if ((c == 'T' || c == 't') && !has_time_ && (date_complete() || time_target()) &&
                 pos_ + 1 < text_.size() && is_digit(text_[pos_ + 1])) {
        ++pos_;
        if (!time_follows()) {
          parse_number();  // "T040506.789", "20011227T040506"
        } else {
          parse_time_part();
        }
      } else if ((c == 'J' || c == 'j') && fields_ == 0 && pos_ + 1 < text_.size() && is_digit(text_[pos_ + 1])) {
        ++pos_;
        parse_julian_day();
      } else if (is_digit(c)) {
        parse_number();
      } else if ((c == '+' || c == '-') && (has_time_ || date_complete())) {
        read_zone_offset();
      } else if (is_alpha(c)) {
        parse_word();
      } else {
        syntax_error();
      }
    }
    if (time_target()) {
      // DecodeTimeOnly: a date may stand before the time (dropped by time), a
      // zone name needs it to place the offset, the time itself is required.
      // (A zone of one offset, or an abbreviation read on the statement's date, needs none.)
      const bool zone_needs_date = named_zone_ && !named_zone_->is_fixed() && !named_zone_->is_abbreviation();
      if ((fields_ != 0 && !date_complete()) || !has_time_ || (zone_needs_date && !date_complete())) syntax_error();
    } else if (!date_complete()) {
      syntax_error();
    }
    apply_meridian();
    if (time_target()) {
      if (time_of_day_ > kMicrosPerDay) field_error();
      ParsedDateTime result{ParsedDateTime::Kind::kFinite, date_complete() ? finish().days : 0, time_of_day_};
      result.has_date = date_complete();
      result.zone_east = zone_east_;
      result.named_zone = std::move(named_zone_);
      return result;
    }
    ParsedDateTime result = finish();
    result.zone_east = zone_east_;
    result.named_zone = std::move(named_zone_);
    return result;
  }

 private:
  [[noreturn]] void syntax_error() const {
    throw SqlError(sqlstate::kInvalidDatetimeFormat, "invalid input syntax for type " +
                                                         std::string(type_name(target_)) + ": \"" +
                                                         std::string(original_) + "\"");
  }
  [[noreturn]] void field_error(bool datestyle_hint = false) const {
    throw SqlError(sqlstate::kDatetimeFieldOverflow,
                   "date/time field value out of range: \"" + std::string(original_) + "\"", {},
                   datestyle_hint ? "Perhaps you need a different \"datestyle\" setting." : "");
  }

  // Digits at pos_; returns their count (0 if none).
  int read_digits(std::int64_t& value) {
    const std::size_t begin = pos_;
    value = 0;
    while (pos_ < text_.size() && is_digit(text_[pos_])) {
      // Ten digits already exceed every valid field; keep counting only.
      if (pos_ - begin < 10) value = value * 10 + (text_[pos_] - '0');
      ++pos_;
    }
    return static_cast<int>(pos_ - begin);
  }

  enum Field : unsigned { kYear = 1, kMonth = 2, kDay = 4 };
  bool date_complete() const { return fields_ == (kYear | kMonth | kDay); }

  // A run of digits: the start of a time ("10:20"), a date with separators
  // ("2003-01-02", "01/02/2003", "10-Feb-1997", "01.02.2003"), YYYYMMDD, or
  // one date field ("Feb 10 17:32:01 1997").
  void parse_number() {
    const std::size_t begin = pos_;
    std::int64_t value;
    const int digits = read_digits(value);
    if (pos_ < text_.size() && text_[pos_] == ':') {
      if (has_time_) syntax_error();
      pos_ = begin;
      parse_time_part();
      return;
    }
    const char next = pos_ < text_.size() ? text_[pos_] : ' ';
    bool date_separator_follows = !date_complete() && (next == '/' || (digits == 4 && (next == '-' || next == '.')));
    if (time_target() && !date_complete() && next == '-') {
      // "0405-08" is HHMM and a zone for time and timetz; "2003-03-07" and
      // "300000-01-01" have a second separator, "2003-Mar-07" a month name.
      std::size_t at = pos_ + 1;
      while (at < text_.size() && is_digit(text_[at])) ++at;
      date_separator_follows = (at == pos_ + 1 && at < text_.size() && is_alpha(text_[at])) ||
                               (at > pos_ + 1 && at < text_.size() && text_[at] == '-');
    }
    if (!has_time_ && (digits == 6 || digits == 4) && !date_separator_follows &&
        (date_complete() || (time_target() && fields_ == 0))) {
      // '040506', '040506.789', '0405' after a date ("20011227 040506.789-08"),
      // or alone for time and timetz: DecodeNumberField's HHMMSS and HHMM.
      const std::int64_t hour = digits == 6 ? value / 10000 : value / 100;
      const std::int64_t minute = digits == 6 ? value / 100 % 100 : value % 100;
      const std::int64_t second = digits == 6 ? value % 100 : 0;
      std::int64_t fraction_micros = 0;
      if (digits == 6 && pos_ < text_.size() && text_[pos_] == '.') fraction_micros = read_fraction_micros();
      if (pos_ < text_.size() && !is_space(text_[pos_]) && text_[pos_] != '+' && text_[pos_] != '-' &&
          text_[pos_] != ',' && !is_alpha(text_[pos_])) {
        syntax_error();
      }
      // Timestamps are not range-checked: DecodeNumberField carries 256101 into the next day.
      if (time_target()) check_time_fields(hour, minute, second, fraction_micros);
      time_of_day_ = hour * kMicrosPerHour + minute * kMicrosPerMinute + second * kMicrosPerSecond + fraction_micros;
      hour_ = hour;
      has_time_ = true;
      return;
    }
    if (pos_ + 1 < text_.size() && (text_[pos_] == '-' || text_[pos_] == '/' || text_[pos_] == '.') &&
        (is_digit(text_[pos_ + 1]) || is_alpha(text_[pos_ + 1]))) {
      pos_ = begin;
      parse_separated_date();
      return;
    }
    if (pos_ < text_.size() && !is_space(text_[pos_]) && text_[pos_] != ',' && text_[pos_] != '+' &&
        text_[pos_] != '-' && !is_alpha(text_[pos_])) {
      syntax_error();
    }
    if (digits >= 6 && fields_ == 0) {  // YYYYMMDD, YYMMDD, YYYYYMMDD: the year takes the leading digits
      year_ = value / 10000;
      month_ = value / 100 % 100;
      day_ = value % 100;
      year_digits_ = digits - 4;
      fields_ = kYear | kMonth | kDay;
      return;
    }
    assign_number(value, digits);
  }

  // "a-b-c", "a/b/c", "a.b.c": a month name among the parts is taken first,
  // then the numbers in order, as PostgreSQL's DecodeDate does.
  void parse_separated_date() {
    std::size_t first_end = pos_;
    const bool first_digits = is_digit(text_[pos_]);
    while (first_end < text_.size() && (first_digits ? is_digit(text_[first_end]) : is_alpha(text_[first_end]))) {
      ++first_end;
    }
    const char separator = text_[first_end];
    std::string_view parts[3];
    int count = 0;
    while (true) {
      // A part is all digits or all letters: "01T12:00" ends the date at 'T'.
      const std::size_t begin = pos_;
      const bool digits = pos_ < text_.size() && is_digit(text_[pos_]);
      while (pos_ < text_.size() && (digits ? is_digit(text_[pos_]) : is_alpha(text_[pos_]))) ++pos_;
      if (pos_ == begin || count == 3) syntax_error();
      parts[count++] = text_.substr(begin, pos_ - begin);
      if (pos_ + 1 < text_.size() && text_[pos_] == separator &&
          (is_digit(text_[pos_ + 1]) || is_alpha(text_[pos_ + 1]))) {
        ++pos_;
        continue;
      }
      break;
    }
    if (count < 2) syntax_error();
    // After a numeric second part PostgreSQL reads only digits: "1999-08-Jan" is no date.
    if (is_digit(parts[0][0]) && count == 3 && is_digit(parts[1][0]) && !is_digit(parts[2][0])) syntax_error();
    if (pos_ < text_.size() && !is_space(text_[pos_]) && text_[pos_] != 'T' && text_[pos_] != 't' &&
        text_[pos_] != ',') {
      syntax_error();
    }
    bool numeric[3] = {true, true, true};
    for (int i = 0; i < count; ++i) {
      if (!is_digit(parts[i][0])) {
        const std::optional<int> month = month_number(lower_case(parts[i]));
        if (!month) syntax_error();
        set_text_month(*month);
        numeric[i] = false;
      }
    }
    for (int i = 0; i < count; ++i) {
      if (!numeric[i]) continue;
      std::int64_t value = 0;
      for (char c : parts[i]) {
        if (!is_digit(c)) syntax_error();
        if (value < 1'000'000'000'000LL) value = value * 10 + (c - '0');
      }
      assign_number(value, static_cast<int>(parts[i].size()));
    }
  }

  // One numeric date field, placed by the fields seen so far and DateStyle's
  // order (PostgreSQL's DecodeNumber): a field of three or more digits
  // first is a year; otherwise MDY, DMY or YMD decides.
  void assign_number(std::int64_t value, int digits) {
    unsigned field = 0;
    switch (fields_) {
      case 0:
        field = digits >= 3 || order_ == DateFieldOrder::kYmd ? kYear
                : order_ == DateFieldOrder::kDmy             ? kDay
                                                             : kMonth;
        break;
      case kYear:
        if (digits == 3 && value >= 1 && value <= 366) {  // "1997.041": the day of the year
          day_of_year_ = value;
          fields_ |= kMonth | kDay;
          return;
        }
        field = kMonth;
        break;
      case kMonth:
        // After a month name: MON-DD-YYYY, YYYY-MON-DD, or YY-MON-DD in YMD.
        field = have_text_month_ && (digits >= 3 || order_ == DateFieldOrder::kYmd) ? kYear : kDay;
        break;
      case kYear | kMonth:
        if (have_text_month_ && digits >= 3 && year_digits_ <= 2) {
          // DD-MON-YYYY read in YMD: the first number was the day.
          day_ = year_;
          fields_ |= kDay;
          field = kYear;
        } else {
          field = kDay;
        }
        break;
      case kDay:
        field = kMonth;
        break;
      case kMonth | kDay:
        field = kYear;
        break;
      default:
        syntax_error();
    }
    fields_ |= field;
    if (field == kYear) {
      year_ = value;
      year_digits_ = digits;
      if (digits > 9) throw_out_of_range();
    } else if (field == kMonth) {
      month_ = value;
    } else {
      day_ = value;
    }
  }

  void set_text_month(int month) {
    if (fields_ & kMonth) {
      // "01 Jan 1970": a number read as the month was the day.
      if (have_text_month_ || (fields_ & kDay) || month_ < 1 || month_ > 31) syntax_error();
      day_ = month_;
      fields_ |= kDay;
    }
    month_ = month;
    fields_ |= kMonth;
    have_text_month_ = true;
  }

  static std::optional<int> month_number(std::string_view word) {
    static constexpr std::string_view kShort[] = {"jan", "feb", "mar", "apr", "may", "jun",
                                                  "jul", "aug", "sep", "oct", "nov", "dec"};
    static constexpr std::string_view kLong[] = {"january", "february", "march",     "april",   "may",      "june",
                                                 "july",    "august",   "september", "october", "november", "december"};
    for (int i = 0; i < 12; ++i) {
      if (word == kShort[i] || word == kLong[i]) return i + 1;
    }
    if (word == "sept") return 9;
    return std::nullopt;
  }

  static bool is_weekday(std::string_view word) {
    static constexpr std::string_view kNames[] = {
        "sun",    "mon",    "tue",      "tues",      "wed",      "wednes", "thu",      "thur",
        "thurs",  "fri",    "sat",      "sunday",    "monday",   "tuesday", "wednesday", "thursday",
        "friday", "saturday"};
    for (std::string_view name : kNames) {
      if (word == name) return true;
    }
    return false;
  }

  // A date given as a day number rather than fields (a Julian day, today).
  void set_date_from_days(std::int64_t days) {
    const calendar::CivilDate date = calendar::civil_from_days(days);
    year_ = date.year;
    month_ = date.month;
    day_ = date.day;
    fields_ = kYear | kMonth | kDay;
    day_number_ = days;
  }

  // "J2452271", "J2452271.5" (the fraction is the time of day): the Julian
  // day number, 2451545 being 2000-01-01.
  void parse_julian_day() {
    std::int64_t julian;
    const int digits = read_digits(julian);
    if (digits > 9) field_error();
    set_date_from_days(julian - 2451545);
    if (pos_ < text_.size() && text_[pos_] == '.') {
      const std::size_t begin = pos_++;
      while (pos_ < text_.size() && is_digit(text_[pos_])) ++pos_;
      double fraction = 0;
      if (pos_ > begin + 1) std::from_chars(text_.data() + begin, text_.data() + pos_, fraction);
      time_of_day_ = static_cast<std::int64_t>(std::rint(fraction * static_cast<double>(kMicrosPerDay)));
      has_time_ = true;
    }
  }

  // AM/PM after a 12-hour time.
  void apply_meridian() {
    if (meridian_ == 0) return;
    if (!has_time_ || hour_ > 12) field_error();
    if (meridian_ < 0 && hour_ == 12) time_of_day_ -= 12 * kMicrosPerHour;
    if (meridian_ > 0 && hour_ != 12) time_of_day_ += 12 * kMicrosPerHour;
  }

  void parse_time_part() {
    std::int64_t hour;
    std::int64_t minute;
    std::int64_t second = 0;
    if (read_digits(hour) == 0 || pos_ >= text_.size() || text_[pos_] != ':') syntax_error();
    ++pos_;
    if (read_digits(minute) == 0) syntax_error();
    std::int64_t fraction_micros = 0;
    if (pos_ < text_.size() && text_[pos_] == ':') {
      ++pos_;
      if (read_digits(second) == 0) syntax_error();
      if (pos_ < text_.size() && text_[pos_] == '.') fraction_micros = read_fraction_micros();
    } else if (pos_ < text_.size() && text_[pos_] == '.') {
      // "mm:ss.fff": two fields with a fraction are minutes and seconds.
      second = minute;
      minute = hour;
      hour = 0;
      fraction_micros = read_fraction_micros();
    }
    if (pos_ < text_.size() && !is_space(text_[pos_]) && text_[pos_] != '+' && text_[pos_] != '-' &&
        !is_alpha(text_[pos_])) {
      syntax_error();
    }
    check_time_fields(hour, minute, second, fraction_micros);
    time_of_day_ = hour * kMicrosPerHour + minute * kMicrosPerMinute + second * kMicrosPerSecond +
                   fraction_micros;
    hour_ = hour;
    has_time_ = true;
  }

  // The fraction of a second at pos_ ('.' and digits). Like PostgreSQL: read
  // as a double and rounded to whole microseconds (half to even).
  std::int64_t read_fraction_micros() {
    const std::size_t begin = pos_++;
    while (pos_ < text_.size() && is_digit(text_[pos_])) ++pos_;
    double fraction = 0;
    if (pos_ > begin + 1) std::from_chars(text_.data() + begin, text_.data() + pos_, fraction);
    return static_cast<std::int64_t>(std::rint(fraction * 1e6));
  }

  bool time_target() const { return target_ == Target::kTime || target_ == Target::kTimeTz; }

  // Whether a time with colons starts at pos_ ("T12:00" rather than "T1200").
  bool time_follows() const {
    std::size_t at = pos_;
    while (at < text_.size() && is_digit(text_[at])) ++at;
    return at < text_.size() && text_[at] == ':';
  }

  // PostgreSQL's field checks; a time may not pass 24:00:00 (time_overflows).
  void check_time_fields(std::int64_t hour, std::int64_t minute, std::int64_t second,
                         std::int64_t fraction_micros) const {
    if (hour > 24 || minute > 59 || second > 60 || fraction_micros > kMicrosPerSecond) field_error();
    if (time_target()) {
      const std::int64_t total =
          hour * kMicrosPerHour + minute * kMicrosPerMinute + second * kMicrosPerSecond + fraction_micros;
      if (total > kMicrosPerDay) field_error();
    } else if (hour == 24 && (minute != 0 || second != 0 || fraction_micros != 0)) {
      field_error();
    }
  }

  // "+hh", "-hh:mm", "+hhmm", "+hh:mm:ss": a zone that a timestamp without
  // time zone ignores.
  void read_zone_offset() {
    const int sign = text_[pos_++] == '-' ? -1 : 1;
    std::int64_t hours;
    std::int64_t minutes = 0;
    std::int64_t seconds = 0;
    const int digits = read_digits(hours);
    if (digits == 0 || digits > 4) syntax_error();
    if (digits > 2) {
      minutes = hours % 100;
      hours /= 100;
    } else if (pos_ < text_.size() && text_[pos_] == ':') {
      ++pos_;
      if (read_digits(minutes) == 0) syntax_error();
      if (pos_ < text_.size() && text_[pos_] == ':') {
        ++pos_;
        if (read_digits(seconds) == 0) syntax_error();
      }
    }
    if (hours > 15 || minutes > 59 || seconds > 59) {
      throw SqlError(sqlstate::kInvalidTimeZoneDisplacementValue,
                     "time zone displacement out of range: \"" + std::string(original_) + "\"");
    }
    if (zone_east_ || named_zone_) syntax_error();
    zone_east_ = static_cast<int>(sign * (hours * 3600 + minutes * 60 + seconds));
  }

  void parse_word() {
    const std::size_t begin = pos_;
    while (pos_ < text_.size() && is_alpha(text_[pos_])) ++pos_;
    if (pos_ + 1 < text_.size() && (text_[pos_] == '-' || text_[pos_] == '/' || text_[pos_] == '.') &&
        is_digit(text_[pos_ + 1]) && month_number(lower_case(text_.substr(begin, pos_ - begin)))) {
      pos_ = begin;  // "Feb-10-1997"
      parse_separated_date();
      return;
    }
    if (pos_ - begin >= 3 && pos_ + 1 < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-') &&
        is_digit(text_[pos_ + 1])) {
      // "GMT+8", "PST+8", "MST+7:00": a POSIX zone, its offset counted west.
      std::size_t end = pos_ + 1;
      while (end < text_.size() && (is_digit(text_[end]) || text_[end] == ':')) ++end;
      if (auto zone = find_time_zone(text_.substr(begin, end - begin))) {
        if (zone_east_ || named_zone_) syntax_error();
        named_zone_ = std::move(zone);
        pos_ = end;
        return;
      }
    }
    {
      // Zone names: "America/New_York", "Etc/GMT+5" (read by every type,
      // used by timestamptz only).
      bool name = false;
      while (pos_ < text_.size() && (is_alpha(text_[pos_]) || text_[pos_] == '/' || text_[pos_] == '_' ||
                                     (name && (is_digit(text_[pos_]) || text_[pos_] == '+' || text_[pos_] == '-')))) {
        name = name || text_[pos_] == '/';
        ++pos_;
      }
    }
    const std::string word = lower_case(text_.substr(begin, pos_ - begin));
    if (word == "today" || word == "tomorrow" || word == "yesterday") {
      // The session's date, with a time beside it ("today 10:30", "10:30 tomorrow").
      if (time_target() || fields_ != 0) syntax_error();
      const std::int64_t instant = statement_instant_micros();
      const std::int64_t local = instant + session_time_zone().offset_at_utc(instant) * kMicrosPerSecond;
      set_date_from_days(floor_div(local, kMicrosPerDay) + (word == "tomorrow" ? 1 : word == "yesterday" ? -1 : 0));
    } else if (auto month = month_number(word)) {
      set_text_month(*month);
    } else if (is_weekday(word)) {
      // the day of the week is not checked, as in PostgreSQL
    } else if (word == "am" || word == "pm") {
      if (meridian_ != 0) syntax_error();
      meridian_ = word == "am" ? -1 : 1;
    } else if (word == "bc") {
      bc_ = true;
    } else if (word == "ad") {
      // the default era
    } else if (word == "z" || word == "zulu" || word == "utc" || word == "gmt") {
      set_zone(0);
    } else if (auto abbreviation = zone_abbreviation_offset(word)) {
      set_zone(*abbreviation);
    } else if (auto dynamic = find_zone_abbreviation(word)) {  // MSK: its offset in that year
      if (zone_east_ || named_zone_) syntax_error();
      named_zone_ = std::move(dynamic);
    } else if (auto zone = find_time_zone(word)) {
      if (zone_east_ || named_zone_) syntax_error();
      named_zone_ = std::move(zone);
    } else if (word.find('/') != std::string::npos) {
      throw SqlError(sqlstate::kInvalidParameterValue, "time zone \"" + word + "\" not recognized");
    } else {
      syntax_error();
    }
  }

  void set_zone(int seconds_east) {
    if (zone_east_ || named_zone_) syntax_error();
    zone_east_ = seconds_east;
  }

  [[noreturn]] void throw_out_of_range() const {
    const std::string_view name = target_ == Target::kDate ? "date" : "timestamp";
    throw SqlError(sqlstate::kDatetimeFieldOverflow,
                   std::string(name) + " out of range: \"" + std::string(original_) + "\"");
  }

  ParsedDateTime finish() {
    if (day_number_) return ParsedDateTime{ParsedDateTime::Kind::kFinite, *day_number_, time_of_day_};
    std::int64_t year = year_;
    if (bc_) {
      if (year <= 0) field_error();
      year = 1 - year;  // astronomical numbering
    } else if (year_digits_ <= 2) {
      year += year < 70 ? 2000 : 1900;
    } else if (year == 0) {
      field_error();
    }
    if (day_of_year_ != 0) {
      const std::int64_t days = calendar::days_from_civil(year, 1, 1) + day_of_year_ - 1;
      return ParsedDateTime{ParsedDateTime::Kind::kFinite, days, time_of_day_};
    }
    // PostgreSQL suggests another DateStyle only when a field is impossible in
    // every month, not for the 30th of February.
    if (month_ < 1 || month_ > 12 || day_ < 1 || day_ > 31) field_error(true);
    if (day_ > calendar::days_in_month(year, static_cast<int>(month_))) field_error();
    const std::int64_t days =
        calendar::days_from_civil(year, static_cast<int>(month_), static_cast<int>(day_));
    return ParsedDateTime{ParsedDateTime::Kind::kFinite, days, time_of_day_};
  }

  std::string_view original_;
  Target target_;
  std::string_view text_;
  std::size_t pos_ = 0;
  std::int64_t year_ = 0;
  std::int64_t month_ = 0;
  std::int64_t day_ = 0;
  int year_digits_ = 0;
  unsigned fields_ = 0;  // the date fields read so far
  bool have_text_month_ = false;
  DateFieldOrder order_ = session_date_style().order;
  std::int64_t hour_ = 0;
  int meridian_ = 0;  // -1 AM, +1 PM
  bool bc_ = false;
  bool has_time_ = false;
  std::int64_t time_of_day_ = 0;
  std::optional<std::int64_t> day_number_;  // a date given as a day number, already checked
  std::int64_t day_of_year_ = 0;            // "yyyy.ddd"; 0 when the month and day were given
  std::optional<int> zone_east_;
  std::optional<TimeZone> named_zone_;
};

void append_padded(std::string& out, std::int64_t value, int width) {
  const std::string digits = std::to_string(value);
  if (static_cast<int>(digits.size()) < width) out.append(width - digits.size(), '0');
  out += digits;
}

// "YYYY-MM-DD" with the BC year shown as a positive number (suffix added by caller).
void append_civil_date(std::string& out, const calendar::CivilDate& date) {
  append_padded(out, date.year > 0 ? date.year : 1 - date.year, 4);
  out.push_back('-');
  append_padded(out, date.month, 2);
  out.push_back('-');
  append_padded(out, date.day, 2);
}

Timestamp checked_timestamp(__int128 micros) {
  if (micros < kMinTimestampMicros || micros >= kEndTimestampMicros) throw_timestamp_out_of_range();
  return Timestamp{static_cast<std::int64_t>(micros)};
}

}  // namespace

CivilDateTime timestamp_to_civil(Timestamp value) {
  const std::int64_t days = floor_div(value.micros, kMicrosPerDay);
  std::int64_t time = floor_mod(value.micros, kMicrosPerDay);
  CivilDateTime result;
  result.date = calendar::civil_from_days(days);
  result.hour = static_cast<int>(time / kMicrosPerHour);
  time %= kMicrosPerHour;
  result.minute = static_cast<int>(time / kMicrosPerMinute);
  time %= kMicrosPerMinute;
  result.second = static_cast<int>(time / kMicrosPerSecond);
  result.microsecond = static_cast<int>(time % kMicrosPerSecond);
  return result;
}

Date parse_date(std::string_view text) {
  const ParsedDateTime parsed = DateTimeParser(text, Target::kDate).parse();
  if (parsed.kind == ParsedDateTime::Kind::kInfinity) return Date::infinity();
  if (parsed.kind == ParsedDateTime::Kind::kMinusInfinity) return Date::minus_infinity();
  if (!is_valid_date(parsed.days)) {
    throw SqlError(sqlstate::kDatetimeFieldOverflow,
                   "date out of range: \"" + std::string(text) + "\"");
  }
  return Date{static_cast<std::int32_t>(parsed.days)};
}

Timestamp parse_timestamp(std::string_view text) {
  const ParsedDateTime parsed = DateTimeParser(text, Target::kTimestamp).parse();
  if (parsed.kind == ParsedDateTime::Kind::kInfinity) return Timestamp::infinity();
  if (parsed.kind == ParsedDateTime::Kind::kMinusInfinity) return Timestamp::minus_infinity();
  const __int128 micros = static_cast<__int128>(parsed.days) * kMicrosPerDay + parsed.time_of_day;
  if (micros < kMinTimestampMicros || micros >= kEndTimestampMicros) {
    throw SqlError(sqlstate::kDatetimeFieldOverflow,
                   "timestamp out of range: \"" + std::string(text) + "\"");
  }
  return Timestamp{static_cast<std::int64_t>(micros)};
}

TimeOfDay parse_time(std::string_view text) {
  return TimeOfDay{DateTimeParser(text, Target::kTime).parse().time_of_day};
}

TimeWithZone parse_timetz(std::string_view text, const TimeZone& zone) {
  const ParsedDateTime parsed = DateTimeParser(text, Target::kTimeTz).parse();
  TimeWithZone result;
  result.time = parsed.time_of_day;
  if (parsed.zone_east) {
    result.zone_west = -*parsed.zone_east;
    return result;
  }
  // A zone name, or the session's zone: its offset on the given date, or
  // today's (timetz_in's DetermineTimeZoneOffset).
  std::int64_t days = parsed.days;
  if (!parsed.has_date) {
    const std::int64_t instant = statement_instant_micros();
    days = floor_div(instant + zone.offset_at_utc(instant) * kMicrosPerSecond, kMicrosPerDay);
  }
  const TimeZone& placing = parsed.named_zone ? *parsed.named_zone : zone;
  // A date past timestamp's range: the offset at its edge (PostgreSQL falls back to UTC there).
  const __int128 local = static_cast<__int128>(days) * kMicrosPerDay + parsed.time_of_day;
  const std::int64_t probe = local < kMinTimestampMicros ? kMinTimestampMicros
                             : local >= kEndTimestampMicros ? kEndTimestampMicros - 1
                                                            : static_cast<std::int64_t>(local);
  result.zone_west = -placing.offset_for_local(probe);
  return result;
}

TimestampTz parse_timestamptz(std::string_view text, const TimeZone& zone) {
  const ParsedDateTime parsed = DateTimeParser(text, Target::kTimestampTz).parse();
  if (parsed.kind == ParsedDateTime::Kind::kInfinity) return TimestampTz::infinity();
  if (parsed.kind == ParsedDateTime::Kind::kMinusInfinity) return TimestampTz::minus_infinity();
  const __int128 local = static_cast<__int128>(parsed.days) * kMicrosPerDay + parsed.time_of_day;
  const auto out_of_range = [&] {
    throw SqlError(sqlstate::kDatetimeFieldOverflow, "timestamp out of range: \"" + std::string(text) + "\"");
  };
  if (local < kMinTimestampMicros - kMicrosPerDay || local >= kEndTimestampMicros + kMicrosPerDay) out_of_range();
  const auto local_micros = static_cast<std::int64_t>(local);
  const int offset = parsed.zone_east        ? *parsed.zone_east
                     : parsed.named_zone     ? parsed.named_zone->offset_for_local(local_micros)
                                             : zone.offset_for_local(local_micros);
  const __int128 utc = local - static_cast<__int128>(offset) * kMicrosPerSecond;
  if (utc < kMinTimestampMicros || utc >= kEndTimestampMicros) out_of_range();
  return TimestampTz{static_cast<std::int64_t>(utc)};
}

namespace {

constexpr std::string_view kMonthAbbreviations[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                     "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
constexpr std::string_view kDayAbbreviations[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};

// The year as shown: BC years count from 1 backwards, " BC" is added last.
std::int64_t shown_year(std::int64_t astronomical_year) {
  return astronomical_year > 0 ? astronomical_year : 1 - astronomical_year;
}

// The day and month in the style's order: "12/31/1999" (SQL, MDY),
// "31/12/1999" (SQL, DMY), "31.12.1999" (German), "12-31-1999" (Postgres),
// "1999-12-31" (ISO). PostgreSQL's EncodeDateOnly.
void append_styled_date(std::string& out, const calendar::CivilDate& date, const DateStyle& style) {
  const auto day_month = [&](char separator) {
    if (style.order == DateFieldOrder::kDmy) {
      append_padded(out, date.day, 2);
      out.push_back(separator);
      append_padded(out, date.month, 2);
    } else {
      append_padded(out, date.month, 2);
      out.push_back(separator);
      append_padded(out, date.day, 2);
    }
    out.push_back(separator);
  };
  switch (style.output) {
    case DateOutputStyle::kIso:
      append_civil_date(out, date);
      return;
    case DateOutputStyle::kSql:
      day_month('/');
      break;
    case DateOutputStyle::kGerman:
      append_padded(out, date.day, 2);
      out.push_back('.');
      append_padded(out, date.month, 2);
      out.push_back('.');
      break;
    case DateOutputStyle::kPostgres:
      day_month('-');
      break;
  }
  append_padded(out, shown_year(date.year), 4);
}

// "HH:MM:SS" with the fraction's trailing zeros dropped.
void append_time_of_day(std::string& out, const CivilDateTime& civil) {
  append_padded(out, civil.hour, 2);
  out.push_back(':');
  append_padded(out, civil.minute, 2);
  out.push_back(':');
  append_padded(out, civil.second, 2);
  if (civil.microsecond != 0) {
    std::string fraction = std::to_string(civil.microsecond);
    fraction.insert(0, 6 - fraction.size(), '0');
    fraction.erase(fraction.find_last_not_of('0') + 1);
    out.push_back('.');
    out += fraction;
  }
}

// A zone as the wall time's suffix. Offset and abbreviation are given for
// timestamptz only. PostgreSQL's EncodeDateTime.
struct ShownZone {
  int offset = 0;
  std::string abbreviation;
};

void append_styled_date_time(std::string& out, Timestamp wall, const ShownZone* zone,
                             const DateStyle& style) {
  const CivilDateTime civil = timestamp_to_civil(wall);
  const auto zone_suffix = [&](bool space_before_offset) {
    if (zone == nullptr) return;
    if (!zone->abbreviation.empty()) {
      out.push_back(' ');
      out += zone->abbreviation;
    } else {
      if (space_before_offset) out.push_back(' ');
      append_utc_offset(out, zone->offset);
    }
  };
  switch (style.output) {
    case DateOutputStyle::kIso:
      append_civil_date(out, civil.date);
      out.push_back(' ');
      append_time_of_day(out, civil);
      if (zone != nullptr) append_utc_offset(out, zone->offset);
      break;
    case DateOutputStyle::kSql:
    case DateOutputStyle::kGerman:
      append_styled_date(out, civil.date, style);
      out.push_back(' ');
      append_time_of_day(out, civil);
      zone_suffix(false);
      break;
    case DateOutputStyle::kPostgres: {
      // "Wed Dec 31 16:00:00 1969 PST" (or "Wed 31 Dec ..." under DMY).
      const std::int64_t days = floor_div(wall.micros, kMicrosPerDay);
      out += kDayAbbreviations[floor_mod(days + 6, 7)];  // 2000-01-01 was a Saturday
      out.push_back(' ');
      if (style.order == DateFieldOrder::kDmy) {
        append_padded(out, civil.date.day, 2);
        out.push_back(' ');
        out += kMonthAbbreviations[civil.date.month - 1];
      } else {
        out += kMonthAbbreviations[civil.date.month - 1];
        out.push_back(' ');
        append_padded(out, civil.date.day, 2);
      }
      out.push_back(' ');
      append_time_of_day(out, civil);
      out.push_back(' ');
      append_padded(out, shown_year(civil.date.year), 4);
      zone_suffix(true);
      break;
    }
  }
  if (civil.date.year <= 0) out += " BC";
}

}  // namespace

void append_date(std::string& out, Date value, const DateStyle& style) {
  if (value == Date::infinity()) {
    out += "infinity";
    return;
  }
  if (value == Date::minus_infinity()) {
    out += "-infinity";
    return;
  }
  const calendar::CivilDate date = calendar::civil_from_days(value.days);
  append_styled_date(out, date, style);
  if (date.year <= 0) out += " BC";
}

void append_date(std::string& out, Date value) { append_date(out, value, session_date_style()); }

void append_time(std::string& out, TimeOfDay value) {
  const std::int64_t micros = value.micros;
  CivilDateTime civil;
  civil.hour = static_cast<int>(micros / kMicrosPerHour);
  civil.minute = static_cast<int>(micros / kMicrosPerMinute % 60);
  civil.second = static_cast<int>(micros / kMicrosPerSecond % 60);
  civil.microsecond = static_cast<int>(micros % kMicrosPerSecond);
  append_time_of_day(out, civil);
}

std::string format_time(TimeOfDay value) {
  std::string out;
  append_time(out, value);
  return out;
}

void append_timestamp(std::string& out, Timestamp value, const DateStyle& style) {
  if (value == Timestamp::infinity()) {
    out += "infinity";
    return;
  }
  if (value == Timestamp::minus_infinity()) {
    out += "-infinity";
    return;
  }
  append_styled_date_time(out, value, nullptr, style);
}

void append_timestamp(std::string& out, Timestamp value) {
  append_timestamp(out, value, session_date_style());
}

void append_timestamptz(std::string& out, TimestampTz value, const TimeZone& zone, const DateStyle& style) {
  if (value == TimestampTz::infinity()) {
    out += "infinity";
    return;
  }
  if (value == TimestampTz::minus_infinity()) {
    out += "-infinity";
    return;
  }
  ShownZone shown{zone.offset_at_utc(value.micros), {}};
  if (style.output != DateOutputStyle::kIso) shown.abbreviation = zone.abbreviation_at_utc(value.micros);
  append_styled_date_time(out, Timestamp{value.micros + shown.offset * kMicrosPerSecond}, &shown, style);
}

void append_timestamptz(std::string& out, TimestampTz value, const TimeZone& zone) {
  append_timestamptz(out, value, zone, session_date_style());
}

std::string format_timestamptz(TimestampTz value, const TimeZone& zone) {
  std::string out;
  append_timestamptz(out, value, zone);
  return out;
}

std::string format_date(Date value) {
  std::string out;
  append_date(out, value);
  return out;
}

std::string format_timestamp(Timestamp value) {
  std::string out;
  append_timestamp(out, value);
  return out;
}

std::string format_date_iso(Date value) {
  std::string out;
  append_date(out, value, DateStyle{});
  return out;
}

std::string format_timestamp_iso(Timestamp value) {
  std::string out;
  append_timestamp(out, value, DateStyle{});
  return out;
}

std::string format_timestamptz_iso(TimestampTz value, const TimeZone& zone) {
  std::string out;
  append_timestamptz(out, value, zone, DateStyle{});
  return out;
}

Date make_date(int year, int month, int day) {
  // PostgreSQL reports the fields after turning a BC year into its internal
  // (astronomical) number, e.g. make_date(-4714, 11, 23) mentions -4713.
  std::int64_t shown_year = year;
  const auto describe = [&] {
    std::string text = std::to_string(shown_year) + "-";
    append_padded(text, month, 2);
    text += "-";
    append_padded(text, day, 2);
    return text;
  };
  if (year == 0) {
    throw SqlError(sqlstate::kDatetimeFieldOverflow,
                   "date field value out of range: " + describe());
  }
  if (year < 0) shown_year = static_cast<std::int64_t>(year) + 1;
  if (month < 1 || month > 12 || day < 1 || day > calendar::days_in_month(shown_year, month)) {
    throw SqlError(sqlstate::kDatetimeFieldOverflow,
                   "date field value out of range: " + describe());
  }
  const std::int64_t days = calendar::days_from_civil(shown_year, month, day);
  if (!is_valid_date(days)) {
    throw SqlError(sqlstate::kDatetimeFieldOverflow, "date out of range: " + describe());
  }
  return Date{static_cast<std::int32_t>(days)};
}

Timestamp date_to_timestamp(Date value) {
  if (value == Date::infinity()) return Timestamp::infinity();
  if (value == Date::minus_infinity()) return Timestamp::minus_infinity();
  const __int128 micros = static_cast<__int128>(value.days) * kMicrosPerDay;
  if (micros < kMinTimestampMicros || micros >= kEndTimestampMicros) {
    throw SqlError(sqlstate::kDatetimeFieldOverflow, "date out of range for timestamp");
  }
  return Timestamp{static_cast<std::int64_t>(micros)};
}

Date timestamp_to_date(Timestamp value) {
  if (value == Timestamp::infinity()) return Date::infinity();
  if (value == Timestamp::minus_infinity()) return Date::minus_infinity();
  return Date{static_cast<std::int32_t>(floor_div(value.micros, kMicrosPerDay))};
}

Date date_add_days(Date value, std::int64_t days) {
  if (!value.is_finite()) return value;
  std::int64_t result;
  if (__builtin_add_overflow(static_cast<std::int64_t>(value.days), days, &result) ||
      !is_valid_date(result)) {
    throw_date_out_of_range();
  }
  return Date{static_cast<std::int32_t>(result)};
}

Date date_sub_days(Date value, std::int64_t days) {
  if (days == std::numeric_limits<std::int64_t>::min()) throw_date_out_of_range();
  return date_add_days(value, -days);
}

std::int32_t date_diff_days(Date a, Date b) {
  if (!a.is_finite() || !b.is_finite()) {
    throw SqlError(sqlstate::kDatetimeFieldOverflow, "cannot subtract infinite dates");
  }
  return a.days - b.days;  // both within the valid range, so no overflow
}

Timestamp timestamp_add_interval(Timestamp value, Interval span) {
  if (!value.is_finite()) return value;
  if (span.months != 0) {
    const CivilDateTime civil = timestamp_to_civil(value);
    const std::int64_t month_index = civil.date.year * 12 + (civil.date.month - 1) + span.months;
    const std::int64_t year = floor_div(month_index, 12);
    const int month = static_cast<int>(floor_mod(month_index, 12)) + 1;
    // Past the end of the new month (Jan 31 + 1 month) lands on its last day.
    const int day = std::min(civil.date.day, calendar::days_in_month(year, month));
    const std::int64_t time_of_day = floor_mod(value.micros, kMicrosPerDay);
    value = checked_timestamp(static_cast<__int128>(calendar::days_from_civil(year, month, day)) *
                                  kMicrosPerDay +
                              time_of_day);
  }
  if (span.days != 0) {
    value = checked_timestamp(static_cast<__int128>(value.micros) +
                              static_cast<__int128>(span.days) * kMicrosPerDay);
  }
  return checked_timestamp(static_cast<__int128>(value.micros) + span.micros);
}

Timestamp timestamp_sub_interval(Timestamp value, Interval span) {
  return timestamp_add_interval(value, interval_negate(span));
}

Timestamp date_add_interval(Date value, Interval span) {
  return timestamp_add_interval(date_to_timestamp(value), span);
}

Timestamp date_sub_interval(Date value, Interval span) {
  return timestamp_sub_interval(date_to_timestamp(value), span);
}

Interval timestamp_diff(Timestamp a, Timestamp b) {
  if (!a.is_finite() || !b.is_finite()) {
    throw SqlError(sqlstate::kDatetimeFieldOverflow, "cannot subtract infinite timestamps");
  }
  Interval result;
  if (__builtin_sub_overflow(a.micros, b.micros, &result.micros)) {
    throw SqlError(sqlstate::kDatetimeFieldOverflow, "interval out of range");
  }
  return justify_hours(result);
}

}  // namespace ptreedb::value
