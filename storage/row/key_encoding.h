// Order-preserving encoders that append one column value to a key's bytes.
// Each encoding is prefix-free (fixed width, or terminated), so the encodings of
// several columns concatenate into a composite key that sorts column by column.
// Text sorts bytewise, as PostgreSQL's "C" collation does.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "storage/value/decimal.h"

namespace ptreedb::storage::key_encoding {

// Every smallint, integer and bigint encodes as 8 bytes, so keys of the same
// value compare equal whatever the column width.
void append_int(std::string& key, std::int64_t value);
void append_bool(std::string& key, bool value);
// -0 equals 0, and NaN sorts above every number, as in PostgreSQL.
void append_double(std::string& key, double value);
// The 64 bits append_double writes (big-endian): unsigned order is SQL order.
std::uint64_t double_order_bits(double value);
// Equal numbers of different scales (1.5, 1.50) encode identically.
void append_decimal(std::string& key, value::Decimal value);
// Also bytea: the bytes in memcmp's order, a shorter prefix first.
void append_text(std::string& key, std::string_view text);
// A uuid's 16 bytes as they are: fixed width, so no terminator.
void append_uuid(std::string& key, std::string_view bytes);
void append_date(std::string& key, std::int32_t days);
void append_timestamp(std::string& key, std::int64_t microseconds);
// Intervals compare by their span with a month as 30 days, as in PostgreSQL.
void append_interval(std::string& key, std::int32_t months, std::int32_t days,
                     std::int64_t microseconds);
// NULL sorts after every value (a marker byte before each nullable column).
void append_null(std::string& key);
void append_not_null(std::string& key);

}  // namespace ptreedb::storage::key_encoding
