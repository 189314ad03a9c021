#include "exec/postgres_hash.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <string_view>

using namespace ptreedb;

namespace {

std::int32_t hash_text(std::string_view text) {
  return static_cast<std::int32_t>(exec::postgres_hash_bytes(text.data(), text.size()));
}

}  // namespace

TEST_CASE("hash_any gives PostgreSQL's values at every tail length", "[postgres_hash]") {
  // PostgreSQL 15: SELECT hashtext('abcdefghijkl'), ... (hash_any over the bytes).
  CHECK(hash_text("abcdefghijkl") == -1586087212);
  CHECK(hash_text("abcdefgh") == -1960928205);
  CHECK(hash_text("abc") == -785388649);
  CHECK(hash_text("") == -1477818771);
  CHECK(hash_text("abcdefghijklmnopq") == 1648114242);
  CHECK(hash_text("abcdefghijk") == -1483803693);
}

TEST_CASE("Hashing words equals hashing their bytes", "[postgres_hash]") {
  for (std::uint32_t a : {0u, 1u, 77u, 0xffffffffu}) {
    for (std::uint32_t b : {0u, 5u, 123456789u}) {
      std::uint32_t two[2] = {a, b};
      CHECK(exec::postgres_hash_words(a, b) == exec::postgres_hash_bytes(two, sizeof two));
      std::uint32_t three[3] = {a, b, a ^ b};
      CHECK(exec::postgres_hash_words(a, b, a ^ b) == exec::postgres_hash_bytes(three, sizeof three));
    }
  }
}
