// The extra_float_digits setting, read where real and double precision
// values become text (float4out/float8out): above 0, the shortest text that
// reads back to the same value (PostgreSQL 12+'s default of 1); at 0 or
// below, rounded to 6 (real) or 15 (double precision) plus it significant
// digits, as "%.*g" prints them (at least 1). The server installs its
// session's setting on the thread serving it; where none is installed (unit
// tests, tools) it is 1.
#pragma once

namespace ptreedb::value {

class ExtraFloatDigitsSource {
 public:
  virtual ~ExtraFloatDigitsSource() = default;
  virtual int extra_float_digits() = 0;
};
int session_extra_float_digits();

// Installs a source (the session's setting) or one value (for a statement's
// parallel tasks) on this thread until destroyed.
class ExtraFloatDigitsScope {
 public:
  explicit ExtraFloatDigitsScope(ExtraFloatDigitsSource* source);
  explicit ExtraFloatDigitsScope(int digits);
  ~ExtraFloatDigitsScope();
  ExtraFloatDigitsScope(const ExtraFloatDigitsScope&) = delete;
  ExtraFloatDigitsScope& operator=(const ExtraFloatDigitsScope&) = delete;

 private:
  ExtraFloatDigitsSource* previous_source_;
  int previous_digits_;
  bool previous_fixed_;
};

// Float text that reads back to the same value whatever the session's
// setting, for text that is stored or read again rather than shown: array
// elements (arrays are held as their text form), parameters passed on as
// text, catalog and key texts.
class RoundTripFloats : public ExtraFloatDigitsScope {
 public:
  RoundTripFloats() : ExtraFloatDigitsScope(1) {}
};

}  // namespace ptreedb::value
