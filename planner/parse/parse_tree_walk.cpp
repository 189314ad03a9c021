#include "planner/parse/parse_tree_walk.h"

#include <cstdint>

#include "storage/stack_depth.h"

namespace ptreedb::planner {
namespace {

template <class T>
T& member(ProtobufCMessage* message, unsigned offset) {
  return *reinterpret_cast<T*>(reinterpret_cast<char*>(message) + offset);
}

}  // namespace

void walk_messages(ProtobufCMessage* root, const std::function<bool(ProtobufCMessage&)>& visit) {
  check_stack_depth();
  if (root == nullptr || !visit(*root)) return;
  const ProtobufCMessageDescriptor* descriptor = root->descriptor;
  for (unsigned f = 0; f < descriptor->n_fields; ++f) {
    const ProtobufCFieldDescriptor& field = descriptor->fields[f];
    if (field.type != PROTOBUF_C_TYPE_MESSAGE) continue;
    // Of a oneof (a Node's node kinds), only the member whose case is set is valid.
    if ((field.flags & PROTOBUF_C_FIELD_FLAG_ONEOF) != 0 &&
        member<std::uint32_t>(root, field.quantifier_offset) != field.id) {
      continue;
    }
    if (field.label == PROTOBUF_C_LABEL_REPEATED) {
      std::size_t count = member<std::size_t>(root, field.quantifier_offset);
      ProtobufCMessage** items = member<ProtobufCMessage**>(root, field.offset);
      for (std::size_t i = 0; i < count; ++i) walk_messages(items[i], visit);
    } else {
      walk_messages(member<ProtobufCMessage*>(root, field.offset), visit);
    }
  }
}

}  // namespace ptreedb::planner
