#include "storage/value/date_time_fields.h"

#include <limits>
#include <string>

#include "storage/sql_error.h"
#include "storage/value/timestamp_tz.h"

namespace ptreedb::value {

namespace {

using calendar::CivilDate;

constexpr std::string_view kTimestampTypeName = "timestamp without time zone";
constexpr std::string_view kTimeTypeName = "time without time zone";
constexpr std::string_view kTimeTzTypeName = "time with time zone";

std::string lower_case(std::string_view text) {
  std::string result(text);
  for (char& c : result) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return result;
}

[[noreturn]] void throw_not_recognized(std::string_view field, std::string_view type_name) {
  throw SqlError(
      sqlstate::kInvalidParameterValue,
      "unit \"" + lower_case(field) + "\" not recognized for type " + std::string(type_name));
}

std::string_view field_name(DateTimeField field) {
  switch (field) {
    case DateTimeField::kMicroseconds: return "microseconds";
    case DateTimeField::kMilliseconds: return "milliseconds";
    case DateTimeField::kSecond: return "second";
    case DateTimeField::kMinute: return "minute";
    case DateTimeField::kHour: return "hour";
    case DateTimeField::kDay: return "day";
    case DateTimeField::kWeek: return "week";
    case DateTimeField::kMonth: return "month";
    case DateTimeField::kQuarter: return "quarter";
    case DateTimeField::kYear: return "year";
    case DateTimeField::kDecade: return "decade";
    case DateTimeField::kCentury: return "century";
    case DateTimeField::kMillennium: return "millennium";
    case DateTimeField::kDayOfWeek: return "dow";
    case DateTimeField::kIsoDayOfWeek: return "isodow";
    case DateTimeField::kDayOfYear: return "doy";
    case DateTimeField::kEpoch: return "epoch";
    case DateTimeField::kIsoYear: return "isoyear";
    case DateTimeField::kJulian: return "julian";
    case DateTimeField::kTimezone: return "timezone";
    case DateTimeField::kTimezoneHour: return "timezone_hour";
    case DateTimeField::kTimezoneMinute: return "timezone_minute";
  }
  return "";
}

// PostgreSQL quotes the unit as written, lower-cased.
[[noreturn]] void throw_not_supported(std::string_view written_name, std::string_view type_name) {
  throw SqlError(sqlstate::kFeatureNotSupported, "unit \"" + std::string(written_name) +
                                                     "\" not supported for type " +
                                                     std::string(type_name));
}

Decimal integer_result(std::int64_t value) { return Decimal{value, 0}; }

// Years are astronomical inside (1 BC = 0) but extract counts 1 BC as -1.
std::int64_t display_year(std::int64_t year) { return year > 0 ? year : year - 1; }

std::int64_t decade_of(std::int64_t year) {
  return year >= 0 ? year / 10 : -((8 - (year - 1)) / 10);
}
std::int64_t century_of(std::int64_t year) {
  return year > 0 ? (year + 99) / 100 : -((99 - (year - 1)) / 100);
}
std::int64_t millennium_of(std::int64_t year) {
  return year > 0 ? (year + 999) / 1000 : -((999 - (year - 1)) / 1000);
}

// The fields a date and a timestamp share; nullopt if `field` is not one.
std::optional<Decimal> extract_date_part(DateTimeField field, std::int64_t days,
                                         const CivilDate& date) {
  switch (field) {
    case DateTimeField::kDay: return integer_result(date.day);
    case DateTimeField::kMonth: return integer_result(date.month);
    case DateTimeField::kQuarter: return integer_result((date.month - 1) / 3 + 1);
    case DateTimeField::kWeek: return integer_result(calendar::iso_week(days));
    case DateTimeField::kYear: return integer_result(display_year(date.year));
    case DateTimeField::kDecade: return integer_result(decade_of(date.year));
    case DateTimeField::kCentury: return integer_result(century_of(date.year));
    case DateTimeField::kMillennium: return integer_result(millennium_of(date.year));
    case DateTimeField::kDayOfWeek: return integer_result(calendar::day_of_week(days));
    case DateTimeField::kIsoDayOfWeek: {
      const int dow = calendar::day_of_week(days);
      return integer_result(dow == 0 ? 7 : dow);
    }
    case DateTimeField::kDayOfYear: return integer_result(calendar::day_of_year(date));
    case DateTimeField::kIsoYear: {
      const std::int64_t year = calendar::iso_year(days);
      return integer_result(year > 0 ? year : year - 1);
    }
    default: return std::nullopt;
  }
}

// Fields that grow with time give +/-Infinity for infinite inputs in
// PostgreSQL; the others give NULL.
bool is_monotonic(DateTimeField field) {
  switch (field) {
    case DateTimeField::kYear:
    case DateTimeField::kDecade:
    case DateTimeField::kCentury:
    case DateTimeField::kMillennium:
    case DateTimeField::kJulian:
    case DateTimeField::kIsoYear:
    case DateTimeField::kEpoch: return true;
    default: return false;
  }
}

std::optional<Decimal> extract_from_infinity(DateTimeField field, bool negative) {
  if (!is_monotonic(field)) return std::nullopt;
  return negative ? kDecimalNegativeInfinity : kDecimalInfinity;
}

std::optional<Decimal> extract_timestamp(DateTimeField field, Timestamp value,
                                         std::string_view written_name,
                                         std::string_view type_name = kTimestampTypeName) {
  // Infinite timestamps are looked at before the unit is validated, so even
  // "timezone" gives NULL for them.
  if (!value.is_finite()) return extract_from_infinity(field, value == Timestamp::minus_infinity());
  const CivilDateTime civil = timestamp_to_civil(value);
  const std::int64_t days = calendar::floor_div(value.micros, kMicrosPerDay);
  const std::int64_t second_micros = civil.second * kMicrosPerSecond + civil.microsecond;
  switch (field) {
    case DateTimeField::kMicroseconds: return integer_result(second_micros);
    case DateTimeField::kMilliseconds: return Decimal{second_micros, 3};
    case DateTimeField::kSecond: return Decimal{second_micros, 6};
    case DateTimeField::kMinute: return integer_result(civil.minute);
    case DateTimeField::kHour: return integer_result(civil.hour);
    case DateTimeField::kEpoch: {
      const __int128 micros_since_1970 =
          static_cast<__int128>(value.micros) - calendar::kUnixEpochDays * kMicrosPerDay;
      if (micros_since_1970 < std::numeric_limits<std::int64_t>::max()) {
        return Decimal{micros_since_1970, 6};
      }
      // From 2^63 - 1 microseconds on, PostgreSQL switches to numeric division,
      // whose result scale keeps only 4 decimals here, then rounds to 6.
      const Decimal seconds =
          decimal_div(Decimal{micros_since_1970, 0}, Decimal{kMicrosPerSecond, 0});
      return decimal_round(seconds, 6);
    }
    case DateTimeField::kJulian: {
      // Julian day number plus the fraction of the day, with numeric
      // division's result scale, exactly as PostgreSQL computes it.
      const std::int64_t time_of_day = calendar::floor_mod(value.micros, kMicrosPerDay);
      const Decimal fraction = decimal_div(Decimal{time_of_day, 0}, Decimal{kMicrosPerDay, 0});
      return decimal_add(integer_result(days + calendar::kJulianDayOfEpoch), fraction);
    }
    case DateTimeField::kTimezone:
    case DateTimeField::kTimezoneHour:
    case DateTimeField::kTimezoneMinute: throw_not_supported(written_name, type_name);
    default: return extract_date_part(field, days, civil.date);
  }
}

std::optional<Decimal> extract_date(DateTimeField field, Date value,
                                    std::string_view written_name) {
  switch (field) {
    case DateTimeField::kMicroseconds:
    case DateTimeField::kMilliseconds:
    case DateTimeField::kSecond:
    case DateTimeField::kMinute:
    case DateTimeField::kHour:
    case DateTimeField::kTimezone:
    case DateTimeField::kTimezoneHour:
    case DateTimeField::kTimezoneMinute: throw_not_supported(written_name, "date");
    default: break;
  }
  if (!value.is_finite()) return extract_from_infinity(field, value == Date::minus_infinity());
  if (field == DateTimeField::kEpoch) {
    return integer_result((static_cast<std::int64_t>(value.days) - calendar::kUnixEpochDays) *
                          86400);
  }
  if (field == DateTimeField::kJulian) {
    return integer_result(value.days + calendar::kJulianDayOfEpoch);
  }
  return extract_date_part(field, value.days, calendar::civil_from_days(value.days));
}

Decimal extract_interval(DateTimeField field, Interval value, std::string_view written_name) {
  // The breakdown PostgreSQL uses: every part truncated toward zero, so all
  // parts share the sign of the field they came from.
  const std::int64_t years = value.months / kMonthsPerYear;
  const std::int64_t months = value.months % kMonthsPerYear;
  std::int64_t time = value.micros;
  const std::int64_t hours = time / kMicrosPerHour;
  time -= hours * kMicrosPerHour;
  const std::int64_t minutes = time / kMicrosPerMinute;
  const std::int64_t second_micros = time - minutes * kMicrosPerMinute;
  switch (field) {
    case DateTimeField::kMicroseconds: return integer_result(second_micros);
    case DateTimeField::kMilliseconds: return Decimal{second_micros, 3};
    case DateTimeField::kSecond: return Decimal{second_micros, 6};
    case DateTimeField::kMinute: return integer_result(minutes);
    case DateTimeField::kHour: return integer_result(hours);
    case DateTimeField::kDay: return integer_result(value.days);
    case DateTimeField::kMonth: return integer_result(months);
    case DateTimeField::kQuarter: return integer_result(months / 3 + 1);
    case DateTimeField::kYear: return integer_result(years);
    case DateTimeField::kDecade: return integer_result(years / 10);
    case DateTimeField::kCentury: return integer_result(years / 100);
    case DateTimeField::kMillennium: return integer_result(years / 1000);
    case DateTimeField::kEpoch: {
      // A year counts 365.25 days and a month 30, as in PostgreSQL.
      const __int128 seconds_from_days_and_months =
          (static_cast<__int128>(1461) * years + static_cast<__int128>(120) * months +
           static_cast<__int128>(4) * value.days) *
          (86400 / 4);
      return Decimal{seconds_from_days_and_months * kMicrosPerSecond + value.micros, 6};
    }
    default: throw_not_supported(written_name, "interval");
  }
}

Decimal extract_time(DateTimeField field, TimeOfDay value, std::string_view written_name) {
  const std::int64_t second_micros = value.micros % kMicrosPerMinute;
  switch (field) {
    case DateTimeField::kMicroseconds: return integer_result(second_micros);
    case DateTimeField::kMilliseconds: return Decimal{second_micros, 3};
    case DateTimeField::kSecond: return Decimal{second_micros, 6};
    case DateTimeField::kMinute: return integer_result(value.micros / kMicrosPerMinute % 60);
    case DateTimeField::kHour: return integer_result(value.micros / kMicrosPerHour);
    case DateTimeField::kEpoch: return Decimal{value.micros, 6};
    default: throw_not_supported(written_name, kTimeTypeName);
  }
}

Decimal extract_timetz(DateTimeField field, TimeWithZone value, std::string_view written_name) {
  switch (field) {
    case DateTimeField::kTimezone: return integer_result(-value.zone_west);
    case DateTimeField::kTimezoneHour: return integer_result(-value.zone_west / 3600);
    case DateTimeField::kTimezoneMinute: return integer_result(-value.zone_west / 60 % 60);
    case DateTimeField::kEpoch:
      return Decimal{value.time + std::int64_t{value.zone_west} * kMicrosPerSecond, 6};
    case DateTimeField::kMicroseconds:
    case DateTimeField::kMilliseconds:
    case DateTimeField::kSecond:
    case DateTimeField::kMinute:
    case DateTimeField::kHour: return extract_time(field, TimeOfDay{value.time}, written_name);
    default: throw_not_supported(written_name, kTimeTzTypeName);
  }
}

bool is_truncatable(DateTimeField field) {
  switch (field) {
    case DateTimeField::kMicroseconds:
    case DateTimeField::kMilliseconds:
    case DateTimeField::kSecond:
    case DateTimeField::kMinute:
    case DateTimeField::kHour:
    case DateTimeField::kDay:
    case DateTimeField::kWeek:
    case DateTimeField::kMonth:
    case DateTimeField::kQuarter:
    case DateTimeField::kYear:
    case DateTimeField::kDecade:
    case DateTimeField::kCentury:
    case DateTimeField::kMillennium: return true;
    default: return false;
  }
}

// PostgreSQL sorts unit names into "units" (time spans, timezone) and
// "reserved words" (dow, epoch, ...); date_trunc calls an unhandled unit "not
// supported" and a reserved word "not recognized".
[[noreturn]] void throw_not_truncatable(DateTimeField field, std::string_view written_name,
                                       std::string_view type_name = kTimestampTypeName) {
  if (field == DateTimeField::kTimezone || field == DateTimeField::kTimezoneHour ||
      field == DateTimeField::kTimezoneMinute) {
    throw_not_supported(written_name, type_name);
  }
  throw_not_recognized(written_name, type_name);
}

constexpr std::string_view kTimestampTzTypeName = "timestamp with time zone";

std::optional<Decimal> extract_timestamptz(DateTimeField field, TimestampTz value, const TimeZone& zone,
                                           std::string_view written_name) {
  if (!value.is_finite()) return extract_from_infinity(field, value == TimestampTz::minus_infinity());
  const int offset = zone.offset_at_utc(value.micros);
  switch (field) {
    case DateTimeField::kEpoch:  // elapsed time, whatever the zone
      return extract_timestamp(field, Timestamp{value.micros}, written_name, kTimestampTzTypeName);
    case DateTimeField::kTimezone: return integer_result(offset);
    case DateTimeField::kTimezoneHour: return integer_result(offset / 3600);
    case DateTimeField::kTimezoneMinute: return integer_result(offset / 60 % 60);
    default:
      return extract_timestamp(field, Timestamp{value.micros + offset * kMicrosPerSecond}, written_name,
                               kTimestampTzTypeName);
  }
}

}  // namespace

std::optional<DateTimeField> lookup_datetime_field(std::string_view name) {
  struct Entry {
    std::string_view name;
    DateTimeField field;
  };
  static constexpr Entry kFields[] = {
      {"microsecon", DateTimeField::kMicroseconds},  // "microseconds" cut to 10 characters
      {"us", DateTimeField::kMicroseconds},
      {"usec", DateTimeField::kMicroseconds},
      {"usecs", DateTimeField::kMicroseconds},
      {"usecond", DateTimeField::kMicroseconds},
      {"useconds", DateTimeField::kMicroseconds},
      {"millisecon", DateTimeField::kMilliseconds},
      {"ms", DateTimeField::kMilliseconds},
      {"msec", DateTimeField::kMilliseconds},
      {"msecs", DateTimeField::kMilliseconds},
      {"msecond", DateTimeField::kMilliseconds},
      {"mseconds", DateTimeField::kMilliseconds},
      {"s", DateTimeField::kSecond},
      {"sec", DateTimeField::kSecond},
      {"secs", DateTimeField::kSecond},
      {"second", DateTimeField::kSecond},
      {"seconds", DateTimeField::kSecond},
      {"m", DateTimeField::kMinute},
      {"min", DateTimeField::kMinute},
      {"mins", DateTimeField::kMinute},
      {"minute", DateTimeField::kMinute},
      {"minutes", DateTimeField::kMinute},
      {"h", DateTimeField::kHour},
      {"hr", DateTimeField::kHour},
      {"hrs", DateTimeField::kHour},
      {"hour", DateTimeField::kHour},
      {"hours", DateTimeField::kHour},
      {"d", DateTimeField::kDay},
      {"day", DateTimeField::kDay},
      {"days", DateTimeField::kDay},
      {"w", DateTimeField::kWeek},
      {"week", DateTimeField::kWeek},
      {"weeks", DateTimeField::kWeek},
      {"mon", DateTimeField::kMonth},
      {"mons", DateTimeField::kMonth},
      {"month", DateTimeField::kMonth},
      {"months", DateTimeField::kMonth},
      {"qtr", DateTimeField::kQuarter},
      {"quarter", DateTimeField::kQuarter},
      {"y", DateTimeField::kYear},
      {"yr", DateTimeField::kYear},
      {"yrs", DateTimeField::kYear},
      {"year", DateTimeField::kYear},
      {"years", DateTimeField::kYear},
      {"dec", DateTimeField::kDecade},
      {"decs", DateTimeField::kDecade},
      {"decade", DateTimeField::kDecade},
      {"decades", DateTimeField::kDecade},
      {"c", DateTimeField::kCentury},
      {"cent", DateTimeField::kCentury},
      {"century", DateTimeField::kCentury},
      {"centuries", DateTimeField::kCentury},
      {"mil", DateTimeField::kMillennium},
      {"mils", DateTimeField::kMillennium},
      {"millennia", DateTimeField::kMillennium},
      {"millennium", DateTimeField::kMillennium},
      {"dow", DateTimeField::kDayOfWeek},
      {"isodow", DateTimeField::kIsoDayOfWeek},
      {"doy", DateTimeField::kDayOfYear},
      {"epoch", DateTimeField::kEpoch},
      {"isoyear", DateTimeField::kIsoYear},
      {"j", DateTimeField::kJulian},
      {"jd", DateTimeField::kJulian},
      {"julian", DateTimeField::kJulian},
      {"timezone", DateTimeField::kTimezone},
      {"timezone_h", DateTimeField::kTimezoneHour},  // "timezone_hour" cut to 10
      {"timezone_m", DateTimeField::kTimezoneMinute},
  };
  std::string key = lower_case(name);
  // PostgreSQL compares unit names on their first 10 characters.
  if (key.size() > 10) key.resize(10);
  for (const Entry& entry : kFields) {
    if (entry.name == key) return entry.field;
  }
  return std::nullopt;
}

std::optional<Decimal> extract_field(DateTimeField field, Timestamp value) {
  return extract_timestamp(field, value, field_name(field));
}

std::optional<Decimal> extract_field(DateTimeField field, Date value) {
  return extract_date(field, value, field_name(field));
}

Decimal extract_field(DateTimeField field, Interval value) {
  return extract_interval(field, value, field_name(field));
}

std::optional<Decimal> extract_field(std::string_view field, Timestamp value) {
  const std::optional<DateTimeField> known = lookup_datetime_field(field);
  if (!known) throw_not_recognized(field, kTimestampTypeName);
  return extract_timestamp(*known, value, lower_case(field));
}

std::optional<Decimal> extract_field(std::string_view field, Date value) {
  const std::optional<DateTimeField> known = lookup_datetime_field(field);
  if (!known) throw_not_recognized(field, "date");
  return extract_date(*known, value, lower_case(field));
}

Decimal extract_field(std::string_view field, Interval value) {
  const std::optional<DateTimeField> known = lookup_datetime_field(field);
  if (!known) throw_not_recognized(field, "interval");
  return extract_interval(*known, value, lower_case(field));
}

Decimal extract_field(DateTimeField field, TimeOfDay value) {
  return extract_time(field, value, field_name(field));
}

Decimal extract_field(std::string_view field, TimeOfDay value) {
  const std::optional<DateTimeField> known = lookup_datetime_field(field);
  if (!known) throw_not_recognized(field, kTimeTypeName);
  return extract_time(*known, value, lower_case(field));
}

Decimal extract_field(DateTimeField field, TimeWithZone value) {
  return extract_timetz(field, value, field_name(field));
}

Decimal extract_field(std::string_view field, TimeWithZone value) {
  const std::optional<DateTimeField> known = lookup_datetime_field(field);
  if (!known) throw_not_recognized(field, kTimeTzTypeName);
  return extract_timetz(*known, value, lower_case(field));
}

std::optional<Decimal> extract_field(DateTimeField field, TimestampTz value, const TimeZone& zone) {
  return extract_timestamptz(field, value, zone, field_name(field));
}

std::optional<Decimal> extract_field(std::string_view field, TimestampTz value, const TimeZone& zone) {
  const std::optional<DateTimeField> known = lookup_datetime_field(field);
  if (!known) throw_not_recognized(field, kTimestampTzTypeName);
  return extract_timestamptz(*known, value, zone, lower_case(field));
}

TimestampTz date_trunc(std::string_view field, TimestampTz value, const TimeZone& zone) {
  if (!value.is_finite()) return value;
  const std::optional<DateTimeField> known = lookup_datetime_field(field);
  if (!known) throw_not_recognized(field, kTimestampTzTypeName);
  if (!is_truncatable(*known)) throw_not_truncatable(*known, lower_case(field), kTimestampTzTypeName);
  // Truncated on the wall time; units of a day and more find the offset of
  // the truncated wall time, smaller ones keep the original offset.
  const int offset = zone.offset_at_utc(value.micros);
  const Timestamp truncated = date_trunc(*known, Timestamp{value.micros + offset * kMicrosPerSecond});
  switch (*known) {
    case DateTimeField::kMicroseconds:
    case DateTimeField::kMilliseconds:
    case DateTimeField::kSecond:
    case DateTimeField::kMinute:
    case DateTimeField::kHour: return TimestampTz{truncated.micros - offset * kMicrosPerSecond};
    default: return timestamp_to_timestamptz(truncated, zone);
  }
}

Timestamp date_trunc(DateTimeField field, Timestamp value) {
  if (!is_truncatable(field)) throw_not_truncatable(field, field_name(field));
  if (!value.is_finite()) return value;

  const std::int64_t days = calendar::floor_div(value.micros, kMicrosPerDay);
  const std::int64_t time_of_day = calendar::floor_mod(value.micros, kMicrosPerDay);
  // Truncating within the day never leaves the valid range.
  const auto within_day = [&](std::int64_t unit) {
    return Timestamp{days * kMicrosPerDay + time_of_day / unit * unit};
  };
  switch (field) {
    case DateTimeField::kMicroseconds: return value;
    case DateTimeField::kMilliseconds: return within_day(1000);
    case DateTimeField::kSecond: return within_day(kMicrosPerSecond);
    case DateTimeField::kMinute: return within_day(kMicrosPerMinute);
    case DateTimeField::kHour: return within_day(kMicrosPerHour);
    case DateTimeField::kDay: return within_day(kMicrosPerDay);
    case DateTimeField::kWeek: {
      const std::int64_t monday = calendar::iso_week_start(days);
      const std::int64_t micros = monday * kMicrosPerDay;
      if (!is_valid_timestamp(micros))
        throw SqlError(sqlstate::kDatetimeFieldOverflow, "timestamp out of range");
      return Timestamp{micros};
    }
    default: break;
  }
  CivilDate date = calendar::civil_from_days(days);
  date.day = 1;
  switch (field) {
    case DateTimeField::kMonth: break;
    case DateTimeField::kQuarter: date.month = 3 * ((date.month - 1) / 3) + 1; break;
    case DateTimeField::kYear: date.month = 1; break;
    case DateTimeField::kDecade:
      date.month = 1;
      date.year = date.year > 0 ? date.year / 10 * 10 : -((8 - (date.year - 1)) / 10) * 10;
      break;
    case DateTimeField::kCentury:
      date.month = 1;
      date.year = date.year > 0 ? (date.year + 99) / 100 * 100 - 99
                                : -((99 - (date.year - 1)) / 100) * 100 + 1;
      break;
    case DateTimeField::kMillennium:
      date.month = 1;
      date.year = date.year > 0 ? (date.year + 999) / 1000 * 1000 - 999
                                : -((999 - (date.year - 1)) / 1000) * 1000 + 1;
      break;
    default: break;
  }
  const std::int64_t micros =
      calendar::days_from_civil(date.year, date.month, date.day) * kMicrosPerDay;
  if (!is_valid_timestamp(micros))
    throw SqlError(sqlstate::kDatetimeFieldOverflow, "timestamp out of range");
  return Timestamp{micros};
}

Timestamp date_trunc(std::string_view field, Timestamp value) {
  // PostgreSQL returns an infinite timestamp before it looks at the unit.
  if (!value.is_finite()) return value;
  const std::optional<DateTimeField> known = lookup_datetime_field(field);
  if (!known) throw_not_recognized(field, kTimestampTypeName);
  if (!is_truncatable(*known)) throw_not_truncatable(*known, lower_case(field));
  return date_trunc(*known, value);
}

}  // namespace ptreedb::value
