// PostgreSQL's btree ordering of jsonb (compareJsonbContainers) as an
// order-preserving byte encoding, so one definition serves comparisons,
// sorting, primary keys and hashing: equal jsonb values (1.0 and 1.00 too)
// encode to equal bytes. The order: object > array > boolean > number >
// string > null; containers with more pairs or elements first by count; a
// top-level scalar is a one-element array that sorts before a real one;
// strings bytewise (the C collation).
#pragma once

#include <string>
#include <string_view>

#include "storage/value/json_value.h"

namespace ptreedb::value {

void append_jsonb_key(std::string& key, const JsonValue& value);
// The encoding of a stored (normalized) jsonb text.
std::string jsonb_key(std::string_view normalized);

// -1, 0, 1 in jsonb's btree order.
int jsonb_compare(std::string_view a, std::string_view b);

}  // namespace ptreedb::value
