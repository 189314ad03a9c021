#include "storage/value/datetime_template.h"

namespace ptreedb::value {

namespace {

using K = TemplateKey;
constexpr DateConvention N = DateConvention::kNone;
constexpr DateConvention G = DateConvention::kGregorian;
constexpr DateConvention I = DateConvention::kIsoWeek;

// PostgreSQL's DCH_keywords, in its order: longer spellings before their
// prefixes, so the first match is the one PostgreSQL reads.
constexpr TemplateKeyword kKeywords[] = {
    {"A.D.", K::kAdDots, false, N},
    {"A.M.", K::kAmDots, false, N},
    {"AD", K::kAd, false, N},
    {"AM", K::kAm, false, N},
    {"B.C.", K::kBcDots, false, N},
    {"BC", K::kBc, false, N},
    {"CC", K::kCc, true, N},
    {"DAY", K::kDayUpper, false, N},
    {"DDD", K::kDdd, true, G},
    {"DD", K::kDd, true, G},
    {"DY", K::kDyUpper, false, N},
    {"Day", K::kDayCap, false, N},
    {"Dy", K::kDyCap, false, N},
    {"D", K::kD, true, G},
    {"FF1", K::kFf1, true, N},
    {"FF2", K::kFf2, true, N},
    {"FF3", K::kFf3, true, N},
    {"FF4", K::kFf4, true, N},
    {"FF5", K::kFf5, true, N},
    {"FF6", K::kFf6, true, N},
    {"FX", K::kFx, false, N},
    {"HH24", K::kHh24, true, N},
    {"HH12", K::kHh12, true, N},
    {"HH", K::kHh, true, N},
    {"IDDD", K::kIddd, true, I},
    {"ID", K::kId, true, I},
    {"IW", K::kIw, true, I},
    {"IYYY", K::kIyyy, true, I},
    {"IYY", K::kIyy, true, I},
    {"IY", K::kIy, true, I},
    {"I", K::kI, true, I},
    {"J", K::kJ, true, N},
    {"MI", K::kMi, true, N},
    {"MM", K::kMm, true, G},
    {"MONTH", K::kMonthUpper, false, G},
    {"MON", K::kMonUpper, false, G},
    {"MS", K::kMs, true, N},
    {"Month", K::kMonthCap, false, G},
    {"Mon", K::kMonCap, false, G},
    {"OF", K::kOf, false, N},
    {"P.M.", K::kPmDots, false, N},
    {"PM", K::kPm, false, N},
    {"Q", K::kQ, true, N},
    {"RM", K::kRm, false, G},
    {"SSSSS", K::kSssss, true, N},
    {"SSSS", K::kSsss, true, N},
    {"SS", K::kSs, true, N},
    {"TZH", K::kTzh, false, N},
    {"TZM", K::kTzm, true, N},
    {"TZ", K::kTz, false, N},
    {"US", K::kUs, true, N},
    {"WW", K::kWw, true, G},
    {"W", K::kW, true, G},
    {"Y,YYY", K::kYCommaYyy, true, G},
    {"YYYY", K::kYyyy, true, G},
    {"YYY", K::kYyy, true, G},
    {"YY", K::kYy, true, G},
    {"Y", K::kY, true, G},
    {"a.d.", K::kAdDotsLower, false, N},
    {"a.m.", K::kAmDotsLower, false, N},
    {"ad", K::kAdLower, false, N},
    {"am", K::kAmLower, false, N},
    {"b.c.", K::kBcDotsLower, false, N},
    {"bc", K::kBcLower, false, N},
    {"cc", K::kCc, true, N},
    {"day", K::kDayLower, false, N},
    {"ddd", K::kDdd, true, G},
    {"dd", K::kDd, true, G},
    {"dy", K::kDyLower, false, N},
    {"d", K::kD, true, G},
    {"ff1", K::kFf1, true, N},
    {"ff2", K::kFf2, true, N},
    {"ff3", K::kFf3, true, N},
    {"ff4", K::kFf4, true, N},
    {"ff5", K::kFf5, true, N},
    {"ff6", K::kFf6, true, N},
    {"fx", K::kFx, false, N},
    {"hh24", K::kHh24, true, N},
    {"hh12", K::kHh12, true, N},
    {"hh", K::kHh, true, N},
    {"iddd", K::kIddd, true, I},
    {"id", K::kId, true, I},
    {"iw", K::kIw, true, I},
    {"iyyy", K::kIyyy, true, I},
    {"iyy", K::kIyy, true, I},
    {"iy", K::kIy, true, I},
    {"i", K::kI, true, I},
    {"j", K::kJ, true, N},
    {"mi", K::kMi, true, N},
    {"mm", K::kMm, true, G},
    {"month", K::kMonthLower, false, G},
    {"mon", K::kMonLower, false, G},
    {"ms", K::kMs, true, N},
    {"of", K::kOf, false, N},
    {"p.m.", K::kPmDotsLower, false, N},
    {"pm", K::kPmLower, false, N},
    {"q", K::kQ, true, N},
    {"rm", K::kRmLower, false, G},
    {"sssss", K::kSssss, true, N},
    {"ssss", K::kSsss, true, N},
    {"ss", K::kSs, true, N},
    {"tzh", K::kTzh, false, N},
    {"tzm", K::kTzm, true, N},
    {"tz", K::kTzLower, false, N},
    {"us", K::kUs, true, N},
    {"ww", K::kWw, true, G},
    {"w", K::kW, true, G},
    {"y,yyy", K::kYCommaYyy, true, G},
    {"yyyy", K::kYyyy, true, G},
    {"yyy", K::kYyy, true, G},
    {"yy", K::kYy, true, G},
    {"y", K::kY, true, G},
};

}  // namespace

const TemplateKeyword* match_template_keyword(std::string_view format) {
  // PostgreSQL looks patterns up only from printable ASCII.
  if (format.empty() || format.front() <= ' ' || format.front() >= 127) return nullptr;
  for (const TemplateKeyword& keyword : kKeywords) {
    if (format.substr(0, keyword.text.size()) == keyword.text) return &keyword;
  }
  return nullptr;
}

}  // namespace ptreedb::value
