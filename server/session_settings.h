// Session settings (PostgreSQL's GUCs, the ones a client may look at or set):
// their defaults, how each value is checked and normalised, and the statements
// that read and change them: SET [LOCAL], SET ... TO DEFAULT, RESET [ALL],
// SHOW name / SHOW ALL, DISCARD ALL, DEALLOCATE, plus current_setting() and
// set_config() in expressions. Settings marked as reported are sent to the
// client in ParameterStatus at startup and whenever they change.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <pg_query/pg_query.pb-c.h>

#include "planner/sequence_functions.h"
#include "planner/session_random_scope.h"
#include "exec/statement_executor.h"
#include "planner/settings_access.h"
#include "server/session_state.h"
#include "storage/stack_depth.h"
#include "storage/value/date_style.h"
#include "storage/value/bytea.h"
#include "storage/value/extra_float_digits.h"
#include "storage/value/time_zone.h"

namespace ptreedb::server {

// Fills state.settings with the defaults, then applies the startup packet's
// options (user and database excluded). Throws SqlError (sent as FATAL) for an
// unknown or invalid option, as PostgreSQL does.
void initialize_settings(SessionState& state, const std::vector<std::pair<std::string, std::string>>& startup_options);

// ParameterStatus for every reported setting (at startup).
void encode_reported_settings(std::string& out, const SessionState& state);
// Pending warnings, then ParameterStatus for reported settings changed since the last call.
void encode_changed_settings(std::string& out, SessionState& state);

// Runs SET/RESET/SHOW/DISCARD/DEALLOCATE; nullopt for any other statement.
std::optional<exec::QueryResult> run_settings_statement(const PgQuery__Node& statement, SessionState& state);

// Settings follow the transaction block: BEGIN remembers them, ROLLBACK (or a
// failed COMMIT) puts them back, COMMIT keeps plain SETs and undoes SET LOCAL.
void begin_transaction_settings(SessionState& state);
void end_transaction_settings(SessionState& state, bool committed);

// For Describe: nullopt when `statement` is not one of those; otherwise the
// columns it returns (empty: none).
std::optional<std::vector<planner::OutputColumn>> settings_statement_columns(const PgQuery__Node& statement);

// A duration setting (statement_timeout, idle_session_timeout, ...) in
// milliseconds; 0 when off.
long long setting_milliseconds(const SessionState& state, std::string_view name);

// An integer setting (max_parallel_workers_per_gather); `missing` when unset.
int setting_integer(const SessionState& state, std::string_view name, int missing);

// A setting of kind fraction (approximate_error_target).
double setting_fraction(const SessionState& state, std::string_view name);

// A memory setting (work_mem) in bytes.
std::int64_t setting_bytes(const SessionState& state, std::string_view name);

// Makes `bytes` (rounded down to MB, or kB below 1 MB) work_mem's default for sessions started later.
void set_work_mem_default(std::int64_t bytes);

// The most one sort or hash of the session's statements may hold: work_mem,
// but never less than its server default. PostgreSQL spills an operator past
// work_mem to disk and the query still answers; ptreedb keeps operators in
// memory, so a smaller work_mem (applications set 4MB, the regression files
// 64kB) must not make a query fail that the server's share would hold.
std::int64_t operator_memory_limit(const SessionState& state);
// max_stack_depth in kB.
std::size_t max_stack_depth_kb(const SessionState& state);

// SHOW's value of a setting (42704 for unknown names).
std::string show_setting(const SessionState& state, std::string_view name);

// The session's TimeZone setting as the zone timestamptz values are read and
// shown in, installed on the thread serving the session (value::session_time_zone).
class SessionTimeZone : public value::TimeZoneSource {
 public:
  explicit SessionTimeZone(SessionState& state) : state_(state), scope_(this) {}
  const value::TimeZone& time_zone() override;

 private:
  SessionState& state_;
  value::TimeZoneScope scope_;
};

// The session's DateStyle and IntervalStyle as dates, timestamps and
// intervals are read and shown in, installed on the thread serving the
// session (value::session_date_style).
class SessionDateStyle : public value::DateStyleSource {
 public:
  explicit SessionDateStyle(SessionState& state) : state_(state), scope_(this) {}
  const value::DateStyle& date_style() override;

 private:
  SessionState& state_;
  value::DateStyleScope scope_;
};

// The session's bytea_output setting, installed on the thread serving the
// session (value::session_bytea_output).
class SessionByteaOutput : public value::ByteaOutputSource {
 public:
  explicit SessionByteaOutput(SessionState& state) : state_(state), scope_(this) {}
  value::ByteaOutput bytea_output() override;

 private:
  SessionState& state_;
  value::ByteaOutputScope scope_;
};

// The session's extra_float_digits, installed on the thread serving the
// session (value::session_extra_float_digits).
class SessionExtraFloatDigits : public value::ExtraFloatDigitsSource {
 public:
  explicit SessionExtraFloatDigits(SessionState& state) : state_(state), scope_(this) {}
  int extra_float_digits() override;

 private:
  SessionState& state_;
  value::ExtraFloatDigitsScope scope_;
  std::string cached_text_;  // the setting's text cached_digits_ was read from
  int cached_digits_ = 1;
};

// The session's formats: its time zone, DateStyle and IntervalStyle,
// bytea_output and extra_float_digits.
class SessionFormats {
 public:
  explicit SessionFormats(SessionState& state)
      : time_zone_(state), date_style_(state), bytea_output_(state), extra_float_digits_(state) {}

 private:
  SessionTimeZone time_zone_;
  SessionDateStyle date_style_;
  SessionByteaOutput bytea_output_;
  SessionExtraFloatDigits extra_float_digits_;
};

// Lets current_setting() and set_config() reach `state` while a statement is
// planned, and holds the calling thread to the session's max_stack_depth.
class SettingsScope : public planner::SettingsAccess {
 public:
  // `describing`: a statement planned only to describe it (Parse) must not
  // change anything, so set_config() there only checks and returns the value.
  explicit SettingsScope(SessionState& state, bool describing = false)
      : state_(state),
        describing_(describing),
        scope_(this),
        stack_depth_(max_stack_depth_kb(state)),
        sequences_(state.sequences),
        random_(state.random),
        formats_(state) {}
  std::optional<std::string> current(const std::string& name, bool missing_ok) override;
  std::string set(const std::string& name, const std::string& value, bool is_local) override;
  std::int32_t backend_pid() const override;

 private:
  SessionState& state_;
  bool describing_;
  planner::SettingsAccessScope scope_;
  MaxStackDepthScope stack_depth_;
  planner::SequenceSessionScope sequences_;  // currval/lastval of this session
  planner::SessionRandomScope random_;       // random() and setseed() of this session
  SessionFormats formats_;
};

}  // namespace ptreedb::server
