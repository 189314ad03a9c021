// The text form of one-dimensional arrays, as PostgreSQL's array_in and
// array_out read and write it: '{1,2,NULL}', '{"a b","",NULL}', '{}'. Array
// values are held as this text (their canonical form, each element as its
// type's output function prints it), so rows, vectors, COPY and the wire's
// text format need nothing of their own.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ptreedb::value {

// One element: its text, or nothing for NULL.
using ArrayElement = std::optional<std::string>;

// The elements of an array literal. Whitespace around elements is skipped,
// double quotes and backslashes escape, an unquoted NULL (any case) is NULL.
// Throws 22P02 "malformed array literal" with PostgreSQL's detail for
// anything else, and 0A000 for nested braces (multidimensional arrays) and
// explicit bounds ('[0:1]={1,2}'), which ptreedb does not have.
std::vector<ArrayElement> parse_array_literal(std::string_view text);

// One element as array_out writes it: double-quoted when empty, NULL (any
// case), or holding braces, a comma, a quote, a backslash or whitespace.
void append_array_element(std::string& out, std::string_view element);
// The whole literal: '{' elements '}' joined by commas, NULL for none.
std::string format_array_literal(const std::vector<ArrayElement>& elements);

}  // namespace ptreedb::value
