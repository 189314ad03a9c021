// substring(text, start [, count]) in UTF-8 characters, 1-based, clipped to the text.
#include <optional>

#include "exec/functions/function_kernel.h"
#include "storage/sql_error.h"

namespace ptreedb::exec {
namespace {

std::string_view utf8_substring(std::string_view text, std::int64_t start, std::optional<std::int64_t> count) {
  if (count && *count < 0) throw SqlError("22011", "negative substring length not allowed");
  // Characters [start, start + count) in 1-based positions, clipped to the text.
  std::int64_t first = std::max<std::int64_t>(start, 1);
  std::int64_t end = count ? start + *count : INT64_MAX;
  if (count && start > INT64_MAX - *count) end = INT64_MAX;
  std::size_t byte = 0, begin_byte = text.size(), end_byte = text.size();
  for (std::int64_t position = 1; byte <= text.size(); ++position) {
    if (position == first) begin_byte = byte;
    if (position == end) {
      end_byte = byte;
      break;
    }
    if (byte == text.size()) break;
    unsigned char lead = static_cast<unsigned char>(text[byte]);
    byte += lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : (lead >> 3) == 0x1E ? 4 : 1;
    byte = std::min(byte, text.size());
  }
  if (end <= first || begin_byte >= end_byte) return {};
  return text.substr(begin_byte, end_byte - begin_byte);
}

// The same in bytes, for bytea.
std::string_view byte_substring(std::string_view bytes, std::int64_t start, std::optional<std::int64_t> count) {
  if (count && *count < 0) throw SqlError("22011", "negative substring length not allowed");
  const std::int64_t size = static_cast<std::int64_t>(bytes.size());
  const std::int64_t first = std::max<std::int64_t>(start, 1);
  std::int64_t end = size + 1;
  if (count && start <= INT64_MAX - *count) end = std::min(end, start + *count);
  if (end <= first) return {};
  return bytes.substr(static_cast<std::size_t>(std::min(first, size + 1) - 1),
                      static_cast<std::size_t>(end - std::min(first, size + 1)));
}

Vector evaluate_substring(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  const Vector& a = args[0];
  Vector out = new_result(expr.type, input.size);
  out.text_owners = a.text_owners;
  for (std::size_t i = 0; i < input.size; ++i) {
    bool null = a.nulls[i] || args[1].nulls[i] || (args.size() > 2 && args[2].nulls[i]);
    out.nulls[i] = null;
    if (null) continue;
    std::optional<std::int64_t> length;
    if (args.size() > 2) length = args[2].ints[i];
    out.texts[i] = a.type.id == value::TypeId::kBytea ? byte_substring(a.texts[i], args[1].ints[i], length)
                                                      : utf8_substring(a.texts[i], args[1].ints[i], length);
  }
  return out;
}

}  // namespace

const FunctionKernel kSubstringKernel{planner::FunctionId::kSubstring, evaluate_substring};

}  // namespace ptreedb::exec
