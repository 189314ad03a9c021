// `ptreedb-bench tpch load|run`: TPC-H data from tpchgen-cli (cached per scale
// factor) loaded with COPY FROM STDIN, and the 22 queries timed over the wire,
// optionally with every answer compared against a reference server's.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "tools/bench/bench_options.h"
#include "tools/bench/bench_resources.h"
#include "tools/bench/json_writer.h"
#include "tools/bench/latency_stats.h"
#include "tools/bench/pg_client.h"
#include "tools/bench/plot_renderer.h"
#include "tools/bench/subcommands.h"
#include "tools/bench/tpch_data.h"

namespace ptreedb::bench {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// ---- load ----------------------------------------------------------------

struct LoadOptions {
  CommonOptions common;
  std::string scale = "1";
  std::string cache_dir;
  bool drop = false;
  bool analyze = false;
};

void progress_bar(const std::string& table, std::uint64_t done, std::uint64_t total,
                  double seconds) {
  const int width = 30;
  double fraction = total ? double(done) / double(total) : 1.0;
  int filled = int(fraction * width);
  std::fprintf(stderr, "\r  %-9s [%.*s%*s] %3d%%  %7.1f MB/s", table.c_str(), filled,
               "##############################", width - filled, "", int(fraction * 100),
               seconds > 0 ? double(done) / 1e6 / seconds : 0.0);
}

int tpch_load(int argc, char** argv) {
  LoadOptions options;
  for (int i = 1; i < argc; ++i) {
    if (parse_common_option(argc, argv, i, options.common)) continue;
    if (std::strcmp(argv[i], "--sf") == 0 && i + 1 < argc) {
      options.scale = argv[++i];
    } else if (std::strcmp(argv[i], "--cache-dir") == 0 && i + 1 < argc) {
      options.cache_dir = argv[++i];
    } else if (std::strcmp(argv[i], "--drop") == 0) {
      options.drop = true;
    } else if (std::strcmp(argv[i], "--analyze") == 0) {
      options.analyze = true;
    } else {
      std::fprintf(stderr,
                   "usage: ptreedb-bench tpch load [--sf F] [--cache-dir DIR] [--drop] [--analyze]\n%s",
                   kCommonUsage);
      return 2;
    }
  }
  double scale = 0;
  if (!parse_double(options.scale.c_str(), scale) || scale <= 0 || scale > 1000) {
    std::fprintf(stderr, "ptreedb-bench tpch load: --sf must be a number in (0, 1000]\n");
    return 2;
  }
  bool show_progress = ::isatty(2);
  auto generate_start = Clock::now();
  fs::path data = tpch_data_dir(options.scale, options.cache_dir);
  double generate_seconds = seconds_since(generate_start);

  PgConnection connection(options.common.connection);
  if (options.drop) {
    for (auto it = kTpchTables.rbegin(); it != kTpchTables.rend(); ++it) {
      connection.exec(std::string("DROP TABLE IF EXISTS ") + *it);
    }
  }
  connection.exec(read_text_file(resource_path("tpch/schema.sql")));

  JsonWriter json;
  json.begin_object().field("scale_factor", scale).field("server", options.common.connection.describe());
  json.field("generate_seconds", generate_seconds).key("tables").begin_array();
  auto load_start = Clock::now();
  std::int64_t total_rows = 0;
  std::vector<std::pair<std::string, double>> table_times;
  for (const char* table : kTpchTables) {
    fs::path file = data / (std::string(table) + ".csv");
    std::uint64_t size = fs::file_size(file);
    auto start = Clock::now();
    std::int64_t rows = connection.copy_file(
        std::string("COPY ") + table + " FROM STDIN WITH (FORMAT csv, HEADER true)", file.string(),
        [&](std::uint64_t sent) {
          if (show_progress) progress_bar(table, sent, size, seconds_since(start));
        });
    double seconds = seconds_since(start);
    if (show_progress) {
      progress_bar(table, size, size, seconds);
      std::fputc('\n', stderr);
    }
    if (!options.common.json) {
      std::printf("%-9s %10lld rows %9.2f s\n", table, static_cast<long long>(rows), seconds);
      std::fflush(stdout);
    }
    total_rows += rows;
    table_times.emplace_back(table, seconds);
    json.begin_object().field("table", table).field("rows", static_cast<long long>(rows));
    json.field("bytes", static_cast<long long>(size)).field("seconds", seconds).end_object();
  }
  json.end_array();
  double analyze_seconds = 0;
  if (options.analyze) {
    auto start = Clock::now();
    connection.exec("ANALYZE");
    analyze_seconds = seconds_since(start);
  }
  double load_seconds = seconds_since(load_start);
  json.field("rows", static_cast<long long>(total_rows)).field("load_seconds", load_seconds);
  json.field("analyze_seconds", analyze_seconds).end_object();
  if (options.common.json) {
    std::printf("%s\n", json.text().c_str());
  } else {
    std::printf("loaded SF %s: %lld rows in %.2f s (data generated or found in %s)\n",
                options.scale.c_str(), static_cast<long long>(total_rows), load_seconds,
                data.c_str());
  }
  if (!options.common.plot.empty() && !render_plot("tpch_load", json.text(), options.common.plot)) {
    return 1;
  }
  return 0;
}

// ---- run -----------------------------------------------------------------

struct QueryResult {
  std::string name;
  std::vector<double> seconds;
  int rows = 0;
  std::string error;
  int matches_reference = -1;  // -1: not checked
};

// A result as text, one row per line with '|' between values (NULL empty).
std::string result_text(const PgResult& result) {
  std::string out;
  for (int r = 0; r < result.rows(); ++r) {
    for (int c = 0; c < result.columns(); ++c) {
      if (c) out += '|';
      if (!result.is_null(r, c)) out += result.text(r, c);
    }
    out += '\n';
  }
  return out;
}

int tpch_run(int argc, char** argv) {
  CommonOptions common;
  std::string queries_dir = resource_path("tpch/queries");
  std::string only;
  long long runs = 3;
  ConnectionOptions reference;
  bool check = false;
  std::string answers_dir;
  for (int i = 1; i < argc; ++i) {
    if (parse_common_option(argc, argv, i, common)) continue;
    std::string arg = argv[i];
    bool has_value = i + 1 < argc;
    if (arg == "--queries" && has_value) {
      queries_dir = argv[++i];
    } else if (arg == "--runs" && has_value) {
      if (!parse_int(argv[++i], runs) || runs < 1 || runs > 1000) runs = 0;
    } else if (arg == "--answers-dir" && has_value) {
      answers_dir = argv[++i];
    } else if (arg == "--only" && has_value) {
      only = std::string(",") + argv[++i] + ",";
    } else if (arg == "--reference-host" && has_value) {
      reference.host = argv[++i];
      check = true;
    } else if (arg == "--reference-port" && has_value) {
      reference.port = argv[++i];
      check = true;
    } else if (arg == "--reference-dbname" && has_value) {
      reference.dbname = argv[++i];
      check = true;
    } else if (arg == "--reference-user" && has_value) {
      reference.user = argv[++i];
      check = true;
    } else {
      runs = 0;
      break;
    }
  }
  if (runs == 0) {
    std::fprintf(stderr,
                 "usage: ptreedb-bench tpch run [--queries DIR] [--runs N] [--only q01,q06]\n"
                 "         [--reference-host H --reference-port P --reference-dbname D]\n"
                 "         [--answers-dir DIR]  (each answer as DIR/qNN.txt, '|' between values)\n%s",
                 kCommonUsage);
    return 2;
  }
  std::vector<fs::path> files;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(queries_dir, error)) {
    if (entry.path().extension() != ".sql") continue;
    std::string name = entry.path().stem().string();
    if (!only.empty() && only.find("," + name + ",") == std::string::npos) continue;
    files.push_back(entry.path());
  }
  if (error || files.empty()) {
    std::fprintf(stderr, "ptreedb-bench tpch run: no .sql queries in %s\n", queries_dir.c_str());
    return 2;
  }
  std::sort(files.begin(), files.end());

  PgConnection connection(common.connection);
  std::unique_ptr<PgConnection> reference_connection;
  if (check) reference_connection = std::make_unique<PgConnection>(reference);

  std::vector<QueryResult> results;
  bool all_ok = true;
  for (const auto& file : files) {
    QueryResult query;
    query.name = file.stem().string();
    std::string sql = read_text_file(file.string());
    std::string answer;
    for (long long run = 0; run < runs && query.error.empty(); ++run) {
      auto start = Clock::now();
      try {
        PgResult result = connection.exec(sql);
        query.seconds.push_back(seconds_since(start));
        query.rows = result.rows();
        if (run == 0 && (check || !answers_dir.empty())) answer = result_text(result);
      } catch (const QueryError& e) {
        query.error = e.what();
      }
    }
    if (!answers_dir.empty() && query.error.empty()) {
      fs::create_directories(answers_dir);
      std::FILE* out = std::fopen((fs::path(answers_dir) / (query.name + ".txt")).c_str(), "w");
      if (out) {
        std::fwrite(answer.data(), 1, answer.size(), out);
        std::fclose(out);
      }
    }
    if (check && query.error.empty()) {
      try {
        query.matches_reference = result_text(reference_connection->exec(sql)) == answer;
      } catch (const QueryError& e) {
        query.error = std::string("reference failed: ") + e.what();
      }
    }
    all_ok = all_ok && query.error.empty() && query.matches_reference != 0;
    if (!common.json) {
      if (!query.error.empty()) {
        std::printf("%-4s error: %s\n", query.name.c_str(), query.error.c_str());
      } else {
        std::printf("%-4s median %9.3f s  min %9.3f s  %6d rows%s\n", query.name.c_str(),
                    median(query.seconds), *std::min_element(query.seconds.begin(), query.seconds.end()),
                    query.rows,
                    query.matches_reference < 0 ? ""
                    : query.matches_reference ? "  matches reference"
                                              : "  DIFFERS from reference");
      }
      std::fflush(stdout);
    }
    results.push_back(std::move(query));
  }

  std::vector<double> medians;
  double total = 0;
  JsonWriter json;
  json.begin_object().field("server", common.connection.describe()).field("runs", runs);
  json.key("queries").begin_array();
  for (const auto& q : results) {
    json.begin_object().field("query", q.name);
    if (q.error.empty()) {
      double m = median(q.seconds);
      medians.push_back(m);
      total += m;
      json.field("median_seconds", m).field("rows", q.rows).key("seconds").begin_array();
      for (double s : q.seconds) json.value(s);
      json.end_array();
    } else {
      json.field("error", q.error);
    }
    if (q.matches_reference >= 0) json.field("matches_reference", q.matches_reference == 1);
    json.end_object();
  }
  json.end_array().field("geomean_seconds", geometric_mean(medians));
  json.field("total_seconds", total).field("all_ok", all_ok).end_object();
  if (common.json) {
    std::printf("%s\n", json.text().c_str());
  } else {
    std::printf("%zu of %zu queries ran; sum of medians %.3f s, geometric mean %.4f s\n",
                medians.size(), results.size(), total, geometric_mean(medians));
  }
  if (!common.plot.empty() && !render_plot("tpch", json.text(), common.plot)) return 1;
  return all_ok ? 0 : 1;
}

}  // namespace

int run_tpch_bench(int argc, char** argv) {
  if (argc >= 2 && std::strcmp(argv[1], "load") == 0) return tpch_load(argc - 1, argv + 1);
  if (argc >= 2 && std::strcmp(argv[1], "run") == 0) return tpch_run(argc - 1, argv + 1);
  std::fprintf(stderr, "usage: ptreedb-bench tpch load|run [options]  (--help on each)\n");
  return 2;
}

}  // namespace ptreedb::bench
