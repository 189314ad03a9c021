// Time zones as PostgreSQL's TimeZone setting and AT TIME ZONE accept them:
// IANA names from the system's tzdata (case-insensitive, through Howard
// Hinnant's date/tz library), plain numbers of hours east of UTC (SET TIME
// ZONE 2), and POSIX specifications ("UTC+2", "-05:30", "<+02>-02",
// "CET-1CEST,M3.5.0,M10.5.0/3", the rules read by date/ptz.h), whose offsets
// count west of UTC. Offsets are in seconds east of UTC.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace date {
class time_zone;
}
namespace Posix {
class time_zone;
}

namespace ptreedb::value {

class TimeZone {
 public:
  TimeZone() = default;  // UTC
  static TimeZone fixed(int seconds_east, std::string name);
  // A dynamic abbreviation (MSK in Europe/Moscow): at an instant, the offset of
  // the latest period at or before it that the zone called by that name, else
  // of the first after (PostgreSQL's pg_interpret_timezone_abbrev). nullopt
  // when the system has no such zone.
  static std::optional<TimeZone> abbreviation_in(std::string_view zone_name, std::string abbreviation);

  // The offset in force at the instant `utc_micros` (since 2000-01-01 UTC).
  int offset_at_utc(std::int64_t utc_micros) const;
  // The offset that makes the wall time `local_micros` an instant, by
  // PostgreSQL's rule: a time skipped by a spring-forward transition takes the
  // offset before it, a time repeated by a fall-back transition the one after.
  int offset_for_local(std::int64_t local_micros) const;

  // The abbreviation in force at the instant ("PST", "CEST", "LMT", "+02"),
  // as the SQL and Postgres DateStyles show it; empty where the zone has none
  // (a bare offset), which those styles show as the offset.
  std::string abbreviation_at_utc(std::int64_t utc_micros) const;

  // The name as SHOW TimeZone prints it ("Europe/Berlin", "<+02>-02").
  const std::string& name() const { return name_; }
  bool is_fixed() const { return iana_ == nullptr && posix_ == nullptr; }
  bool is_abbreviation() const { return !abbreviation_.empty(); }

 private:
  friend std::optional<TimeZone> find_time_zone(std::string_view name);
  friend std::optional<TimeZone> find_setting_time_zone(std::string_view value);
  std::string name_ = "UTC";
  int fixed_offset_ = 0;
  const date::time_zone* iana_ = nullptr;
  std::shared_ptr<const Posix::time_zone> posix_;  // a POSIX zone with daylight-saving rules
  std::string abbreviation_;  // with iana_: a dynamic abbreviation, offsets from its history
};

// A zone name as AT TIME ZONE, timezone() and a literal's zone take it: an
// IANA name or a POSIX specification; nullopt when none of those.
std::optional<TimeZone> find_time_zone(std::string_view name);
// The same, or 22023 `time zone "Mars/Base" not recognized`.
TimeZone time_zone_or_throw(std::string_view name);
// A value of SET TIME ZONE: also a number of hours east ("2", "+5.5", shown
// "<+02>-02"); nullopt when PostgreSQL refuses it.
std::optional<TimeZone> find_setting_time_zone(std::string_view value);
// SET TIME ZONE INTERVAL '...': a fixed zone `seconds_east` of UTC.
TimeZone interval_time_zone(std::int64_t seconds_east);

// The zone a session's timestamptz values are read and shown in. The server
// installs its session's TimeZone setting on the thread serving it; where none
// is installed (unit tests, tools) it is UTC.
class TimeZoneSource {
 public:
  virtual ~TimeZoneSource() = default;
  virtual const TimeZone& time_zone() = 0;
};
const TimeZone& session_time_zone();

// Installs a source (the session's setting) or one zone (for parallel tasks of
// a statement) on this thread until destroyed.
class TimeZoneScope {
 public:
  explicit TimeZoneScope(TimeZoneSource* source);
  explicit TimeZoneScope(const TimeZone* zone);
  ~TimeZoneScope();
  TimeZoneScope(const TimeZoneScope&) = delete;
  TimeZoneScope& operator=(const TimeZoneScope&) = delete;

 private:
  TimeZoneSource* previous_source_;
  const TimeZone* previous_zone_;
};


// "+01", "-05:30", "+00:53:28": the offset as ISO DateStyle appends it.
void append_utc_offset(std::string& out, int seconds_east);

}  // namespace ptreedb::value
