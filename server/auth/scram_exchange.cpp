#include "server/auth/scram_exchange.h"

#include "server/auth/crypto.h"
#include "storage/sql_error.h"

namespace ptreedb::server::auth {
namespace {

[[noreturn]] void malformed(const std::string& detail) {
  throw SqlError(sqlstate::kProtocolViolation, "malformed SCRAM message", detail);
}

// The value of attribute `name` ("r", "c", "p", ...) at the start of `part`.
std::string_view attribute(std::string_view part, char name) {
  if (part.size() < 2 || part[0] != name || part[1] != '=') {
    malformed(std::string("Expected attribute \"") + name + "\".");
  }
  return part.substr(2);
}

// Splits off the text up to the next ',' (or the end).
std::string_view next_part(std::string_view& rest) {
  auto comma = rest.find(',');
  std::string_view part = rest.substr(0, comma);
  rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
  return part;
}

}  // namespace

ScramExchange::ScramExchange(std::optional<ScramSecret> secret, std::string server_nonce)
    : secret_is_real_(secret.has_value()), server_nonce_(std::move(server_nonce)) {
  if (secret) {
    secret_ = std::move(*secret);
  } else {
    secret_.iterations = kScramIterations;
    secret_.salt = random_bytes(16);
    secret_.stored_key = random_bytes(32);
    secret_.server_key = random_bytes(32);
  }
}

std::string ScramExchange::random_nonce() { return base64_encode(random_bytes(18)); }

std::string ScramExchange::handle_client_first(std::string_view client_first) {
  std::string_view rest = client_first;
  std::string_view flag = next_part(rest);
  if (flag.starts_with("p=")) {
    malformed("The client selected SCRAM-SHA-256-PLUS, but the server does not support channel binding.");
  }
  if (flag != "n" && flag != "y") malformed("Unexpected channel-binding flag.");
  std::string_view authzid = next_part(rest);
  if (!authzid.empty()) {
    if (!authzid.starts_with("a=")) malformed("Unexpected authorization identity.");
    throw SqlError(sqlstate::kFeatureNotSupported, "client uses authorization identity, but it is not supported");
  }
  gs2_header_ = std::string(client_first.substr(0, client_first.size() - rest.size()));
  client_first_bare_ = std::string(rest);
  // The user name in n= is ignored: the startup packet's user is the one that counts.
  attribute(next_part(rest), 'n');
  std::string_view client_nonce = attribute(next_part(rest), 'r');
  if (client_nonce.empty()) malformed("The client nonce is empty.");
  for (char c : client_nonce) {
    if (c < 0x21 || c > 0x7e || c == ',') malformed("The client nonce contains invalid characters.");
  }
  combined_nonce_ = std::string(client_nonce) + server_nonce_;
  server_first_ = "r=" + combined_nonce_ + ",s=" + base64_encode(secret_.salt) +
                  ",i=" + std::to_string(secret_.iterations);
  return server_first_;
}

std::optional<std::string> ScramExchange::handle_client_final(std::string_view client_final) {
  if (server_first_.empty()) malformed("Client-final message before client-first.");
  auto proof_at = client_final.rfind(",p=");
  if (proof_at == std::string_view::npos) malformed("Could not find proof.");
  std::string_view without_proof = client_final.substr(0, proof_at);
  std::string_view rest = without_proof;
  std::string channel_binding;
  if (!base64_decode(attribute(next_part(rest), 'c'), channel_binding)) {
    malformed("Invalid channel-binding data.");
  }
  if (channel_binding != gs2_header_) malformed("SCRAM channel binding check failed.");
  if (attribute(next_part(rest), 'r') != combined_nonce_) malformed("Nonce does not match.");
  std::string proof;
  if (!base64_decode(client_final.substr(proof_at + 3), proof) || proof.size() != 32) {
    malformed("Malformed proof in client-final-message.");
  }
  std::string auth_message = client_first_bare_ + "," + server_first_ + "," + std::string(without_proof);
  std::string client_signature = hmac_sha256(secret_.stored_key, auth_message);
  std::string client_key(32, '\0');
  for (std::size_t i = 0; i < 32; ++i) client_key[i] = static_cast<char>(proof[i] ^ client_signature[i]);
  if (!constant_time_equal(sha256(client_key), secret_.stored_key) || !secret_is_real_) {
    return std::nullopt;
  }
  return "v=" + base64_encode(hmac_sha256(secret_.server_key, auth_message));
}

}  // namespace ptreedb::server::auth
