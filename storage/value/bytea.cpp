#include "storage/value/bytea.h"

#include "storage/value/binary_encoding.h"

namespace ptreedb::value {
namespace {

thread_local ByteaOutputSource* installed_source = nullptr;
thread_local int installed_format = -1;  // a ByteaOutput, or -1 for none

}  // namespace

std::string parse_bytea(std::string_view text) {
  if (text.size() >= 2 && text[0] == '\\' && text[1] == 'x') return decode_hex(text.substr(2));
  return decode_escape(text);  // the escape format, as decode(text, 'escape') reads it
}

void append_bytea(std::string& out, std::string_view bytes, ByteaOutput format) {
  if (format == ByteaOutput::kHex) {
    out += "\\x";
    append_hex(out, bytes);
    return;
  }
  for (char c : bytes) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\\') {
      out += "\\\\";
    } else if (byte < 0x20 || byte > 0x7e) {
      out.push_back('\\');
      out.push_back(static_cast<char>('0' + (byte >> 6)));
      out.push_back(static_cast<char>('0' + ((byte >> 3) & 7)));
      out.push_back(static_cast<char>('0' + (byte & 7)));
    } else {
      out.push_back(c);
    }
  }
}

std::string format_bytea(std::string_view bytes, ByteaOutput format) {
  std::string out;
  append_bytea(out, bytes, format);
  return out;
}

ByteaOutput session_bytea_output() {
  if (installed_format >= 0) return static_cast<ByteaOutput>(installed_format);
  return installed_source != nullptr ? installed_source->bytea_output() : ByteaOutput::kHex;
}

ByteaOutputScope::ByteaOutputScope(ByteaOutputSource* source)
    : previous_source_(installed_source), previous_format_(installed_format) {
  installed_source = source;
  installed_format = -1;
}

ByteaOutputScope::ByteaOutputScope(ByteaOutput format)
    : previous_source_(installed_source), previous_format_(installed_format) {
  installed_source = nullptr;
  installed_format = static_cast<int>(format);
}

ByteaOutputScope::~ByteaOutputScope() {
  installed_source = previous_source_;
  installed_format = previous_format_;
}

}  // namespace ptreedb::value
