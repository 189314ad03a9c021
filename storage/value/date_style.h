// PostgreSQL's DateStyle (output style and the field order of ambiguous input
// dates) and IntervalStyle settings, as the text formats of date, timestamp,
// timestamptz and interval read them. The server installs its session's
// settings on the thread serving it, as it does the time zone (time_zone.h);
// where none is installed (unit tests, tools, the binary format's text
// round trip) the defaults "ISO, MDY" and "postgres" apply.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ptreedb::value {

enum class DateOutputStyle : std::uint8_t { kIso, kSql, kPostgres, kGerman };
enum class DateFieldOrder : std::uint8_t { kMdy, kDmy, kYmd };
enum class IntervalOutputStyle : std::uint8_t { kPostgres, kPostgresVerbose, kSqlStandard, kIso8601 };

struct DateStyle {
  DateOutputStyle output = DateOutputStyle::kIso;
  DateFieldOrder order = DateFieldOrder::kMdy;
  IntervalOutputStyle interval = IntervalOutputStyle::kPostgres;

  friend bool operator==(const DateStyle&, const DateStyle&) = default;
};

// The value of SET DateStyle as PostgreSQL's check_datestyle reads it: a
// comma-separated list of ISO / SQL / Postgres / German and MDY / DMY / YMD
// (with the synonyms US, NonEuropean, Euro, European, and DEFAULT); what the
// list leaves out keeps `current`'s, and German alone implies DMY. The result
// is the canonical text SHOW prints ("Postgres, MDY"). On a bad list the
// error's detail as PostgreSQL words it.
struct DateStyleSetting {
  std::optional<std::string> canonical;
  std::string error_detail;
};
DateStyleSetting read_date_style_setting(std::string_view text, std::string_view current);
// "SQL, DMY" (a canonical text) as the style and order.
DateStyle parse_canonical_date_style(std::string_view canonical, IntervalOutputStyle interval);
// "postgres_verbose" etc., case-insensitively; nullopt for other words.
std::optional<IntervalOutputStyle> read_interval_style(std::string_view text);

// The style the session's values are read and shown in.
class DateStyleSource {
 public:
  virtual ~DateStyleSource() = default;
  virtual const DateStyle& date_style() = 0;
};
const DateStyle& session_date_style();

// Installs a source (the session's settings) or one style (for a statement's
// parallel tasks, or a fixed format) on this thread until destroyed.
class DateStyleScope {
 public:
  explicit DateStyleScope(DateStyleSource* source);
  explicit DateStyleScope(const DateStyle* style);
  ~DateStyleScope();
  DateStyleScope(const DateStyleScope&) = delete;
  DateStyleScope& operator=(const DateStyleScope&) = delete;

 private:
  DateStyleSource* previous_source_;
  const DateStyle* previous_style_;
};

}  // namespace ptreedb::value
