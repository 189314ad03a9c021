#include "planner/functions/similar_to_regex.h"

#include <optional>
#include <string_view>

#include "planner/expression_binder.h"
#include "storage/sql_error.h"
#include "storage/value/similar_to_pattern.h"

namespace ptreedb::planner {

BoundExpression similar_to_regex_constant(std::vector<BoundExpression>& parts, int location) {
  const value::SqlType text = value::SqlType::of(value::TypeId::kText);
  bool null = false;
  for (BoundExpression& part : parts) {
    part = coerce(resolve_unknown(std::move(part), text), text, false);
    // A string literal typed as text is a cast of the literal's constant.
    // (Only from text or varchar: char(n) would drop trailing blanks.)
    while (part.kind == ExprKind::kCast && part.args.size() == 1 && part.args[0].kind == ExprKind::kConstant &&
           (part.args[0].type.id == value::TypeId::kText ||
            (part.args[0].type.id == value::TypeId::kVarchar && !part.args[0].type.has_typmod()))) {
      BoundExpression literal = std::move(part.args[0]);
      part = std::move(literal);
    }
    if (part.kind != ExprKind::kConstant) {
      throw SqlError(sqlstate::kFeatureNotSupported,
                     "an SQL regular expression (SIMILAR) other than a constant is not supported yet", {}, {},
                     location + 1);
    }
    null = null || part.constant.is_null;
  }
  if (null) {
    BoundExpression out = make_constant_text("");
    out.constant.is_null = true;
    return out;
  }
  std::optional<std::string_view> escape;
  if (parts.size() > 1) escape = parts[1].constant.text_value;
  return make_constant_text(value::similar_to_regex(parts[0].constant.text_value, escape));
}

}  // namespace ptreedb::planner
