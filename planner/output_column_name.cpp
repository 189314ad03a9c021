// PostgreSQL's FigureColname: the name of an output column without an alias.
// Each candidate has a strength (0 none, 1 a fallback such as a cast's type
// name or "case", 2 a real name) so that a weaker name never hides a stronger
// one beneath it: x::text is "x", (CASE ... ELSE f(y) END) is "f".
#include "planner/expression_binder.h"
#include "storage/stack_depth.h"

namespace ptreedb::planner {
namespace {

std::string string_value(const PgQuery__Node* node) {
  return node != nullptr && node->node_case == PG_QUERY__NODE__NODE_STRING ? node->string->sval : "";
}

int figure_name(const PgQuery__Node* node, std::string& name) {
  check_stack_depth();
  if (node == nullptr) return 0;
  switch (node->node_case) {
    case PG_QUERY__NODE__NODE_COLUMN_REF: {
      const auto& ref = *node->column_ref;
      const PgQuery__Node* last = ref.fields[ref.n_fields - 1];
      if (last->node_case == PG_QUERY__NODE__NODE_A_STAR) return 0;
      name = string_value(last);
      return 2;
    }
    case PG_QUERY__NODE__NODE_A_INDIRECTION: {
      // x[1] keeps x's name; x.field is the field's.
      const auto& indirection = *node->a_indirection;
      for (std::size_t i = indirection.n_indirection; i > 0; --i) {
        const PgQuery__Node* step = indirection.indirection[i - 1];
        if (step->node_case == PG_QUERY__NODE__NODE_STRING) {
          name = string_value(step);
          return 2;
        }
      }
      return figure_name(indirection.arg, name);
    }
    case PG_QUERY__NODE__NODE_TYPE_CAST: {
      int strength = figure_name(node->type_cast->arg, name);
      if (strength <= 1) {
        const auto* type_name = node->type_cast->type_name;
        name = string_value(type_name->names[type_name->n_names - 1]);
        return 1;
      }
      return strength;
    }
    case PG_QUERY__NODE__NODE_COLLATE_CLAUSE:
      return figure_name(node->collate_clause->arg, name);
    case PG_QUERY__NODE__NODE_FUNC_CALL: {
      const auto& call = *node->func_call;
      name = string_value(call.funcname[call.n_funcname - 1]);
      return 2;
    }
    case PG_QUERY__NODE__NODE_A_EXPR:
      if (node->a_expr->kind == PG_QUERY__A__EXPR__KIND__AEXPR_NULLIF) {
        name = "nullif";
        return 2;
      }
      return 0;
    case PG_QUERY__NODE__NODE_CASE_EXPR: {
      int strength = figure_name(node->case_expr->defresult, name);
      if (strength <= 1) {
        name = "case";
        return 1;
      }
      return strength;
    }
    case PG_QUERY__NODE__NODE_SUB_LINK: {
      const auto& link = *node->sub_link;
      if (link.sub_link_type == PG_QUERY__SUB_LINK_TYPE__EXISTS_SUBLINK) {
        name = "exists";
        return 2;
      }
      if (link.sub_link_type == PG_QUERY__SUB_LINK_TYPE__ARRAY_SUBLINK) {
        name = "array";
        return 2;
      }
      if ((link.sub_link_type == PG_QUERY__SUB_LINK_TYPE__EXPR_SUBLINK ||
           link.sub_link_type == PG_QUERY__SUB_LINK_TYPE__MULTIEXPR_SUBLINK) &&
          link.subselect != nullptr && link.subselect->node_case == PG_QUERY__NODE__NODE_SELECT_STMT) {
        // A scalar subquery is named after its own single output column.
        const auto& select = *link.subselect->select_stmt;
        if (select.n_target_list > 0) {
          const auto& target = *select.target_list[0]->res_target;
          if (target.name != nullptr && *target.name) {
            name = target.name;
            return 2;
          }
          // The subquery's own column name, even "?column?", counts as a name.
          if (figure_name(target.val, name) == 0) name = "?column?";
          return 2;
        }
      }
      return 0;
    }
    case PG_QUERY__NODE__NODE_A_ARRAY_EXPR:
      name = "array";
      return 2;
    case PG_QUERY__NODE__NODE_ROW_EXPR:
      name = "row";
      return 2;
    case PG_QUERY__NODE__NODE_COALESCE_EXPR:
      name = "coalesce";
      return 2;
    case PG_QUERY__NODE__NODE_MIN_MAX_EXPR:
      name = node->min_max_expr->op == PG_QUERY__MIN_MAX_OP__IS_GREATEST ? "greatest" : "least";
      return 2;
    case PG_QUERY__NODE__NODE_GROUPING_FUNC:
      name = "grouping";
      return 2;
    case PG_QUERY__NODE__NODE_SQLVALUE_FUNCTION:
      switch (node->sqlvalue_function->op) {
        case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_DATE: name = "current_date"; return 2;
        case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_TIME:
        case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_TIME_N: name = "current_time"; return 2;
        case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_TIMESTAMP:
        case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_TIMESTAMP_N: name = "current_timestamp"; return 2;
        case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_LOCALTIME:
        case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_LOCALTIME_N: name = "localtime"; return 2;
        case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_LOCALTIMESTAMP:
        case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_LOCALTIMESTAMP_N: name = "localtimestamp"; return 2;
        case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_ROLE: name = "current_role"; return 2;
        case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_USER: name = "current_user"; return 2;
        case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_USER: name = "user"; return 2;
        case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_SESSION_USER: name = "session_user"; return 2;
        case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_CATALOG: name = "current_catalog"; return 2;
        case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_SCHEMA: name = "current_schema"; return 2;
        default: return 0;
      }
    default:
      return 0;
  }
}

}  // namespace

std::string default_column_name(const PgQuery__Node* node) {
  std::string name;
  if (figure_name(node, name) == 0) return "?column?";
  return name;
}

}  // namespace ptreedb::planner
