#include "server/auth/hba.h"

#include <catch2/catch.hpp>

#include <stdexcept>

using namespace ptreedb::server::auth;

namespace {
AuthMethod method_for(const HbaRules& rules, HbaClient client) {
  const HbaRule* rule = rules.match(client);
  REQUIRE(rule != nullptr);
  return rule->method;
}
}  // namespace

TEST_CASE("the first matching line decides") {
  auto rules = HbaRules::parse(R"(
# comment line
local   all        all                      trust
hostssl all        secure     0.0.0.0/0     scram-sha-256
host    all        nobody     all           reject
host    postgres   alice,bob  127.0.0.1/32  md5     # trailing comment
host    sameuser   all        127.0.0.0 255.0.0.0  password
host    all        all        ::1/128       trust
host    "all"      all        10.0.0.0/8    trust
)");
  REQUIRE(rules.rules().size() == 7);
  CHECK(rules.rules()[1].line_number == 4);
  CHECK(method_for(rules, {"127.0.0.1", "alice", "postgres", false}) == AuthMethod::kMd5);
  CHECK(method_for(rules, {"127.0.0.1", "bob", "postgres", true}) == AuthMethod::kMd5);
  CHECK(method_for(rules, {"127.0.0.1", "secure", "postgres", true}) == AuthMethod::kScramSha256);
  CHECK(method_for(rules, {"127.0.0.1", "nobody", "postgres", false}) == AuthMethod::kReject);
  CHECK(method_for(rules, {"127.1.2.3", "carol", "carol", false}) == AuthMethod::kPassword);
  CHECK(method_for(rules, {"::1", "carol", "postgres", false}) == AuthMethod::kTrust);
  CHECK(method_for(rules, {"::ffff:127.0.0.1", "alice", "postgres", false}) == AuthMethod::kMd5);
  // hostssl never matches a plain connection; nothing else matches here.
  CHECK(rules.match({"127.0.0.1", "secure", "postgres", false}) == nullptr);
  CHECK(rules.match({"192.168.1.1", "alice", "postgres", false}) == nullptr);
  // A quoted "all" is a database named all.
  CHECK(rules.match({"10.1.1.1", "alice", "postgres", false}) == nullptr);
  CHECK(method_for(rules, {"10.1.1.1", "alice", "all", false}) == AuthMethod::kTrust);
}

TEST_CASE("hostnossl matches only plain connections") {
  auto rules = HbaRules::parse("hostnossl all all all trust\nhost all all all reject\n");
  CHECK(method_for(rules, {"127.0.0.1", "a", "b", false}) == AuthMethod::kTrust);
  CHECK(method_for(rules, {"127.0.0.1", "a", "b", true}) == AuthMethod::kReject);
}

TEST_CASE("malformed lines are refused with their line number") {
  for (const char* text : {"host all all 127.0.0.1/33 trust", "host all all 127.0.0.1/32 ident",
                           "hosts all all all trust", "host all all all", "host all all 999.0.0.1/8 trust",
                           "host all +group all trust", "host \"all all all trust"}) {
    try {
      HbaRules::parse(std::string("\n") + text, "hba.conf");
      FAIL("accepted: " << text);
    } catch (const std::runtime_error& error) {
      CHECK_THAT(error.what(), Catch::Matchers::Contains("line 2 of configuration file \"hba.conf\""));
    }
  }
}

TEST_CASE("without a file every connection is trusted") {
  auto rules = HbaRules::trust_all();
  CHECK(method_for(rules, {"127.0.0.1", "anyone", "anything", false}) == AuthMethod::kTrust);
  CHECK(method_for(rules, {"::1", "anyone", "anything", true}) == AuthMethod::kTrust);
}
