// The POSIX regular expression of a constant SQL one (SIMILAR TO, SUBSTRING
// ... SIMILAR ... ESCAPE): `parts` are the pattern and, optionally, the
// escape, as bound; the translation (storage/value/similar_to_pattern.h) is
// made once while binding. A NULL part gives a NULL text constant; a part
// that is not a constant is refused with 0A000.
#pragma once

#include <vector>

#include "planner/bound_expression.h"

namespace ptreedb::planner {

BoundExpression similar_to_regex_constant(std::vector<BoundExpression>& parts, int location);

}  // namespace ptreedb::planner
