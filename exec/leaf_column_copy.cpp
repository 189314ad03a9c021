#include "exec/leaf_column_copy.h"

#include <cstring>

namespace ptreedb::exec {

namespace {

using storage::LeafColumn;

// Calls move(source_index, target_index) for each element, after the NULL
// flags; `index(i)` is the leaf row of the i-th element.
template <class Index>
void move_values(const LeafColumn& column, std::uint32_t count, Vector& vector, std::size_t to, Index index) {
  std::uint8_t* nulls = vector.nulls.data() + to;
  if (const std::uint8_t* source_nulls = column.nulls()) {
    for (std::uint32_t i = 0; i < count; ++i) nulls[i] = source_nulls[index(i)];
  } else {
    std::memset(nulls, 0, count);
  }
  auto widen = [&](auto* out, const auto* in, auto convert) {
    for (std::uint32_t i = 0; i < count; ++i) out[i] = convert(in[index(i)]);
  };
  auto same = [](auto value) { return value; };
  // Integral columns: reference plus code, into int64s.
  auto decode = [&](std::int64_t* out) {
    const std::int64_t reference = column.reference();
    column.visit_codes([&](const auto* codes) {
      widen(out, codes, [reference](std::uint64_t code) { return LeafColumn::decode(reference, code); });
    });
  };
  switch (column.storage()) {
    case LeafColumn::Storage::kBytes:
      widen(vector.ints.data() + to, column.values<std::uint8_t>(), [](std::uint8_t v) { return std::int64_t{v}; });
      break;
    case LeafColumn::Storage::kInt32:
    case LeafColumn::Storage::kInt64:
      decode(vector.ints.data() + to);
      break;
    case LeafColumn::Storage::kDouble:
      widen(vector.doubles.data() + to, column.values<double>(), same);
      break;
    case LeafColumn::Storage::kDecimal64: {
      const std::int32_t scale = column.decimal_scale();
      if (vector.units_scale == scale) {
        decode(vector.ints.data() + to);
        break;
      }
      widen_units(vector);  // a leaf at another scale: whole Decimals from here on
      const std::int64_t reference = column.reference();
      column.visit_codes([&](const auto* codes) {
        widen(vector.decimals.data() + to, codes, [reference, scale](std::uint64_t code) {
          return value::Decimal{LeafColumn::decode(reference, code), scale};
        });
      });
      break;
    }
    case LeafColumn::Storage::kDecimal128:
      widen_units(vector);
      widen(vector.decimals.data() + to, column.values<value::Decimal>(), same);
      break;
    case LeafColumn::Storage::kText:
      widen(vector.texts.data() + to, column.values<std::string_view>(), same);
      break;
    case LeafColumn::Storage::kInterval:
      widen(vector.intervals.data() + to, column.values<value::Interval>(), same);
      break;
  }
}

}  // namespace

void copy_leaf_column(const LeafColumn& column, std::uint32_t from, std::uint32_t count, Vector& vector,
                      std::size_t to) {
  move_values(column, count, vector, to, [from](std::uint32_t i) { return from + i; });
}

void gather_leaf_column(const LeafColumn& column, const std::uint32_t* picks, std::uint32_t picks_base,
                        std::uint32_t count, Vector& vector, std::size_t to) {
  move_values(column, count, vector, to, [picks, picks_base](std::uint32_t i) { return picks[i] - picks_base; });
}

}  // namespace ptreedb::exec
