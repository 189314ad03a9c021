// Little-endian fixed-width and length-prefixed fields for log records and
// checkpoint files. The reader throws CorruptRecord instead of reading past
// the end, so a damaged record is reported, never trusted.
#pragma once

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>

namespace ptreedb::txn {

struct CorruptRecord : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class ByteWriter {
 public:
  explicit ByteWriter(std::string& out) : out_(out) {}
  template <class T>
  void put(T value) {
    char bytes[sizeof(T)];
    std::memcpy(bytes, &value, sizeof(T));
    out_.append(bytes, sizeof(T));
  }
  void put_bytes(std::string_view bytes) {
    put<std::uint32_t>(static_cast<std::uint32_t>(bytes.size()));
    out_.append(bytes);
  }

 private:
  std::string& out_;
};

class ByteReader {
 public:
  explicit ByteReader(std::string_view in) : in_(in) {}
  template <class T>
  T get() {
    need(sizeof(T));
    T value;
    std::memcpy(&value, in_.data() + position_, sizeof(T));
    position_ += sizeof(T);
    return value;
  }
  std::string_view get_bytes() {
    auto size = get<std::uint32_t>();
    need(size);
    std::string_view bytes = in_.substr(position_, size);
    position_ += size;
    return bytes;
  }
  bool at_end() const { return position_ == in_.size(); }

 private:
  void need(std::size_t bytes) const {
    if (in_.size() - position_ < bytes) throw CorruptRecord("record ends early");
  }
  std::string_view in_;
  std::size_t position_ = 0;
};

}  // namespace ptreedb::txn
