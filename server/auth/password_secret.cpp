#include "server/auth/password_secret.h"

#include <charconv>

#include "server/auth/crypto.h"

namespace ptreedb::server::auth {

ScramSecret derive_scram_secret(std::string_view password, std::string_view salt, int iterations) {
  std::string salted = pbkdf2_sha256(password, salt, iterations);
  ScramSecret secret;
  secret.iterations = iterations;
  secret.salt = std::string(salt);
  secret.stored_key = sha256(hmac_sha256(salted, "Client Key"));
  secret.server_key = hmac_sha256(salted, "Server Key");
  return secret;
}

std::string format_scram_secret(const ScramSecret& secret) {
  return "SCRAM-SHA-256$" + std::to_string(secret.iterations) + ":" + base64_encode(secret.salt) +
         "$" + base64_encode(secret.stored_key) + ":" + base64_encode(secret.server_key);
}

std::optional<ScramSecret> parse_scram_secret(std::string_view text) {
  constexpr std::string_view kPrefix = "SCRAM-SHA-256$";
  if (!text.starts_with(kPrefix)) return std::nullopt;
  text.remove_prefix(kPrefix.size());
  auto colon = text.find(':');
  auto dollar = text.find('$');
  if (colon == std::string_view::npos || dollar == std::string_view::npos || colon > dollar) {
    return std::nullopt;
  }
  ScramSecret secret;
  std::string_view iterations = text.substr(0, colon);
  auto [end, error] = std::from_chars(iterations.data(), iterations.data() + iterations.size(),
                                      secret.iterations);
  if (error != std::errc() || end != iterations.data() + iterations.size() || secret.iterations < 1) {
    return std::nullopt;
  }
  std::string_view keys = text.substr(dollar + 1);
  auto key_colon = keys.find(':');
  if (key_colon == std::string_view::npos) return std::nullopt;
  if (!base64_decode(text.substr(colon + 1, dollar - colon - 1), secret.salt) ||
      !base64_decode(keys.substr(0, key_colon), secret.stored_key) ||
      !base64_decode(keys.substr(key_colon + 1), secret.server_key) ||
      secret.stored_key.size() != 32 || secret.server_key.size() != 32) {
    return std::nullopt;
  }
  return secret;
}

std::string make_scram_secret(std::string_view password) {
  return format_scram_secret(derive_scram_secret(password, random_bytes(16), kScramIterations));
}

std::string make_md5_secret(std::string_view password, std::string_view user) {
  std::string input(password);
  input += user;
  return "md5" + md5_hex(input);
}

bool is_md5_secret(std::string_view text) {
  if (text.size() != 35 || !text.starts_with("md5")) return false;
  for (char c : text.substr(3)) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  return true;
}

std::string encrypt_password(std::string_view password, std::string_view user,
                             std::string_view encryption) {
  if (is_md5_secret(password) || parse_scram_secret(password)) return std::string(password);
  if (encryption == "md5") return make_md5_secret(password, user);
  return make_scram_secret(password);
}

bool cleartext_password_matches(std::string_view secret, std::string_view user,
                                std::string_view password) {
  if (auto scram = parse_scram_secret(secret)) {
    ScramSecret derived = derive_scram_secret(password, scram->salt, scram->iterations);
    return constant_time_equal(derived.stored_key, scram->stored_key);
  }
  if (is_md5_secret(secret)) return constant_time_equal(make_md5_secret(password, user), secret);
  return false;
}

}  // namespace ptreedb::server::auth
