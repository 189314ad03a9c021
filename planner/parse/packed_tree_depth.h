// How deeply the messages of a packed protobuf tree nest, read without
// recursion: protobuf-c's unpack recurses once per level, so the parser sizes
// (or refuses) a tree by this before unpacking it.
#pragma once

#include <cstddef>
#include <cstdint>

#include <protobuf-c/protobuf-c.h>

namespace ptreedb::planner {

// The nesting depth of messages in `data` (a packed `descriptor` message is
// depth 1), or `limit + 1` as soon as it exceeds `limit`. Malformed input
// ends the scan early (the unpack that follows reports it).
std::size_t packed_message_depth(const ProtobufCMessageDescriptor& descriptor, const std::uint8_t* data,
                                 std::size_t length, std::size_t limit);

}  // namespace ptreedb::planner
