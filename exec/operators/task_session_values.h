// oneTBB's threads serve no session: a statement's parallel tasks read and
// show values in its time zone, DateStyle, bytea_output and
// extra_float_digits, and find its
// enum types and domains, through what the thread running the statement
// had installed. TaskSessionValues copies those on that thread; each task
// installs them for its run with an Installed.
#pragma once

#include "storage/value/bytea.h"
#include "storage/value/date_style.h"
#include "storage/value/extra_float_digits.h"
#include "storage/value/time_zone.h"
#include "storage/value/user_types_scope.h"

namespace ptreedb::exec {

class TaskSessionValues {
 public:
  TaskSessionValues()
      : zone_(value::session_time_zone()),
        style_(value::session_date_style()),
        bytea_output_(value::session_bytea_output()),
        extra_float_digits_(value::session_extra_float_digits()),
        user_types_(value::UserTypesScope::current()) {}

  class Installed {
   public:
    explicit Installed(const TaskSessionValues& values)
        : zone_(&values.zone_),
          style_(&values.style_),
          bytea_output_(values.bytea_output_),
          extra_float_digits_(values.extra_float_digits_),
          user_types_(values.user_types_) {}

   private:
    value::TimeZoneScope zone_;
    value::DateStyleScope style_;
    value::ByteaOutputScope bytea_output_;
    value::ExtraFloatDigitsScope extra_float_digits_;
    value::UserTypesScope user_types_;
  };

 private:
  value::TimeZone zone_;
  value::DateStyle style_;
  value::ByteaOutput bytea_output_;
  int extra_float_digits_;
  const value::UserTypeSource* user_types_;
};

}  // namespace ptreedb::exec
