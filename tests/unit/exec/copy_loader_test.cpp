#include "exec/copy_loader.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "exec/copy_text_format.h"
#include "sql_database.h"
#include "storage/sql_error.h"

using ptreedb::SqlError;
using ptreedb::exec::CopyLoader;
using namespace ptreedb;

namespace {

// The planner and executor over one in-memory database, with COPY's loader.
struct TestDatabase : exec::testing::SqlDatabase {
  CopyLoader copy(const std::string& sql) {
    planner::StatementPlan statement = plan(sql);
    return CopyLoader(std::move(std::get<planner::CopyPlan>(statement)), database);
  }

  // The rows of a query as COPY TO's text lines.
  std::vector<std::string> rows(const std::string& sql) {
    exec::QueryResult result = exec::execute_statement(plan(sql), database);
    std::vector<std::string> out;
    std::string line, scratch;
    for (const auto& chunk : result.chunks) {
      for (std::size_t row = 0; row < chunk.size; ++row) {
        line.clear();
        exec::append_copy_row(line, chunk, row, planner::CopyOptions{}, scratch);
        line.pop_back();
        out.push_back(line);
      }
    }
    return out;
  }
};

// Feeds `data` in pieces of `piece` bytes, then finishes; returns the count.
std::uint64_t load(CopyLoader& loader, const std::string& data, std::size_t piece) {
  for (std::size_t at = 0; at < data.size(); at += piece) loader.feed(std::string_view(data).substr(at, piece));
  return loader.finish();
}

// "SQLSTATE message | context" of the error a load raises.
std::string load_error(CopyLoader loader, const std::string& data, std::size_t piece = 1000) {
  try {
    load(loader, data, piece);
  } catch (const SqlError& error) {
    return error.sqlstate() + " " + error.what() + " | " + error.context();
  }
  return "no error";
}

}  // namespace

TEST_CASE("COPY FROM loads records split anywhere, in many batches", "[exec][copy]") {
  TestDatabase db;
  db.run("create table t (id int primary key, name text, amount numeric(8,2), day date default '2024-02-29')");
  std::string data;
  const int count = 3 * static_cast<int>(exec::kChunkSize) + 17;
  for (int i = 0; i < count; ++i) {
    data += std::to_string(i) + "\tname\\t" + std::to_string(i) + "\t" + std::to_string(i) + ".5\n";
  }
  for (std::size_t piece : {std::size_t{1}, std::size_t{7}, std::size_t{4096}, data.size()}) {
    INFO("piece " << piece);
    db.run("drop table if exists t");
    db.run("create table t (id int primary key, name text, amount numeric(8,2), day date default '2024-02-29')");
    CopyLoader loader = db.copy("copy t (id, name, amount) from stdin");
    CHECK(loader.column_count() == 3);
    CHECK(load(loader, data, piece) == static_cast<std::uint64_t>(count));
    auto rows = db.rows("select * from t where id = 0 or id = " + std::to_string(count - 1) + " order by id");
    CHECK(rows == std::vector<std::string>{"0\tname\\t0\t0.50\t2024-02-29",
                                           std::to_string(count - 1) + "\tname\\t" + std::to_string(count - 1) +
                                               "\t" + std::to_string(count - 1) + ".50\t2024-02-29"});
    CHECK(db.rows("select count(*) from t") == std::vector<std::string>{std::to_string(count)});
  }
}

TEST_CASE("COPY FROM CSV with header, NULLs, WHERE and FORCE options", "[exec][copy]") {
  TestDatabase db;
  db.run("create table t (a int, b text, c text)");
  CopyLoader loader = db.copy("copy t from stdin with (format csv, header, force_not_null (b), force_null (c)) "
                              "where a > 1");
  CHECK(load(loader, "a,b,c\n1,x,y\n2,,\"\"\n3,\"q,\"\"\",z\n", 3) == 2);
  CHECK(db.rows("select * from t order by a") == std::vector<std::string>{"2\t\t\\N", "3\tq,\"\tz"});
}

TEST_CASE("the first bad record in input order is reported with PostgreSQL's context", "[exec][copy]") {
  TestDatabase db;
  db.run("create table t (a int primary key, b int not null, c varchar(3))");
  auto copy = [&] { return db.copy("copy t from stdin"); };
  CHECK(load_error(copy(), "1\t2\tabc\nx\t2\tabc\n") ==
        "22P02 invalid input syntax for type integer: \"x\" | COPY t, line 2, column a: \"x\"");
  // A row's own columns are converted in order, before its missing ones count.
  CHECK(load_error(copy(), "1\ty\n") ==
        "22P02 invalid input syntax for type integer: \"y\" | COPY t, line 1, column b: \"y\"");
  CHECK(load_error(copy(), "1\t2\n") == "22P04 missing data for column \"c\" | COPY t, line 1: \"1\t2\"");
  CHECK(load_error(copy(), "1\t2\t3\t4\n") ==
        "22P04 extra data after last expected column | COPY t, line 1: \"1\t2\t3\t4\"");
  CHECK(load_error(copy(), "1\t\\N\tabc\n") ==
        "23502 null value in column \"b\" of relation \"t\" violates not-null constraint | "
        "COPY t, line 1: \"1\t\\N\tabc\"");
  CHECK(load_error(copy(), "1\t2\tabcd\n") ==
        "22001 value too long for type character varying(3) | COPY t, line 1, column c: \"abcd\"");

  // An error deep in a later batch comes after the errors of earlier records,
  // even when its batch is split first.
  std::string data;
  for (int i = 0; i < 3000; ++i) data += std::to_string(i) + "\t" + std::to_string(i) + "\tx\n";
  std::string bad_late = data + "3000\tnope\tx\n";
  CHECK(load_error(copy(), bad_late) ==
        "22P02 invalid input syntax for type integer: \"nope\" | COPY t, line 3001, column b: \"nope\"");
  std::string broken_line = data;
  broken_line.insert(broken_line.find("\n2500\t") + 1, "\\.x");
  CHECK(load_error(copy(), broken_line) == "22P04 end-of-copy marker corrupt | COPY t, line 2501");
  // Nothing of a failed COPY is stored.
  CHECK(db.rows("select count(*) from t") == std::vector<std::string>{"0"});
}

TEST_CASE("duplicate keys fail the whole COPY at the line that repeats", "[exec][copy]") {
  TestDatabase db;
  db.run("create table t (a int primary key, b text unique)");
  CopyLoader first = db.copy("copy t from stdin");
  CHECK(load(first, "1\tone\n2\ttwo\n", 5) == 2);
  CHECK(load_error(db.copy("copy t from stdin"), "3\tthree\n1\tagain\n") ==
        "23505 duplicate key value violates unique constraint \"t_pkey\" | COPY t, line 2");
  CHECK(load_error(db.copy("copy t from stdin"), "3\tthree\n4\tthree\n") ==
        "23505 duplicate key value violates unique constraint \"t_b_key\" | COPY t, line 2");
  // Rows are inserted as they come in PostgreSQL, so a repeated key wins over
  // a bad value further on.
  CHECK(load_error(db.copy("copy t from stdin"), "5\tfive\n5\tfive again\nbad\tx\n") ==
        "23505 duplicate key value violates unique constraint \"t_pkey\" | COPY t, line 2");
  CHECK(db.rows("select * from t order by a") == std::vector<std::string>{"1\tone", "2\ttwo"});
}

TEST_CASE("HEADER MATCH checks the names; CopyFail context names the line", "[exec][copy]") {
  TestDatabase db;
  db.run("create table t (a int, b text)");
  CHECK(load_error(db.copy("copy t from stdin (format csv, header match)"), "a,c\n1,x\n") ==
        "22P04 column name mismatch in header line field 2: got \"c\", expected \"b\" | COPY t, line 1: \"a,c\"");
  CHECK(load_error(db.copy("copy t from stdin (header match)"), "a\n") ==
        "22P04 wrong number of fields in header line: got 1, expected 2 | COPY t, line 1: \"a\"");
  CopyLoader loader = db.copy("copy t (b, a) from stdin (format csv, header match)");
  CHECK(load(loader, "b,a\nx,1\n", 100) == 1);
  CopyLoader pending = db.copy("copy t from stdin");
  CHECK(pending.context() == "COPY t, line 1");
  pending.feed("1\tx\n2\t");
  CHECK(pending.context() == "COPY t, line 2");
}
