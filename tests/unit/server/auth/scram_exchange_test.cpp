#include "server/auth/scram_exchange.h"

#include <catch2/catch.hpp>

#include "server/auth/crypto.h"
#include "server/auth/password_secret.h"
#include "storage/sql_error.h"

using namespace ptreedb::server::auth;

namespace {

// RFC 7677, section 3: user "user", password "pencil".
constexpr const char* kClientFirst = "n,,n=user,r=rOprNGfwEbeRWgbNEkqO";
constexpr const char* kServerNonce = "%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0";
constexpr const char* kServerFirst =
    "r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096";
constexpr const char* kClientFinal =
    "c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,"
    "p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=";
constexpr const char* kServerFinal = "v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=";

ScramSecret rfc_secret() {
  std::string salt;
  REQUIRE(base64_decode("W22ZaJ0SNY7soEsUEjb6gQ==", salt));
  return derive_scram_secret("pencil", salt, 4096);
}

}  // namespace

TEST_CASE("SCRAM-SHA-256 exchange reproduces RFC 7677's test vector") {
  ScramExchange exchange(rfc_secret(), kServerNonce);
  CHECK(exchange.handle_client_first(kClientFirst) == kServerFirst);
  auto server_final = exchange.handle_client_final(kClientFinal);
  REQUIRE(server_final);
  CHECK(*server_final == kServerFinal);
}

TEST_CASE("SCRAM secret text round-trips in PostgreSQL's format") {
  std::string text = format_scram_secret(rfc_secret());
  CHECK(text.starts_with("SCRAM-SHA-256$4096:W22ZaJ0SNY7soEsUEjb6gQ==$"));
  auto parsed = parse_scram_secret(text);
  REQUIRE(parsed);
  CHECK(parsed->stored_key == rfc_secret().stored_key);
  CHECK(parsed->server_key == rfc_secret().server_key);
  CHECK_FALSE(parse_scram_secret("SCRAM-SHA-256$4096:abc$x:y"));
  CHECK_FALSE(parse_scram_secret("md5abc"));
  CHECK(cleartext_password_matches(text, "user", "pencil"));
  CHECK_FALSE(cleartext_password_matches(text, "user", "pencil2"));
}

TEST_CASE("md5 secrets are PostgreSQL's md5(password || user)") {
  // SELECT 'md5' || md5('secretalice') in PostgreSQL.
  CHECK(make_md5_secret("secret", "alice") == "md5" + md5_hex("secretalice"));
  CHECK(md5_hex("") == "d41d8cd98f00b204e9800998ecf8427e");
  CHECK(is_md5_secret(make_md5_secret("secret", "alice")));
  CHECK(cleartext_password_matches(make_md5_secret("secret", "alice"), "alice", "secret"));
  CHECK_FALSE(cleartext_password_matches(make_md5_secret("secret", "alice"), "bob", "secret"));
  // Already-encrypted values are stored as given.
  CHECK(encrypt_password("md5" + md5_hex("xalice"), "alice", "scram-sha-256") == "md5" + md5_hex("xalice"));
  CHECK(encrypt_password("x", "alice", "md5") == make_md5_secret("x", "alice"));
  CHECK(parse_scram_secret(encrypt_password("x", "alice", "scram-sha-256")));
}

TEST_CASE("a wrong proof, a missing secret, or a changed nonce fails") {
  SECTION("wrong password") {
    std::string salt;
    REQUIRE(base64_decode("W22ZaJ0SNY7soEsUEjb6gQ==", salt));
    ScramExchange exchange(derive_scram_secret("pencil2", salt, 4096), kServerNonce);
    exchange.handle_client_first(kClientFirst);
    CHECK_FALSE(exchange.handle_client_final(kClientFinal));
  }
  SECTION("no secret: a made-up one is used and the proof fails") {
    ScramExchange exchange(std::nullopt, kServerNonce);
    auto first = exchange.handle_client_first(kClientFirst);
    CHECK(first.starts_with("r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s="));
    CHECK_FALSE(exchange.handle_client_final(kClientFinal));
  }
  SECTION("nonce changed by the client") {
    ScramExchange exchange(rfc_secret(), kServerNonce);
    exchange.handle_client_first(kClientFirst);
    CHECK_THROWS_AS(exchange.handle_client_final("c=biws,r=other,p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ="),
                    ptreedb::SqlError);
  }
  SECTION("malformed messages are protocol violations") {
    ScramExchange exchange(rfc_secret(), kServerNonce);
    CHECK_THROWS_AS(exchange.handle_client_first("p=tls-server-end-point,,n=user,r=abc"), ptreedb::SqlError);
    CHECK_THROWS_AS(exchange.handle_client_first("x,,n=user,r=abc"), ptreedb::SqlError);
    CHECK_THROWS_AS(exchange.handle_client_first("n,,r=abc"), ptreedb::SqlError);
    CHECK_THROWS_AS(exchange.handle_client_final("c=biws,r=x,p=abc"), ptreedb::SqlError);
  }
  SECTION("the y flag is accepted because no channel binding is offered") {
    ScramExchange exchange(rfc_secret(), kServerNonce);
    CHECK(exchange.handle_client_first("y,,n=user,r=rOprNGfwEbeRWgbNEkqO") == kServerFirst);
    // The proof was computed over "n,,": the c= attribute must carry "y,," now.
    CHECK_THROWS_AS(exchange.handle_client_final(kClientFinal), ptreedb::SqlError);
  }
}
