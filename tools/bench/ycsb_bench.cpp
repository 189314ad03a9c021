// `ptreedb-bench ycsb`: YCSB's core workloads (A-F) plus long scans (X) and range
// maps (Y) over libpq from N client threads; throughput, per-operation latency
// percentiles and throughput over time. `--workload load` (or --load) creates
// and fills usertable with COPY first.
#include <array>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "tools/bench/bench_options.h"
#include "tools/bench/json_writer.h"
#include "tools/bench/key_chooser.h"
#include "tools/bench/latency_stats.h"
#include "tools/bench/pg_client.h"
#include "tools/bench/plot_renderer.h"
#include "tools/bench/subcommands.h"

namespace ptreedb::bench {
namespace {

using Clock = std::chrono::steady_clock;

constexpr int kFields = 10;

enum Op { kRead, kUpdate, kInsert, kScan, kReadModifyWrite, kLongScan, kRangeMap, kOpCount };
constexpr std::array<const char*, kOpCount> kOpNames = {
    "read", "update", "insert", "scan", "read_modify_write", "long_scan", "range_map"};

// Proportions per operation, in kOpNames order.
struct Workload {
  char name;
  std::array<double, kOpCount> mix;
  bool read_latest = false;
};

bool workload_for(char name, Workload& out) {
  switch (name) {
    case 'a': out = {'a', {0.5, 0.5, 0, 0, 0, 0, 0}}; return true;
    case 'b': out = {'b', {0.95, 0.05, 0, 0, 0, 0, 0}}; return true;
    case 'c': out = {'c', {1.0, 0, 0, 0, 0, 0, 0}}; return true;
    case 'd': out = {'d', {0.95, 0, 0.05, 0, 0, 0, 0}, true}; return true;
    case 'e': out = {'e', {0, 0, 0.05, 0.95, 0, 0, 0}}; return true;
    case 'f': out = {'f', {0.5, 0, 0, 0, 0.5, 0, 0}}; return true;
    case 'x': out = {'x', {0, 0, 0, 0, 0, 1.0, 0}}; return true;
    case 'y': out = {'y', {0, 0, 0, 0, 0, 0, 1.0}}; return true;
    default: return false;
  }
}

struct Options {
  CommonOptions common;
  std::string workload = "a";
  long long records = 100000;
  long long operations = 100000;
  long long threads = 4;
  long long field_length = 100;
  long long max_scan = 100;
  KeyDistribution distribution = KeyDistribution::zipfian;
  bool load = false;
  bool prepared = false;
  unsigned seed = 1;
};

std::string random_text(std::mt19937_64& random, long long length) {
  static constexpr char kLetters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  std::string text(std::size_t(length), 'a');
  for (auto& c : text) c = kLetters[random() % 52];
  return text;
}

double load_table(const Options& options) {
  PgConnection connection(options.common.connection);
  connection.exec("DROP TABLE IF EXISTS usertable");
  std::string create = "CREATE TABLE usertable (ycsb_key BIGINT PRIMARY KEY";
  for (int f = 0; f < kFields; ++f) {
    create += ", field" + std::to_string(f) + " VARCHAR(" + std::to_string(options.field_length) + ")";
  }
  connection.exec(create + ")");
  auto start = Clock::now();
  std::mt19937_64 random(options.seed);
  connection.start_copy("COPY usertable FROM STDIN WITH (FORMAT csv)");
  std::string chunk;
  for (long long key = 0; key < options.records; ++key) {
    chunk += std::to_string(key);
    for (int f = 0; f < kFields; ++f) {
      chunk += ',';
      chunk += random_text(random, options.field_length);
    }
    chunk += '\n';
    if (chunk.size() > (1 << 20)) {
      if (!connection.send_chunk(chunk.data(), chunk.size())) break;
      chunk.clear();
    }
  }
  if (!chunk.empty()) connection.send_chunk(chunk.data(), chunk.size());
  std::int64_t rows = connection.finish_copy(nullptr);
  if (rows != options.records) {
    throw std::runtime_error("COPY loaded " + std::to_string(rows) + " of " +
                             std::to_string(options.records) + " records");
  }
  return std::chrono::duration<double>(Clock::now() - start).count();
}

struct ThreadResult {
  std::array<std::vector<double>, kOpCount> latencies_us;
  std::array<long long, kOpCount> errors{};
  long long rows_read = 0;
  long long reads_missing = 0;
  std::vector<long long> per_second;  // operations completed in each second
  std::string first_error;
};

// The statements of one operation, as SQL text (simple protocol) or as
// prepared statements with parameters (extended protocol, --prepared).
class Statements {
 public:
  Statements(PgConnection& connection, const Options& options)
      : connection_(connection), prepared_(options.prepared), span_(std::max(1LL, options.records / 10)) {
    if (!prepared_) return;
    connection.prepare("read", "SELECT * FROM usertable WHERE ycsb_key = $1", 1);
    connection.prepare("scan", "SELECT * FROM usertable WHERE ycsb_key >= $1 ORDER BY ycsb_key LIMIT $2", 2);
    connection.prepare("long_scan", "SELECT count(*), max(field0) FROM usertable WHERE ycsb_key BETWEEN $1 AND $2", 2);
    connection.prepare("range_map", "SELECT ycsb_key * 2, field1 FROM usertable WHERE ycsb_key BETWEEN $1 AND $2", 2);
    std::string insert = "INSERT INTO usertable VALUES ($1";
    for (int f = 0; f < kFields; ++f) insert += ", $" + std::to_string(f + 2);
    connection.prepare("insert", insert + ")", kFields + 1);
    for (int f = 0; f < kFields; ++f) {
      connection.prepare("update" + std::to_string(f),
                         "UPDATE usertable SET field" + std::to_string(f) + " = $2 WHERE ycsb_key = $1", 2);
    }
  }

  PgResult read(std::uint64_t key) {
    if (prepared_) return connection_.exec_prepared("read", {std::to_string(key)});
    return connection_.exec("SELECT * FROM usertable WHERE ycsb_key = " + std::to_string(key));
  }
  PgResult update(std::uint64_t key, int field, const std::string& text) {
    if (prepared_) return connection_.exec_prepared("update" + std::to_string(field), {std::to_string(key), text});
    return connection_.exec("UPDATE usertable SET field" + std::to_string(field) + " = '" + text +
                            "' WHERE ycsb_key = " + std::to_string(key));
  }
  PgResult insert(std::uint64_t key, const std::vector<std::string>& fields) {
    if (prepared_) {
      std::vector<std::string> parameters{std::to_string(key)};
      parameters.insert(parameters.end(), fields.begin(), fields.end());
      return connection_.exec_prepared("insert", parameters);
    }
    std::string sql = "INSERT INTO usertable VALUES (" + std::to_string(key);
    for (const auto& f : fields) sql += ", '" + f + "'";
    return connection_.exec(sql + ")");
  }
  PgResult scan(std::uint64_t key, long long length) {
    if (prepared_) return connection_.exec_prepared("scan", {std::to_string(key), std::to_string(length)});
    return connection_.exec("SELECT * FROM usertable WHERE ycsb_key >= " + std::to_string(key) +
                            " ORDER BY ycsb_key LIMIT " + std::to_string(length));
  }
  PgResult long_scan(std::uint64_t key) { return ranged("long_scan", "SELECT count(*), max(field0)", key, span_); }
  PgResult range_map(std::uint64_t key) { return ranged("range_map", "SELECT ycsb_key * 2, field1", key, 999); }

 private:
  PgResult ranged(const char* name, const char* select, std::uint64_t key, long long span) {
    std::string low = std::to_string(key), high = std::to_string(key + std::uint64_t(span));
    if (prepared_) return connection_.exec_prepared(name, {low, high});
    return connection_.exec(std::string(select) + " FROM usertable WHERE ycsb_key BETWEEN " + low +
                            " AND " + high);
  }

  PgConnection& connection_;
  bool prepared_;
  long long span_;
};

void client(const Options& options, const Workload& workload, const KeyChooser& keys, int index,
            long long operations, std::uint64_t first_free, std::atomic<std::uint64_t>& next_insert,
            std::atomic<std::uint64_t>& inserted, Clock::time_point start,
            ThreadResult& result) {
  PgConnection connection(options.common.connection);
  Statements statements(connection, options);
  std::mt19937_64 random(options.seed * 7919 + std::uint64_t(index) + 1);
  std::discrete_distribution<int> choose(workload.mix.begin(), workload.mix.end());
  for (long long i = 0; i < operations; ++i) {
    Op op = Op(choose(random));
    // Inserted keys join the key space (after the loaded ones) once committed.
    std::uint64_t present = first_free + inserted.load(std::memory_order_relaxed);
    std::uint64_t key = workload.read_latest ? keys.latest(random, present) : keys.existing(random, present);
    auto begin = Clock::now();
    try {
      switch (op) {
        case kRead: {
          PgResult rows = statements.read(key);
          result.rows_read += rows.rows();
          result.reads_missing += rows.rows() == 0;
          break;
        }
        case kUpdate:
          statements.update(key, int(random() % kFields), random_text(random, options.field_length));
          break;
        case kInsert: {
          std::vector<std::string> fields;
          for (int f = 0; f < kFields; ++f) fields.push_back(random_text(random, options.field_length));
          // Keys are handed out before the insert and counted as present after it,
          // so readers seldom ask for a key still in flight (counted as missing).
          std::uint64_t fresh = first_free + next_insert.fetch_add(1);
          statements.insert(fresh, fields);
          inserted.fetch_add(1);
          break;
        }
        case kScan:
          result.rows_read += statements.scan(key, 1 + long(random() % std::uint64_t(options.max_scan))).rows();
          break;
        case kReadModifyWrite:
          result.rows_read += statements.read(key).rows();
          statements.update(key, int(random() % kFields), random_text(random, options.field_length));
          break;
        case kLongScan:
          result.rows_read += statements.long_scan(key).rows();
          break;
        case kRangeMap:
          result.rows_read += statements.range_map(key).rows();
          break;
        case kOpCount:
          break;
      }
    } catch (const QueryError& e) {
      ++result.errors[op];
      if (result.first_error.empty()) result.first_error = e.what();
      continue;
    }
    auto end = Clock::now();
    result.latencies_us[op].push_back(std::chrono::duration<double, std::micro>(end - begin).count());
    auto second = std::size_t(std::chrono::duration<double>(end - start).count());
    if (result.per_second.size() <= second) result.per_second.resize(second + 1, 0);
    ++result.per_second[second];
  }
}

int usage() {
  std::fprintf(stderr,
               "usage: ptreedb-bench ycsb [--workload load|a|b|c|d|e|f|x|y] [--load]\n"
               "         [--records N] [--operations M] [--threads T]\n"
               "         [--distribution zipfian|uniform] [--field-length L] [--prepared]\n%s",
               kCommonUsage);
  return 2;
}

}  // namespace

int run_ycsb_bench(int argc, char** argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    if (parse_common_option(argc, argv, i, options.common)) continue;
    std::string arg = argv[i];
    bool has_value = i + 1 < argc;
    auto number = [&](long long& into, long long low, long long high) {
      return has_value && parse_int(argv[++i], into) && into >= low && into <= high;
    };
    if (arg == "--workload" && has_value) {
      options.workload = argv[++i];
    } else if (arg == "--load") {
      options.load = true;
    } else if (arg == "--prepared") {
      options.prepared = true;
    } else if (arg == "--records") {
      if (!number(options.records, 1, 1LL << 40)) return usage();
    } else if (arg == "--operations") {
      if (!number(options.operations, 0, 1LL << 40)) return usage();
    } else if (arg == "--threads") {
      if (!number(options.threads, 1, 1024)) return usage();
    } else if (arg == "--field-length") {
      if (!number(options.field_length, 1, 10000)) return usage();
    } else if (arg == "--distribution" && has_value) {
      std::string d = argv[++i];
      if (d == "uniform") options.distribution = KeyDistribution::uniform;
      else if (d == "zipfian") options.distribution = KeyDistribution::zipfian;
      else return usage();
    } else {
      return usage();
    }
  }
  Workload workload{};
  bool load_only = options.workload == "load";
  if (!load_only && (options.workload.size() != 1 || !workload_for(options.workload[0], workload))) {
    return usage();
  }
  JsonWriter json;
  json.begin_object().field("server", options.common.connection.describe());
  json.field("workload", options.workload).field("records", options.records);
  json.field("threads", options.threads);
  json.field("distribution", options.distribution == KeyDistribution::zipfian ? "zipfian" : "uniform");
  if (load_only || options.load) {
    double seconds = load_table(options);
    json.field("load_seconds", seconds).field("load_records_per_second", double(options.records) / seconds);
    if (!options.common.json) {
      std::printf("loaded %lld records in %.2f s (%.0f records/s)\n", options.records, seconds,
                  double(options.records) / seconds);
    }
  }
  if (load_only) {
    json.end_object();
    if (options.common.json) std::printf("%s\n", json.text().c_str());
    return 0;
  }

  // Earlier runs' inserts (workloads D and E) extend the key space: new keys
  // start after the largest present, and reads choose among the first --records.
  std::uint64_t first_free = std::uint64_t(options.records);
  {
    PgConnection probe(options.common.connection);
    PgResult largest = probe.exec("SELECT max(ycsb_key) FROM usertable");
    if (largest.rows() == 1 && !largest.is_null(0, 0)) {
      first_free = std::max<std::uint64_t>(first_free, std::uint64_t(largest.int64(0, 0)) + 1);
    }
  }
  KeyChooser keys(options.distribution, std::uint64_t(options.records));
  std::atomic<std::uint64_t> next_insert{0};
  std::atomic<std::uint64_t> inserted{0};
  std::vector<ThreadResult> results(std::size_t(options.threads));
  std::vector<std::thread> threads;
  auto start = Clock::now();
  for (long long t = 0; t < options.threads; ++t) {
    long long share = options.operations / options.threads + (t < options.operations % options.threads);
    threads.emplace_back([&, t, share] {
      try {
        client(options, workload, keys, int(t), share, first_free, next_insert, inserted, start, results[std::size_t(t)]);
      } catch (const std::exception& e) {
        results[std::size_t(t)].first_error = e.what();
        results[std::size_t(t)].errors[kRead] += 1;
      }
    });
  }
  for (auto& thread : threads) thread.join();
  double seconds = std::chrono::duration<double>(Clock::now() - start).count();

  std::array<std::vector<double>, kOpCount> all;
  std::vector<double> every;
  std::vector<long long> per_second;
  long long done = 0, errors = 0, rows_read = 0, reads_missing = 0;
  std::string first_error;
  for (auto& r : results) {
    for (int op = 0; op < kOpCount; ++op) {
      all[op].insert(all[op].end(), r.latencies_us[op].begin(), r.latencies_us[op].end());
      done += (long long)r.latencies_us[op].size();
      errors += r.errors[op];
    }
    rows_read += r.rows_read;
    reads_missing += r.reads_missing;
    if (per_second.size() < r.per_second.size()) per_second.resize(r.per_second.size(), 0);
    for (std::size_t s = 0; s < r.per_second.size(); ++s) per_second[s] += r.per_second[s];
    if (first_error.empty()) first_error = r.first_error;
  }
  for (const auto& samples : all) every.insert(every.end(), samples.begin(), samples.end());
  double ops_per_second = seconds > 0 ? double(done) / seconds : 0;

  json.field("operations", done).field("errors", errors).field("seconds", seconds);
  json.field("ops_per_second", ops_per_second).field("rows_read", rows_read);
  json.field("reads_missing", reads_missing).field("inserted", static_cast<long long>(inserted.load()));
  json.field("prepared", options.prepared);
  if (!first_error.empty()) json.field("first_error", first_error);
  json.latency("latency", summarize(every));
  json.key("operations_by_type").begin_object();
  for (int op = 0; op < kOpCount; ++op) {
    if (all[op].empty()) continue;
    json.latency(kOpNames[op], summarize(all[op]));
  }
  json.end_object().key("ops_per_second_over_time").begin_array();
  for (long long n : per_second) json.value(n);
  json.end_array();
  // Raw latencies for the plot's distributions, thinned to at most 20000.
  json.key("latency_samples_us").begin_object();
  for (int op = 0; op < kOpCount; ++op) {
    if (all[op].empty()) continue;
    json.key(kOpNames[op]).begin_array();
    std::size_t step = std::max<std::size_t>(1, all[op].size() / 20000);
    for (std::size_t k = 0; k < all[op].size(); k += step) json.value(all[op][k]);
    json.end_array();
  }
  json.end_object().end_object();

  if (options.common.json) {
    std::printf("%s\n", json.text().c_str());
  } else {
    std::printf("YCSB workload %s, %lld records, %lld threads, %s keys: %lld operations in %.2f s = %.0f ops/s (%lld errors)\n",
                options.workload.c_str(), options.records, options.threads,
                options.distribution == KeyDistribution::zipfian ? "zipfian" : "uniform", done, seconds,
                ops_per_second, errors);
    std::printf("%-18s %9s %10s %10s %10s %10s\n", "operation", "count", "mean us", "p50 us", "p99 us", "max us");
    for (int op = 0; op < kOpCount; ++op) {
      if (all[op].empty()) continue;
      auto s = summarize(all[op]);
      std::printf("%-18s %9zu %10.0f %10.0f %10.0f %10.0f\n", kOpNames[op], s.count, s.mean_us, s.p50_us,
                  s.p99_us, s.max_us);
    }
    if (!first_error.empty()) std::printf("first error: %s\n", first_error.c_str());
  }
  if (!options.common.plot.empty() && !render_plot("ycsb", json.text(), options.common.plot)) return 1;
  return errors == 0 ? 0 : 1;
}

}  // namespace ptreedb::bench
