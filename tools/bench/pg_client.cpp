#include "tools/bench/pg_client.h"

#include <cstdio>
#include <cstdlib>

namespace ptreedb::bench {

namespace {

// Quotes a conninfo value: 'it''s' style with backslash escapes.
std::string quoted(const std::string& value) {
  std::string out = "'";
  for (char c : value) {
    if (c == '\'' || c == '\\') out += '\\';
    out += c;
  }
  return out + "'";
}

}  // namespace

std::string ConnectionOptions::conninfo() const {
  return "host=" + quoted(host) + " port=" + quoted(port) + " user=" + quoted(user) +
         " dbname=" + quoted(dbname) + " connect_timeout=10 sslmode=disable";
}

PgResult& PgResult::operator=(PgResult&& other) noexcept {
  if (this != &other) {
    PQclear(result_);
    result_ = other.result_;
    other.result_ = nullptr;
  }
  return *this;
}

std::int64_t PgResult::int64(int row, int column) const {
  return std::strtoll(text(row, column), nullptr, 10);
}

double PgResult::number(int row, int column) const {
  return std::strtod(text(row, column), nullptr);
}

std::int64_t PgResult::affected() const {
  const char* tuples = result_ ? PQcmdTuples(result_) : "";
  return *tuples ? std::strtoll(tuples, nullptr, 10) : 0;
}

PgConnection::PgConnection(const ConnectionOptions& options)
    : connection_(PQconnectdb(options.conninfo().c_str())) {
  if (PQstatus(connection_) != CONNECTION_OK) {
    std::string message = PQerrorMessage(connection_);
    PQfinish(connection_);
    connection_ = nullptr;
    throw std::runtime_error("cannot connect to " + options.describe() + ": " + message);
  }
  PQsetNoticeProcessor(connection_, [](void*, const char*) {}, nullptr);
}

void PgConnection::fail(PGresult* result) {
  const char* state = result ? PQresultErrorField(result, PG_DIAG_SQLSTATE) : nullptr;
  std::string sqlstate = state ? state : "";
  std::string message = PQerrorMessage(connection_);
  while (!message.empty() && message.back() == '\n') message.pop_back();
  PQclear(result);
  throw QueryError(sqlstate, message);
}

PgResult PgConnection::exec(const std::string& sql) {
  PGresult* result = PQexec(connection_, sql.c_str());
  auto status = PQresultStatus(result);
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK && status != PGRES_EMPTY_QUERY) {
    fail(result);
  }
  return PgResult(result);
}

void PgConnection::prepare(const std::string& name, const std::string& sql, int parameters) {
  PGresult* result = PQprepare(connection_, name.c_str(), sql.c_str(), parameters, nullptr);
  if (PQresultStatus(result) != PGRES_COMMAND_OK) fail(result);
  PQclear(result);
}

PgResult PgConnection::exec_prepared(const std::string& name,
                                     const std::vector<std::string>& parameters) {
  std::vector<const char*> values;
  values.reserve(parameters.size());
  for (const auto& p : parameters) values.push_back(p.c_str());
  PGresult* result = PQexecPrepared(connection_, name.c_str(), int(values.size()), values.data(),
                                    nullptr, nullptr, 0);
  auto status = PQresultStatus(result);
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) fail(result);
  return PgResult(result);
}

void PgConnection::start_copy(const std::string& copy_sql) {
  PGresult* result = PQexec(connection_, copy_sql.c_str());
  if (PQresultStatus(result) != PGRES_COPY_IN) fail(result);
  PQclear(result);
}

bool PgConnection::send_chunk(const char* data, std::size_t size) {
  return PQputCopyData(connection_, data, int(size)) == 1;
}

std::int64_t PgConnection::finish_copy(const char* error) {
  if (PQputCopyEnd(connection_, error) != 1) fail(nullptr);
  PGresult* result = PQgetResult(connection_);
  if (PQresultStatus(result) != PGRES_COMMAND_OK) {
    fail(result);
  }
  PgResult done(result);
  while (PGresult* extra = PQgetResult(connection_)) PQclear(extra);
  return done.affected();
}

std::string PgConnection::server_kind() {
  try {
    auto version = exec("select version()");
    std::string text = version.rows() ? version.text(0, 0) : "";
    if (text.find("PostgreSQL") != std::string::npos) return "postgresql";
  } catch (const QueryError&) {
  }
  return "ptreedb";
}

}  // namespace ptreedb::bench
