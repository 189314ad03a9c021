#include "exec/binary_format.h"

#include <bit>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <vector>

#include "exec/array_cast.h"
#include "storage/sql_error.h"
#include "storage/value/time_with_zone.h"
#include "storage/value/array_literal.h"
#include "storage/value/name.h"
#include "storage/value/bytea.h"
#include "storage/value/enum_type.h"
#include "storage/value/extra_float_digits.h"
#include "storage/value/utf8.h"
#include "storage/value/uuid.h"
#include "storage/value/date_time.h"
#include "storage/value/decimal.h"
#include "storage/value/interval.h"
#include "storage/value/json_parse.h"
#include "storage/value/jsonb_text.h"
#include "storage/value/text_format.h"
#include "storage/value/time_zone.h"
#include "storage/value/timestamp_tz.h"

namespace ptreedb::exec {

using value::TypeId;

namespace {

template <typename Int>
void put_big_endian(std::string& out, Int value) {
  using Unsigned = std::make_unsigned_t<Int>;
  auto bits = static_cast<Unsigned>(value);
  for (int shift = static_cast<int>(sizeof(Int) * 8) - 8; shift >= 0; shift -= 8) {
    out.push_back(static_cast<char>((bits >> shift) & 0xFF));
  }
}

template <typename Int>
Int get_big_endian(std::string_view bytes, std::size_t offset) {
  using Unsigned = std::make_unsigned_t<Int>;
  Unsigned bits = 0;
  for (std::size_t i = 0; i < sizeof(Int); ++i) {
    bits = static_cast<Unsigned>((bits << 8) | static_cast<unsigned char>(bytes[offset + i]));
  }
  return static_cast<Int>(bits);
}

// Parameter number 0 is a COPY field, whose message names no parameter.
[[noreturn]] void bad_binary(std::size_t parameter_number) {
  if (parameter_number == 0) throw SqlError("22P03", "incorrect binary data format");
  throw SqlError("22P03", "incorrect binary data format in bind parameter " + std::to_string(parameter_number));
}

constexpr std::uint16_t kNumericPositive = 0x0000;
constexpr std::uint16_t kNumericNegative = 0x4000;
// numeric_send's special values: no digits, weight and scale 0.
constexpr std::uint16_t kNumericNaN = 0xC000;
constexpr std::uint16_t kNumericInfinity = 0xD000;
constexpr std::uint16_t kNumericNegativeInfinity = 0xF000;

std::string special_numeric(std::uint16_t sign) {
  std::string out;
  put_big_endian<std::int16_t>(out, 0);
  put_big_endian<std::int16_t>(out, 0);
  put_big_endian<std::uint16_t>(out, sign);
  put_big_endian<std::int16_t>(out, 0);
  return out;
}

}  // namespace

std::string numeric_to_binary(std::string_view text) {
  if (text == "NaN") return special_numeric(kNumericNaN);
  if (text == "Infinity") return special_numeric(kNumericInfinity);
  if (text == "-Infinity") return special_numeric(kNumericNegativeInfinity);
  bool negative = !text.empty() && text.front() == '-';
  if (negative) text.remove_prefix(1);
  auto point = text.find('.');
  std::string integer(text.substr(0, point));
  std::string fraction = point == std::string_view::npos ? std::string() : std::string(text.substr(point + 1));
  const auto dscale = static_cast<std::int16_t>(fraction.size());
  while (integer.size() > 1 && integer.front() == '0') integer.erase(0, 1);
  if (integer == "0") integer.clear();
  // Pad both parts to whole base-10000 digits around the decimal point.
  integer.insert(0, (4 - integer.size() % 4) % 4, '0');
  fraction.append((4 - fraction.size() % 4) % 4, '0');
  std::vector<std::int16_t> digits;
  for (std::size_t i = 0; i < integer.size(); i += 4) digits.push_back(static_cast<std::int16_t>(std::stoi(integer.substr(i, 4))));
  for (std::size_t i = 0; i < fraction.size(); i += 4) digits.push_back(static_cast<std::int16_t>(std::stoi(fraction.substr(i, 4))));
  int weight = static_cast<int>(integer.size() / 4) - 1;
  std::size_t first = 0;
  while (first < digits.size() && digits[first] == 0) {
    ++first;
    --weight;
  }
  std::size_t last = digits.size();
  while (last > first && digits[last - 1] == 0) --last;
  std::string out;
  if (first == last) {  // zero
    put_big_endian<std::int16_t>(out, 0);
    put_big_endian<std::int16_t>(out, 0);
    put_big_endian<std::uint16_t>(out, kNumericPositive);
    put_big_endian<std::int16_t>(out, dscale);
    return out;
  }
  put_big_endian<std::int16_t>(out, static_cast<std::int16_t>(last - first));
  put_big_endian<std::int16_t>(out, static_cast<std::int16_t>(weight));
  put_big_endian<std::uint16_t>(out, negative ? kNumericNegative : kNumericPositive);
  put_big_endian<std::int16_t>(out, dscale);
  for (std::size_t i = first; i < last; ++i) put_big_endian<std::int16_t>(out, digits[i]);
  return out;
}

std::string numeric_binary_to_text(std::string_view bytes) {
  if (bytes.size() < 8) throw SqlError("22P03", "insufficient data left in message");
  const auto ndigits = get_big_endian<std::int16_t>(bytes, 0);
  const auto weight = get_big_endian<std::int16_t>(bytes, 2);
  const auto sign = get_big_endian<std::uint16_t>(bytes, 4);
  const auto dscale = get_big_endian<std::int16_t>(bytes, 6);
  if (ndigits < 0 || bytes.size() != 8 + 2 * static_cast<std::size_t>(ndigits) || dscale < 0) {
    throw SqlError("22P03", "invalid length in external \"numeric\" value");
  }
  if (sign != kNumericPositive && sign != kNumericNegative) {
    if (sign == kNumericNaN) return "NaN";
    if (sign == kNumericInfinity) return "Infinity";
    if (sign == kNumericNegativeInfinity) return "-Infinity";
    throw SqlError("22P03", "invalid sign in external \"numeric\" value");
  }
  std::vector<int> digits(static_cast<std::size_t>(ndigits));
  for (std::size_t i = 0; i < digits.size(); ++i) {
    digits[i] = get_big_endian<std::int16_t>(bytes, 8 + 2 * i);
    if (digits[i] < 0 || digits[i] > 9999) throw SqlError("22P03", "invalid digit in external \"numeric\" value");
  }
  // Digit i has weight (weight - i): it stands for digits[i] * 10000^(weight - i).
  std::string integer;
  for (int w = std::max<int>(weight, 0); w >= 0; --w) {
    int index = weight - w;
    int digit = index >= 0 && index < ndigits ? digits[static_cast<std::size_t>(index)] : 0;
    char group[5];
    std::snprintf(group, sizeof group, "%04d", digit);
    integer += group;
  }
  while (integer.size() > 1 && integer.front() == '0') integer.erase(0, 1);
  std::string fraction;
  for (int w = -1; static_cast<int>(fraction.size()) < dscale; --w) {
    int index = weight - w;
    int digit = index >= 0 && index < ndigits ? digits[static_cast<std::size_t>(index)] : 0;
    char group[5];
    std::snprintf(group, sizeof group, "%04d", digit);
    fraction += group;
  }
  fraction.resize(static_cast<std::size_t>(dscale));
  std::string out;
  bool zero = integer == "0" && fraction.find_first_not_of('0') == std::string::npos;
  if (sign == kNumericNegative && !zero) out += '-';
  out += integer;
  if (!fraction.empty()) out += "." + fraction;
  return out;
}

namespace {

// array_send: dimensions (0 or 1), a has-NULLs flag, the element type's oid,
// the length and lower bound 1, then each element as a length word (-1 for
// NULL) and its binary form.
void append_array_binary(std::string& out, const Vector& column, std::size_t row) {
  Vector one(column.type);
  one.resize(1);
  one.texts[0] = column.texts[row];
  FlatElements flat = flatten_arrays(one);
  const std::size_t count = flat.values.size();
  bool has_nulls = false;
  for (std::size_t i = 0; i < count; ++i) has_nulls = has_nulls || flat.values.nulls[i];
  put_big_endian<std::int32_t>(out, count == 0 ? 0 : 1);
  put_big_endian<std::int32_t>(out, has_nulls ? 1 : 0);
  put_big_endian<std::uint32_t>(out, value::type_oid(column.type.element));
  if (count == 0) return;
  put_big_endian<std::int32_t>(out, static_cast<std::int32_t>(count));
  put_big_endian<std::int32_t>(out, 1);
  for (std::size_t i = 0; i < count; ++i) {
    if (flat.values.nulls[i]) {
      put_big_endian<std::int32_t>(out, -1);
      continue;
    }
    std::string element;
    append_binary(element, flat.values, i);
    put_big_endian<std::int32_t>(out, static_cast<std::int32_t>(element.size()));
    out += element;
  }
}

// array_recv: the same layout read back as the array's text form.
std::string array_binary_to_text(value::SqlType type, std::string_view bytes, std::size_t parameter_number) {
  std::size_t at = 0;
  auto read_int = [&]() -> std::int32_t {
    if (bytes.size() < at + 4) {
      if (parameter_number == 0) throw SqlError("08P01", "insufficient data left in message");
      bad_binary(parameter_number);
    }
    const auto value = get_big_endian<std::int32_t>(bytes, at);
    at += 4;
    return value;
  };
  const std::int32_t dimensions = read_int();
  read_int();  // the has-NULLs flag: the elements say it again
  const auto element_oid = static_cast<value::Oid>(read_int());
  if (dimensions < 0 || dimensions > 6) {
    throw SqlError("22P03", "invalid number of dimensions: " + std::to_string(dimensions));
  }
  if (dimensions > 1) throw SqlError(sqlstate::kFeatureNotSupported, "multidimensional arrays are not supported yet");
  if (element_oid != value::type_oid(type.element)) {
    throw SqlError("42804", "binary data has array element type " + std::to_string(element_oid) +
                                " instead of expected " + std::to_string(value::type_oid(type.element)));
  }
  std::vector<value::ArrayElement> elements;
  if (dimensions == 1) {
    const std::int32_t count = read_int();
    const std::int32_t lower = read_int();
    if (count < 0 || static_cast<std::size_t>(count) > bytes.size()) bad_binary(parameter_number);
    if (lower != 1) {
      throw SqlError(sqlstate::kFeatureNotSupported, "arrays with a lower bound other than 1 are not supported yet");
    }
    for (std::int32_t i = 0; i < count; ++i) {
      const std::int32_t length = read_int();
      if (length == -1) {
        elements.emplace_back(std::nullopt);
        continue;
      }
      if (length < 0 || bytes.size() - at < static_cast<std::size_t>(length)) bad_binary(parameter_number);
      elements.emplace_back(binary_parameter_to_text(type.element_type(), bytes.substr(at, length), parameter_number));
      at += static_cast<std::size_t>(length);
    }
  }
  if (at != bytes.size()) bad_binary(parameter_number);
  return value::format_array_literal(elements);
}

}  // namespace

void append_binary(std::string& out, const Vector& column, std::size_t row) {
  switch (column.type.id) {
    case TypeId::kBoolean:
      out.push_back(column.ints[row] != 0 ? 1 : 0);
      return;
    case TypeId::kSmallint:
      put_big_endian(out, static_cast<std::int16_t>(column.ints[row]));
      return;
    case TypeId::kInteger:
      put_big_endian(out, static_cast<std::int32_t>(column.ints[row]));
      return;
    case TypeId::kBigint:
      put_big_endian(out, static_cast<std::int64_t>(column.ints[row]));
      return;
    case TypeId::kReal:
      put_big_endian(out, std::bit_cast<std::uint32_t>(static_cast<float>(column.doubles[row])));
      return;
    case TypeId::kDouble:
      put_big_endian(out, std::bit_cast<std::uint64_t>(column.doubles[row]));
      return;
    case TypeId::kNumeric:
      out += numeric_to_binary(value::format_decimal(column.decimal(row)));
      return;
    case TypeId::kChar:
    case TypeId::kVarchar:
    case TypeId::kText:
    case TypeId::kName:   // namesend: the bytes, as text
    case TypeId::kUuid:   // uuid_send: the 16 bytes
    case TypeId::kBytea:  // bytearecv: the bytes themselves
    case TypeId::kJson:
      out += column.texts[row];
      return;
    case TypeId::kArray:
      append_array_binary(out, column, row);
      return;
    case TypeId::kEnum:  // enum_send: the label, as text
      out += value::enum_value_label(column.texts[row]);
      return;
    case TypeId::kJsonb:  // jsonb_send: format version 1, then the text
      out += '\x01';
      out += column.texts[row];
      return;
    case TypeId::kDate:
      put_big_endian(out, static_cast<std::int32_t>(column.ints[row]));
      return;
    case TypeId::kTimestamp:
    case TypeId::kTimestampTz:
    case TypeId::kTime:  // time_send: microseconds since midnight
      put_big_endian(out, static_cast<std::int64_t>(column.ints[row]));
      return;
    case TypeId::kTimeTz: {  // timetz_send: the time, then the zone in seconds west
      const value::TimeWithZone time = value::unpack_timetz(column.ints[row]);
      put_big_endian(out, time.time);
      put_big_endian(out, time.zone_west);
      return;
    }
    case TypeId::kInterval: {
      const value::Interval& span = column.intervals[row];
      put_big_endian(out, span.micros);
      put_big_endian(out, span.days);
      put_big_endian(out, span.months);
      return;
    }
  }
}

std::string binary_parameter_to_text(value::SqlType type, std::string_view bytes, std::size_t parameter_number) {
  // A COPY field, as PostgreSQL's receive functions read it: too few bytes
  // run out of the message (08P01), bytes left over are a bad format (22P03).
  const bool copy_field = parameter_number == 0;
  auto expect = [&](std::size_t size) {
    if (copy_field && bytes.size() < size) throw SqlError("08P01", "insufficient data left in message");
    if (bytes.size() != size) bad_binary(parameter_number);
  };
  value::RoundTripFloats exact;  // the text is read back as the value: floats must survive it
  switch (type.id) {
    case TypeId::kBoolean:
      expect(1);
      return bytes[0] != 0 ? "t" : "f";
    case TypeId::kSmallint:
      expect(2);
      return value::format_int(get_big_endian<std::int16_t>(bytes, 0));
    case TypeId::kInteger:
      expect(4);
      return value::format_int(get_big_endian<std::int32_t>(bytes, 0));
    case TypeId::kBigint:
      expect(8);
      return value::format_int(get_big_endian<std::int64_t>(bytes, 0));
    case TypeId::kReal:
      expect(4);
      return value::format_float4(std::bit_cast<float>(get_big_endian<std::uint32_t>(bytes, 0)));
    case TypeId::kDouble:
      expect(8);
      return value::format_float8(std::bit_cast<double>(get_big_endian<std::uint64_t>(bytes, 0)));
    case TypeId::kNumeric:
      if (copy_field) {
        expect(std::max<std::size_t>(8, bytes.size() < 8 ? 8 : 8 + 2 * static_cast<std::size_t>(std::max<std::int16_t>(
                                                                              0, get_big_endian<std::int16_t>(bytes, 0)))));
        return numeric_binary_to_text(bytes);
      }
      try {
        return numeric_binary_to_text(bytes);
      } catch (const SqlError& error) {
        if (error.sqlstate() == "22P03") bad_binary(parameter_number);
        throw;
      }
    case TypeId::kChar:
    case TypeId::kVarchar:
    case TypeId::kText:
    case TypeId::kJson:
    case TypeId::kEnum:  // enum_recv: the label, as text
      value::verify_utf8(bytes);  // textrecv checks the client's bytes as any text input is checked
      return std::string(bytes);
    case TypeId::kName:  // namerecv: as textrecv, but 64 bytes or more is an error, not cut
      value::check_name_receive_length(bytes);
      value::verify_utf8(bytes);
      return std::string(bytes);
    case TypeId::kArray:
      return array_binary_to_text(type, bytes, parameter_number);
    case TypeId::kJsonb:  // jsonb_recv: a version byte, 1, then the text
      if (bytes.empty() || bytes[0] != 1) {
        throw SqlError(sqlstate::kInternalError, "unsupported jsonb version number " +
                                                     std::to_string(bytes.empty() ? 0 : static_cast<int>(bytes[0])));
      }
      value::verify_utf8(bytes.substr(1));
      return std::string(bytes.substr(1));
    case TypeId::kDate:
      expect(4);
      return value::format_date_iso(value::Date{get_big_endian<std::int32_t>(bytes, 0)});
    case TypeId::kTimestamp:
      expect(8);
      return value::format_timestamp_iso(value::Timestamp{get_big_endian<std::int64_t>(bytes, 0)});
    case TypeId::kTime: {  // time_recv checks the range
      expect(8);
      const std::int64_t micros = get_big_endian<std::int64_t>(bytes, 0);
      if (micros < 0 || micros > value::kMicrosPerDay) {
        throw SqlError(sqlstate::kDatetimeFieldOverflow, "time out of range");
      }
      return value::format_time(value::TimeOfDay{micros});
    }
    case TypeId::kTimeTz: {  // timetz_recv's checks
      expect(12);
      const value::TimeWithZone time{get_big_endian<std::int64_t>(bytes, 0), get_big_endian<std::int32_t>(bytes, 8)};
      if (time.time < 0 || time.time > value::kMicrosPerDay) {
        throw SqlError(sqlstate::kDatetimeFieldOverflow, "time out of range");
      }
      if (time.zone_west <= -value::kMaxZoneDisplacement || time.zone_west >= value::kMaxZoneDisplacement) {
        throw SqlError(sqlstate::kInvalidTimeZoneDisplacementValue, "time zone displacement out of range");
      }
      return value::format_timetz(time);
    }
    case TypeId::kTimestampTz:  // shown in UTC with its offset, so reading it back gives the instant
      expect(8);
      return value::format_timestamptz_iso(value::TimestampTz{get_big_endian<std::int64_t>(bytes, 0)}, value::TimeZone());
    case TypeId::kInterval: {
      expect(16);
      value::Interval span;
      span.micros = get_big_endian<std::int64_t>(bytes, 0);
      span.days = get_big_endian<std::int32_t>(bytes, 8);
      span.months = get_big_endian<std::int32_t>(bytes, 12);
      return value::format_interval_postgres(span);
    }
    case TypeId::kUuid:
      // uuid_recv reads 16 bytes: fewer run out of the message, more are left over.
      if (bytes.size() < value::kUuidBytes) throw SqlError("08P01", "insufficient data left in message");
      expect(value::kUuidBytes);
      return value::format_uuid(bytes);
    case TypeId::kBytea:
      return value::format_bytea(bytes, value::ByteaOutput::kHex);
  }
  bad_binary(parameter_number);
}

std::string without_time_zone_offset(value::SqlType type, std::string text) {
  if (type.id != TypeId::kDate && type.id != TypeId::kTimestamp) return text;
  while (!text.empty() && text.back() == ' ') text.pop_back();
  // [+-]HH, [+-]HH:MM or [+-]HH:MM:SS at the end, after a time or a space.
  std::size_t end = text.size();
  std::size_t i = end;
  int digits = 0;
  while (i > 0 && (std::isdigit(static_cast<unsigned char>(text[i - 1])) || text[i - 1] == ':')) {
    digits += text[i - 1] != ':';
    --i;
  }
  if (i == 0 || i == end || (text[i - 1] != '+' && text[i - 1] != '-') || digits < 2) return text;
  std::size_t sign = i - 1;
  bool after_time = text.find(':') < sign;
  bool after_space = sign > 0 && text[sign - 1] == ' ';
  if (!after_time && !after_space) return text;
  text.erase(sign);
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text;
}

void check_text_value(value::SqlType type, std::string_view text) {
  switch (type.id) {
    case TypeId::kBoolean:
      value::parse_bool(text);
      return;
    case TypeId::kSmallint:
      value::parse_int16(text);
      return;
    case TypeId::kInteger:
      value::parse_int32(text);
      return;
    case TypeId::kBigint:
      value::parse_int64(text);
      return;
    case TypeId::kReal:
      value::parse_float4(text);
      return;
    case TypeId::kDouble:
      value::parse_float8(text);
      return;
    case TypeId::kNumeric:
      value::parse_decimal(text);
      return;
    case TypeId::kChar:
    case TypeId::kVarchar:
    case TypeId::kText:
    case TypeId::kName:
      return;
    case TypeId::kJson:
      value::check_json_text(text);
      return;
    case TypeId::kJsonb:
      value::jsonb_from_text(text);
      return;
    case TypeId::kArray:
      for (const value::ArrayElement& element : value::parse_array_literal(text)) {
        if (element) check_text_value(type.element_type(), *element);
      }
      return;
    case TypeId::kDate:
      value::parse_date(text);
      return;
    case TypeId::kTimestamp:
      value::parse_timestamp(text);
      return;
    case TypeId::kTimestampTz:
      value::parse_timestamptz(text, value::session_time_zone());
      return;
    case TypeId::kTime:
      value::parse_time(text);
      return;
    case TypeId::kTimeTz:
      value::parse_timetz(text, value::session_time_zone());
      return;
    case TypeId::kInterval:
      value::parse_interval(text);
      return;
    case TypeId::kUuid:
      value::parse_uuid(text);
      return;
    case TypeId::kBytea:
      value::parse_bytea(text);
      return;
    case TypeId::kEnum:  // checked by the cast to the enum type
      return;
  }
}

}  // namespace ptreedb::exec
