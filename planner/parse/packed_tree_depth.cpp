#include "planner/parse/packed_tree_depth.h"

#include <vector>

namespace ptreedb::planner {

namespace {

// Reads a base-128 varint at `at`; false when it runs past `end`.
bool read_varint(const std::uint8_t*& at, const std::uint8_t* end, std::uint64_t& value) {
  value = 0;
  for (int shift = 0; shift < 64 && at < end; shift += 7) {
    std::uint8_t byte = *at++;
    value |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
    if ((byte & 0x80) == 0) return true;
  }
  return false;
}

struct OpenMessage {
  const ProtobufCMessageDescriptor* descriptor;
  const std::uint8_t* end;
};

}  // namespace

std::size_t packed_message_depth(const ProtobufCMessageDescriptor& descriptor, const std::uint8_t* data,
                                 std::size_t length, std::size_t limit) {
  std::vector<OpenMessage> open{{&descriptor, data + length}};
  std::size_t deepest = 1;
  const std::uint8_t* at = data;
  while (!open.empty()) {
    if (at >= open.back().end) {
      open.pop_back();
      continue;
    }
    std::uint64_t tag = 0;
    if (!read_varint(at, open.back().end, tag)) break;
    std::uint64_t skip = 0;
    switch (tag & 7) {
      case 0: {  // varint
        std::uint64_t ignored = 0;
        if (!read_varint(at, open.back().end, ignored)) return deepest;
        continue;
      }
      case 1:
        skip = 8;
        break;
      case 5:
        skip = 4;
        break;
      case 2: {  // length-delimited: a nested message, or bytes, a string, packed scalars
        std::uint64_t size = 0;
        if (!read_varint(at, open.back().end, size) || size > static_cast<std::uint64_t>(open.back().end - at)) {
          return deepest;
        }
        const ProtobufCFieldDescriptor* field =
            protobuf_c_message_descriptor_get_field(open.back().descriptor, static_cast<unsigned>(tag >> 3));
        if (field != nullptr && field->type == PROTOBUF_C_TYPE_MESSAGE) {
          open.push_back({static_cast<const ProtobufCMessageDescriptor*>(field->descriptor), at + size});
          if (open.size() > deepest) deepest = open.size();
          if (deepest > limit) return limit + 1;
          continue;
        }
        skip = size;
        break;
      }
      default:  // groups: not in this format
        return deepest;
    }
    if (skip > static_cast<std::uint64_t>(open.back().end - at)) return deepest;
    at += skip;
  }
  return deepest;
}

}  // namespace ptreedb::planner
