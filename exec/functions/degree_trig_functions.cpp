// sind, cosd, tand, cotd, asind, acosd, atand and atan2d: trigonometry in
// degrees as float.c computes it, so that the results at multiples of 30 and
// 45 degrees are exact (sind(30) = 0.5, tand(45) = 1) and the functions stay
// monotonic between them. The reference values are computed at run time
// from volatile inputs, as float.c does, so the compiler cannot fold them
// with a different sin() than the one the kernels call.
#include <cmath>

#include "exec/functions/double_per_row.h"

namespace ptreedb::exec {
namespace {

constexpr double kRadiansPerDegree = 0.0174532925199432957692;

struct DegreeConstants {
  double sin_30, one_minus_cos_60, asin_0_5, acos_0_5, atan_1_0, tan_45, cot_45;
};

volatile double thirty = 30.0, sixty = 60.0, one_half = 0.5, one = 1.0, forty_five = 45.0;

double sind_0_to_30(const DegreeConstants& c, double x) {
  volatile double sin_x = std::sin(x * kRadiansPerDegree);
  return (sin_x / c.sin_30) / 2.0;
}

double cosd_0_to_60(const DegreeConstants& c, double x) {
  volatile double one_minus_cos_x = 1.0 - std::cos(x * kRadiansPerDegree);
  return 1.0 - (one_minus_cos_x / c.one_minus_cos_60) / 2.0;
}

// Sine and cosine on [0, 90], stitched at 30 and 60 degrees where each
// piece is exact.
double sind_q1(const DegreeConstants& c, double x) {
  return x <= 30.0 ? sind_0_to_30(c, x) : cosd_0_to_60(c, 90.0 - x);
}

double cosd_q1(const DegreeConstants& c, double x) {
  return x <= 60.0 ? cosd_0_to_60(c, x) : sind_0_to_30(c, 90.0 - x);
}

const DegreeConstants& constants() {
  static const DegreeConstants values = [] {
    DegreeConstants c{};
    c.sin_30 = std::sin(thirty * kRadiansPerDegree);
    c.one_minus_cos_60 = 1.0 - std::cos(sixty * kRadiansPerDegree);
    c.asin_0_5 = std::asin(one_half);
    c.acos_0_5 = std::acos(one_half);
    c.atan_1_0 = std::atan(one);
    c.tan_45 = sind_q1(c, forty_five) / cosd_q1(c, forty_five);
    c.cot_45 = cosd_q1(c, forty_five) / sind_q1(c, forty_five);
    return c;
  }();
  return values;
}

double asind_q1(const DegreeConstants& c, double x) {
  if (x <= 0.5) {
    volatile double asin_x = std::asin(x);
    return (asin_x / c.asin_0_5) * 30.0;
  }
  volatile double acos_x = std::acos(x);
  return 90.0 - (acos_x / c.acos_0_5) * 60.0;
}

double acosd_q1(const DegreeConstants& c, double x) {
  if (x <= 0.5) {
    volatile double asin_x = std::asin(x);
    return 90.0 - (asin_x / c.asin_0_5) * 30.0;
  }
  volatile double acos_x = std::acos(x);
  return (acos_x / c.acos_0_5) * 60.0;
}

double finite_result(double result) {
  if (std::isinf(result)) float_overflow();
  return result;
}

// An angle brought into [0, 90] degrees, with the sign changes that the
// folds make to sine (negating, or past 180), cosine (past 90) and to their
// ratios (any of the three).
struct FoldedAngle {
  double angle;
  int sine_sign, cosine_sign, ratio_sign;
};

FoldedAngle fold(double x) {
  if (std::isinf(x)) input_out_of_range();
  FoldedAngle folded{std::fmod(x, 360.0), 1, 1, 1};
  if (folded.angle < 0.0) {
    folded.angle = -folded.angle;
    folded.sine_sign = -folded.sine_sign;
    folded.ratio_sign = -folded.ratio_sign;
  }
  if (folded.angle > 180.0) {
    folded.angle = 360.0 - folded.angle;
    folded.sine_sign = -folded.sine_sign;
    folded.ratio_sign = -folded.ratio_sign;
  }
  if (folded.angle > 90.0) {
    folded.angle = 180.0 - folded.angle;
    folded.cosine_sign = -folded.cosine_sign;
    folded.ratio_sign = -folded.ratio_sign;
  }
  return folded;
}

Vector evaluate_sind(const planner::BoundExpression& expr, const Chunk& input) {
  return per_row(expr, input, [](double x) {
    if (std::isnan(x)) return x;
    const FoldedAngle folded = fold(x);
    return finite_result(folded.sine_sign * sind_q1(constants(), folded.angle));
  });
}

Vector evaluate_cosd(const planner::BoundExpression& expr, const Chunk& input) {
  return per_row(expr, input, [](double x) {
    if (std::isnan(x)) return x;
    const FoldedAngle folded = fold(x);
    return finite_result(folded.cosine_sign * cosd_q1(constants(), folded.angle));
  });
}

// tand (sine over cosine) or cotd (cosine over sine), scaled by its value at
// 45 degrees so that it is exactly 1 there; never -0.
double degree_ratio(double x, bool tangent) {
  if (std::isnan(x)) return x;
  const FoldedAngle folded = fold(x);
  const DegreeConstants& c = constants();
  const double sine = sind_q1(c, folded.angle), cosine = cosd_q1(c, folded.angle);
  volatile double ratio = tangent ? sine / cosine : cosine / sine;
  const double result = folded.ratio_sign * (ratio / (tangent ? c.tan_45 : c.cot_45));
  return result == 0.0 ? 0.0 : result;
}

Vector evaluate_tand(const planner::BoundExpression& expr, const Chunk& input) {
  return per_row(expr, input, [](double x) { return degree_ratio(x, true); });
}

Vector evaluate_cotd(const planner::BoundExpression& expr, const Chunk& input) {
  return per_row(expr, input, [](double x) { return degree_ratio(x, false); });
}

Vector evaluate_asind(const planner::BoundExpression& expr, const Chunk& input) {
  return per_row(expr, input, [](double x) {
    if (std::isnan(x)) return x;
    if (x < -1.0 || x > 1.0) input_out_of_range();
    const DegreeConstants& c = constants();
    return finite_result(x >= 0.0 ? asind_q1(c, x) : -asind_q1(c, -x));
  });
}

Vector evaluate_acosd(const planner::BoundExpression& expr, const Chunk& input) {
  return per_row(expr, input, [](double x) {
    if (std::isnan(x)) return x;
    if (x < -1.0 || x > 1.0) input_out_of_range();
    const DegreeConstants& c = constants();
    return finite_result(x >= 0.0 ? acosd_q1(c, x) : 90.0 + asind_q1(c, -x));
  });
}

Vector evaluate_atand(const planner::BoundExpression& expr, const Chunk& input) {
  return per_row(expr, input, [](double x) {
    if (std::isnan(x)) return x;
    volatile double atan_x = std::atan(x);
    return finite_result((atan_x / constants().atan_1_0) * 45.0);
  });
}

Vector evaluate_atan2d(const planner::BoundExpression& expr, const Chunk& input) {
  return per_row(expr, input, [](double y, double x) {
    if (std::isnan(y) || std::isnan(x)) return std::nan("");
    volatile double atan2_yx = std::atan2(y, x);
    return finite_result((atan2_yx / constants().atan_1_0) * 45.0);
  });
}

}  // namespace

const FunctionKernel kSindKernel{planner::FunctionId::kSind, evaluate_sind};
const FunctionKernel kCosdKernel{planner::FunctionId::kCosd, evaluate_cosd};
const FunctionKernel kTandKernel{planner::FunctionId::kTand, evaluate_tand};
const FunctionKernel kCotdKernel{planner::FunctionId::kCotd, evaluate_cotd};
const FunctionKernel kAsindKernel{planner::FunctionId::kAsind, evaluate_asind};
const FunctionKernel kAcosdKernel{planner::FunctionId::kAcosd, evaluate_acosd};
const FunctionKernel kAtandKernel{planner::FunctionId::kAtand, evaluate_atand};
const FunctionKernel kAtan2dKernel{planner::FunctionId::kAtan2d, evaluate_atan2d};

}  // namespace ptreedb::exec
