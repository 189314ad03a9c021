// The patterns of PostgreSQL's date/time formatting templates (formatting.c's
// DCH_keywords), shared by to_char, which prints them, and to_timestamp /
// to_date, which read them back.
#pragma once

#include <string_view>

namespace ptreedb::value {

enum class TemplateKey {
  kAdDots, kAmDots, kAd, kAm, kBcDots, kBc, kCc, kDayUpper, kDdd, kDd, kDyUpper, kDayCap, kDyCap, kD,
  kFf1, kFf2, kFf3, kFf4, kFf5, kFf6, kFx, kHh24, kHh12, kHh, kIddd, kId, kIw, kIyyy, kIyy, kIy, kI, kJ, kMi, kMm,
  kMonthUpper, kMonUpper, kMs, kMonthCap, kMonCap, kOf, kPmDots, kPm, kQ, kRm, kSssss, kSsss, kSs, kTzh, kTzm,
  kTz, kUs, kWw, kW, kYCommaYyy, kYyyy, kYyy, kYy, kY,
  // lower-case spellings where the case shows in the output
  kDayLower, kDyLower, kMonthLower, kMonLower, kRmLower, kTzLower, kAdDotsLower, kAmDotsLower, kAdLower,
  kAmLower, kBcDotsLower, kBcLower, kPmDotsLower, kPmLower,
};

// Which calendar a pattern belongs to: reading a template may not mix
// Gregorian dates with ISO week dates.
enum class DateConvention { kNone, kGregorian, kIsoWeek };

struct TemplateKeyword {
  std::string_view text;  // as written in templates and named in errors
  TemplateKey key;
  bool is_digit;  // the field reads as digits (decides where a number ends)
  DateConvention convention;
};

// The pattern `format` starts with, longest spelling first as PostgreSQL
// matches them; null when it starts with none.
const TemplateKeyword* match_template_keyword(std::string_view format);

}  // namespace ptreedb::value
