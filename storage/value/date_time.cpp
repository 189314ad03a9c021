#include "storage/value/date_time.h"

#include <charconv>
#include <cmath>

#include "storage/sql_error.h"
#include "storage/value/statement_clock.h"
#include "storage/value/time_zone.h"

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

enum class Target { kDate, kTimestamp, kTimestampTz };

std::string_view type_name(Target target) {
  switch (target) {
    case Target::kDate: return "date";
    case Target::kTimestamp: return "timestamp";
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
    if (word == "infinity") return ParsedDateTime{ParsedDateTime::Kind::kInfinity};
    if (word == "-infinity") return ParsedDateTime{ParsedDateTime::Kind::kMinusInfinity};
    if (word == "epoch")
      return ParsedDateTime{ParsedDateTime::Kind::kFinite, calendar::kUnixEpochDays, 0};
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

    parse_date_part();
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (is_space(c)) {
        ++pos_;
      } else if ((c == 'T' || c == 't') && !has_time_ && pos_ + 1 < text_.size() &&
                 is_digit(text_[pos_ + 1])) {
        ++pos_;
        parse_time_part();
      } else if (is_digit(c) && !has_time_) {
        parse_time_part();
      } else if ((c == '+' || c == '-') && has_time_) {
        read_zone_offset();
      } else if (is_alpha(c)) {
        parse_word();
      } else {
        syntax_error();
      }
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

  void parse_date_part() {
    std::int64_t first;
    const int first_digits = read_digits(first);
    if (first_digits == 0) syntax_error();
    if (pos_ < text_.size() && (text_[pos_] == '-' || text_[pos_] == '/' || text_[pos_] == '.')) {
      const char separator = text_[pos_++];
      std::int64_t second;
      if (read_digits(second) == 0) syntax_error();
      if (pos_ >= text_.size() || text_[pos_] != separator) syntax_error();
      ++pos_;
      std::int64_t third;
      const int third_digits = read_digits(third);
      if (third_digits == 0) syntax_error();
      if (first_digits >= 3) {  // year first
        year_ = first;
        month_ = second;
        day_ = third;
        year_digits_ = first_digits;
      } else {  // DateStyle MDY
        month_ = first;
        day_ = second;
        year_ = third;
        year_digits_ = third_digits;
      }
      if (year_digits_ > 9) throw_out_of_range();
    } else if (first_digits == 8) {  // YYYYMMDD
      year_ = first / 10000;
      month_ = first / 100 % 100;
      day_ = first % 100;
      year_digits_ = 4;
    } else {
      syntax_error();
    }
    if (pos_ < text_.size() && !is_space(text_[pos_]) && text_[pos_] != 'T' && text_[pos_] != 't') {
      syntax_error();
    }
  }

  void parse_time_part() {
    std::int64_t hour;
    std::int64_t minute;
    std::int64_t second = 0;
    if (read_digits(hour) == 0 || pos_ >= text_.size() || text_[pos_] != ':') syntax_error();
    ++pos_;
    if (read_digits(minute) == 0) syntax_error();
    std::int64_t fraction_micros = 0;
    const auto read_fraction = [&] {
      // Like PostgreSQL: the fraction is read as a double and rounded to
      // whole microseconds (half to even).
      const std::size_t begin = pos_++;
      while (pos_ < text_.size() && is_digit(text_[pos_])) ++pos_;
      double fraction = 0;
      if (pos_ > begin + 1) std::from_chars(text_.data() + begin, text_.data() + pos_, fraction);
      fraction_micros = static_cast<std::int64_t>(std::rint(fraction * 1e6));
    };
    if (pos_ < text_.size() && text_[pos_] == ':') {
      ++pos_;
      if (read_digits(second) == 0) syntax_error();
      if (pos_ < text_.size() && text_[pos_] == '.') read_fraction();
    } else if (pos_ < text_.size() && text_[pos_] == '.') {
      // "mm:ss.fff": two fields with a fraction are minutes and seconds.
      second = minute;
      minute = hour;
      hour = 0;
      read_fraction();
    }
    if (pos_ < text_.size() && !is_space(text_[pos_]) && text_[pos_] != '+' && text_[pos_] != '-' &&
        !is_alpha(text_[pos_])) {
      syntax_error();
    }
    if (hour > 24 || minute > 59 || second > 60 ||
        (hour == 24 && (minute != 0 || second != 0 || fraction_micros != 0))) {
      field_error();
    }
    time_of_day_ = hour * kMicrosPerHour + minute * kMicrosPerMinute + second * kMicrosPerSecond +
                   fraction_micros;
    has_time_ = true;
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
    if (word == "bc") {
      bc_ = true;
    } else if (word == "ad") {
      // the default era
    } else if (word == "z" || word == "zulu" || word == "utc" || word == "gmt") {
      set_zone(0);
    } else if (auto abbreviation = zone_abbreviation_offset(word)) {
      set_zone(*abbreviation);
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
    std::int64_t year = year_;
    if (bc_) {
      if (year <= 0) field_error();
      year = 1 - year;  // astronomical numbering
    } else if (year_digits_ <= 2) {
      year += year < 70 ? 2000 : 1900;
    } else if (year == 0) {
      field_error();
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
  bool bc_ = false;
  bool has_time_ = false;
  std::int64_t time_of_day_ = 0;
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

void append_date(std::string& out, Date value) {
  if (value == Date::infinity()) {
    out += "infinity";
    return;
  }
  if (value == Date::minus_infinity()) {
    out += "-infinity";
    return;
  }
  const calendar::CivilDate date = calendar::civil_from_days(value.days);
  append_civil_date(out, date);
  if (date.year <= 0) out += " BC";
}

namespace {

// The wall time, then the offset (if any), then " BC": ISO DateStyle.
void append_wall_time(std::string& out, Timestamp value, std::optional<int> offset) {
  const CivilDateTime civil = timestamp_to_civil(value);
  append_civil_date(out, civil.date);
  out.push_back(' ');
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
  if (offset) append_utc_offset(out, *offset);
  if (civil.date.year <= 0) out += " BC";
}

}  // namespace

void append_timestamp(std::string& out, Timestamp value) {
  if (value == Timestamp::infinity()) {
    out += "infinity";
    return;
  }
  if (value == Timestamp::minus_infinity()) {
    out += "-infinity";
    return;
  }
  append_wall_time(out, value, std::nullopt);
}

void append_timestamptz(std::string& out, TimestampTz value, const TimeZone& zone) {
  if (value == TimestampTz::infinity()) {
    out += "infinity";
    return;
  }
  if (value == TimestampTz::minus_infinity()) {
    out += "-infinity";
    return;
  }
  const int offset = zone.offset_at_utc(value.micros);
  append_wall_time(out, Timestamp{value.micros + offset * kMicrosPerSecond}, offset);
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
