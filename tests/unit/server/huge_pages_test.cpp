#include "server/huge_pages.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>

using ptreedb::server::use_huge_pages;

namespace {
constexpr std::uint64_t kLarge = 16ull << 30;
bool use_huge_pages_at(const std::string& mode, const std::string& setting, bool allocator_can) {
  return use_huge_pages(mode, setting, allocator_can, kLarge);
}
}  // namespace

TEST_CASE("huge pages follow the kernel's bracketed transparent_hugepage choice") {
  CHECK(use_huge_pages_at("try", "always [madvise] never", true));
  CHECK(use_huge_pages_at("try", "[always] madvise never", true));
  CHECK_FALSE(use_huge_pages_at("try", "always madvise [never]", true));
  CHECK_FALSE(use_huge_pages_at("try", "", true));  // no such file: no THP
  CHECK_FALSE(use_huge_pages_at("try", "always [madvise] never", false));
  CHECK(use_huge_pages_at("on", "always [madvise] never", true));
}

TEST_CASE("off never uses them; on refuses to start without them") {
  CHECK_FALSE(use_huge_pages_at("off", "[always] madvise never", true));
  CHECK_THROWS_AS(use_huge_pages_at("on", "always madvise [never]", true), std::runtime_error);
  CHECK_THROWS_AS(use_huge_pages_at("on", "", true), std::runtime_error);
  CHECK_THROWS_AS(use_huge_pages_at("on", "[always] madvise never", false), std::runtime_error);
}

TEST_CASE("try keeps small pages under a small memory limit; on does not") {
  CHECK_FALSE(use_huge_pages("try", "always [madvise] never", true, 256ull << 20));
  CHECK_FALSE(use_huge_pages("try", "always [madvise] never", true, (4ull << 30) - 1));
  CHECK(use_huge_pages("try", "always [madvise] never", true, 4ull << 30));
  CHECK(use_huge_pages("on", "always [madvise] never", true, 256ull << 20));
}
