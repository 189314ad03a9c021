#include "server/server_security.h"

#include "server/client_stream.h"

namespace ptreedb::server {

ServerSecurity ServerSecurity::from_config(const ServerConfig& config) {
  ServerSecurity security;
  if (!config.hba_file.empty()) security.hba = auth::HbaRules::load_file(config.hba_file);
  if (!config.ssl_cert_file.empty()) {
    security.tls = make_tls_context(config.ssl_cert_file, config.ssl_key_file);
  }
  return security;
}

}  // namespace ptreedb::server
