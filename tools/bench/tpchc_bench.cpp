// `ptreedb-bench tpchc`: TPC-HC, an HTAP mix on one TPC-H database in the style
// of CH-benCHmark. Client threads run TPC-C's New-Order (49%), Payment (47%)
// and Delivery (4%) on the TPC-H tables plus two TPC-C-style tables
// (hc_new_order, the delivery queue; hc_history, the payments) while query
// streams run the 22 TPC-H queries. Reports transaction rates (tpmC-like),
// query rates (QphH-like), query latencies alone and under updates, the
// slowdown, and checks the data's invariants afterwards.
//
// Without --transactions every statement commits on its own (the server may not
// support BEGIN yet); each statement is then retried alone on 40001, and every
// transaction's statements are ordered so the invariants hold once all clients
// have stopped. With --transactions each is one BEGIN ... COMMIT, retried whole.
#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "tools/bench/bench_options.h"
#include "tools/bench/bench_resources.h"
#include "tools/bench/json_writer.h"
#include "tools/bench/latency_stats.h"
#include "tools/bench/pg_client.h"
#include "tools/bench/plot_renderer.h"
#include "tools/bench/subcommands.h"

namespace ptreedb::bench {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

double seconds_between(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

struct Options {
  CommonOptions common;
  double duration = 30;
  long long clients = 4;
  long long streams = 1;
  bool transactions = false;
  bool check = true;
  std::string queries_dir;
  unsigned seed = 1;
};

enum TxnType { kNewOrder, kPayment, kDelivery, kTxnTypes };
constexpr std::array<const char*, kTxnTypes> kTxnNames = {"new_order", "payment", "delivery"};

// What the database looked like before the run, and the sizes keys are drawn from.
struct Baseline {
  long long max_orderkey = 0, customers = 0, parts = 0, suppliers = 0;
  long long orders = 0, history = 0;
  double acctbal = 0;
  long long availqty = 0;
};

// What the clients did, for the rates and the invariant checks.
struct Shared {
  std::atomic<long long> next_order{0};
  std::atomic<long long> next_history{0};
  std::atomic<long long> lines{0};
  std::atomic<long long> total_cents{0};
  std::atomic<long long> stock_taken{0};
  std::atomic<long long> paid_cents{0};
  std::atomic<long long> delivered{0};
  std::atomic<long long> retries{0};
  std::atomic<bool> stop{false};
};

struct ClientResult {
  std::array<std::vector<double>, kTxnTypes> latencies_us;
  std::array<long long, kTxnTypes> errors{};
  std::string first_error;
};

bool retryable(const QueryError& e) { return e.sqlstate() == "40001" || e.sqlstate() == "40P01"; }

// One statement, retried alone on serialization failures (autocommit mode).
PgResult exec_retrying(PgConnection& connection, const std::string& sql, Shared& shared) {
  for (int attempt = 0;; ++attempt) {
    try {
      return connection.exec(sql);
    } catch (const QueryError& e) {
      if (!retryable(e) || attempt >= 1000) throw;
      shared.retries.fetch_add(1);
      std::this_thread::sleep_for(std::chrono::microseconds(50 * (attempt + 1)));
    }
  }
}

std::string cents_text(long long cents) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%s%lld.%02lld", cents < 0 ? "-" : "", std::llabs(cents) / 100,
                std::llabs(cents) % 100);
  return buffer;
}

class Client {
 public:
  Client(const Options& options, const Baseline& baseline, Shared& shared, int index)
      : options_(options), baseline_(baseline), shared_(shared), connection_(options.common.connection),
        random_(options.seed * 104729 + std::uint64_t(index) + 1) {}

  void run(ClientResult& result) {
    std::discrete_distribution<int> choose({49, 47, 4});
    while (!shared_.stop.load(std::memory_order_relaxed)) {
      auto type = TxnType(choose(random_));
      auto begin = Clock::now();
      try {
        transaction(type);
      } catch (const QueryError& e) {
        ++result.errors[type];
        if (result.first_error.empty()) result.first_error = e.what();
        if (options_.transactions) rollback();
        continue;
      }
      result.latencies_us[type].push_back(
          std::chrono::duration<double, std::micro>(Clock::now() - begin).count());
    }
  }

 private:
  // Runs one transaction; in --transactions mode inside BEGIN/COMMIT, retried whole.
  void transaction(TxnType type) {
    if (!options_.transactions) {
      body(type);
      return;
    }
    for (int attempt = 0;; ++attempt) {
      Pending pending;
      try {
        connection_.exec("BEGIN");
        body(type, &pending);
        connection_.exec("COMMIT");
        pending.publish(shared_);
        return;
      } catch (const QueryError& e) {
        rollback();
        if (!retryable(e) || attempt >= 100) throw;
        shared_.retries.fetch_add(1);
      }
    }
  }

  // Counters a transaction adds to Shared only once it has committed.
  struct Pending {
    long long lines = 0, total_cents = 0, stock = 0, paid = 0, delivered = 0;
    void publish(Shared& shared) const {
      shared.lines += lines;
      shared.total_cents += total_cents;
      shared.stock_taken += stock;
      shared.paid_cents += paid;
      shared.delivered += delivered;
    }
  };

  void rollback() {
    try {
      connection_.exec("ROLLBACK");
    } catch (const QueryError&) {
    }
  }

  PgResult exec(const std::string& sql) {
    return options_.transactions ? connection_.exec(sql) : exec_retrying(connection_, sql, shared_);
  }

  void body(TxnType type, Pending* pending = nullptr) {
    Pending direct;
    Pending& p = pending ? *pending : direct;
    switch (type) {
      case kNewOrder: new_order(p); break;
      case kPayment: payment(p); break;
      case kDelivery: delivery(p); break;
      case kTxnTypes: break;
    }
    if (!pending) direct.publish(shared_);
  }

  long long uniform(long long low, long long high) {
    return std::uniform_int_distribution<long long>(low, high)(random_);
  }

  // TPC-H's P_RETAILPRICE (clause 4.2.3), in cents.
  static long long retail_cents(long long part) {
    return 90000 + (part / 10) % 20001 + 100 * (part % 1000);
  }

  // One of the part's four suppliers, by TPC-H's PS_SUPPKEY formula.
  long long supplier_of(long long part, long long i) const {
    long long s = baseline_.suppliers;
    return (part + i * (s / 4 + (part - 1) / s)) % s + 1;
  }

  // TPC-C New-Order on TPC-H tables: an order of 5-15 lines, stock taken from
  // partsupp, queued for delivery. The order row goes in first and the queue
  // entry last, so Delivery only sees orders whose lines are all in.
  void new_order(Pending& p) {
    long long orderkey = baseline_.max_orderkey + 1 + shared_.next_order.fetch_add(1);
    long long customer = uniform(1, baseline_.customers);
    int lines = int(uniform(5, 15));
    std::string lineitems = "INSERT INTO lineitem VALUES ";
    long long total = 0, stock = 0;
    std::vector<std::string> stock_updates;
    for (int line = 1; line <= lines; ++line) {
      long long part = uniform(1, baseline_.parts);
      long long supplier = supplier_of(part, uniform(0, 3));
      long long quantity = uniform(1, 10);
      long long extended = quantity * retail_cents(part);
      long long discount = uniform(0, 10), tax = uniform(0, 8);  // percent
      total += (extended * (100 - discount) * (100 + tax) + 5000) / 10000;
      char row[512];
      std::snprintf(row, sizeof row,
                    "%s(%lld, %lld, %lld, %d, %lld, %s, 0.%02lld, 0.%02lld, 'N', 'O', "
                    "CAST('1998-08-%02lld' AS date), CAST('1998-08-%02lld' AS date), "
                    "CAST('1998-09-%02lld' AS date), 'DELIVER IN PERSON', 'TRUCK', 'tpchc')",
                    line > 1 ? ", " : "", orderkey, part, supplier, line, quantity,
                    cents_text(extended).c_str(), discount, tax, uniform(3, 31), uniform(3, 31),
                    uniform(1, 28));
      lineitems += row;
      stock_updates.push_back("UPDATE partsupp SET ps_availqty = ps_availqty - " + std::to_string(quantity) +
                              " WHERE ps_partkey = " + std::to_string(part) +
                              " AND ps_suppkey = " + std::to_string(supplier));
      stock += quantity;
    }
    exec("INSERT INTO orders VALUES (" + std::to_string(orderkey) + ", " + std::to_string(customer) +
         ", 'O', " + cents_text(total) +
         ", CAST('1998-08-02' AS date), '1-URGENT', 'Clerk#000000001', 0, 'tpchc')");
    exec(lineitems);
    long long taken = 0;
    for (std::size_t i = 0; i < stock_updates.size(); ++i) {
      if (exec(stock_updates[i]).affected() == 1) taken += 1;
    }
    if (taken != lines) {
      throw QueryError("", "partsupp rows missing for new order " + std::to_string(orderkey));
    }
    exec("INSERT INTO hc_new_order VALUES (" + std::to_string(orderkey) + ", " + std::to_string(customer) + ")");
    p.lines += lines;
    p.total_cents += total;
    p.stock += stock;
  }

  // TPC-C Payment: the customer's balance goes down, the payment is recorded.
  void payment(Pending& p) {
    long long customer = uniform(1, baseline_.customers);
    long long cents = uniform(100, 500000);
    long long id = baseline_.history + 1 + shared_.next_history.fetch_add(1);
    exec("UPDATE customer SET c_acctbal = c_acctbal - " + cents_text(cents) +
         " WHERE c_custkey = " + std::to_string(customer));
    exec("INSERT INTO hc_history VALUES (" + std::to_string(id) + ", " + std::to_string(customer) + ", " +
         cents_text(cents) + ", CAST('1998-08-02' AS date))");
    p.paid += cents;
  }

  // TPC-C Delivery: the oldest queued orders are taken off the queue (the DELETE
  // decides which client owns each) and marked delivered with their lines.
  void delivery(Pending& p) {
    PgResult oldest = exec("SELECT no_orderkey FROM hc_new_order ORDER BY no_orderkey LIMIT 10");
    for (int r = 0; r < oldest.rows(); ++r) {
      std::string key = oldest.text(r, 0);
      if (exec("DELETE FROM hc_new_order WHERE no_orderkey = " + key).affected() != 1) continue;
      exec("UPDATE lineitem SET l_linestatus = 'F' WHERE l_orderkey = " + key);
      exec("UPDATE orders SET o_orderstatus = 'F' WHERE o_orderkey = " + key);
      p.delivered += 1;
    }
  }

  const Options& options_;
  const Baseline& baseline_;
  Shared& shared_;
  PgConnection connection_;
  std::mt19937_64 random_;
};

struct QueryRun {
  std::string query;
  double seconds;
};

struct Query {
  std::string name, sql;
};

std::vector<Query> read_queries(const std::string& dir) {
  std::vector<Query> queries;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() == ".sql") {
      queries.push_back({entry.path().stem().string(), read_text_file(entry.path().string())});
    }
  }
  std::sort(queries.begin(), queries.end(), [](const Query& a, const Query& b) { return a.name < b.name; });
  if (queries.empty()) throw std::runtime_error("no .sql queries in " + dir);
  return queries;
}

long long scalar_int(PgConnection& c, const std::string& sql) {
  PgResult r = c.exec(sql);
  return r.rows() && !r.is_null(0, 0) ? r.int64(0, 0) : 0;
}

double scalar_number(PgConnection& c, const std::string& sql) {
  PgResult r = c.exec(sql);
  return r.rows() && !r.is_null(0, 0) ? r.number(0, 0) : 0;
}

void setup(PgConnection& c) {
  c.exec("DROP TABLE IF EXISTS hc_new_order");
  c.exec("DROP TABLE IF EXISTS hc_history");
  c.exec("CREATE TABLE hc_new_order (no_orderkey BIGINT NOT NULL, no_custkey BIGINT NOT NULL, "
         "PRIMARY KEY (no_orderkey))");
  c.exec("CREATE TABLE hc_history (h_id BIGINT NOT NULL, h_custkey BIGINT NOT NULL, "
         "h_amount DECIMAL(15,2) NOT NULL, h_date DATE NOT NULL, PRIMARY KEY (h_id))");
}

Baseline measure(PgConnection& c) {
  Baseline b;
  b.max_orderkey = scalar_int(c, "SELECT max(o_orderkey) FROM orders");
  b.orders = scalar_int(c, "SELECT count(*) FROM orders");
  b.customers = scalar_int(c, "SELECT max(c_custkey) FROM customer");
  b.parts = scalar_int(c, "SELECT max(p_partkey) FROM part");
  b.suppliers = scalar_int(c, "SELECT max(s_suppkey) FROM supplier");
  b.history = scalar_int(c, "SELECT count(*) FROM hc_history");
  b.acctbal = scalar_number(c, "SELECT sum(c_acctbal) FROM customer");
  b.availqty = scalar_int(c, "SELECT sum(ps_availqty) FROM partsupp");
  if (b.customers <= 0 || b.parts <= 0 || b.suppliers <= 0 || b.orders <= 0) {
    throw std::runtime_error("no TPC-H data (run `ptreedb-bench tpch load` first)");
  }
  return b;
}

struct Check {
  std::string name;
  double expected, actual;
  bool ok() const { return std::fabs(expected - actual) < 0.005; }
};

std::vector<Check> check_invariants(PgConnection& c, const Baseline& b, const Shared& s, long long new_orders) {
  std::string newer = " WHERE o_orderkey > " + std::to_string(b.max_orderkey);
  std::vector<Check> checks;
  checks.push_back({"orders_added", double(new_orders),
                    double(scalar_int(c, "SELECT count(*) FROM orders") - b.orders)});
  checks.push_back({"lineitems_added", double(s.lines.load()),
                    double(scalar_int(c, "SELECT count(*) FROM lineitem WHERE l_orderkey > " +
                                             std::to_string(b.max_orderkey)))});
  checks.push_back({"new_order_totals", double(s.total_cents.load()) / 100,
                    scalar_number(c, "SELECT sum(o_totalprice) FROM orders" + newer)});
  checks.push_back({"queue_length", double(new_orders - s.delivered.load()),
                    double(scalar_int(c, "SELECT count(*) FROM hc_new_order"))});
  checks.push_back({"delivered_orders", double(s.delivered.load()),
                    double(scalar_int(c, "SELECT count(*) FROM orders" + newer + " AND o_orderstatus = 'F'"))});
  checks.push_back({"stock_taken", double(s.stock_taken.load()),
                    double(b.availqty - scalar_int(c, "SELECT sum(ps_availqty) FROM partsupp"))});
  checks.push_back({"payments_match_balances",
                    scalar_number(c, "SELECT sum(h_amount) FROM hc_history"),
                    b.acctbal - scalar_number(c, "SELECT sum(c_acctbal) FROM customer")});
  checks.push_back({"payments_recorded", double(s.paid_cents.load()) / 100,
                    scalar_number(c, "SELECT sum(h_amount) FROM hc_history")});
  return checks;
}

int usage() {
  std::fprintf(stderr,
               "usage: ptreedb-bench tpchc [--duration S] [--clients N] [--streams N]\n"
               "         [--transactions] [--queries DIR] [--no-check]\n"
               "  needs TPC-H tables (ptreedb-bench tpch load); adds hc_new_order, hc_history\n%s",
               kCommonUsage);
  return 2;
}

}  // namespace

int run_tpchc_bench(int argc, char** argv) {
  Options options;
  options.queries_dir = resource_path("tpch/queries");
  for (int i = 1; i < argc; ++i) {
    if (parse_common_option(argc, argv, i, options.common)) continue;
    std::string arg = argv[i];
    bool has_value = i + 1 < argc;
    if (arg == "--duration" && has_value) {
      if (!parse_double(argv[++i], options.duration) || options.duration <= 0 || options.duration > 86400) {
        return usage();
      }
    } else if ((arg == "--clients" || arg == "--streams") && has_value) {
      long long n = 0;
      if (!parse_int(argv[++i], n) || n < 0 || n > 256) return usage();
      (arg == "--clients" ? options.clients : options.streams) = n;
    } else if (arg == "--transactions") {
      options.transactions = true;
    } else if (arg == "--no-check") {
      options.check = false;
    } else if (arg == "--queries" && has_value) {
      options.queries_dir = argv[++i];
    } else {
      return usage();
    }
  }
  if (options.clients + options.streams == 0) return usage();
  auto queries = read_queries(options.queries_dir);
  PgConnection control(options.common.connection);
  std::string kind = control.server_kind();
  setup(control);
  Baseline baseline = measure(control);
  bool progress = !options.common.json;

  // Query latencies alone: one pass of every query with nothing else running.
  std::vector<double> alone(queries.size(), 0);
  std::vector<std::string> query_errors(queries.size());
  if (options.streams > 0) {
    for (std::size_t q = 0; q < queries.size(); ++q) {
      auto start = Clock::now();
      try {
        control.exec(queries[q].sql);
        alone[q] = seconds_between(start, Clock::now());
      } catch (const QueryError& e) {
        query_errors[q] = e.what();
      }
    }
    if (progress) std::fprintf(stderr, "queries alone: done\n");
  }

  Shared shared;
  std::vector<ClientResult> client_results(std::size_t(options.clients));
  std::vector<std::vector<QueryRun>> stream_runs(std::size_t(options.streams));
  std::vector<std::thread> threads;
  std::mutex error_mutex;
  std::string thread_error;
  auto start = Clock::now();
  for (long long c = 0; c < options.clients; ++c) {
    threads.emplace_back([&, c] {
      try {
        Client client(options, baseline, shared, int(c));
        client.run(client_results[std::size_t(c)]);
      } catch (const std::exception& e) {
        std::lock_guard lock(error_mutex);
        thread_error = e.what();
      }
    });
  }
  for (long long s = 0; s < options.streams; ++s) {
    threads.emplace_back([&, s] {
      try {
        PgConnection connection(options.common.connection);
        // Streams start at different queries so they do not run in lockstep.
        std::size_t q = std::size_t(s) * 7 % queries.size();
        while (!shared.stop.load()) {
          auto begin = Clock::now();
          try {
            connection.exec(queries[q].sql);
            stream_runs[std::size_t(s)].push_back({queries[q].name, seconds_between(begin, Clock::now())});
          } catch (const QueryError& e) {
            std::lock_guard lock(error_mutex);
            query_errors[q] = e.what();
          }
          q = (q + 1) % queries.size();
        }
      } catch (const std::exception& e) {
        std::lock_guard lock(error_mutex);
        thread_error = e.what();
      }
    });
  }
  while (seconds_between(start, Clock::now()) < options.duration && thread_error.empty()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  shared.stop = true;
  double measured_seconds = seconds_between(start, Clock::now());
  for (auto& t : threads) t.join();
  // Clients stop after the transaction in hand (rates use measured_seconds);
  // streams finish the query in hand (query rates use the whole span).
  double elapsed = seconds_between(start, Clock::now());
  double txn_seconds = measured_seconds;
  if (!thread_error.empty()) throw std::runtime_error(thread_error);

  std::array<std::vector<double>, kTxnTypes> latencies;
  std::array<long long, kTxnTypes> errors{};
  std::string first_error;
  for (auto& r : client_results) {
    for (int t = 0; t < kTxnTypes; ++t) {
      latencies[t].insert(latencies[t].end(), r.latencies_us[t].begin(), r.latencies_us[t].end());
      errors[t] += r.errors[t];
    }
    if (first_error.empty()) first_error = r.first_error;
  }
  // New orders that failed half-way would break the invariants: count them apart.
  long long new_orders = (long long)latencies[kNewOrder].size();

  std::vector<std::vector<double>> under(queries.size());
  std::vector<double> all_under, all_alone;
  long long queries_done = 0;
  for (auto& runs : stream_runs) {
    for (auto& run : runs) {
      for (std::size_t q = 0; q < queries.size(); ++q) {
        if (queries[q].name == run.query) under[q].push_back(run.seconds);
      }
      all_under.push_back(run.seconds * 1e6);
      ++queries_done;
    }
  }
  std::vector<double> alone_paired, under_paired;
  for (std::size_t q = 0; q < queries.size(); ++q) {
    if (alone[q] > 0) all_alone.push_back(alone[q] * 1e6);
    if (alone[q] > 0 && !under[q].empty()) {
      alone_paired.push_back(alone[q]);
      under_paired.push_back(median(under[q]));
    }
  }
  double slowdown = alone_paired.empty()
                        ? 0
                        : (geometric_mean(under_paired) / geometric_mean(alone_paired) - 1) * 100;

  std::vector<Check> checks;
  bool invariants_ok = true;
  long long failed_transactions = errors[kNewOrder] + errors[kPayment] + errors[kDelivery];
  if (options.check) {
    checks = check_invariants(control, baseline, shared, new_orders);
    for (const auto& c : checks) invariants_ok = invariants_ok && c.ok();
  }

  JsonWriter json;
  json.begin_object().field("server", options.common.connection.describe()).field("server_kind", kind);
  json.field("duration_seconds", elapsed).field("measured_seconds", measured_seconds);
  json.field("clients", options.clients).field("streams", options.streams);
  json.field("transactions_mode", options.transactions ? "begin_commit" : "autocommit");
  json.key("transactions").begin_object();
  double total_rate = 0;
  for (int t = 0; t < kTxnTypes; ++t) {
    double rate = double(latencies[t].size()) / txn_seconds;
    total_rate += rate;
    json.key(kTxnNames[t]).begin_object().field("count", latencies[t].size());
    json.field("per_second", rate).field("errors", errors[t]);
    json.latency("latency", summarize(latencies[t])).end_object();
  }
  json.field("per_second", total_rate).field("retries", shared.retries.load()).end_object();
  json.field("tpmC", double(new_orders) / txn_seconds * 60);
  json.key("queries").begin_object().field("completed", queries_done);
  json.field("per_hour", double(queries_done) / elapsed * 3600);
  json.field("geomean_alone_seconds", geometric_mean(alone_paired));
  json.field("geomean_under_updates_seconds", geometric_mean(under_paired));
  json.latency("latency_alone", summarize(all_alone));
  json.latency("latency_under_updates", summarize(all_under));
  json.key("by_query").begin_array();
  for (std::size_t q = 0; q < queries.size(); ++q) {
    json.begin_object().field("query", queries[q].name);
    if (alone[q] > 0) json.field("alone_seconds", alone[q]);
    json.field("runs_under_updates", under[q].size());
    if (!under[q].empty()) json.field("median_under_updates_seconds", median(under[q]));
    if (!query_errors[q].empty()) json.field("error", query_errors[q]);
    json.end_object();
  }
  json.end_array().end_object();
  json.field("QphH", double(queries_done) / elapsed * 3600);
  json.field("query_slowdown_pct", slowdown);
  json.key("invariants").begin_object().field("checked", options.check).field("ok", invariants_ok);
  for (const auto& c : checks) {
    json.key(c.name).begin_object().field("expected", c.expected).field("actual", c.actual).end_object();
  }
  json.end_object();
  if (!first_error.empty()) json.field("first_error", first_error);
  json.end_object();

  if (options.common.json) {
    std::printf("%s\n", json.text().c_str());
  } else {
    std::printf("TPC-HC on %s (%s), %.1f s, %lld clients (%s), %lld query streams\n",
                options.common.connection.describe().c_str(), kind.c_str(), elapsed, options.clients,
                options.transactions ? "BEGIN/COMMIT" : "autocommit", options.streams);
    for (int t = 0; t < kTxnTypes; ++t) {
      auto s = summarize(latencies[t]);
      std::printf("  %-10s %8zu done %9.1f /s  p50 %8.0f us  p99 %8.0f us  %lld errors\n", kTxnNames[t],
                  latencies[t].size(), double(latencies[t].size()) / txn_seconds, s.p50_us, s.p99_us, errors[t]);
    }
    std::printf("  tpmC-like %.0f new orders/min; %lld retries\n", double(new_orders) / txn_seconds * 60,
                shared.retries.load());
    std::printf("  queries: %lld done, QphH-like %.0f/h; geomean alone %.4f s, under updates %.4f s: slowdown %+.1f%%\n",
                queries_done, double(queries_done) / elapsed * 3600, geometric_mean(alone_paired),
                geometric_mean(under_paired), slowdown);
    if (options.check) {
      std::printf("  invariants %s\n", invariants_ok ? "hold" : "BROKEN");
      for (const auto& c : checks) {
        if (!c.ok()) std::printf("    %s: expected %.2f, found %.2f\n", c.name.c_str(), c.expected, c.actual);
      }
    }
    if (!first_error.empty()) std::printf("  first error: %s\n", first_error.c_str());
  }
  if (!options.common.plot.empty() && !render_plot("tpchc", json.text(), options.common.plot)) return 1;
  return invariants_ok && failed_transactions == 0 ? 0 : 1;
}

}  // namespace ptreedb::bench
