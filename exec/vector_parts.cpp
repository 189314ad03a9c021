#include "exec/vector_parts.h"

namespace ptreedb::exec {

std::shared_ptr<TextStorage> new_text_storage(Vector& out) {
  auto storage = std::make_shared<TextStorage>();
  out.text_owners.push_back(storage);
  return storage;
}

void scatter(Vector& out, const std::vector<std::uint32_t>& rows, const Vector& values) {
  for (const auto& owner : values.text_owners) out.text_owners.push_back(owner);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    std::uint32_t row = rows[i];
    out.nulls[row] = values.nulls[i];
    switch (out.physical()) {
      case Physical::kInt: out.ints[row] = values.ints[i]; break;
      case Physical::kDouble: out.doubles[row] = values.doubles[i]; break;
      case Physical::kDecimal: out.decimals[row] = values.decimals[i]; break;
      case Physical::kText: out.texts[row] = values.texts[i]; break;
      case Physical::kInterval: out.intervals[row] = values.intervals[i]; break;
    }
  }
}

}  // namespace ptreedb::exec
