// A table or index key as memcomparable bytes: the key columns encoded so that
// comparing the byte strings (memcmp, then length) orders rows exactly as the
// columns' SQL comparison does. One key type serves every table, composite keys
// included, and short keys (two int64 columns) stay inline in the tree node.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string_view>
#include <utility>

namespace ptreedb::storage {

class RowKey {
 public:
  static constexpr std::size_t kInlineCapacity = 16;

  RowKey() = default;
  explicit RowKey(std::string_view bytes) { assign(bytes.data(), bytes.size()); }
  RowKey(const RowKey& other) { assign(other.data(), other.size_); }
  RowKey(RowKey&& other) noexcept : size_(other.size_) {
    std::memcpy(&storage_, &other.storage_, sizeof(storage_));
    other.size_ = 0;
  }
  RowKey& operator=(const RowKey& other) {
    if (this != &other) {
      release();
      assign(other.data(), other.size_);
    }
    return *this;
  }
  RowKey& operator=(RowKey&& other) noexcept {
    if (this != &other) {
      release();
      size_ = other.size_;
      std::memcpy(&storage_, &other.storage_, sizeof(storage_));
      other.size_ = 0;
    }
    return *this;
  }
  ~RowKey() { release(); }

  const unsigned char* data() const {
    return size_ <= kInlineCapacity ? storage_.inline_bytes : storage_.heap;
  }
  std::size_t size() const { return size_; }
  std::string_view view() const {
    return std::string_view(reinterpret_cast<const char*>(data()), size_);
  }

  friend int compare(const RowKey& a, const RowKey& b) {
    std::size_t common = a.size_ < b.size_ ? a.size_ : b.size_;
    int order = common == 0 ? 0 : std::memcmp(a.data(), b.data(), common);
    if (order != 0) return order;
    return (a.size_ > b.size_) - (a.size_ < b.size_);
  }
  friend bool operator<(const RowKey& a, const RowKey& b) { return compare(a, b) < 0; }
  friend bool operator==(const RowKey& a, const RowKey& b) { return compare(a, b) == 0; }

 private:
  void assign(const void* bytes, std::size_t size) {
    size_ = static_cast<std::uint32_t>(size);
    if (size <= kInlineCapacity) {
      if (size != 0) std::memcpy(storage_.inline_bytes, bytes, size);
    } else {
      storage_.heap = static_cast<unsigned char*>(std::malloc(size));
      if (storage_.heap == nullptr) throw std::bad_alloc();
      std::memcpy(storage_.heap, bytes, size);
    }
  }
  void release() {
    if (size_ > kInlineCapacity) std::free(storage_.heap);
    size_ = 0;
  }

  union Storage {
    unsigned char inline_bytes[kInlineCapacity];
    unsigned char* heap;
  } storage_{};
  std::uint32_t size_ = 0;
};

}  // namespace ptreedb::storage
