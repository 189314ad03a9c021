// Client authentication, the part of the startup between StartupMessage and
// AuthenticationOk: the first matching rule of the hba file picks the method;
// password, md5 and SCRAM-SHA-256 exchanges run here against the role's secret.
#include "server/session.h"

#include <array>
#include <optional>
#include <string>
#include <utility>

#include <boost/asio/use_awaitable.hpp>
#include <spdlog/spdlog.h>

#include "server/auth/crypto.h"
#include "server/auth/password_secret.h"
#include "server/auth/scram_exchange.h"
#include "server/log_text.h"
#include "server/protocol/backend_messages.h"
#include "server/protocol/frontend_messages.h"
#include "storage/sql_error.h"

namespace ptreedb::server {

namespace asio = boost::asio;

namespace {

constexpr const char* kInvalidAuthorization = "28000";
constexpr const char* kInvalidPassword = "28P01";

}  // namespace

asio::awaitable<std::optional<std::string>> Session::read_authentication_response() {
  co_await flush();
  for (;;) {
    if (std::optional<protocol::Frame> frame = framer_.next()) {
      if (frame->type != protocol::frontend::kAuthenticationResponse) {
        throw SqlError(sqlstate::kProtocolViolation,
                       "expected password response, got message type " +
                           std::to_string(static_cast<int>(static_cast<unsigned char>(frame->type))));
      }
      co_return std::move(frame->body);
    }
    if (!co_await read_more()) {
      client_gone_ = true;
      co_return std::nullopt;
    }
  }
}

asio::awaitable<bool> Session::authenticate_cleartext(const std::string& secret) {
  protocol::encode_authentication_cleartext_password(out_);
  auto body = co_await read_authentication_response();
  if (!body) co_return false;
  auto message = protocol::decode_password_message(protocol::AuthenticationResponse{std::move(*body)});
  co_return !message.password.empty() &&
      auth::cleartext_password_matches(secret, state_.user, message.password);
}

asio::awaitable<bool> Session::authenticate_md5(const std::string& secret) {
  const std::string salt = auth::random_bytes(4);
  std::array<std::uint8_t, 4> salt_bytes;
  for (std::size_t i = 0; i < 4; ++i) salt_bytes[i] = static_cast<std::uint8_t>(salt[i]);
  protocol::encode_authentication_md5_password(out_, salt_bytes);
  auto body = co_await read_authentication_response();
  if (!body) co_return false;
  auto message = protocol::decode_password_message(protocol::AuthenticationResponse{std::move(*body)});
  // The client sends "md5" + md5(md5(password || user) || salt).
  if (!auth::is_md5_secret(secret)) co_return false;
  const std::string expected = "md5" + auth::md5_hex(secret.substr(3) + salt);
  co_return auth::constant_time_equal(expected, message.password);
}

asio::awaitable<bool> Session::authenticate_scram(const std::string& secret) {
  static constexpr std::string_view kMechanism = "SCRAM-SHA-256";
  const std::array<std::string_view, 1> mechanisms{kMechanism};
  protocol::encode_authentication_sasl(out_, mechanisms);
  auto body = co_await read_authentication_response();
  if (!body) co_return false;
  auto initial = protocol::decode_sasl_initial_response(protocol::AuthenticationResponse{std::move(*body)});
  if (initial.mechanism != kMechanism) {
    throw SqlError(sqlstate::kProtocolViolation, "client selected an invalid SASL authentication mechanism");
  }
  if (!initial.initial_response) {
    throw SqlError(sqlstate::kProtocolViolation, "malformed SCRAM message", "The message is empty.");
  }
  auth::ScramExchange exchange(auth::parse_scram_secret(secret), auth::ScramExchange::random_nonce());
  protocol::encode_authentication_sasl_continue(out_, exchange.handle_client_first(*initial.initial_response));
  body = co_await read_authentication_response();
  if (!body) co_return false;
  auto response = protocol::decode_sasl_response(protocol::AuthenticationResponse{std::move(*body)});
  std::optional<std::string> server_final = exchange.handle_client_final(response.data);
  if (!server_final) co_return false;
  protocol::encode_authentication_sasl_final(out_, *server_final);
  co_return true;
}

asio::awaitable<bool> Session::authenticate() {
  const std::string address = stream_.peer_address();
  const auth::HbaRule* rule =
      security_.hba.match(auth::HbaClient{address, state_.user, state_.database, stream_.tls()});
  const std::string who = "host \"" + address + "\", user \"" + state_.user + "\", database \"" +
                          state_.database + "\", " + (stream_.tls() ? "SSL encryption" : "no encryption");
  if (rule == nullptr) {
    send_fatal(kInvalidAuthorization, "no pg_hba.conf entry for " + who);
    co_return false;
  }
  if (rule->method == auth::AuthMethod::kReject) {
    send_fatal(kInvalidAuthorization, "pg_hba.conf rejects connection for " + who);
    co_return false;
  }
  auto role = database_.snapshot()->find_role(state_.user);
  // A missing role still goes through the exchange, so that a client cannot
  // learn which roles exist; it then fails like a wrong password.
  const std::string secret = role ? role->password_secret : std::string();
  bool passed = true;
  switch (rule->method) {
    case auth::AuthMethod::kTrust:
    case auth::AuthMethod::kReject:
      break;
    case auth::AuthMethod::kPassword:
      passed = co_await authenticate_cleartext(secret);
      break;
    case auth::AuthMethod::kMd5:
      // As in PostgreSQL, md5 rules use SCRAM for roles whose secret is a SCRAM verifier.
      if (auth::parse_scram_secret(secret)) {
        passed = co_await authenticate_scram(secret);
      } else {
        passed = co_await authenticate_md5(secret);
      }
      break;
    case auth::AuthMethod::kScramSha256:
      passed = co_await authenticate_scram(secret);
      break;
  }
  // A client that hung up (or ran out of authentication_timeout) gets no
  // password failure, as in PostgreSQL.
  if (!passed && client_gone_) co_return false;
  if (!passed) {
    spdlog::info("password authentication failed for user \"{}\" from {} (pg_hba line {})", log_text(state_.user),
                 address, rule->line_number);
    send_fatal(kInvalidPassword, "password authentication failed for user \"" + state_.user + "\"");
    co_return false;
  }
  if (role == nullptr) {
    send_fatal(kInvalidAuthorization, "role \"" + state_.user + "\" does not exist");
    co_return false;
  }
  if (!role->can_login) {
    send_fatal(kInvalidAuthorization, "role \"" + state_.user + "\" is not permitted to log in");
    co_return false;
  }
  is_superuser_ = role->superuser;
  co_return true;
}

}  // namespace ptreedb::server
