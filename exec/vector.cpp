#include "exec/vector.h"

#include "storage/value/character.h"
#include "storage/value/float_arith.h"

namespace ptreedb::exec {

Physical physical_of(value::TypeId type) {
  using value::TypeId;
  switch (type) {
    case TypeId::kReal:
    case TypeId::kDouble:
      return Physical::kDouble;
    case TypeId::kNumeric:
      return Physical::kDecimal;
    case TypeId::kChar:
    case TypeId::kVarchar:
    case TypeId::kText:
      return Physical::kText;
    case TypeId::kInterval:
      return Physical::kInterval;
    default:
      return Physical::kInt;
  }
}

void Vector::resize(std::size_t count) {
  nulls.resize(count, 0);
  switch (physical()) {
    case Physical::kInt:
      ints.resize(count);
      break;
    case Physical::kDouble:
      doubles.resize(count);
      break;
    case Physical::kDecimal:
      decimals.resize(count);
      break;
    case Physical::kText:
      texts.resize(count);
      break;
    case Physical::kInterval:
      intervals.resize(count);
      break;
  }
}

void Vector::append_from(const Vector& other, std::size_t i) {
  nulls.push_back(other.nulls[i]);
  switch (physical()) {
    case Physical::kInt:
      ints.push_back(other.ints[i]);
      break;
    case Physical::kDouble:
      doubles.push_back(other.doubles[i]);
      break;
    case Physical::kDecimal:
      decimals.push_back(other.decimals[i]);
      break;
    case Physical::kText:
      texts.push_back(other.texts[i]);
      break;
    case Physical::kInterval:
      intervals.push_back(other.intervals[i]);
      break;
  }
}

Vector Vector::broadcast(const Vector& scalar, std::size_t count) {
  Vector out(scalar.type);
  out.text_owners = scalar.text_owners;
  out.nulls.assign(count, scalar.nulls[0]);
  switch (scalar.physical()) {
    case Physical::kInt:
      out.ints.assign(count, scalar.ints[0]);
      break;
    case Physical::kDouble:
      out.doubles.assign(count, scalar.doubles[0]);
      break;
    case Physical::kDecimal:
      out.decimals.assign(count, scalar.decimals[0]);
      break;
    case Physical::kText:
      out.texts.assign(count, scalar.texts[0]);
      break;
    case Physical::kInterval:
      out.intervals.assign(count, scalar.intervals[0]);
      break;
  }
  return out;
}

int compare_elements(const Vector& a, std::size_t i, const Vector& b, std::size_t j) {
  switch (a.physical()) {
    case Physical::kInt:
      return (a.ints[i] > b.ints[j]) - (a.ints[i] < b.ints[j]);
    case Physical::kDouble:
      return value::float_compare(a.doubles[i], b.doubles[j]);
    case Physical::kDecimal:
      return value::decimal_compare(a.decimals[i], b.decimals[j]);
    case Physical::kText: {
      // character(n) compares without trailing blanks; other text bytewise (C collation).
      if (a.type.id == value::TypeId::kChar) return value::bpchar_compare(a.texts[i], b.texts[j]);
      int order = a.texts[i].compare(b.texts[j]);
      return (order > 0) - (order < 0);
    }
    case Physical::kInterval:
      return value::interval_compare(a.intervals[i], b.intervals[j]);
  }
  return 0;
}

Chunk select_rows(const Chunk& chunk, const std::vector<std::uint8_t>& keep) {
  Chunk out;
  out.columns.reserve(chunk.columns.size());
  for (const Vector& column : chunk.columns) {
    Vector selected(column.type);
    selected.text_owners = column.text_owners;
    // Columns the query never reads are left unloaded (empty) by the scan.
    if (column.size() == chunk.size) {
      for (std::size_t i = 0; i < chunk.size; ++i) {
        if (keep[i]) selected.append_from(column, i);
      }
    }
    out.columns.push_back(std::move(selected));
  }
  out.size = 0;
  for (std::size_t i = 0; i < chunk.size; ++i) out.size += keep[i] != 0;
  return out;
}

}  // namespace ptreedb::exec
