// Text functions of fixed signatures: repeat, lpad/rpad, left/right, reverse,
// split_part, translate, replace, initcap, chr/ascii, to_hex, starts_with.
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"
#include "storage/sql_error.h"

namespace ptreedb::planner {
namespace {

using value::TypeId;

constexpr TypeId kText = TypeId::kText, kInt = TypeId::kInteger;

BoundExpression bind_repeat(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_signature(FunctionId::kRepeat, name, args, location, {kText, kInt}, kText);
}

// lpad(text, length [, fill]), rpad: the fill defaults to a space.
template <FunctionId id>
BoundExpression bind_pad(const std::string& name, std::vector<BoundExpression>& args, int location) {
  if (args.size() == 2) return bind_signature(id, name, args, location, {kText, kInt}, kText);
  return bind_signature(id, name, args, location, {kText, kInt, kText}, kText);
}

template <FunctionId id>
BoundExpression bind_text_end(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_signature(id, name, args, location, {kText, kInt}, kText);
}

BoundExpression bind_reverse(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_signature(FunctionId::kReverse, name, args, location, {kText}, kText);
}

BoundExpression bind_split_part(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_signature(FunctionId::kSplitPart, name, args, location, {kText, kText, kInt}, kText);
}

BoundExpression bind_translate(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_signature(FunctionId::kTranslate, name, args, location, {kText, kText, kText}, kText);
}

BoundExpression bind_replace(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_signature(FunctionId::kReplace, name, args, location, {kText, kText, kText}, kText);
}

BoundExpression bind_initcap(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_signature(FunctionId::kInitcap, name, args, location, {kText}, kText);
}

BoundExpression bind_chr(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_signature(FunctionId::kChr, name, args, location, {kInt}, kText);
}

BoundExpression bind_ascii(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_signature(FunctionId::kAscii, name, args, location, {kText}, kInt);
}

// to_hex(integer) or to_hex(bigint): the two's complement digits of its width.
BoundExpression bind_to_hex(const std::string& name, std::vector<BoundExpression>& args, int location) {
  if (args.size() == 1 && args[0].type.id == TypeId::kSmallint) {
    // smallint casts to integer and to bigint alike: PostgreSQL cannot choose.
    throw SqlError("42725", "function " + name + "(smallint) is not unique", {},
                   "Could not choose a best candidate function. You might need to add explicit type casts.",
                   location + 1);
  }
  const TypeId width = args.size() == 1 && args[0].type.id == TypeId::kBigint ? TypeId::kBigint : kInt;
  return bind_signature(FunctionId::kToHex, name, args, location, {width}, kText);
}

BoundExpression bind_starts_with(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_signature(FunctionId::kStartsWith, name, args, location, {kText, kText}, TypeId::kBoolean);
}

}  // namespace

const FunctionBinding kRepeatBinding{FunctionId::kRepeat, "repeat", {"repeat"}, bind_repeat};
const FunctionBinding kLpadBinding{FunctionId::kLpad, "lpad", {"lpad"}, bind_pad<FunctionId::kLpad>};
const FunctionBinding kRpadBinding{FunctionId::kRpad, "rpad", {"rpad"}, bind_pad<FunctionId::kRpad>};
const FunctionBinding kLeftBinding{FunctionId::kLeft, "left", {"left"}, bind_text_end<FunctionId::kLeft>};
const FunctionBinding kRightBinding{FunctionId::kRight, "right", {"right"}, bind_text_end<FunctionId::kRight>};
const FunctionBinding kReverseBinding{FunctionId::kReverse, "reverse", {"reverse"}, bind_reverse};
const FunctionBinding kSplitPartBinding{FunctionId::kSplitPart, "split_part", {"split_part"}, bind_split_part};
const FunctionBinding kTranslateBinding{FunctionId::kTranslate, "translate", {"translate"}, bind_translate};
const FunctionBinding kReplaceBinding{FunctionId::kReplace, "replace", {"replace"}, bind_replace};
const FunctionBinding kInitcapBinding{FunctionId::kInitcap, "initcap", {"initcap"}, bind_initcap};
const FunctionBinding kChrBinding{FunctionId::kChr, "chr", {"chr"}, bind_chr};
const FunctionBinding kAsciiBinding{FunctionId::kAscii, "ascii", {"ascii"}, bind_ascii};
const FunctionBinding kToHexBinding{FunctionId::kToHex, "to_hex", {"to_hex"}, bind_to_hex};
const FunctionBinding kStartsWithBinding{FunctionId::kStartsWith, "starts_with", {"starts_with"}, bind_starts_with};

}  // namespace ptreedb::planner
