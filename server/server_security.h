// What the server needs to secure connections, loaded once at start from the
// configuration: the client authentication rules and the TLS context.
#pragma once

#include <memory>

#include <boost/asio/ssl/context.hpp>

#include "server/auth/hba.h"
#include "server/config.h"

namespace ptreedb::server {

struct ServerSecurity {
  auth::HbaRules hba = auth::HbaRules::trust_all();
  std::unique_ptr<boost::asio::ssl::context> tls;  // null: SSLRequest is answered 'N'

  // Throws std::runtime_error when the rules file or the certificate cannot be loaded.
  static ServerSecurity from_config(const ServerConfig& config);
};

}  // namespace ptreedb::server
