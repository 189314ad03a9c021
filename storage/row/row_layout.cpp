#include "storage/row/row_layout.h"

namespace ptreedb::storage {

std::uint32_t slot_width(value::TypeId type) {
  using value::TypeId;
  switch (type) {
    case TypeId::kBoolean:
      return 1;
    case TypeId::kDate:
      return 4;
    case TypeId::kNumeric:
      return 20;
    case TypeId::kInterval:
      return 16;
    default:
      return 8;
  }
}

RowLayout::RowLayout(std::span<const value::TypeId> column_types)
    : types_(column_types.begin(), column_types.end()) {
  std::uint32_t bitmap_bytes = static_cast<std::uint32_t>((types_.size() + 7) / 8);
  std::uint32_t position = kHeaderBytes + bitmap_bytes;
  // Wide slots first keeps them 8-byte aligned without padding between columns.
  offsets_.resize(types_.size());
  for (std::uint32_t width : {20u, 16u, 8u, 4u, 1u}) {
    for (std::size_t column = 0; column < types_.size(); ++column) {
      if (slot_width(types_[column]) != width) continue;
      if (width >= 8) position = (position + 7) & ~7u;
      offsets_[column] = position;
      position += width == 20 ? 24 : width;
    }
  }
  fixed_size_ = (position + 7) & ~7u;
}

}  // namespace ptreedb::storage
