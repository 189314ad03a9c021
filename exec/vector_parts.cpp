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
    assign_element(out, row, values, i);
  }
}

}  // namespace ptreedb::exec
