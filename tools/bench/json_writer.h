// A minimal streaming JSON writer for the drivers' --json output.
#pragma once

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "tools/bench/latency_stats.h"

namespace ptreedb::bench {

class JsonWriter {
 public:
  JsonWriter& begin_object() { return open('{'); }
  JsonWriter& end_object() { return close('}'); }
  JsonWriter& begin_array() { return open('['); }
  JsonWriter& end_array() { return close(']'); }

  JsonWriter& key(const std::string& name) {
    separate();
    append_string(name);
    out_ += ": ";
    after_key_ = true;
    return *this;
  }
  JsonWriter& value(const std::string& text) {
    separate();
    append_string(text);
    return *this;
  }
  JsonWriter& value(const char* text) { return value(std::string(text)); }
  JsonWriter& value(double number) {
    separate();
    if (!std::isfinite(number)) {
      out_ += "null";
    } else {
      char buffer[64];
      std::snprintf(buffer, sizeof buffer, "%.6g", number);
      out_ += buffer;
    }
    return *this;
  }
  JsonWriter& value(long long number) {
    separate();
    out_ += std::to_string(number);
    return *this;
  }
  JsonWriter& value(int number) { return value(static_cast<long long>(number)); }
  JsonWriter& value(std::size_t number) { return value(static_cast<long long>(number)); }
  JsonWriter& value(bool flag) {
    separate();
    out_ += flag ? "true" : "false";
    return *this;
  }
  template <class T>
  JsonWriter& field(const std::string& name, const T& v) {
    key(name);
    return value(v);
  }
  JsonWriter& latency(const std::string& name, const LatencySummary& s) {
    key(name).begin_object();
    field("count", s.count).field("mean_us", s.mean_us).field("p50_us", s.p50_us);
    field("p95_us", s.p95_us).field("p99_us", s.p99_us).field("max_us", s.max_us);
    return end_object();
  }

  const std::string& text() const { return out_; }

 private:
  JsonWriter& open(char bracket) {
    separate();
    out_ += bracket;
    first_.push_back(true);
    return *this;
  }
  JsonWriter& close(char bracket) {
    first_.pop_back();
    out_ += bracket;
    return *this;
  }
  void separate() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    if (!first_.empty()) {
      if (!first_.back()) out_ += ", ";
      first_.back() = false;
    }
  }
  void append_string(const std::string& text) {
    out_ += '"';
    for (char c : text) {
      switch (c) {
        case '"': out_ += "\\\""; break;
        case '\\': out_ += "\\\\"; break;
        case '\n': out_ += "\\n"; break;
        case '\t': out_ += "\\t"; break;
        default:
          if (static_cast<unsigned char>(c) < 0x20) {
            char buffer[8];
            std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
            out_ += buffer;
          } else {
            out_ += c;
          }
      }
    }
    out_ += '"';
  }

  std::string out_;
  std::vector<bool> first_;
  bool after_key_ = false;
};

}  // namespace ptreedb::bench
