#include "exec/array_cast.h"

#include "exec/evaluate.h"
#include "exec/vector_parts.h"
#include "storage/sql_error.h"
#include "storage/value/extra_float_digits.h"

namespace ptreedb::exec {
namespace {

using value::SqlType;
using value::TypeId;

// The element texts of `literals` (each row's array text) as one text vector.
FlatElements element_texts(const Vector& literals) {
  FlatElements flat{Vector(SqlType::of(TypeId::kText)), {0}};
  auto storage = new_text_storage(flat.values);
  std::vector<std::string_view> texts;
  std::vector<std::uint8_t> nulls;
  for (std::size_t row = 0; row < literals.size(); ++row) {
    if (!literals.nulls[row]) {
      for (value::ArrayElement& element : value::parse_array_literal(literals.texts[row])) {
        nulls.push_back(element ? 0 : 1);
        if (element) {
          storage->strings.push_back(std::move(*element));
          texts.push_back(storage->strings.back());
        } else {
          texts.emplace_back();
        }
      }
    }
    flat.offsets.push_back(texts.size());
  }
  flat.values.resize(texts.size());
  flat.values.texts = std::move(texts);
  flat.values.nulls = std::move(nulls);
  return flat;
}

// Each row's elements back into literals, NULL where the input row is NULL.
Vector literals_of(const FlatElements& flat, const Vector& input, SqlType target) {
  Vector out(target);
  out.resize(input.size());
  out.nulls = input.nulls;
  auto storage = new_text_storage(out);
  for (std::size_t row = 0; row < input.size(); ++row) {
    if (out.nulls[row]) continue;
    storage->strings.push_back(array_literal_of(flat.values, flat.offsets[row], flat.offsets[row + 1]));
    out.texts[row] = storage->strings.back();
  }
  return out;
}

}  // namespace

void append_array_value(std::string& out, const Vector& values, std::size_t i) {
  if (values.nulls[i]) {
    out += "NULL";
    return;
  }
  std::string text;
  {
    value::RoundTripFloats exact;  // arrays are held as text: their elements must read back unchanged
    append_text(text, values, i);
  }
  value::append_array_element(out, text);
}

std::string array_literal_of(const Vector& values, std::size_t begin, std::size_t end) {
  std::string out = "{";
  for (std::size_t i = begin; i < end; ++i) {
    if (i > begin) out += ',';
    append_array_value(out, values, i);
  }
  out += '}';
  return out;
}

FlatElements flatten_arrays(const Vector& arrays) {
  FlatElements flat = element_texts(arrays);
  flat.values = cast_vector(flat.values, arrays.type.element_type(), true);
  return flat;
}

Vector cast_array(const Vector& input, SqlType target, bool explicit_cast) {
  if (input.type.is_array() && !target.is_array()) {
    // The text form, then the string type's length rules.
    Vector text(SqlType::of(TypeId::kText));
    text.resize(input.size());
    text.nulls = input.nulls;
    text.texts = input.texts;
    text.text_owners = input.text_owners;
    return cast_vector(text, target, explicit_cast);
  }
  if (!input.type.is_array() && !value::is_character_type(input.type.id)) {
    throw SqlError("42846", "cannot cast type " + value::format_type(input.type) + " to " + value::format_type(target));
  }
  FlatElements flat = element_texts(input);
  if (input.type.is_array()) {
    // Element by element: each element's text read as the source type, then cast.
    flat.values = cast_vector(flat.values, input.type.element_type(), true);
    flat.values = cast_vector(flat.values, target.element_type(), explicit_cast);
  } else {
    flat.values = cast_vector(flat.values, target.element_type(), false);
  }
  return literals_of(flat, input, target);
}

}  // namespace ptreedb::exec
