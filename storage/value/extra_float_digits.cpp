#include "storage/value/extra_float_digits.h"

namespace ptreedb::value {
namespace {

constexpr int kDefaultExtraFloatDigits = 1;

thread_local ExtraFloatDigitsSource* installed_source = nullptr;
thread_local int installed_digits = kDefaultExtraFloatDigits;
thread_local bool installed_fixed = false;  // installed_digits holds the value, not the source

}  // namespace

int session_extra_float_digits() {
  if (installed_fixed) return installed_digits;
  return installed_source != nullptr ? installed_source->extra_float_digits() : kDefaultExtraFloatDigits;
}

ExtraFloatDigitsScope::ExtraFloatDigitsScope(ExtraFloatDigitsSource* source)
    : previous_source_(installed_source), previous_digits_(installed_digits), previous_fixed_(installed_fixed) {
  installed_source = source;
  installed_fixed = false;
}

ExtraFloatDigitsScope::ExtraFloatDigitsScope(int digits)
    : previous_source_(installed_source), previous_digits_(installed_digits), previous_fixed_(installed_fixed) {
  installed_source = nullptr;
  installed_digits = digits;
  installed_fixed = true;
}

ExtraFloatDigitsScope::~ExtraFloatDigitsScope() {
  installed_source = previous_source_;
  installed_digits = previous_digits_;
  installed_fixed = previous_fixed_;
}

}  // namespace ptreedb::value
