// A thin RAII layer over libpq for the benchmark drivers: one connection per
// client thread, statements sent with the simple query protocol (or prepared
// when the server supports the extended protocol), COPY FROM STDIN for loads.
#pragma once

#include <libpq-fe.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace ptreedb::bench {

struct ConnectionOptions {
  std::string host = "127.0.0.1";
  std::string port = "5432";
  std::string user = "postgres";
  std::string dbname = "postgres";

  std::string conninfo() const;
  std::string describe() const { return host + ":" + port + "/" + dbname; }
};

// A statement the server refused, with its SQLSTATE (e.g. 40001 for a
// serialization failure the drivers retry).
class QueryError : public std::runtime_error {
 public:
  QueryError(std::string sqlstate, const std::string& message)
      : std::runtime_error(message), sqlstate_(std::move(sqlstate)) {}
  const std::string& sqlstate() const { return sqlstate_; }

 private:
  std::string sqlstate_;
};

class PgResult {
 public:
  explicit PgResult(PGresult* result = nullptr) : result_(result) {}
  PgResult(PgResult&& other) noexcept : result_(other.result_) { other.result_ = nullptr; }
  PgResult& operator=(PgResult&& other) noexcept;
  PgResult(const PgResult&) = delete;
  PgResult& operator=(const PgResult&) = delete;
  ~PgResult() { PQclear(result_); }

  int rows() const { return result_ ? PQntuples(result_) : 0; }
  int columns() const { return result_ ? PQnfields(result_) : 0; }
  bool is_null(int row, int column) const { return PQgetisnull(result_, row, column); }
  const char* text(int row, int column) const { return PQgetvalue(result_, row, column); }
  std::int64_t int64(int row, int column) const;
  double number(int row, int column) const;
  // Rows affected by INSERT/UPDATE/DELETE.
  std::int64_t affected() const;

 private:
  PGresult* result_;
};

class PgConnection {
 public:
  explicit PgConnection(const ConnectionOptions& options);
  PgConnection(const PgConnection&) = delete;
  PgConnection& operator=(const PgConnection&) = delete;
  ~PgConnection() { PQfinish(connection_); }

  // Runs one or more statements; returns the last result, throws QueryError.
  PgResult exec(const std::string& sql);
  // Prepares `name` once; exec_prepared runs it with text parameters.
  void prepare(const std::string& name, const std::string& sql, int parameters);
  PgResult exec_prepared(const std::string& name, const std::vector<std::string>& parameters);

  // Streams a file through `COPY ... FROM STDIN`; `progress(bytes_sent)` is
  // called after each chunk. Returns the rows the server reports.
  template <class Progress>
  std::int64_t copy_file(const std::string& copy_sql, const std::string& path, Progress&& progress);

  // "postgresql" when version() says PostgreSQL, else "ptreedb".
  std::string server_kind();

  // COPY FROM STDIN piece by piece: data generated in memory (YCSB records).
  void start_copy(const std::string& copy_sql);
  bool send_chunk(const char* data, std::size_t size);
  std::int64_t finish_copy(const char* error);

 private:
  [[noreturn]] void fail(PGresult* result);

  PGconn* connection_;
};

template <class Progress>
std::int64_t PgConnection::copy_file(const std::string& copy_sql, const std::string& path,
                                     Progress&& progress) {
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (!file) throw std::runtime_error("cannot open " + path);
  start_copy(copy_sql);
  std::vector<char> buffer(1 << 20);
  std::uint64_t sent = 0;
  const char* error = nullptr;
  while (std::size_t got = std::fread(buffer.data(), 1, buffer.size(), file)) {
    if (!send_chunk(buffer.data(), got)) {
      error = "sending COPY data failed";
      break;
    }
    sent += got;
    progress(sent);
  }
  std::fclose(file);
  return finish_copy(error);
}

}  // namespace ptreedb::bench
