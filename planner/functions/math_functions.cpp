// The double precision math functions: sqrt, cbrt, exp, ln, log10 (and
// log(x)), power (and ^), pi, the trigonometric functions in radians and in
// degrees, the hyperbolic functions, degrees, radians and sign. Integer,
// real and untyped arguments become double precision, as PostgreSQL
// resolves them (its preferred numeric type).
// sqrt, exp, ln, log, power and sign also have numeric versions, which
// PostgreSQL picks when an argument is numeric and none is real or double
// precision (log(b, x) has only the numeric one).
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"
#include "storage/sql_error.h"

namespace ptreedb::planner {

namespace {

using value::SqlType;
using value::TypeId;

enum class NumericVersion { kNone, kAnswered };

// PostgreSQL's choice between f(numeric, ...) and f(double precision, ...):
// numeric when some argument is numeric and none is a float.
bool picks_numeric(const std::vector<BoundExpression>& args) {
  bool numeric = false;
  for (const BoundExpression& arg : args) {
    if (arg.unknown_literal) continue;
    if (value::is_float_type(arg.type.id)) return false;
    numeric = numeric || arg.type.id == TypeId::kNumeric;
  }
  return numeric;
}

BoundExpression numeric_function(FunctionId id, std::vector<BoundExpression>& args) {
  const SqlType numeric = SqlType::of(TypeId::kNumeric);
  std::vector<BoundExpression> coerced;
  for (BoundExpression& arg : args) coerced.push_back(coerce(resolve_unknown(std::move(arg), numeric), numeric, false));
  return function_node(id, numeric, std::move(coerced));
}

BoundExpression bind_double_function(FunctionId id, const std::string& name, std::vector<BoundExpression>& args,
                                     int location, std::size_t arity, NumericVersion numeric_version) {
  if (args.size() != arity) throw_no_such_function(name, args, location);
  const SqlType double_precision = SqlType::of(TypeId::kDouble);
  for (const BoundExpression& arg : args) {
    if (!arg.unknown_literal && !value::is_numeric_category(arg.type.id)) throw_no_such_function(name, args, location);
  }
  if (numeric_version == NumericVersion::kAnswered && picks_numeric(args)) return numeric_function(id, args);
  std::vector<BoundExpression> coerced;
  for (BoundExpression& arg : args) {
    coerced.push_back(coerce(resolve_unknown(std::move(arg), double_precision), double_precision, false));
  }
  return function_node(id, double_precision, std::move(coerced));
}

#define PTREEDB_DOUBLE_FUNCTION(Id, arity, numeric_version)                                                      \
  BoundExpression bind_##Id(const std::string& name, std::vector<BoundExpression>& args, int location) {       \
    return bind_double_function(FunctionId::k##Id, name, args, location, arity, NumericVersion::numeric_version); \
  }
PTREEDB_DOUBLE_FUNCTION(Sqrt, 1, kAnswered)
PTREEDB_DOUBLE_FUNCTION(Cbrt, 1, kNone)
PTREEDB_DOUBLE_FUNCTION(Exp, 1, kAnswered)
PTREEDB_DOUBLE_FUNCTION(Ln, 1, kAnswered)
PTREEDB_DOUBLE_FUNCTION(Power, 2, kAnswered)
PTREEDB_DOUBLE_FUNCTION(Pi, 0, kNone)
PTREEDB_DOUBLE_FUNCTION(Sin, 1, kNone)
PTREEDB_DOUBLE_FUNCTION(Cos, 1, kNone)
PTREEDB_DOUBLE_FUNCTION(Tan, 1, kNone)
PTREEDB_DOUBLE_FUNCTION(Cot, 1, kNone)
PTREEDB_DOUBLE_FUNCTION(Asin, 1, kNone)
PTREEDB_DOUBLE_FUNCTION(Acos, 1, kNone)
PTREEDB_DOUBLE_FUNCTION(Atan, 1, kNone)
PTREEDB_DOUBLE_FUNCTION(Atan2, 2, kNone)
PTREEDB_DOUBLE_FUNCTION(Degrees, 1, kNone)
PTREEDB_DOUBLE_FUNCTION(Radians, 1, kNone)
PTREEDB_DOUBLE_FUNCTION(Sign, 1, kAnswered)
PTREEDB_DOUBLE_FUNCTION(Sinh, 1, kNone)
PTREEDB_DOUBLE_FUNCTION(Cosh, 1, kNone)
PTREEDB_DOUBLE_FUNCTION(Tanh, 1, kNone)
PTREEDB_DOUBLE_FUNCTION(Asinh, 1, kNone)
PTREEDB_DOUBLE_FUNCTION(Acosh, 1, kNone)
PTREEDB_DOUBLE_FUNCTION(Atanh, 1, kNone)
PTREEDB_DOUBLE_FUNCTION(Sind, 1, kNone)
PTREEDB_DOUBLE_FUNCTION(Cosd, 1, kNone)
PTREEDB_DOUBLE_FUNCTION(Tand, 1, kNone)
PTREEDB_DOUBLE_FUNCTION(Cotd, 1, kNone)
PTREEDB_DOUBLE_FUNCTION(Asind, 1, kNone)
PTREEDB_DOUBLE_FUNCTION(Acosd, 1, kNone)
PTREEDB_DOUBLE_FUNCTION(Atand, 1, kNone)
PTREEDB_DOUBLE_FUNCTION(Atan2d, 2, kNone)
#undef PTREEDB_DOUBLE_FUNCTION

// log(x) is log10(x); log(b, x) exists only for numeric (the kernel tells
// the two apart by their argument counts).
BoundExpression bind_Log10(const std::string& name, std::vector<BoundExpression>& args, int location) {
  if (name == "log" && args.size() == 2) {
    for (const BoundExpression& arg : args) {
      if (!arg.unknown_literal && (!value::is_numeric_category(arg.type.id) || value::is_float_type(arg.type.id))) {
        throw_no_such_function(name, args, location);
      }
    }
    return numeric_function(FunctionId::kLog10, args);
  }
  return bind_double_function(FunctionId::kLog10, name, args, location, 1, NumericVersion::kAnswered);
}

}  // namespace

const FunctionBinding kSqrtBinding{FunctionId::kSqrt, "sqrt", {"sqrt"}, bind_Sqrt};
const FunctionBinding kCbrtBinding{FunctionId::kCbrt, "cbrt", {"cbrt"}, bind_Cbrt};
const FunctionBinding kExpBinding{FunctionId::kExp, "exp", {"exp"}, bind_Exp};
const FunctionBinding kLnBinding{FunctionId::kLn, "ln", {"ln"}, bind_Ln};
const FunctionBinding kLog10Binding{FunctionId::kLog10, "log10", {"log10", "log"}, bind_Log10};
const FunctionBinding kPowerBinding{FunctionId::kPower, "power", {"power", "pow"}, bind_Power};
const FunctionBinding kPiBinding{FunctionId::kPi, "pi", {"pi"}, bind_Pi};
const FunctionBinding kSinBinding{FunctionId::kSin, "sin", {"sin"}, bind_Sin};
const FunctionBinding kCosBinding{FunctionId::kCos, "cos", {"cos"}, bind_Cos};
const FunctionBinding kTanBinding{FunctionId::kTan, "tan", {"tan"}, bind_Tan};
const FunctionBinding kCotBinding{FunctionId::kCot, "cot", {"cot"}, bind_Cot};
const FunctionBinding kAsinBinding{FunctionId::kAsin, "asin", {"asin"}, bind_Asin};
const FunctionBinding kAcosBinding{FunctionId::kAcos, "acos", {"acos"}, bind_Acos};
const FunctionBinding kAtanBinding{FunctionId::kAtan, "atan", {"atan"}, bind_Atan};
const FunctionBinding kAtan2Binding{FunctionId::kAtan2, "atan2", {"atan2"}, bind_Atan2};
const FunctionBinding kDegreesBinding{FunctionId::kDegrees, "degrees", {"degrees"}, bind_Degrees};
const FunctionBinding kRadiansBinding{FunctionId::kRadians, "radians", {"radians"}, bind_Radians};
const FunctionBinding kSignBinding{FunctionId::kSign, "sign", {"sign"}, bind_Sign};
const FunctionBinding kSinhBinding{FunctionId::kSinh, "sinh", {"sinh"}, bind_Sinh};
const FunctionBinding kCoshBinding{FunctionId::kCosh, "cosh", {"cosh"}, bind_Cosh};
const FunctionBinding kTanhBinding{FunctionId::kTanh, "tanh", {"tanh"}, bind_Tanh};
const FunctionBinding kAsinhBinding{FunctionId::kAsinh, "asinh", {"asinh"}, bind_Asinh};
const FunctionBinding kAcoshBinding{FunctionId::kAcosh, "acosh", {"acosh"}, bind_Acosh};
const FunctionBinding kAtanhBinding{FunctionId::kAtanh, "atanh", {"atanh"}, bind_Atanh};
const FunctionBinding kSindBinding{FunctionId::kSind, "sind", {"sind"}, bind_Sind};
const FunctionBinding kCosdBinding{FunctionId::kCosd, "cosd", {"cosd"}, bind_Cosd};
const FunctionBinding kTandBinding{FunctionId::kTand, "tand", {"tand"}, bind_Tand};
const FunctionBinding kCotdBinding{FunctionId::kCotd, "cotd", {"cotd"}, bind_Cotd};
const FunctionBinding kAsindBinding{FunctionId::kAsind, "asind", {"asind"}, bind_Asind};
const FunctionBinding kAcosdBinding{FunctionId::kAcosd, "acosd", {"acosd"}, bind_Acosd};
const FunctionBinding kAtandBinding{FunctionId::kAtand, "atand", {"atand"}, bind_Atand};
const FunctionBinding kAtan2dBinding{FunctionId::kAtan2d, "atan2d", {"atan2d"}, bind_Atan2d};

}  // namespace ptreedb::planner
