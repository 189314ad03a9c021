#include "server/huge_pages.h"

#include <fstream>
#include <iterator>
#include <stdexcept>

namespace ptreedb::server {

std::string transparent_huge_page_setting() {
  std::ifstream file("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text;
}

bool use_huge_pages(const std::string& mode, const std::string& setting, bool allocator_can,
                    std::uint64_t memory_limit) {
  if (mode == "off") return false;
  const bool offered = setting.find("[always]") != std::string::npos || setting.find("[madvise]") != std::string::npos;
  if (offered && allocator_can) return mode == "on" || memory_limit >= kHugePagesLeastMemoryLimit;
  if (mode == "on") {
    throw std::runtime_error(!allocator_can ? "--huge-pages on: this build's allocator cannot use huge pages"
                                            : "--huge-pages on: the kernel offers no transparent huge pages (" +
                                                  (setting.empty() ? std::string("setting unknown") : setting) + ")");
  }
  return false;
}

}  // namespace ptreedb::server
