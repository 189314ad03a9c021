// The server side of one SCRAM-SHA-256 exchange (RFC 5802, RFC 7677) as a pure
// state machine: client-first -> server-first, client-final -> server-final.
// No channel binding is offered (no SCRAM-SHA-256-PLUS), so clients send "n"
// or "y" as their GS2 flag. Passwords are used as given (no SASLprep), which
// is the same for ASCII passwords.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "server/auth/password_secret.h"

namespace ptreedb::server::auth {

class ScramExchange {
 public:
  // `secret` is the role's verifier, or nullopt when the role does not exist or
  // has no SCRAM secret: the exchange then runs against a made-up secret and
  // fails at the proof, so a client cannot tell the cases apart.
  // `server_nonce` is the server's random nonce part (printable, no ',').
  ScramExchange(std::optional<ScramSecret> secret, std::string server_nonce);

  // A random server nonce as PostgreSQL makes one: 18 random bytes in base64.
  static std::string random_nonce();

  // Malformed messages throw SqlError 08P01.
  std::string handle_client_first(std::string_view client_first);
  // The server-final message when the proof is right; nullopt when not.
  std::optional<std::string> handle_client_final(std::string_view client_final);

 private:
  ScramSecret secret_;
  bool secret_is_real_;
  std::string server_nonce_;
  std::string gs2_header_;
  std::string client_first_bare_;
  std::string server_first_;
  std::string combined_nonce_;
};

}  // namespace ptreedb::server::auth
