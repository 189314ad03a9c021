#include "storage/value/interval.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <limits>
#include <vector>

#include "storage/sql_error.h"

namespace ptreedb::value {

namespace {

constexpr std::int32_t kInt32Min = std::numeric_limits<std::int32_t>::min();
constexpr std::int64_t kInt64Min = std::numeric_limits<std::int64_t>::min();

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
char to_lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

[[noreturn]] void throw_out_of_range() {
  throw SqlError(sqlstate::kDatetimeFieldOverflow, "interval out of range");
}

// Why an input failed; turned into PostgreSQL's message at the top level.
enum class InputError { kSyntax, kFieldOverflow };

struct InputFailure {
  InputError error;
};

[[noreturn]] void fail(InputError error) { throw InputFailure{error}; }

// The units PostgreSQL's interval input knows. Each also names the bit it
// claims in the "fields seen" mask, so a unit cannot be given twice.
enum class Unit {
  kNone,  // no unit seen yet: the qualifier decides
  kAgo,   // "ago" was just seen: a number cannot take it as unit
  kMicrosecond,
  kMillisecond,
  kSecond,
  kMinute,
  kHour,
  kDay,
  kWeek,
  kMonth,
  kYear,
  kDecade,
  kCentury,
  kMillennium,
};

constexpr unsigned bit(Unit unit) { return 1u << static_cast<unsigned>(unit); }
constexpr unsigned kAllSecondsBits =
    bit(Unit::kSecond) | bit(Unit::kMillisecond) | bit(Unit::kMicrosecond);
constexpr unsigned kTimeBits = bit(Unit::kHour) | bit(Unit::kMinute) | kAllSecondsBits;

// PostgreSQL matches unit words on their first 10 characters (TOKMAXLEN), so
// "milliseconds" is found as "millisecon".
Unit lookup_unit(std::string_view word) {
  struct Entry {
    std::string_view name;
    Unit unit;
  };
  static constexpr Entry kUnits[] = {
      {"ago", Unit::kAgo},
      {"c", Unit::kCentury},
      {"cent", Unit::kCentury},
      {"centuries", Unit::kCentury},
      {"century", Unit::kCentury},
      {"d", Unit::kDay},
      {"day", Unit::kDay},
      {"days", Unit::kDay},
      {"dec", Unit::kDecade},
      {"decade", Unit::kDecade},
      {"decades", Unit::kDecade},
      {"decs", Unit::kDecade},
      {"h", Unit::kHour},
      {"hour", Unit::kHour},
      {"hours", Unit::kHour},
      {"hr", Unit::kHour},
      {"hrs", Unit::kHour},
      {"m", Unit::kMinute},
      {"min", Unit::kMinute},
      {"mins", Unit::kMinute},
      {"minute", Unit::kMinute},
      {"minutes", Unit::kMinute},
      {"mil", Unit::kMillennium},
      {"millennia", Unit::kMillennium},
      {"millennium", Unit::kMillennium},
      {"mils", Unit::kMillennium},
      {"millisecon", Unit::kMillisecond},
      {"ms", Unit::kMillisecond},
      {"msec", Unit::kMillisecond},
      {"msecs", Unit::kMillisecond},
      {"mseconds", Unit::kMillisecond},
      {"msecond", Unit::kMillisecond},
      {"mon", Unit::kMonth},
      {"mons", Unit::kMonth},
      {"month", Unit::kMonth},
      {"months", Unit::kMonth},
      {"s", Unit::kSecond},
      {"sec", Unit::kSecond},
      {"second", Unit::kSecond},
      {"seconds", Unit::kSecond},
      {"secs", Unit::kSecond},
      {"microsecon", Unit::kMicrosecond},
      {"us", Unit::kMicrosecond},
      {"usec", Unit::kMicrosecond},
      {"usecs", Unit::kMicrosecond},
      {"useconds", Unit::kMicrosecond},
      {"usecond", Unit::kMicrosecond},
      {"w", Unit::kWeek},
      {"week", Unit::kWeek},
      {"weeks", Unit::kWeek},
      {"y", Unit::kYear},
      {"year", Unit::kYear},
      {"years", Unit::kYear},
      {"yr", Unit::kYear},
      {"yrs", Unit::kYear},
  };
  if (word.size() > 10) word = word.substr(0, 10);
  for (const Entry& entry : kUnits) {
    if (entry.name == word) return entry.unit;
  }
  fail(InputError::kSyntax);
}

// The unit of a number written without one, decided by the qualifier's last field.
Unit default_unit(IntervalFields fields) {
  switch (fields) {
    case IntervalFields::kYear: return Unit::kYear;
    case IntervalFields::kMonth:
    case IntervalFields::kYearToMonth: return Unit::kMonth;
    case IntervalFields::kDay: return Unit::kDay;
    case IntervalFields::kHour:
    case IntervalFields::kDayToHour: return Unit::kHour;
    case IntervalFields::kMinute:
    case IntervalFields::kHourToMinute:
    case IntervalFields::kDayToMinute: return Unit::kMinute;
    default: return Unit::kSecond;
  }
}

// Interval pieces while reading, each range-checked like PostgreSQL's pg_itm_in.
struct Accumulator {
  std::int64_t micros = 0;
  std::int32_t days = 0;
  std::int32_t months = 0;
  std::int32_t years = 0;

  void add_micros(std::int64_t value) {
    if (__builtin_add_overflow(micros, value, &micros)) fail(InputError::kFieldOverflow);
  }
  // value * scale microseconds, plus a fraction of `scale` rounded to a microsecond.
  void add_micros(std::int64_t value, double fraction, std::int64_t scale) {
    std::int64_t product;
    if (__builtin_mul_overflow(value, scale, &product)) fail(InputError::kFieldOverflow);
    add_micros(product);
    add_fraction_micros(fraction, scale);
  }
  void add_fraction_micros(double fraction, std::int64_t scale) {
    if (fraction == 0) return;
    const double scaled = fraction * static_cast<double>(scale);
    if (!(std::fabs(scaled) < 9.2e18)) fail(InputError::kFieldOverflow);
    std::int64_t whole = static_cast<std::int64_t>(scaled);
    whole += static_cast<std::int64_t>(std::rint(scaled - static_cast<double>(whole)));
    add_micros(whole);
  }
  void add_days(std::int64_t value, int scale) {
    std::int64_t product;
    if (__builtin_mul_overflow(value, static_cast<std::int64_t>(scale), &product) ||
        product > std::numeric_limits<std::int32_t>::max() || product < kInt32Min ||
        __builtin_add_overflow(days, static_cast<std::int32_t>(product), &days)) {
      fail(InputError::kFieldOverflow);
    }
  }
  // A fraction of `scale` days: whole days, the rest as time.
  void add_fraction_days(double fraction, int scale) {
    if (fraction == 0) return;
    const double scaled = fraction * scale;
    const int whole = static_cast<int>(scaled);
    if (__builtin_add_overflow(days, whole, &days)) fail(InputError::kFieldOverflow);
    add_fraction_micros(scaled - whole, kMicrosPerDay);
  }
  void add_months(std::int64_t value) {
    if (value > std::numeric_limits<std::int32_t>::max() || value < kInt32Min ||
        __builtin_add_overflow(months, static_cast<std::int32_t>(value), &months)) {
      fail(InputError::kFieldOverflow);
    }
  }
  void add_years(std::int64_t value, int scale) {
    std::int64_t product;
    if (__builtin_mul_overflow(value, static_cast<std::int64_t>(scale), &product) ||
        product > std::numeric_limits<std::int32_t>::max() || product < kInt32Min ||
        __builtin_add_overflow(years, static_cast<std::int32_t>(product), &years)) {
      fail(InputError::kFieldOverflow);
    }
  }
  // A fraction of `scale` years becomes whole months, rounded.
  void add_fraction_years(double fraction, int scale) {
    if (fraction == 0) return;
    const int extra = static_cast<int>(std::rint(fraction * scale * kMonthsPerYear));
    if (__builtin_add_overflow(months, extra, &months)) fail(InputError::kFieldOverflow);
  }

  void add(Unit unit, std::int64_t value, double fraction) {
    switch (unit) {
      case Unit::kMicrosecond: add_micros(value, fraction, 1); break;
      case Unit::kMillisecond: add_micros(value, fraction, 1000); break;
      case Unit::kSecond: add_micros(value, fraction, kMicrosPerSecond); break;
      case Unit::kMinute: add_micros(value, fraction, kMicrosPerMinute); break;
      case Unit::kHour: add_micros(value, fraction, kMicrosPerHour); break;
      case Unit::kDay:
        add_days(value, 1);
        add_fraction_micros(fraction, kMicrosPerDay);
        break;
      case Unit::kWeek:
        add_days(value, 7);
        add_fraction_days(fraction, 7);
        break;
      case Unit::kMonth:
        add_months(value);
        add_fraction_days(fraction, kDaysPerMonth);
        break;
      case Unit::kYear:
        add_years(value, 1);
        add_fraction_years(fraction, 1);
        break;
      case Unit::kDecade:
        add_years(value, 10);
        add_fraction_years(fraction, 10);
        break;
      case Unit::kCentury:
        add_years(value, 100);
        add_fraction_years(fraction, 100);
        break;
      case Unit::kMillennium:
        add_years(value, 1000);
        add_fraction_years(fraction, 1000);
        break;
      default: fail(InputError::kSyntax);
    }
  }

  Interval finish(bool negate) {
    if (negate) {
      if (micros == kInt64Min || days == kInt32Min || months == kInt32Min || years == kInt32Min) {
        fail(InputError::kFieldOverflow);
      }
      micros = -micros;
      days = -days;
      months = -months;
      years = -years;
    }
    const std::int64_t total_months = static_cast<std::int64_t>(years) * kMonthsPerYear + months;
    if (total_months > std::numeric_limits<std::int32_t>::max() || total_months < kInt32Min) {
      throw_out_of_range();
    }
    return Interval{static_cast<std::int32_t>(total_months), days, micros};
  }
};

// Reads digits as a non-negative integer, or negated when `negative` (so the
// int64 minimum fits); fails on no digits or overflow.
std::int64_t read_integer(std::string_view text, std::size_t& pos, bool negative = false) {
  if (pos >= text.size() || !is_digit(text[pos])) fail(InputError::kSyntax);
  std::int64_t value = 0;
  for (; pos < text.size() && is_digit(text[pos]); ++pos) {
    const int digit = text[pos] - '0';
    if (__builtin_mul_overflow(value, 10, &value) ||
        (negative ? __builtin_sub_overflow(value, digit, &value)
                  : __builtin_add_overflow(value, digit, &value))) {
      fail(InputError::kFieldOverflow);
    }
  }
  return value;
}

// ".ddd" at pos, read as a double the way strtod would; consumes it.
double read_fraction(std::string_view text, std::size_t& pos) {
  const std::size_t begin = pos;
  ++pos;  // '.'
  while (pos < text.size() && is_digit(text[pos])) ++pos;
  double fraction = 0;  // "5." is 5: a point without digits adds nothing
  std::from_chars(text.data() + begin, text.data() + pos, fraction);
  return fraction;
}

// "h:m", "h:m:s[.f]" or "m:s.f" into microseconds (unsigned).
std::int64_t parse_time_token(std::string_view text, IntervalFields fields) {
  std::size_t pos = 0;
  const std::int64_t first = read_integer(text, pos);
  if (pos >= text.size() || text[pos] != ':') fail(InputError::kSyntax);
  ++pos;
  const std::int64_t second_field = read_integer(text, pos);
  std::int64_t hours = first;
  std::int64_t minutes = second_field;
  std::int64_t seconds = 0;
  std::int64_t fraction_micros = 0;
  if (pos == text.size()) {
    // Two fields are hours:minutes unless the qualifier says MINUTE TO SECOND.
    if (fields == IntervalFields::kMinuteToSecond) {
      hours = 0;
      minutes = first;
      seconds = second_field;
    }
  } else if (text[pos] == '.') {
    // "mm:ss.fff" is always minutes and seconds.
    fraction_micros = static_cast<std::int64_t>(std::rint(read_fraction(text, pos) * 1e6));
    hours = 0;
    minutes = first;
    seconds = second_field;
  } else if (text[pos] == ':') {
    ++pos;
    seconds = read_integer(text, pos);
    if (pos < text.size() && text[pos] == '.') {
      fraction_micros = static_cast<std::int64_t>(std::rint(read_fraction(text, pos) * 1e6));
    }
  }
  if (pos != text.size()) fail(InputError::kSyntax);
  if (minutes > 59 || seconds > 60 || fraction_micros > kMicrosPerSecond) {
    fail(InputError::kFieldOverflow);
  }
  std::int64_t total = 0;
  if (__builtin_mul_overflow(hours, kMicrosPerHour, &total) ||
      __builtin_add_overflow(
          total, minutes * kMicrosPerMinute + seconds * kMicrosPerSecond + fraction_micros,
          &total)) {
    fail(InputError::kFieldOverflow);
  }
  return total;
}

enum class TokenKind { kNumber, kTime, kWord };

struct Token {
  TokenKind kind;
  std::string_view text;  // without the sign
  bool negative = false;
  std::string word;  // lower-cased, for kWord
};

std::vector<Token> tokenize(std::string_view text) {
  std::vector<Token> tokens;
  std::size_t pos = 0;
  while (pos < text.size()) {
    const char c = text[pos];
    if (is_space(c) || c == '@') {  // '@' is PostgreSQL's optional "at" noise word
      ++pos;
      continue;
    }
    bool negative = false;
    if (c == '+' || c == '-') {
      negative = c == '-';
      ++pos;
      while (pos < text.size() && is_space(text[pos])) ++pos;
      if (pos >= text.size() || !is_digit(text[pos])) fail(InputError::kSyntax);
    }
    const char first = text[pos];
    if (is_digit(first) || first == '.') {
      const std::size_t begin = pos;
      bool has_colon = false;
      while (pos < text.size() &&
             (is_digit(text[pos]) || text[pos] == '.' || text[pos] == ':' || text[pos] == '-')) {
        has_colon |= text[pos] == ':';
        ++pos;
      }
      tokens.push_back(Token{has_colon ? TokenKind::kTime : TokenKind::kNumber,
                             text.substr(begin, pos - begin),
                             negative,
                             {}});
    } else if (is_alpha(first)) {
      Token token{TokenKind::kWord, {}, false, {}};
      for (; pos < text.size() && is_alpha(text[pos]); ++pos)
        token.word.push_back(to_lower(text[pos]));
      tokens.push_back(std::move(token));
    } else {
      fail(InputError::kSyntax);
    }
  }
  return tokens;
}

// The PostgreSQL-style forms. Read right to left, so that a unit word applies
// to the number before it and a time field makes a bare number before it days.
Interval parse_postgres_form(std::string_view text, IntervalFields fields) {
  const std::vector<Token> tokens = tokenize(text);
  Accumulator accumulator;
  Unit unit = Unit::kNone;
  unsigned seen = 0;
  bool ago = false;
  bool any_value = false;
  const auto claim = [&](unsigned bits) {
    if (seen & bits) fail(InputError::kSyntax);
    seen |= bits;
  };
  for (auto it = tokens.rbegin(); it != tokens.rend(); ++it) {
    const Token& token = *it;
    switch (token.kind) {
      case TokenKind::kWord: {
        const Unit word_unit = lookup_unit(token.word);
        if (word_unit == Unit::kAgo) ago = true;
        unit = word_unit;
        break;
      }
      case TokenKind::kTime: {
        const std::int64_t micros = parse_time_token(token.text, fields);
        claim(kTimeBits);
        // PostgreSQL 15 assigns rather than adds the time here, so time spilled
        // from a fractional day/week/month written after it is dropped
        // ('01:00 1.5 days' is '1 day 01:00:00'). Kept for identical results.
        accumulator.micros = token.negative ? -micros : micros;
        unit = Unit::kDay;  // "1 02:00" is a day and a time
        any_value = true;
        break;
      }
      case TokenKind::kNumber: {
        if (unit == Unit::kNone) unit = default_unit(fields);
        std::size_t pos = 0;
        std::int64_t value = 0;
        double fraction = 0;
        if (token.text[0] != '.') value = read_integer(token.text, pos, token.negative);
        if (pos < token.text.size() && token.text[pos] == '-') {
          // SQL-standard "years-months"; the sign covers both.
          ++pos;
          const std::int64_t month_part = read_integer(token.text, pos);
          if (pos != token.text.size()) fail(InputError::kSyntax);
          if (month_part >= kMonthsPerYear) fail(InputError::kFieldOverflow);
          if (__builtin_mul_overflow(value, kMonthsPerYear, &value) ||
              __builtin_add_overflow(value, token.negative ? -month_part : month_part, &value)) {
            fail(InputError::kFieldOverflow);
          }
          unit = Unit::kMonth;
        } else if (pos < token.text.size() && token.text[pos] == '.') {
          fraction = read_fraction(token.text, pos);
          if (pos != token.text.size()) fail(InputError::kSyntax);
          if (token.negative) fraction = -fraction;
        } else if (pos != token.text.size()) {
          fail(InputError::kSyntax);
        }
        if (unit == Unit::kAgo) fail(InputError::kSyntax);
        // Seconds with a fraction also rule out separate milli/microseconds.
        claim(unit == Unit::kSecond && fraction != 0 ? kAllSecondsBits : bit(unit));
        accumulator.add(unit, value, fraction);
        if (unit == Unit::kHour) unit = Unit::kDay;
        any_value = true;
        break;
      }
    }
  }
  if (!any_value) fail(InputError::kSyntax);
  return accumulator.finish(ago);
}

// "[-]digits[.digits]" for the ISO 8601 form.
void read_iso_number(std::string_view text, std::size_t& pos, std::int64_t& value,
                     double& fraction) {
  bool negative = false;
  if (pos < text.size() && (text[pos] == '-' || text[pos] == '+')) {
    negative = text[pos] == '-';
    ++pos;
  }
  value = 0;
  fraction = 0;
  if (pos < text.size() && text[pos] == '.') {
    fraction = read_fraction(text, pos);
  } else {
    value = read_integer(text, pos, negative);
    if (pos < text.size() && text[pos] == '.') fraction = read_fraction(text, pos);
  }
  if (negative) fraction = -fraction;
}

// ISO 8601 durations: designators "P1Y2M3W4DT5H6M7.5S", or the alternative
// format "P0001-02-03T04:05:06".
Interval parse_iso8601_form(std::string_view text) {
  Accumulator accumulator;
  std::size_t pos = 1;  // after 'P'
  bool in_time = false;
  bool any_field = false;
  if (pos >= text.size()) fail(InputError::kSyntax);
  while (pos < text.size()) {
    if (text[pos] == 'T') {
      in_time = true;
      any_field = false;
      ++pos;
      continue;
    }
    std::int64_t value;
    double fraction;
    read_iso_number(text, pos, value, fraction);
    const char designator = pos < text.size() ? text[pos++] : '\0';
    if (!in_time) {
      switch (designator) {
        case 'Y': accumulator.add(Unit::kYear, value, fraction); break;
        case 'M': accumulator.add(Unit::kMonth, value, fraction); break;
        case 'W': accumulator.add(Unit::kWeek, value, fraction); break;
        case 'D': accumulator.add(Unit::kDay, value, fraction); break;
        case '-':
        case 'T':
        case '\0': {
          // Alternative format: years[-months[-days]] then optional T time.
          if (any_field) fail(InputError::kSyntax);
          accumulator.add(Unit::kYear, value, fraction);
          char next = designator;
          if (next == '-') {
            read_iso_number(text, pos, value, fraction);
            accumulator.add(Unit::kMonth, value, fraction);
            next = pos < text.size() ? text[pos++] : '\0';
            if (next == '-') {
              read_iso_number(text, pos, value, fraction);
              accumulator.add(Unit::kDay, value, fraction);
              next = pos < text.size() ? text[pos++] : '\0';
            }
          }
          if (next == '\0') return accumulator.finish(false);
          if (next != 'T') fail(InputError::kSyntax);
          in_time = true;
          any_field = false;
          continue;
        }
        default: fail(InputError::kSyntax);
      }
    } else {
      switch (designator) {
        case 'H': accumulator.add(Unit::kHour, value, fraction); break;
        case 'M': accumulator.add(Unit::kMinute, value, fraction); break;
        case 'S': accumulator.add(Unit::kSecond, value, fraction); break;
        case ':':
        case '\0': {
          // Alternative format: hours[:minutes[:seconds]].
          if (any_field) fail(InputError::kSyntax);
          accumulator.add(Unit::kHour, value, fraction);
          if (designator == ':') {
            read_iso_number(text, pos, value, fraction);
            accumulator.add(Unit::kMinute, value, fraction);
            if (pos < text.size()) {
              if (text[pos++] != ':') fail(InputError::kSyntax);
              read_iso_number(text, pos, value, fraction);
              accumulator.add(Unit::kSecond, value, fraction);
            }
          }
          if (pos != text.size()) fail(InputError::kSyntax);
          return accumulator.finish(false);
        }
        default: fail(InputError::kSyntax);
      }
    }
    any_field = true;
  }
  return accumulator.finish(false);
}

std::int64_t truncate_time(std::int64_t micros, std::int64_t unit) { return micros / unit * unit; }

// TMODULO: whole `unit`s out of `value` (toward zero), leaving the remainder.
std::int64_t take_whole(std::int64_t& value, std::int64_t unit) {
  const std::int64_t whole = value / unit;
  value -= whole * unit;
  return whole;
}

void add_days_checked(std::int32_t& days, std::int64_t extra) {
  if (extra > std::numeric_limits<std::int32_t>::max() || extra < kInt32Min ||
      __builtin_add_overflow(days, static_cast<std::int32_t>(extra), &days)) {
    throw_out_of_range();
  }
}

// PostgreSQL's TSROUND: rounds to microsecond precision to hide binary noise.
double round_to_micro(double value) { return std::rint(value * 1e6) / 1e6; }

// interval * factor, following PostgreSQL's interval_mul: whole months and
// days scale directly; their fractions cascade down (30-day months, 24-hour days).
Interval scale_interval(double month_product, double day_product, double time_product) {
  if (std::isnan(month_product) || month_product > std::numeric_limits<std::int32_t>::max() ||
      month_product < kInt32Min || std::isnan(day_product) ||
      day_product > std::numeric_limits<std::int32_t>::max() || day_product < kInt32Min) {
    throw_out_of_range();
  }
  Interval result;
  result.months = static_cast<std::int32_t>(month_product);
  result.days = static_cast<std::int32_t>(day_product);
  double month_remainder_days = round_to_micro((month_product - result.months) * kDaysPerMonth);
  double second_remainder = round_to_micro(
      (day_product - result.days + month_remainder_days - static_cast<int>(month_remainder_days)) *
      86400.0);
  if (std::fabs(second_remainder) >= 86400.0) {
    const int whole_days = static_cast<int>(second_remainder / 86400.0);
    add_days_checked(result.days, whole_days);
    second_remainder -= whole_days * 86400.0;
  }
  add_days_checked(result.days, static_cast<std::int64_t>(month_remainder_days));
  const double micros = std::rint(time_product + second_remainder * 1e6);
  // Doubles at or above 2^63 do not fit an int64.
  if (std::isnan(micros) || micros >= 9223372036854775808.0 || micros < -9223372036854775808.0) {
    throw_out_of_range();
  }
  result.micros = static_cast<std::int64_t>(micros);
  return result;
}

}  // namespace

Interval apply_interval_fields(Interval value, IntervalFields fields) {
  switch (fields) {
    case IntervalFields::kYear:
      value.months = value.months / kMonthsPerYear * kMonthsPerYear;
      value.days = 0;
      value.micros = 0;
      break;
    case IntervalFields::kMonth:
    case IntervalFields::kYearToMonth:
      value.days = 0;
      value.micros = 0;
      break;
    case IntervalFields::kDay: value.micros = 0; break;
    case IntervalFields::kHour:
    case IntervalFields::kDayToHour:
      value.micros = truncate_time(value.micros, kMicrosPerHour);
      break;
    case IntervalFields::kMinute:
    case IntervalFields::kDayToMinute:
    case IntervalFields::kHourToMinute:
      value.micros = truncate_time(value.micros, kMicrosPerMinute);
      break;
    default: break;
  }
  return value;
}

namespace {

// Under IntervalStyle sql_standard a leading '-' negates every field when no
// other field carries a sign (PostgreSQL's DecodeInterval); postgres-style
// text signs every field after a negative one, so it reads back the same.
bool leading_sign_applies_to_all(std::string_view body) {
  if (body.empty() || body[0] != '-' || session_date_style().interval != IntervalOutputStyle::kSqlStandard) {
    return false;
  }
  for (std::size_t i = 1; i < body.size(); ++i) {
    if ((body[i] == '-' || body[i] == '+') && is_space(body[i - 1])) return false;
  }
  return true;
}

}  // namespace

Interval parse_interval(std::string_view text, IntervalFields fields) {
  std::size_t begin = 0;
  std::size_t end = text.size();
  while (begin < end && is_space(text[begin])) ++begin;
  while (end > begin && is_space(text[end - 1])) --end;
  const std::string_view body = text.substr(begin, end - begin);
  try {
    Interval value;
    if (!body.empty() && body[0] == 'P') {
      value = parse_iso8601_form(body);
    } else if (leading_sign_applies_to_all(body)) {
      // IntervalStyle sql_standard: '-1 2:03:04' is minus one day two hours ...
      value = interval_negate(parse_postgres_form(body.substr(1), fields));
    } else {
      value = parse_postgres_form(body, fields);
    }
    return apply_interval_fields(value, fields);
  } catch (const InputFailure& failure) {
    if (failure.error == InputError::kFieldOverflow) {
      throw SqlError(sqlstate::kIntervalFieldOverflow,
                     "interval field value out of range: \"" + std::string(text) + "\"");
    }
    throw SqlError(sqlstate::kInvalidDatetimeFormat,
                   "invalid input syntax for type interval: \"" + std::string(text) + "\"");
  }
}

namespace {

// Seconds without sign, with the fraction's trailing zeros dropped
// (PostgreSQL's AppendSeconds).
void append_seconds(std::string& out, std::int64_t seconds, std::int64_t micros, bool two_digits) {
  const std::int64_t whole = seconds < 0 ? -seconds : seconds;
  if (two_digits && whole < 10) out.push_back('0');
  out += std::to_string(whole);
  if (micros != 0) {
    std::string fraction = std::to_string(micros < 0 ? -micros : micros);
    fraction.insert(0, 6 - fraction.size(), '0');
    fraction.erase(fraction.find_last_not_of('0') + 1);
    out.push_back('.');
    out += fraction;
  }
}

// IntervalStyle postgres_verbose, sql_standard and iso_8601, as
// PostgreSQL's EncodeInterval writes them.
void append_styled_interval(std::string& out, Interval value, IntervalOutputStyle style) {
  std::int64_t year = value.months / kMonthsPerYear;
  std::int64_t mon = value.months % kMonthsPerYear;
  std::int64_t mday = value.days;
  std::int64_t time = value.micros;
  std::int64_t hour = take_whole(time, kMicrosPerHour);
  std::int64_t min = take_whole(time, kMicrosPerMinute);
  std::int64_t sec = take_whole(time, kMicrosPerSecond);
  std::int64_t fsec = time;
  switch (style) {
    case IntervalOutputStyle::kSqlStandard: {
      const bool has_negative = year < 0 || mon < 0 || mday < 0 || hour < 0 || min < 0 || sec < 0 || fsec < 0;
      const bool has_positive = year > 0 || mon > 0 || mday > 0 || hour > 0 || min > 0 || sec > 0 || fsec > 0;
      const bool has_year_month = year != 0 || mon != 0;
      const bool has_day_time = mday != 0 || hour != 0 || min != 0 || sec != 0 || fsec != 0;
      const bool standard_value = !(has_negative && has_positive) && !(has_year_month && has_day_time);
      // One sign before the whole value, unless the signs are mixed.
      if (has_negative && standard_value) {
        out.push_back('-');
        year = -year, mon = -mon, mday = -mday, hour = -hour, min = -min, sec = -sec, fsec = -fsec;
      }
      const auto append_minutes = [&] {
        out.push_back(':');
        if (std::abs(min) < 10) out.push_back('0');
        out += std::to_string(std::abs(min));
        out.push_back(':');
        append_seconds(out, sec, fsec, true);
      };
      if (!has_negative && !has_positive) {
        out.push_back('0');
      } else if (!standard_value) {
        // Every part signed, so mixed signs read back unambiguously.
        out.push_back(year < 0 || mon < 0 ? '-' : '+');
        out += std::to_string(std::abs(year)) + "-" + std::to_string(std::abs(mon)) + " ";
        out.push_back(mday < 0 ? '-' : '+');
        out += std::to_string(std::abs(mday)) + " ";
        out.push_back(hour < 0 || min < 0 || sec < 0 || fsec < 0 ? '-' : '+');
        out += std::to_string(std::abs(hour));
        append_minutes();
      } else if (has_year_month) {
        out += std::to_string(year) + "-" + std::to_string(mon);
      } else if (mday != 0) {
        out += std::to_string(mday) + " " + std::to_string(hour);
        append_minutes();
      } else {
        out += std::to_string(hour);
        append_minutes();
      }
      return;
    }
    case IntervalOutputStyle::kIso8601: {
      if (year == 0 && mon == 0 && mday == 0 && hour == 0 && min == 0 && sec == 0 && fsec == 0) {
        out += "PT0S";
        return;
      }
      const auto part = [&](std::int64_t amount, char unit) {
        if (amount == 0) return;
        out += std::to_string(amount);
        out.push_back(unit);
      };
      out.push_back('P');
      part(year, 'Y');
      part(mon, 'M');
      part(mday, 'D');
      if (hour != 0 || min != 0 || sec != 0 || fsec != 0) out.push_back('T');
      part(hour, 'H');
      part(min, 'M');
      if (sec != 0 || fsec != 0) {
        if (sec < 0 || fsec < 0) out.push_back('-');
        append_seconds(out, sec, fsec, false);
        out.push_back('S');
      }
      return;
    }
    default: {  // postgres_verbose: "@ 1 year 2 mons 3 days 4 hours 5 mins 6 secs ago"
      bool is_zero = true;
      bool is_before = false;
      out.push_back('@');
      const auto part = [&](std::int64_t amount, std::string_view unit) {
        if (amount == 0) return;
        if (is_zero) {  // the first part decides "ago"; the others are shown relative to it
          is_before = amount < 0;
          amount = amount < 0 ? -amount : amount;
        } else if (is_before) {
          amount = -amount;
        }
        out += " " + std::to_string(amount) + " ";
        out += unit;
        if (amount != 1) out.push_back('s');
        is_zero = false;
      };
      part(year, "year");
      part(mon, "mon");
      part(mday, "day");
      part(hour, "hour");
      part(min, "min");
      if (sec != 0 || fsec != 0) {
        out.push_back(' ');
        if (sec < 0 || (sec == 0 && fsec < 0)) {
          if (is_zero) {
            is_before = true;
          } else if (!is_before) {
            out.push_back('-');
          }
        } else if (is_before) {
          out.push_back('-');
        }
        append_seconds(out, sec, fsec, false);
        out += (std::abs(sec) != 1 || fsec != 0) ? " secs" : " sec";
        is_zero = false;
      }
      if (is_zero) out += " 0";
      if (is_before) out += " ago";
      return;
    }
  }
}

}  // namespace

void append_interval(std::string& out, Interval value) {
  append_interval(out, value, session_date_style().interval);
}

void append_interval(std::string& out, Interval value, IntervalOutputStyle style) {
  if (style != IntervalOutputStyle::kPostgres) {
    append_styled_interval(out, value, style);
    return;
  }
  const std::size_t start = out.size();
  bool is_before = false;  // the previous part was negative: a positive one gets '+'
  const auto append_part = [&](std::int64_t amount, std::string_view unit) {
    if (amount == 0) return;
    if (out.size() != start) out.push_back(' ');
    if (is_before && amount > 0) out.push_back('+');
    out += std::to_string(amount);
    out.push_back(' ');
    out += unit;
    if (amount != 1) out.push_back('s');
    is_before = amount < 0;
  };
  append_part(value.months / kMonthsPerYear, "year");
  append_part(value.months % kMonthsPerYear, "mon");
  append_part(value.days, "day");

  std::int64_t time = value.micros;
  const std::int64_t hours = take_whole(time, kMicrosPerHour);
  const std::int64_t minutes = take_whole(time, kMicrosPerMinute);
  const std::int64_t seconds = take_whole(time, kMicrosPerSecond);
  const std::int64_t micros = time;
  const bool nothing_yet = out.size() == start;
  if (nothing_yet || hours != 0 || minutes != 0 || seconds != 0 || micros != 0) {
    const bool minus = hours < 0 || minutes < 0 || seconds < 0 || micros < 0;
    if (!nothing_yet) out.push_back(' ');
    if (minus) {
      out.push_back('-');
    } else if (is_before) {
      out.push_back('+');
    }
    const auto two_digits = [&](std::int64_t number) {
      const std::uint64_t magnitude = number < 0 ? 0 - static_cast<std::uint64_t>(number) : number;
      if (magnitude < 10) out.push_back('0');
      out += std::to_string(magnitude);
    };
    two_digits(hours);
    out.push_back(':');
    two_digits(minutes);
    out.push_back(':');
    two_digits(seconds);
    if (micros != 0) {
      std::string fraction = std::to_string(micros < 0 ? -micros : micros);
      fraction.insert(0, 6 - fraction.size(), '0');
      fraction.erase(fraction.find_last_not_of('0') + 1);
      out.push_back('.');
      out += fraction;
    }
  }
}

std::string format_interval_postgres(Interval value) {
  std::string out;
  append_interval(out, value, IntervalOutputStyle::kPostgres);
  return out;
}

std::string format_interval(Interval value) {
  std::string out;
  append_interval(out, value);
  return out;
}

Interval interval_add(Interval a, Interval b) {
  Interval result;
  if (__builtin_add_overflow(a.months, b.months, &result.months) ||
      __builtin_add_overflow(a.days, b.days, &result.days) ||
      __builtin_add_overflow(a.micros, b.micros, &result.micros)) {
    throw_out_of_range();
  }
  return result;
}

Interval interval_sub(Interval a, Interval b) {
  Interval result;
  if (__builtin_sub_overflow(a.months, b.months, &result.months) ||
      __builtin_sub_overflow(a.days, b.days, &result.days) ||
      __builtin_sub_overflow(a.micros, b.micros, &result.micros)) {
    throw_out_of_range();
  }
  return result;
}

Interval interval_negate(Interval value) { return interval_sub(Interval{}, value); }

Interval interval_mul(Interval value, double factor) {
  return scale_interval(value.months * factor, value.days * factor,
                        static_cast<double>(value.micros) * factor);
}

Interval interval_div(Interval value, double divisor) {
  if (divisor == 0.0) throw SqlError(sqlstate::kDivisionByZero, "division by zero");
  return scale_interval(value.months / divisor, value.days / divisor,
                        static_cast<double>(value.micros) / divisor);
}

namespace {
__int128 total_micros(Interval value) {
  const std::int64_t days = static_cast<std::int64_t>(value.months) * kDaysPerMonth + value.days;
  return static_cast<__int128>(days) * kMicrosPerDay + value.micros;
}
}  // namespace

int interval_compare(Interval a, Interval b) {
  const __int128 left = total_micros(a);
  const __int128 right = total_micros(b);
  return (left > right) - (left < right);
}

std::size_t interval_hash(Interval value) {
  const unsigned __int128 bits = static_cast<unsigned __int128>(total_micros(value));
  std::size_t hash = std::hash<std::uint64_t>{}(static_cast<std::uint64_t>(bits));
  hash ^= std::hash<std::uint64_t>{}(static_cast<std::uint64_t>(bits >> 64)) +
          0x9e3779b97f4a7c15ULL + (hash << 6) + (hash >> 2);
  return hash;
}

Interval round_interval(Interval value, int precision) {
  if (precision < 0) {
    throw SqlError(sqlstate::kInvalidParameterValue,
                   "interval(" + std::to_string(precision) + ") precision must not be negative");
  }
  if (precision >= 6) return value;  // PostgreSQL reduces larger precisions to 6 with a warning
  std::int64_t scale = 1;
  for (int digit = precision; digit < 6; ++digit) scale *= 10;
  const __int128 magnitude = value.micros < 0 ? -static_cast<__int128>(value.micros) : value.micros;
  const __int128 rounded = (magnitude + scale / 2) / scale * scale;
  const __int128 signed_rounded = value.micros < 0 ? -rounded : rounded;
  if (signed_rounded != static_cast<std::int64_t>(signed_rounded)) throw_out_of_range();
  value.micros = static_cast<std::int64_t>(signed_rounded);
  return value;
}

Interval justify_hours(Interval value) {
  add_days_checked(value.days, take_whole(value.micros, kMicrosPerDay));
  if (value.days > 0 && value.micros < 0) {
    value.micros += kMicrosPerDay;
    --value.days;
  } else if (value.days < 0 && value.micros > 0) {
    value.micros -= kMicrosPerDay;
    ++value.days;
  }
  return value;
}

namespace {
void move_whole_months(Interval& value) {
  const std::int32_t whole_months = value.days / kDaysPerMonth;
  value.days -= whole_months * kDaysPerMonth;
  if (__builtin_add_overflow(value.months, whole_months, &value.months)) throw_out_of_range();
}
}  // namespace

Interval justify_days(Interval value) {
  move_whole_months(value);
  if (value.months > 0 && value.days < 0) {
    value.days += kDaysPerMonth;
    --value.months;
  } else if (value.months < 0 && value.days > 0) {
    value.days -= kDaysPerMonth;
    ++value.months;
  }
  return value;
}

Interval justify_interval(Interval value) {
  // Moving days to months first, when day and time agree in sign, keeps the
  // day count small enough for the time's whole days to be added safely.
  if ((value.days > 0 && value.micros > 0) || (value.days < 0 && value.micros < 0)) {
    move_whole_months(value);
  }
  value.days += static_cast<std::int32_t>(take_whole(value.micros, kMicrosPerDay));
  move_whole_months(value);
  if (value.months > 0 && (value.days < 0 || (value.days == 0 && value.micros < 0))) {
    value.days += kDaysPerMonth;
    --value.months;
  } else if (value.months < 0 && (value.days > 0 || (value.days == 0 && value.micros > 0))) {
    value.days -= kDaysPerMonth;
    ++value.months;
  }
  if (value.days > 0 && value.micros < 0) {
    value.micros += kMicrosPerDay;
    --value.days;
  } else if (value.days < 0 && value.micros > 0) {
    value.micros -= kMicrosPerDay;
    ++value.days;
  }
  return value;
}

}  // namespace ptreedb::value
