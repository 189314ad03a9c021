#include "exec/vector.h"

#include <algorithm>

#include <cmath>
#include <cstring>
#include <functional>

#include "exec/hash_mix.h"
#include "storage/row/key_encoding.h"
#include "storage/value/character.h"
#include "storage/row/array_key.h"
#include "storage/value/jsonb_order.h"
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
    case TypeId::kName:
    case TypeId::kUuid:
    case TypeId::kBytea:
    case TypeId::kEnum:
    case TypeId::kJson:
    case TypeId::kJsonb:
    case TypeId::kArray:
      return Physical::kText;
    case TypeId::kInterval:
      return Physical::kInterval;
    default:
      return Physical::kInt;
  }
}

void widen_units(Vector& vector) {
  if (!vector.holds_units()) return;
  const std::size_t count = vector.ints.size();
  vector.decimals.resize(count);
  for (std::size_t i = 0; i < count; ++i) vector.decimals[i] = value::Decimal{vector.ints[i], vector.units_scale};
  vector.units_scale = Vector::kWholeDecimals;
  vector.ints.clear();
}

const Vector& without_units(const Vector& vector, Vector& scratch) {
  if (!vector.holds_units()) return vector;
  scratch.type = vector.type;
  scratch.units_scale = Vector::kWholeDecimals;
  scratch.nulls.assign(vector.nulls.begin(), vector.nulls.end());
  scratch.decimals.resize(vector.ints.size());
  for (std::size_t i = 0; i < vector.ints.size(); ++i) scratch.decimals[i] = vector.decimal(i);
  scratch.text_owners.clear();
  return scratch;
}

void assign_element(Vector& target, std::size_t i, const Vector& source, std::size_t j) {
  switch (target.physical()) {
    case Physical::kInt: target.ints[i] = source.ints[j]; break;
    case Physical::kDouble: target.doubles[i] = source.doubles[j]; break;
    case Physical::kDecimal:
      if (target.holds_units()) {
        if (source.holds_units() && source.units_scale == target.units_scale) {
          target.ints[i] = source.ints[j];
          break;
        }
        widen_units(target);
      }
      target.decimals[i] = source.decimal(j);
      break;
    case Physical::kText: target.texts[i] = source.texts[j]; break;
    case Physical::kInterval: target.intervals[i] = source.intervals[j]; break;
  }
}

namespace {

// Before `from`'s numeric values are appended to `to`: an empty `to` takes
// `from`'s form, a non-empty one of another form is widened.
void match_decimal_form(Vector& to, const Vector& from) {
  if (to.physical() != Physical::kDecimal || to.units_scale == from.units_scale) return;
  if (to.size() == 0) {
    to.units_scale = from.units_scale;
    to.ints.clear();
    to.decimals.clear();
  } else {
    widen_units(to);
  }
}

// `from`'s numeric values [begin, begin + count) appended to `to`, after
// match_decimal_form: units stay units only when both hold them.
void append_decimal_values(Vector& to, const Vector& from, std::size_t begin, std::size_t count) {
  const auto first = static_cast<std::ptrdiff_t>(begin), last = static_cast<std::ptrdiff_t>(begin + count);
  if (to.holds_units()) {
    to.ints.insert(to.ints.end(), from.ints.begin() + first, from.ints.begin() + last);
  } else if (!from.holds_units()) {
    to.decimals.insert(to.decimals.end(), from.decimals.begin() + first, from.decimals.begin() + last);
  } else {
    for (std::size_t i = begin; i < begin + count; ++i) to.decimals.push_back(from.decimal(i));
  }
}

// Makes `into` an empty chunk with `from`'s columns (types, numeric form),
// keeping the capacity of its arrays.
void reset_like(Chunk& into, const Chunk& from) {
  into.size = 0;
  into.columns.resize(from.columns.size());
  for (std::size_t c = 0; c < from.columns.size(); ++c) {
    Vector& to = into.columns[c];
    to.type = from.columns[c].type;
    to.units_scale = from.columns[c].units_scale;
    to.nulls.clear();
    to.ints.clear();
    to.doubles.clear();
    to.decimals.clear();
    to.texts.clear();
    to.intervals.clear();
    to.text_owners.clear();
  }
}

// Whether both chunks have the same column types, loaded in the same columns.
bool same_columns_loaded(const Chunk& a, const Chunk& b) {
  if (a.columns.size() != b.columns.size()) return false;
  for (std::size_t c = 0; c < a.columns.size(); ++c) {
    bool loaded_a = a.columns[c].size() == a.size, loaded_b = b.columns[c].size() == b.size;
    if (loaded_a != loaded_b || a.columns[c].type.id != b.columns[c].type.id) return false;
  }
  return true;
}

}  // namespace

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
      if (holds_units()) {
        ints.resize(count);
      } else {
        decimals.resize(count);
      }
      break;
    case Physical::kText:
      texts.resize(count);
      break;
    case Physical::kInterval:
      intervals.resize(count);
      break;
  }
}

bool append_rows(Chunk& into, const Chunk& from) {
  if (into.size == 0) {
    reset_like(into, from);
  } else if (!same_columns_loaded(into, from)) {
    return false;
  }
  auto append = [](auto& to, const auto& values, std::size_t count) { to.insert(to.end(), values.begin(), values.begin() + count); };
  for (std::size_t c = 0; c < into.columns.size(); ++c) {
    Vector& to = into.columns[c];
    const Vector& source = from.columns[c];
    if (source.size() != from.size) continue;  // unloaded in both
    match_decimal_form(to, source);
    append(to.nulls, source.nulls, from.size);
    switch (to.physical()) {
      case Physical::kInt: append(to.ints, source.ints, from.size); break;
      case Physical::kDouble: append(to.doubles, source.doubles, from.size); break;
      case Physical::kDecimal: append_decimal_values(to, source, 0, from.size); break;
      case Physical::kText: append(to.texts, source.texts, from.size); break;
      case Physical::kInterval: append(to.intervals, source.intervals, from.size); break;
    }
    for (const auto& owner : source.text_owners) {
      if (std::find(to.text_owners.begin(), to.text_owners.end(), owner) == to.text_owners.end()) {
        to.text_owners.push_back(owner);
      }
    }
  }
  into.size += from.size;
  return true;
}

void Vector::append_from(const Vector& other, std::size_t i) {
  match_decimal_form(*this, other);
  nulls.push_back(other.nulls[i]);
  switch (physical()) {
    case Physical::kInt:
      ints.push_back(other.ints[i]);
      break;
    case Physical::kDouble:
      doubles.push_back(other.doubles[i]);
      break;
    case Physical::kDecimal:
      append_decimal_values(*this, other, i, 1);
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
      out.units_scale = scalar.units_scale;
      if (scalar.holds_units()) {
        out.ints.assign(count, scalar.ints[0]);
      } else {
        out.decimals.assign(count, scalar.decimals[0]);
      }
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
      if (a.holds_units() && a.units_scale == b.units_scale) return (a.ints[i] > b.ints[j]) - (a.ints[i] < b.ints[j]);
      return value::decimal_compare(a.decimal(i), b.decimal(j));
    case Physical::kText: {
      // character(n) compares without trailing blanks; other text bytewise (C collation).
      if (a.type.id == value::TypeId::kChar) return value::bpchar_compare(a.texts[i], b.texts[j]);
      if (a.type.id == value::TypeId::kJsonb) return value::jsonb_compare(a.texts[i], b.texts[j]);
      if (a.type.id == value::TypeId::kArray) return storage::array_compare(a.texts[i], b.texts[j], a.type.element);
      int order = a.texts[i].compare(b.texts[j]);
      return (order > 0) - (order < 0);
    }
    case Physical::kInterval:
      return value::interval_compare(a.intervals[i], b.intervals[j]);
  }
  return 0;
}

Chunk select_rows(const Chunk& chunk, const std::vector<std::uint8_t>& keep) {
  std::vector<std::uint32_t> rows;
  rows.reserve(chunk.size);
  for (std::size_t i = 0; i < chunk.size; ++i) {
    if (keep[i]) rows.push_back(static_cast<std::uint32_t>(i));
  }
  return gather_rows(chunk, rows);
}

}  // namespace ptreedb::exec

namespace ptreedb::exec {

namespace {

template <class T>
void gather_values(std::vector<T>& out, const std::vector<T>& in, const std::vector<std::uint32_t>& rows) {
  out.resize(rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) out[i] = rows[i] == kNoRow ? T{} : in[rows[i]];
}


}  // namespace

void append_key_bytes(std::string& key, const Vector& vector, std::size_t row) {
  namespace encode = storage::key_encoding;
  if (vector.is_null(row)) {
    encode::append_null(key);
    return;
  }
  encode::append_not_null(key);
  switch (vector.physical()) {
    case Physical::kInt:
      encode::append_int(key, vector.ints[row]);
      break;
    case Physical::kDouble:
      encode::append_double(key, vector.doubles[row]);
      break;
    case Physical::kDecimal:
      encode::append_decimal(key, vector.decimal(row));
      break;
    case Physical::kText:
      if (vector.type.id == value::TypeId::kJsonb) {
        encode::append_text(key, value::jsonb_key(vector.texts[row]));
        break;
      }
      if (vector.type.id == value::TypeId::kArray) {
        storage::append_array_key(key, vector.texts[row], vector.type.element);
        break;
      }
      encode::append_text(key, vector.type.id == value::TypeId::kChar ? value::bpchar_significant(vector.texts[row])
                                                                      : vector.texts[row]);
      break;
    case Physical::kInterval: {
      const auto& span = vector.intervals[row];
      encode::append_interval(key, span.months, span.days, span.micros);
      break;
    }
  }
}

Chunk slice(const Chunk& chunk, std::size_t begin, std::size_t end) {
  std::vector<std::uint32_t> rows(end - begin);
  for (std::size_t i = begin; i < end; ++i) rows[i - begin] = static_cast<std::uint32_t>(i);
  return gather_rows(chunk, rows);
}

Vector gather(const Vector& source, std::size_t source_size, const std::vector<std::uint32_t>& rows) {
  Vector out(source.type);
  out.text_owners = source.text_owners;
  out.units_scale = source.units_scale;
  if (source.size() != source_size) return out;  // a column nobody reads stays unloaded
  out.nulls.resize(rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) out.nulls[i] = rows[i] == kNoRow ? 1 : source.nulls[rows[i]];
  switch (source.physical()) {
    case Physical::kInt: gather_values(out.ints, source.ints, rows); break;
    case Physical::kDouble: gather_values(out.doubles, source.doubles, rows); break;
    case Physical::kDecimal:
      if (source.holds_units()) {
        gather_values(out.ints, source.ints, rows);
      } else {
        gather_values(out.decimals, source.decimals, rows);
      }
      break;
    case Physical::kText: gather_values(out.texts, source.texts, rows); break;
    case Physical::kInterval: gather_values(out.intervals, source.intervals, rows); break;
  }
  return out;
}

Chunk gather_rows(const Chunk& chunk, const std::vector<std::uint32_t>& rows) {
  Chunk out;
  out.size = rows.size();
  out.columns.reserve(chunk.columns.size());
  for (const Vector& column : chunk.columns) out.columns.push_back(gather(column, chunk.size, rows));
  return out;
}

Chunk concatenate(std::vector<Chunk> chunks, const std::vector<value::SqlType>& types) {
  Chunk out;
  for (const auto& type : types) out.columns.emplace_back(type);
  for (auto& chunk : chunks) {
    for (std::size_t c = 0; c < types.size(); ++c) {
      Vector& target = out.columns[c];
      const Vector& source = chunk.columns[c];
      if (source.size() != chunk.size) continue;
      match_decimal_form(target, source);
      target.nulls.insert(target.nulls.end(), source.nulls.begin(), source.nulls.end());
      switch (target.physical()) {
        case Physical::kInt: target.ints.insert(target.ints.end(), source.ints.begin(), source.ints.end()); break;
        case Physical::kDouble: target.doubles.insert(target.doubles.end(), source.doubles.begin(), source.doubles.end()); break;
        case Physical::kDecimal: append_decimal_values(target, source, 0, chunk.size); break;
        case Physical::kText: target.texts.insert(target.texts.end(), source.texts.begin(), source.texts.end()); break;
        case Physical::kInterval: target.intervals.insert(target.intervals.end(), source.intervals.begin(), source.intervals.end()); break;
      }
      if (!source.text_owners.empty()) {
        // One holder per column, so later gathers copy one owner, not thousands.
        if (target.text_owners.empty()) target.text_owners.push_back(std::make_shared<TextStorage>());
        auto& holder = const_cast<TextStorage&>(*target.text_owners[0]);
        for (const auto& owner : source.text_owners) holder.others.push_back(owner);
      }
    }
    out.size += chunk.size;
  }
  // Columns that were never loaded stay empty; loaded ones cover every row.
  for (auto& column : out.columns) {
    if (column.size() != out.size) column = Vector(column.type);
  }
  return out;
}

void hash_into(const Vector& vector, std::vector<std::uint64_t>& hashes) {
  hash_into(vector, hashes, 0, vector.size());
}

void hash_into(const Vector& vector, std::vector<std::uint64_t>& hashes, std::size_t begin, std::size_t count) {
  auto combine = [&](std::size_t i, std::uint64_t h) { hashes[i] = mix64(hashes[i] * 31 + h); };
  switch (vector.physical()) {
    case Physical::kInt:
      for (std::size_t i = begin; i < count; ++i) combine(i, static_cast<std::uint64_t>(vector.ints[i]));
      break;
    case Physical::kDouble:
      for (std::size_t i = begin; i < count; ++i) {
        double d = vector.doubles[i];
        if (d == 0) d = 0;        // -0 equals 0
        if (d != d) d = NAN;      // every NaN equals every NaN in SQL
        std::uint64_t bits;
        std::memcpy(&bits, &d, sizeof bits);
        combine(i, bits);
      }
      break;
    case Physical::kDecimal:
      for (std::size_t i = begin; i < count; ++i) {
        // 1.5 and 1.50 are equal: hash the value without trailing zeros.
        __int128 units = vector.decimal(i).units;
        while (units != 0 && units % 10 == 0) units /= 10;
        combine(i, static_cast<std::uint64_t>(units) ^ static_cast<std::uint64_t>(units >> 64));
      }
      break;
    case Physical::kText:
      for (std::size_t i = begin; i < count; ++i) {
        if (vector.type.id == value::TypeId::kJsonb) {  // equal values (1.0, 1.00) hash alike
          combine(i, std::hash<std::string>{}(value::jsonb_key(vector.texts[i])));
          continue;
        }
        if (vector.type.id == value::TypeId::kArray) {  // '{1.0}' and '{1.00}' too
          combine(i, std::hash<std::string>{}(storage::array_key(vector.texts[i], vector.type.element)));
          continue;
        }
        std::string_view text = vector.type.id == value::TypeId::kChar ? value::bpchar_significant(vector.texts[i])
                                                                        : vector.texts[i];
        combine(i, std::hash<std::string_view>{}(text));
      }
      break;
    case Physical::kInterval:
      for (std::size_t i = begin; i < count; ++i) {
        const auto& span = vector.intervals[i];
        // Equal intervals have equal totals (a month is 30 days, a day 24 hours).
        __int128 total = (static_cast<__int128>(span.months) * 30 + span.days) * 86400000000LL + span.micros;
        combine(i, static_cast<std::uint64_t>(total) ^ static_cast<std::uint64_t>(total >> 64));
      }
      break;
  }
}

}  // namespace ptreedb::exec
