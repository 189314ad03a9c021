// Casts into, out of and between arrays held as their text.
#include "exec/array_cast.h"

#include <catch2/catch.hpp>

#include "exec/vector_parts.h"
#include "storage/sql_error.h"

using namespace ptreedb;
using namespace ptreedb::exec;
using value::SqlType;
using value::TypeId;

namespace {

Vector texts(const std::vector<std::string>& values, SqlType type = SqlType::of(TypeId::kText)) {
  Vector out(type);
  out.resize(values.size());
  auto storage = new_text_storage(out);
  for (std::size_t i = 0; i < values.size(); ++i) {
    storage->strings.push_back(values[i]);
    out.texts[i] = storage->strings.back();
  }
  return out;
}

const SqlType kIntArray = SqlType::array_of(SqlType::of(TypeId::kInteger));

}  // namespace

TEST_CASE("text to an array reads each element with the element's input function") {
  Vector out = cast_array(texts({" {1, 02 ,NULL} ", "{}"}), kIntArray, true);
  CHECK(out.type == kIntArray);
  CHECK(out.texts[0] == "{1,2,NULL}");
  CHECK(out.texts[1] == "{}");
  CHECK_THROWS_AS(cast_array(texts({"{a}"}), kIntArray, true), SqlError);
  CHECK_THROWS_AS(cast_array(texts({"{1"}), kIntArray, true), SqlError);
}

TEST_CASE("arrays cast element by element") {
  Vector numbers = cast_array(texts({"{1.5,2.4}"}), SqlType::array_of(SqlType::of(TypeId::kNumeric)), true);
  CHECK(cast_array(numbers, kIntArray, true).texts[0] == "{2,2}");
  Vector words = cast_array(texts({"{a b,c}"}), SqlType::array_of(SqlType::of(TypeId::kText)), true);
  CHECK(words.texts[0] == "{\"a b\",c}");
  CHECK(cast_array(words, SqlType::of(TypeId::kText), true).texts[0] == "{\"a b\",c}");
}

TEST_CASE("flattened elements keep each row's place") {
  Vector arrays = texts({"{1,2}", "{}", "{3}"}, kIntArray);
  FlatElements flat = flatten_arrays(arrays);
  CHECK(flat.offsets == std::vector<std::size_t>{0, 2, 2, 3});
  CHECK(flat.values.type.id == TypeId::kInteger);
  CHECK(flat.values.ints[2] == 3);
  CHECK(array_literal_of(flat.values, 0, 3) == "{1,2,3}");
}
