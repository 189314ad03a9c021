// Stored password secrets in PostgreSQL's formats: SCRAM-SHA-256 verifiers
// ("SCRAM-SHA-256$<iterations>:<salt>$<StoredKey>:<ServerKey>", base64 parts)
// and md5 hashes ("md5" + md5(password || user) in hex). The cleartext is never kept.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace ptreedb::server::auth {

inline constexpr int kScramIterations = 4096;  // PostgreSQL's scram_iterations default

struct ScramSecret {
  int iterations = 0;
  std::string salt;        // raw bytes
  std::string stored_key;  // H(ClientKey), raw
  std::string server_key;  // HMAC(SaltedPassword, "Server Key"), raw
};

ScramSecret derive_scram_secret(std::string_view password, std::string_view salt, int iterations);
std::string format_scram_secret(const ScramSecret& secret);
std::optional<ScramSecret> parse_scram_secret(std::string_view text);
// A SCRAM secret with a fresh 16-byte random salt, as text.
std::string make_scram_secret(std::string_view password);

std::string make_md5_secret(std::string_view password, std::string_view user);
bool is_md5_secret(std::string_view text);

// What CREATE/ALTER ROLE ... PASSWORD stores: a value already in one of the
// two formats is kept as given (as PostgreSQL does); anything else is hashed
// with `encryption` ("scram-sha-256" or "md5", password_encryption's values).
std::string encrypt_password(std::string_view password, std::string_view user,
                             std::string_view encryption);

// Whether `password` (cleartext) matches the stored secret.
bool cleartext_password_matches(std::string_view secret, std::string_view user,
                                std::string_view password);

}  // namespace ptreedb::server::auth
