#include "storage/value/to_char.h"

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "storage/value/calendar.h"
#include "storage/value/datetime_template.h"
#include "storage/value/time_zone.h"

namespace ptreedb::value {

namespace {

// The fields a template reads (PostgreSQL's struct pg_tm plus the zone).
struct Fields {
  std::int64_t year = 0;  // astronomical (0 = 1 BC); an interval's years as they are
  int month = 0;
  std::int64_t day = 0;
  std::int64_t hour = 0;
  int minute = 0;
  int second = 0;
  int micros = 0;
  std::int64_t days = 0;  // since 2000-01-01, for the weekday, ISO week and Julian day
  bool is_interval = false;
  bool has_zone = false;
  int offset = 0;  // seconds east
  std::string abbreviation;
};

using Key = TemplateKey;

constexpr std::string_view kMonths[] = {"January", "February", "March",     "April",   "May",      "June",
                                        "July",    "August",   "September", "October", "November", "December"};
constexpr std::string_view kDays[] = {"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"};
constexpr std::string_view kRomanMonths[] = {"I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII"};

std::string upper(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  }
  return out;
}

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

// printf's "%0*lld": zero-padded to `width` (the sign counts in the width).
std::string padded(std::int64_t value, int width) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%0*lld", width, static_cast<long long>(value));
  return buffer;
}

// A name left-justified to `width` unless FM.
std::string name_field(std::string name, bool fill_mode, std::size_t width) {
  if (!fill_mode && name.size() < width) name.append(width - name.size(), ' ');
  return name;
}

// "st", "nd", "rd", "th" for the number ending `digits` (PostgreSQL's get_th).
std::string_view ordinal_suffix(std::string_view digits, bool upper_case) {
  if (digits.empty() || digits.back() < '0' || digits.back() > '9') return "";
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

// The year as shown: BC years positive, an interval's as they are.
std::int64_t shown_year(const Fields& f, std::int64_t year) {
  return f.is_interval ? year : year <= 0 ? 1 - year : year;
}

std::string offset_text(int offset, bool with_minutes_always) {
  const int magnitude = std::abs(offset);
  std::string out(1, offset < 0 ? '-' : '+');
  out += padded(magnitude / 3600, 2);
  if (with_minutes_always || magnitude % 3600 / 60 != 0) out += ":" + padded(magnitude % 3600 / 60, 2);
  return out;
}

// One pattern's text; `numeric` tells whether TH may follow it.
std::string field_text(Key key, const Fields& f, bool fm, bool& numeric) {
  numeric = true;
  const auto number = [&](std::int64_t value, int width) { return padded(value, fm ? 0 : (value >= 0 ? width : width + 1)); };
  const calendar::CivilDate date = calendar::civil_from_days(f.days);
  const int weekday = calendar::day_of_week(f.days);
  const int year_day = f.is_interval ? 0 : calendar::day_of_year(date);
  const std::int64_t hour12 = f.hour % 12 == 0 ? 12 : f.hour % 12;
  const bool pm = f.hour % 24 >= 12;
  const bool bc = !f.is_interval && f.year <= 0;
  const auto month_name = [&]() -> std::string_view { return f.month >= 1 ? kMonths[f.month - 1] : ""; };
  switch (key) {
    case Key::kYyyy: return number(shown_year(f, f.year), 4);
    case Key::kYyy: return number(shown_year(f, f.year) % 1000, 3);
    case Key::kYy: return number(shown_year(f, f.year) % 100, 2);
    case Key::kY: return number(shown_year(f, f.year) % 10, 1);
    case Key::kYCommaYyy: {
      const std::int64_t year = shown_year(f, f.year);
      return std::to_string(year / 1000) + "," + padded(year % 1000, 3);
    }
    case Key::kIyyy: return number(shown_year(f, calendar::iso_year(f.days)), 4);
    case Key::kIyy: return number(shown_year(f, calendar::iso_year(f.days)) % 1000, 3);
    case Key::kIy: return number(shown_year(f, calendar::iso_year(f.days)) % 100, 2);
    case Key::kI: return number(shown_year(f, calendar::iso_year(f.days)) % 10, 1);
    case Key::kMm: return number(f.month, 2);
    case Key::kDd: return padded(f.day, fm ? 0 : 2);  // PostgreSQL widens no negative day
    case Key::kDdd: return number(year_day, 3);
    case Key::kIddd: return number((calendar::iso_week(f.days) - 1) * 7 + (weekday == 0 ? 7 : weekday), 3);
    case Key::kD: return std::to_string(weekday + 1);
    case Key::kId: return std::to_string(weekday == 0 ? 7 : weekday);
    case Key::kHh:
    case Key::kHh12: return number(hour12, 2);
    case Key::kHh24: return number(f.hour, 2);
    case Key::kMi: return number(f.minute, 2);
    case Key::kSs: return number(f.second, 2);
    case Key::kMs: return padded(f.micros / 1000, 3);
    case Key::kUs: return padded(f.micros, 6);
    case Key::kFf1: return padded(f.micros / 100000, 1);
    case Key::kFf2: return padded(f.micros / 10000, 2);
    case Key::kFf3: return padded(f.micros / 1000, 3);
    case Key::kFf4: return padded(f.micros / 100, 4);
    case Key::kFf5: return padded(f.micros / 10, 5);
    case Key::kFf6: return padded(f.micros, 6);
    case Key::kSssss:
    case Key::kSsss: return std::to_string(f.hour * 3600 + f.minute * 60 + f.second);
    case Key::kQ: return f.is_interval && f.month == 0 ? "" : std::to_string((f.month - 1) / 3 + 1);
    case Key::kWw: return number((year_day - 1) / 7 + 1, 2);
    case Key::kW: return std::to_string((f.day - 1) / 7 + 1);
    case Key::kIw: return number(calendar::iso_week(f.days), 2);
    case Key::kJ: return std::to_string(f.days + calendar::kJulianDayOfEpoch);
    case Key::kCc: {
      const std::int64_t century = f.is_interval ? f.year / 100 : f.year > 0 ? (f.year - 1) / 100 + 1 : f.year / 100 - 1;
      if (century > 99 || century < -99) return std::to_string(century);
      return padded(century, fm ? 0 : century >= 0 ? 2 : 3);
    }
    default: break;
  }
  numeric = false;
  switch (key) {
    case Key::kMonthUpper: return name_field(upper(month_name()), fm, 9);
    case Key::kMonthCap: return name_field(std::string(month_name()), fm, 9);
    case Key::kMonthLower: return name_field(lower(month_name()), fm, 9);
    case Key::kMonUpper: return upper(month_name().substr(0, 3));
    case Key::kMonCap: return std::string(month_name().substr(0, 3));
    case Key::kMonLower: return lower(month_name().substr(0, 3));
    case Key::kDayUpper: return name_field(upper(kDays[weekday]), fm, 9);
    case Key::kDayCap: return name_field(std::string(kDays[weekday]), fm, 9);
    case Key::kDayLower: return name_field(lower(kDays[weekday]), fm, 9);
    case Key::kDyUpper: return upper(kDays[weekday].substr(0, 3));
    case Key::kDyCap: return std::string(kDays[weekday].substr(0, 3));
    case Key::kDyLower: return lower(kDays[weekday].substr(0, 3));
    case Key::kRm: return f.month >= 1 ? name_field(std::string(kRomanMonths[f.month - 1]), fm, 4) : "";
    case Key::kRmLower: return f.month >= 1 ? name_field(lower(kRomanMonths[f.month - 1]), fm, 4) : "";
    case Key::kAm:
    case Key::kPm: return pm ? "PM" : "AM";
    case Key::kAmLower:
    case Key::kPmLower: return pm ? "pm" : "am";
    case Key::kAmDots:
    case Key::kPmDots: return pm ? "P.M." : "A.M.";
    case Key::kAmDotsLower:
    case Key::kPmDotsLower: return pm ? "p.m." : "a.m.";
    case Key::kAd:
    case Key::kBc: return bc ? "BC" : "AD";
    case Key::kAdLower:
    case Key::kBcLower: return bc ? "bc" : "ad";
    case Key::kAdDots:
    case Key::kBcDots: return bc ? "B.C." : "A.D.";
    case Key::kAdDotsLower:
    case Key::kBcDotsLower: return bc ? "b.c." : "a.d.";
    case Key::kTz: return f.has_zone ? upper(f.abbreviation) : "";
    case Key::kTzLower: return f.has_zone ? lower(f.abbreviation) : "";
    // A timestamp without zone has offset 0 here, as in PostgreSQL.
    case Key::kTzh: return std::string(1, f.offset < 0 ? '-' : '+') + padded(std::abs(f.offset) / 3600, 2);
    case Key::kTzm: return padded(std::abs(f.offset) % 3600 / 60, 2);
    case Key::kOf: return offset_text(f.offset, false);
    default: return "";  // FX: no effect on output
  }
}

std::string format_fields(const Fields& f, std::string_view format) {
  std::string out;
  std::size_t pos = 0;
  while (pos < format.size()) {
    // FM prefix(es), then a pattern; TH/th may follow a numeric one.
    bool fm = false;
    std::size_t at = pos;
    while (format.substr(at, 2) == "FM" || format.substr(at, 2) == "fm") {
      fm = true;
      at += 2;
    }
    const TemplateKeyword* match = match_template_keyword(format.substr(at));
    if (match != nullptr) {
      at += match->text.size();
      bool numeric = false;
      std::string text = field_text(match->key, f, fm, numeric);
      if (format.substr(at, 2) == "TH" || format.substr(at, 2) == "th") {
        if (numeric) text += ordinal_suffix(text, format[at] == 'T');
        at += 2;
      }
      out += text;
      pos = at;
      continue;
    }
    if (fm) {  // an FM before no pattern is itself text
      pos = at;
      continue;
    }
    const char c = format[pos];
    if (c == '"') {  // quoted text, \ escaping inside
      ++pos;
      while (pos < format.size() && format[pos] != '"') {
        if (format[pos] == '\\' && pos + 1 < format.size()) ++pos;
        out.push_back(format[pos++]);
      }
      ++pos;
    } else if (c == '\\' && pos + 1 < format.size() && format[pos + 1] == '"') {
      out.push_back('"');
      pos += 2;
    } else {
      out.push_back(c);
      ++pos;
    }
  }
  return out;
}

Fields wall_fields(Timestamp wall) {
  const CivilDateTime civil = timestamp_to_civil(wall);
  Fields f;
  f.year = civil.date.year;
  f.month = civil.date.month;
  f.day = civil.date.day;
  f.hour = civil.hour;
  f.minute = civil.minute;
  f.second = civil.second;
  f.micros = civil.microsecond;
  f.days = calendar::floor_div(wall.micros, kMicrosPerDay);
  return f;
}

}  // namespace

std::string to_char_timestamp(Timestamp value, std::string_view format) {
  if (!value.is_finite()) return {};  // PostgreSQL returns NULL; the caller checks first
  return format_fields(wall_fields(value), format);
}

std::string to_char_timestamptz(TimestampTz value, std::string_view format, const TimeZone& zone) {
  if (!value.is_finite()) return {};
  const int offset = zone.offset_at_utc(value.micros);
  Fields f = wall_fields(Timestamp{value.micros + offset * kMicrosPerSecond});
  f.has_zone = true;
  f.offset = offset;
  f.abbreviation = zone.abbreviation_at_utc(value.micros);
  if (f.abbreviation.empty()) f.abbreviation = offset_text(offset, false);
  return format_fields(f, format);
}

std::string to_char_interval(Interval value, std::string_view format) {
  Fields f;
  f.is_interval = true;
  f.year = value.months / kMonthsPerYear;
  f.month = value.months % kMonthsPerYear;
  f.day = value.days;
  std::int64_t time = value.micros;
  f.hour = time / kMicrosPerHour;
  time %= kMicrosPerHour;
  f.minute = static_cast<int>(time / kMicrosPerMinute);
  time %= kMicrosPerMinute;
  f.second = static_cast<int>(time / kMicrosPerSecond);
  f.micros = static_cast<int>(time % kMicrosPerSecond);
  f.days = 0;
  return format_fields(f, format);
}

}  // namespace ptreedb::value
