// Columnar batches that operators pass along: a Vector holds up to a chunk's
// worth of one column's values in one typed array, so kernels loop over plain
// arrays with the type switch hoisted out of the loop.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "storage/row/row.h"
#include "storage/value/date_time.h"
#include "storage/value/decimal.h"
#include "storage/value/interval.h"
#include "storage/value/type_id.h"

namespace ptreedb::exec {

inline constexpr std::size_t kChunkSize = 1024;

// How values of each SQL type are held in a vector:
//   kInt      boolean (0/1), smallint, integer, bigint, date (days), timestamp (µs)
//   kDouble   real, double precision
//   kDecimal  numeric
//   kText     char, varchar, text, uuid (16 bytes), bytea (views into rows or into owned strings)
//   kInterval interval
enum class Physical : std::uint8_t { kInt, kDouble, kDecimal, kText, kInterval };
Physical physical_of(value::TypeId type);

// Keeps the bytes that text views point into alive: a pinned table version
// (whose rows scans read in place) or new strings.
struct TextStorage {
  std::shared_ptr<const void> pinned;
  std::deque<std::string> strings;
  std::vector<std::shared_ptr<const TextStorage>> others;  // whole results kept at once
};

struct Vector {
  value::SqlType type;
  std::vector<std::uint8_t> nulls;  // 1 = NULL
  std::vector<std::int64_t> ints;
  std::vector<double> doubles;
  std::vector<value::Decimal> decimals;
  std::vector<std::string_view> texts;
  std::vector<value::Interval> intervals;
  std::vector<std::shared_ptr<const TextStorage>> text_owners;
  // numeric only: at or above 0, the values are int64 units at this one scale
  // in `ints` (value = ints[i] / 10^units_scale), not whole Decimals. Columns
  // numeric(p, s) with p <= 18 are read so, and the arithmetic, comparison
  // and sum kernels keep them so while every result fits: 8 bytes a value
  // instead of 32, and no scale to check per row.
  std::int32_t units_scale = kWholeDecimals;
  static constexpr std::int32_t kWholeDecimals = -1;

  Vector() = default;
  explicit Vector(value::SqlType sql_type) : type(sql_type) {}

  std::size_t size() const { return nulls.size(); }
  Physical physical() const { return physical_of(type.id); }
  bool is_null(std::size_t i) const { return nulls[i] != 0; }
  bool holds_units() const { return units_scale >= 0; }
  // Element i of a numeric vector, in either representation.
  value::Decimal decimal(std::size_t i) const {
    return holds_units() ? value::Decimal{ints[i], units_scale} : decimals[i];
  }
  // Sizes the null mask and the one value array this type uses.
  void resize(std::size_t count);
  // Appends element `i` of `other` (same type); the caller keeps its text alive.
  void append_from(const Vector& other, std::size_t i);
  // A vector of `count` copies of element 0 of `scalar`.
  static Vector broadcast(const Vector& scalar, std::size_t count);
};

// A numeric vector holding units turned into whole Decimals (else unchanged).
void widen_units(Vector& vector);
// The vector itself when it holds no units, else its values widened into
// `scratch` (whose arrays are reused).
const Vector& without_units(const Vector& vector, Vector& scratch);
// target[i] = source[j] for vectors of one type; a target holding units that
// cannot take the value is widened first.
void assign_element(Vector& target, std::size_t i, const Vector& source, std::size_t j);

// Rows of a chunk: one Vector per column, all of the same size.
struct Chunk {
  std::vector<Vector> columns;
  std::size_t size = 0;
};

// SQL ordering of two non-NULL elements of vectors of the same type: -1, 0, 1.
int compare_elements(const Vector& a, std::size_t i, const Vector& b, std::size_t j);

inline constexpr std::uint32_t kNoRow = UINT32_MAX;

// Elements `rows` of `source` (which has `source_size` rows), NULL where a row
// is kNoRow; an unloaded source column gives an unloaded vector.
Vector gather(const Vector& source, std::size_t source_size, const std::vector<std::uint32_t>& rows);
Chunk gather_rows(const Chunk& chunk, const std::vector<std::uint32_t>& rows);

// Appends the rows of `from` to `into` when both load the same columns (an
// unloaded column stays unloaded); false, with `into` unchanged, otherwise.
// An empty `into` takes `from`'s shape first (its arrays kept for reuse).
bool append_rows(Chunk& into, const Chunk& from);


// All rows of `chunks` in one chunk with columns of `types`.
Chunk concatenate(std::vector<Chunk> chunks, const std::vector<value::SqlType>& types);

// Mixes each element's hash into hashes[i]; SQL-equal values hash alike
// (1.5 and 1.50, 'a' and 'a ' as char(n), -0 and 0). NULLs hash as anything.
void hash_into(const Vector& vector, std::vector<std::uint64_t>& hashes);
// The same for elements [begin, end) only.
void hash_into(const Vector& vector, std::vector<std::uint64_t>& hashes, std::size_t begin, std::size_t end);

// Appends an order-preserving, equality-exact encoding of element `row`, so
// SQL-equal values (1.5 and 1.50, 'a' and 'a  ' in char(n)) get equal bytes.
void append_key_bytes(std::string& key, const Vector& vector, std::size_t row);

// Rows [begin, end) of a chunk.
Chunk slice(const Chunk& chunk, std::size_t begin, std::size_t end);

// Keeps only the rows whose `keep` flag is set.
Chunk select_rows(const Chunk& chunk, const std::vector<std::uint8_t>& keep);

}  // namespace ptreedb::exec
