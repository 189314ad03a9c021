#include "planner/parse/parse_tree_copy.h"

#include <cstddef>
#include <cstring>

#include "storage/stack_depth.h"

namespace ptreedb::planner {

namespace {

class TreeCopier {
 public:
  TreeCopier(std::pmr::memory_resource& arena, const ParseTreeEdits& edits) : arena_(arena), edits_(edits) {}

  ProtobufCMessage* copy(const ProtobufCMessage* source) {
    if (source == nullptr) return nullptr;
    check_stack_depth();
    const ProtobufCMessageDescriptor* descriptor = source->descriptor;
    auto* target = static_cast<ProtobufCMessage*>(allocate(descriptor->sizeof_message));
    std::memcpy(target, source, descriptor->sizeof_message);  // scalars, counts and oneof cases
    if (descriptor == &pg_query__integer__descriptor) {
      if (edits_.integer_slots != nullptr) {
        auto found = edits_.integer_slots->find(reinterpret_cast<const PgQuery__Integer*>(source));
        if (found != edits_.integer_slots->end()) {
          reinterpret_cast<PgQuery__Integer*>(target)->ival = edits_.values[found->second];
        }
      }
      return target;
    }
    if (descriptor == &pg_query__node__descriptor) {
      // A Node is a oneof over every node kind: copy only the one it holds.
      auto* node = reinterpret_cast<const PgQuery__Node*>(source);
      if (node->node_case != PG_QUERY__NODE__NODE__NOT_SET) {
        const ProtobufCFieldDescriptor* field =
            protobuf_c_message_descriptor_get_field(descriptor, static_cast<unsigned>(node->node_case));
        if (field != nullptr) copy_field(*field, source, target);
      }
      return target;
    }
    for (unsigned f = 0; f < descriptor->n_fields; ++f) {
      const ProtobufCFieldDescriptor& field = descriptor->fields[f];
      if ((field.flags & PROTOBUF_C_FIELD_FLAG_ONEOF) != 0 &&
          member<std::uint32_t>(source, field.quantifier_offset) != field.id) {
        continue;
      }
      copy_field(field, source, target);
    }
    if (descriptor == &pg_query__raw_stmt__descriptor) {
      auto* statement = reinterpret_cast<PgQuery__RawStmt*>(target);
      std::int32_t begin = statement->stmt_location;
      // stmt_len 0 means "to the end of the text" and stays so.
      if (statement->stmt_len != 0) {
        statement->stmt_len = edits_.move_location(begin + statement->stmt_len) - edits_.move_location(begin);
      }
      statement->stmt_location = edits_.move_location(begin);
    }
    return target;
  }

 private:
  template <class T>
  static T& member(const ProtobufCMessage* message, unsigned offset) {
    return *reinterpret_cast<T*>(reinterpret_cast<char*>(const_cast<ProtobufCMessage*>(message)) + offset);
  }

  void* allocate(std::size_t size) { return arena_.allocate(size, alignof(std::max_align_t)); }

  char* copy_string(const char* text) {
    if (text == nullptr) return nullptr;
    std::size_t length = std::strlen(text) + 1;
    auto* copy = static_cast<char*>(arena_.allocate(length, 1));
    std::memcpy(copy, text, length);
    return copy;
  }

  static std::size_t scalar_size(ProtobufCType type) {
    switch (type) {
      case PROTOBUF_C_TYPE_INT64:
      case PROTOBUF_C_TYPE_SINT64:
      case PROTOBUF_C_TYPE_SFIXED64:
      case PROTOBUF_C_TYPE_UINT64:
      case PROTOBUF_C_TYPE_FIXED64:
      case PROTOBUF_C_TYPE_DOUBLE:
        return 8;
      case PROTOBUF_C_TYPE_BOOL:
        return sizeof(protobuf_c_boolean);
      default:
        return 4;
    }
  }

  // A repeated field's array: a new one in the arena, each item copied by `copy_one`.
  template <class Item, class CopyOne>
  void copy_items(const ProtobufCFieldDescriptor& field, const ProtobufCMessage* source, ProtobufCMessage* target,
                  std::size_t count, CopyOne copy_one) {
    Item* items = member<Item*>(source, field.offset);
    auto* copies = static_cast<Item*>(allocate(count * sizeof(Item)));
    for (std::size_t i = 0; i < count; ++i) copies[i] = copy_one(items[i]);
    member<Item*>(target, field.offset) = copies;
  }

  void copy_field(const ProtobufCFieldDescriptor& field, const ProtobufCMessage* source, ProtobufCMessage* target) {
    if (field.label == PROTOBUF_C_LABEL_REPEATED) {
      const std::size_t count = member<std::size_t>(source, field.quantifier_offset);
      if (count == 0) return;
      switch (field.type) {
        case PROTOBUF_C_TYPE_MESSAGE:
          copy_items<ProtobufCMessage*>(field, source, target, count, [&](ProtobufCMessage* m) { return copy(m); });
          return;
        case PROTOBUF_C_TYPE_STRING:
          copy_items<char*>(field, source, target, count, [&](char* text) { return copy_string(text); });
          return;
        case PROTOBUF_C_TYPE_BYTES:
          copy_items<ProtobufCBinaryData>(field, source, target, count,
                                          [&](const ProtobufCBinaryData& bytes) { return copy_bytes(bytes); });
          return;
        default: {
          const std::size_t bytes = count * scalar_size(field.type);
          void* copies = allocate(bytes);
          std::memcpy(copies, member<void*>(source, field.offset), bytes);
          member<void*>(target, field.offset) = copies;
          return;
        }
      }
    }
    switch (field.type) {
      case PROTOBUF_C_TYPE_MESSAGE:
        member<ProtobufCMessage*>(target, field.offset) = copy(member<ProtobufCMessage*>(source, field.offset));
        return;
      case PROTOBUF_C_TYPE_STRING:
        member<char*>(target, field.offset) = copy_string(member<char*>(source, field.offset));
        return;
      case PROTOBUF_C_TYPE_BYTES:
        member<ProtobufCBinaryData>(target, field.offset) =
            copy_bytes(member<ProtobufCBinaryData>(source, field.offset));
        return;
      case PROTOBUF_C_TYPE_INT32:
        if (std::strcmp(field.name, "location") == 0) {
          auto& location = member<std::int32_t>(target, field.offset);
          if (location >= 0) location = edits_.move_location(location);  // -1: unknown
        }
        return;
      default:
        return;  // copied with the message
    }
  }

  ProtobufCBinaryData copy_bytes(const ProtobufCBinaryData& bytes) {
    ProtobufCBinaryData copy{bytes.len, nullptr};
    if (bytes.len > 0) {
      copy.data = static_cast<std::uint8_t*>(arena_.allocate(bytes.len, 1));
      std::memcpy(copy.data, bytes.data, bytes.len);
    }
    return copy;
  }

  std::pmr::memory_resource& arena_;
  const ParseTreeEdits& edits_;
};

}  // namespace

PgQuery__ParseResult* copy_parse_tree(const PgQuery__ParseResult& source, std::pmr::memory_resource& arena,
                                      const ParseTreeEdits& edits) {
  TreeCopier copier(arena, edits);
  return reinterpret_cast<PgQuery__ParseResult*>(copier.copy(&source.base));
}

PgQuery__Node* copy_parse_node(const PgQuery__Node& source, std::pmr::memory_resource& arena) {
  ParseTreeEdits edits;
  edits.move_location = [](std::int32_t location) { return location; };
  TreeCopier copier(arena, edits);
  return reinterpret_cast<PgQuery__Node*>(copier.copy(&source.base));
}

}  // namespace ptreedb::planner
