// Generic traversal of a libpg_query parse tree through protobuf-c's message
// descriptors, so code that looks for one kind of node (every RangeVar of a
// view's query, say) need not know every node type that may contain it.
#pragma once

#include <functional>

#include <protobuf-c/protobuf-c.h>

namespace ptreedb::planner {

// Calls visit(message) for `root` and every message below it, parents first;
// below a message only when visit returned true for it. `visit` may modify the
// message it is given (but not free its children).
void walk_messages(ProtobufCMessage* root, const std::function<bool(ProtobufCMessage&)>& visit);

}  // namespace ptreedb::planner
