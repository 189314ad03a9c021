// Casts into, out of and between one-dimensional arrays, which vectors hold
// as their canonical text ('{1,2,NULL}'): text to an array reads the literal
// and each element with the element type's input function; an array to text
// is its text; an array to another array casts its elements one by one.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "exec/vector.h"
#include "storage/value/array_literal.h"

namespace ptreedb::exec {

Vector cast_array(const Vector& input, value::SqlType target, bool explicit_cast);

// The elements of each row's array as one vector of `array_type`'s element
// type, with where each row's elements start (offsets has rows + 1 entries;
// a NULL array has none).
struct FlatElements {
  Vector values;
  std::vector<std::size_t> offsets;
};
FlatElements flatten_arrays(const Vector& arrays);

// Elements of vector `values` as one array literal: values[begin, end).
std::string array_literal_of(const Vector& values, std::size_t begin, std::size_t end);
// One value as array_out writes an element (quoted if it must be).
void append_array_value(std::string& out, const Vector& values, std::size_t i);

}  // namespace ptreedb::exec
