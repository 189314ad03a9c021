#include "storage/value/decimal_gcd.h"

#include <algorithm>

namespace ptreedb::value {

Decimal decimal_gcd(Decimal a, Decimal b) {
  if (decimal_is_special(a) || decimal_is_special(b)) return kDecimalNaN;
  const int scale = std::max(a.scale, b.scale);
  if (!decimal_rescale_exact(a, scale) || !decimal_rescale_exact(b, scale)) decimal_detail::throw_overflow();
  // Both at one scale: the gcd of the units, at that scale.
  unsigned __int128 x = a.units < 0 ? -static_cast<unsigned __int128>(a.units) : a.units;
  unsigned __int128 y = b.units < 0 ? -static_cast<unsigned __int128>(b.units) : b.units;
  while (y != 0) {
    const unsigned __int128 rest = x % y;
    x = y;
    y = rest;
  }
  return Decimal{static_cast<__int128>(x), scale};
}

Decimal decimal_lcm(Decimal a, Decimal b) {
  if (decimal_is_special(a) || decimal_is_special(b)) return kDecimalNaN;
  const int scale = std::max(a.scale, b.scale);
  if (a.units == 0 || b.units == 0) return Decimal{0, scale};
  // |a| / gcd is an integer; times |b| it is a multiple of both.
  const Decimal quotient = decimal_div_trunc(decimal_abs(a), decimal_gcd(a, b));
  return decimal_rescale(decimal_mul(quotient, decimal_abs(b)), scale);
}

}  // namespace ptreedb::value
