// PostgreSQL's btree order of one-dimensional arrays (array_cmp) as an
// order-preserving byte encoding, so comparisons, sorting, keys and hashing
// share one definition: elements compared in turn by their type's order, a
// NULL element above every value, and an array that is a prefix of another
// first ('{}' lowest). Equal arrays encode equally ('{1.0}' and '{1.00}').
#pragma once

#include <string>
#include <string_view>

#include "storage/value/type_id.h"

namespace ptreedb::storage {

// The encoding of an array's canonical text whose elements are of `element`.
void append_array_key(std::string& key, std::string_view array_text, value::TypeId element);
std::string array_key(std::string_view array_text, value::TypeId element);

// -1, 0, 1 in array_cmp's order.
int array_compare(std::string_view a, std::string_view b, value::TypeId element);

}  // namespace ptreedb::storage
