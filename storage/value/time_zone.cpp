#include "storage/value/time_zone.h"

#include <date/tz.h>
// date/ptz.h names hh_mm_ss where both date's and std::chrono's are visible,
// which C++20 finds ambiguous: it gets an alias of date's under another name.
namespace date {
template <class Duration>
using ptz_hh_mm_ss = hh_mm_ss<Duration>;
}
#define hh_mm_ss ptz_hh_mm_ss
#include <date/ptz.h>
#undef hh_mm_ss

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <unordered_map>

#include "storage/sql_error.h"
#include "storage/value/calendar.h"

namespace ptreedb::value {

namespace {

constexpr std::int64_t kMicrosPerSecond = 1'000'000;
// 2000-01-01 00:00:00 UTC in seconds since 1970.
constexpr std::int64_t kEpochShiftSeconds = -calendar::kUnixEpochDays * 86400;
// POSIX rules compute with date::year, which holds -32767..32767: instants
// beyond are looked up at the edge of that range.
constexpr std::int64_t kPosixMinSeconds = -30000LL * 31556952;
constexpr std::int64_t kPosixMaxSeconds = 30000LL * 31556952;

std::int64_t unix_seconds(std::int64_t micros_since_2000) {
  return calendar::floor_div(micros_since_2000, kMicrosPerSecond) + kEpochShiftSeconds;
}

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

// The system's zone names by their lower-case spelling: PostgreSQL matches
// zone names case-insensitively and shows the file's spelling.
const std::unordered_map<std::string, const date::time_zone*>& zones_by_lower_name() {
  static const auto* zones = [] {
    auto* map = new std::unordered_map<std::string, const date::time_zone*>();
    try {
      for (const date::time_zone& zone : date::get_tzdb().zones) map->emplace(lower(zone.name()), &zone);
    } catch (const std::exception&) {
      // No tzdata on this machine: only offsets and POSIX specifications.
    }
    return map;
  }();
  return *zones;
}

thread_local TimeZoneSource* installed_source = nullptr;
thread_local const TimeZone* installed_zone = nullptr;

bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

// A POSIX zone's standard part: an optional name (letters, or anything in
// <>), then an offset [+-]hh[:mm[:ss]] counted west of UTC. Returns the
// position after it, or npos when there is none.
std::size_t parse_posix_standard(std::string_view text, int& seconds_west) {
  std::size_t pos = 0;
  if (pos < text.size() && text[pos] == '<') {
    const std::size_t close = text.find('>');
    if (close == std::string_view::npos) return std::string_view::npos;
    pos = close + 1;
  } else {
    while (pos < text.size() && is_alpha(text[pos])) ++pos;
    if (pos != 0 && pos < 3) return std::string_view::npos;
  }
  int sign = 1;
  if (pos < text.size() && (text[pos] == '+' || text[pos] == '-')) sign = text[pos++] == '-' ? -1 : 1;
  int fields[3] = {0, 0, 0};
  for (int field = 0; field < 3; ++field) {
    const std::size_t begin = pos;
    while (pos < text.size() && is_digit(text[pos]) && pos - begin < 3) {
      fields[field] = fields[field] * 10 + (text[pos] - '0');
      ++pos;
    }
    if (pos == begin) return std::string_view::npos;
    if (field == 2 || pos >= text.size() || text[pos] != ':') break;
    ++pos;
  }
  if (fields[0] > 167 || fields[1] > 59 || fields[2] > 59) return std::string_view::npos;
  seconds_west = sign * (fields[0] * 3600 + fields[1] * 60 + fields[2]);
  return pos;
}

// "<+05:30>-05:30": the name PostgreSQL gives a zone set as a number of hours.
std::string offset_zone_name(int seconds_east) {
  std::string east;
  append_utc_offset(east, seconds_east);
  std::string west;
  append_utc_offset(west, -seconds_east);
  return "<" + east + ">" + west;
}

// The offset `zone` had under `abbreviation`: the latest period at or before
// `instant` so named, else the first after, else the zone's own offset.
int abbreviation_offset(const date::time_zone& zone, const std::string& abbreviation, date::sys_seconds instant) {
  constexpr int kMaxPeriods = 4096;
  const date::sys_seconds earliest{std::chrono::seconds(-(std::int64_t{1} << 40))};
  const date::sys_seconds latest{std::chrono::seconds(std::int64_t{1} << 40)};
  const date::sys_info here = zone.get_info(instant);
  date::sys_info info = here;
  for (int period = 0; period < kMaxPeriods; ++period) {
    if (info.abbrev == abbreviation) return static_cast<int>(info.offset.count());
    if (info.begin <= earliest) break;
    info = zone.get_info(info.begin - std::chrono::seconds(1));
  }
  info = here;
  for (int period = 0; period < kMaxPeriods && info.end < latest; ++period) {
    info = zone.get_info(info.end);
    if (info.abbrev == abbreviation) return static_cast<int>(info.offset.count());
  }
  return static_cast<int>(here.offset.count());
}

}  // namespace

std::optional<TimeZone> TimeZone::abbreviation_in(std::string_view zone_name, std::string abbreviation) {
  std::optional<TimeZone> zone = find_time_zone(zone_name);
  if (!zone || zone->iana_ == nullptr) return std::nullopt;
  zone->name_ = abbreviation;
  zone->abbreviation_ = std::move(abbreviation);
  return zone;
}

TimeZone TimeZone::fixed(int seconds_east, std::string name) {
  TimeZone zone;
  zone.fixed_offset_ = seconds_east;
  zone.name_ = std::move(name);
  return zone;
}

int TimeZone::offset_at_utc(std::int64_t utc_micros) const {
  if (iana_ != nullptr) {
    const date::sys_seconds instant{std::chrono::seconds(unix_seconds(utc_micros))};
    if (!abbreviation_.empty()) return abbreviation_offset(*iana_, abbreviation_, instant);
    return static_cast<int>(iana_->get_info(instant).offset.count());
  }
  if (posix_ != nullptr) {
    const std::int64_t seconds = std::clamp(unix_seconds(utc_micros), kPosixMinSeconds, kPosixMaxSeconds);
    return static_cast<int>(posix_->get_info(date::sys_seconds{std::chrono::seconds(seconds)}).offset.count());
  }
  return fixed_offset_;
}

std::string TimeZone::abbreviation_at_utc(std::int64_t utc_micros) const {
  if (!abbreviation_.empty()) return abbreviation_;
  if (iana_ != nullptr) {
    const date::sys_seconds instant{std::chrono::seconds(unix_seconds(utc_micros))};
    return iana_->get_info(instant).abbrev;
  }
  if (posix_ != nullptr) {
    const std::int64_t seconds = std::clamp(unix_seconds(utc_micros), kPosixMinSeconds, kPosixMaxSeconds);
    return posix_->get_info(date::sys_seconds{std::chrono::seconds(seconds)}).abbrev;
  }
  // A fixed zone: "<+02>-02" is abbreviated "+02", "UTC+2" "UTC".
  if (!name_.empty() && name_[0] == '<') {
    const std::size_t close = name_.find('>');
    return close == std::string::npos ? std::string() : name_.substr(1, close - 1);
  }
  std::size_t letters = 0;
  while (letters < name_.size() && is_alpha(name_[letters])) ++letters;
  return letters >= 3 ? name_.substr(0, letters) : std::string();
}

int TimeZone::offset_for_local(std::int64_t local_micros) const {
  if (iana_ == nullptr && posix_ == nullptr) return fixed_offset_;
  if (!abbreviation_.empty()) {
    // PostgreSQL probes at the instant the zone itself makes of the wall time.
    TimeZone zone = *this;
    zone.abbreviation_.clear();
    const std::int64_t probe = local_micros - std::int64_t{zone.offset_for_local(local_micros)} * kMicrosPerSecond;
    return offset_at_utc(probe);
  }
  std::int64_t seconds = unix_seconds(local_micros);
  if (posix_ != nullptr) seconds = std::clamp(seconds, kPosixMinSeconds, kPosixMaxSeconds);
  const date::local_seconds wall{std::chrono::seconds(seconds)};
  const date::local_info info = iana_ != nullptr ? iana_->get_info(wall) : posix_->get_info(wall);
  switch (info.result) {
    case date::local_info::ambiguous: return static_cast<int>(info.second.offset.count());
    case date::local_info::nonexistent:  // in the gap: the offset before it
    case date::local_info::unique:
    default: return static_cast<int>(info.first.offset.count());
  }
}

std::optional<TimeZone> find_time_zone(std::string_view name) {
  if (name.empty()) return std::nullopt;
  const auto& zones = zones_by_lower_name();
  if (auto found = zones.find(lower(name)); found != zones.end()) {
    TimeZone zone;
    zone.iana_ = found->second;
    zone.name_ = found->second->name();
    return zone;
  }
  int seconds_west = 0;
  const std::size_t end = parse_posix_standard(name, seconds_west);
  if (end == std::string_view::npos) return std::nullopt;
  if (end == name.size()) return TimeZone::fixed(-seconds_west, std::string(name));
  // A daylight-saving part: "CET-1CEST,M3.5.0,M10.5.0/3".
  try {
    TimeZone zone;
    zone.posix_ = std::make_shared<const Posix::time_zone>(std::string(name));
    zone.name_ = std::string(name);
    return zone;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

TimeZone time_zone_or_throw(std::string_view name) {
  if (auto zone = find_time_zone(name)) return *std::move(zone);
  throw SqlError(sqlstate::kInvalidParameterValue, "time zone \"" + std::string(name) + "\" not recognized");
}

std::optional<TimeZone> find_setting_time_zone(std::string_view value) {
  // A plain number is hours east of UTC (PostgreSQL reads it with strtod).
  const std::string text(value);
  char* end = nullptr;
  const double hours = std::strtod(text.c_str(), &end);
  if (end != text.c_str() && *end == '\0') {
    if (!std::isfinite(hours) || std::fabs(hours) > 167) return std::nullopt;
    return interval_time_zone(static_cast<std::int64_t>(std::lround(hours * 3600)));
  }
  return find_time_zone(value);
}

TimeZone interval_time_zone(std::int64_t seconds_east) {
  const int seconds = static_cast<int>(seconds_east);
  return TimeZone::fixed(seconds, offset_zone_name(seconds));
}

const TimeZone& session_time_zone() {
  static const TimeZone utc;
  if (installed_zone != nullptr) return *installed_zone;
  if (installed_source != nullptr) return installed_source->time_zone();
  return utc;
}

TimeZoneScope::TimeZoneScope(TimeZoneSource* source)
    : previous_source_(installed_source), previous_zone_(installed_zone) {
  installed_source = source;
  installed_zone = nullptr;
}

TimeZoneScope::TimeZoneScope(const TimeZone* zone)
    : previous_source_(installed_source), previous_zone_(installed_zone) {
  installed_source = nullptr;
  installed_zone = zone;
}

TimeZoneScope::~TimeZoneScope() {
  installed_source = previous_source_;
  installed_zone = previous_zone_;
}

void append_utc_offset(std::string& out, int seconds_east) {
  out.push_back(seconds_east < 0 ? '-' : '+');
  int magnitude = seconds_east < 0 ? -seconds_east : seconds_east;
  const auto two_digits = [&](int value) {
    out.push_back(static_cast<char>('0' + value / 10 % 10));
    out.push_back(static_cast<char>('0' + value % 10));
  };
  const int hours = magnitude / 3600;
  if (hours >= 100) out += std::to_string(hours / 100);
  two_digits(hours % 100);
  magnitude %= 3600;
  if (magnitude != 0) {
    out.push_back(':');
    two_digits(magnitude / 60);
    if (magnitude % 60 != 0) {
      out.push_back(':');
      two_digits(magnitude % 60);
    }
  }
}

}  // namespace ptreedb::value
