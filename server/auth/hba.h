// Client authentication rules in pg_hba.conf's line format:
//   TYPE  DATABASE  USER  ADDRESS  METHOD  [options]
// TYPE host | hostssl | hostnossl (local lines are accepted and never match a
// TCP connection); DATABASE and USER are comma-separated lists or "all"
// (DATABASE also "sameuser"); ADDRESS is "all", an IP with /prefix, or an IP
// followed by a separate mask; METHOD trust | reject | password | md5 |
// scram-sha-256. The first matching line decides.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ptreedb::server::auth {

enum class AuthMethod { kTrust, kReject, kPassword, kMd5, kScramSha256 };

struct HbaRule {
  enum class Type { kLocal, kHost, kHostSsl, kHostNoSsl };
  Type type = Type::kHost;
  std::vector<std::string> databases;  // "all", "sameuser", or names
  std::vector<std::string> users;      // "all" or names
  bool any_address = true;
  bool ipv6 = false;
  std::array<std::uint8_t, 16> address{};
  std::array<std::uint8_t, 16> mask{};
  AuthMethod method = AuthMethod::kTrust;
  int line_number = 0;
};

// A client as the rules see it.
struct HbaClient {
  std::string address;  // textual IP
  std::string user;
  std::string database;
  bool ssl = false;
};

class HbaRules {
 public:
  // Every TCP connection is trusted (the default without --hba-file).
  static HbaRules trust_all();
  // Throws std::runtime_error naming the file line on a malformed line.
  static HbaRules parse(std::string_view text, const std::string& file_name = "pg_hba.conf");
  static HbaRules load_file(const std::string& path);

  // The first rule that matches, or null.
  const HbaRule* match(const HbaClient& client) const;
  const std::vector<HbaRule>& rules() const { return rules_; }

 private:
  std::vector<HbaRule> rules_;
};

}  // namespace ptreedb::server::auth
