// The WAL as bytes: CRC32C, fragment framing, segment rollover, torn tails,
// and refused appends leaving nothing behind.
#include "wal/wal_writer.h"

#include <sys/resource.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <csignal>
#include <fstream>
#include <random>

#include "wal/crc32c.h"
#include "wal/wal_error.h"
#include "wal/wal_reader.h"

using namespace ptreedb::wal;
namespace fs = std::filesystem;

namespace {

struct TempDir {
  fs::path path;
  TempDir() {
    path = fs::temp_directory_path() / ("wal_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter()++));
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
  static int& counter() {
    static int value = 0;
    return value;
  }
};

std::vector<LogRecord> read_all(const fs::path& dir, Lsn* end = nullptr, std::string* reason = nullptr) {
  WalReader reader(dir, std::nullopt);
  std::vector<LogRecord> records;
  LogRecord record;
  while (reader.next(record)) records.push_back(record);
  if (end != nullptr) *end = reader.end_lsn();
  if (reason != nullptr) *reason = reader.stop_reason();
  return records;
}

std::string payload_of(std::size_t size, unsigned seed) {
  std::string bytes(size, '\0');
  std::mt19937 random(seed);
  for (auto& c : bytes) c = static_cast<char>(random());
  return bytes;
}

void flip_byte(const fs::path& file, std::uint64_t offset) {
  std::fstream stream(file, std::ios::in | std::ios::out | std::ios::binary);
  stream.seekg(static_cast<std::streamoff>(offset));
  char c;
  stream.get(c);
  stream.seekp(static_cast<std::streamoff>(offset));
  c = static_cast<char>(c ^ 0x5A);
  stream.put(c);
}

}  // namespace

TEST_CASE("crc32c matches the Castagnoli check value and composes") {
  const char* digits = "123456789";
  CHECK(crc32c(0, digits, 9) == 0xE3069283u);
  CHECK(crc32c(crc32c(0, digits, 4), digits + 4, 5) == 0xE3069283u);
  CHECK(crc32c(0, "", 0) == 0);
  std::string long_input = payload_of(1000, 7);
  CHECK(crc32c(crc32c(0, long_input.data(), 333), long_input.data() + 333, 667) ==
        crc32c(0, long_input.data(), 1000));
}

TEST_CASE("segment names carry the start LSN in 16 hexadecimal digits") {
  CHECK(segment_file_name(0x12a0000) == "00000000012a0000.wal");
  CHECK(parse_segment_file_name("00000000012a0000.wal") == std::optional<Lsn>(0x12a0000));
  CHECK_FALSE(parse_segment_file_name("00000000012A0000.wal"));
  CHECK_FALSE(parse_segment_file_name("12a0000.wal"));
  CHECK_FALSE(parse_segment_file_name("00000000012a0000.tmp"));
}

TEST_CASE("records come back in order with their kinds, aligned to 64 bytes") {
  TempDir dir;
  WalWriter writer(dir.path, 64 << 10);
  writer.open(0);
  std::vector<Lsn> lsns;
  for (unsigned i = 0; i < 20; ++i) lsns.push_back(writer.append(static_cast<std::uint8_t>(i % 3 + 1), payload_of(i * 37, i)));
  writer.persist();
  CHECK(writer.durable_lsn() == writer.end_lsn());
  Lsn end = 0;
  std::string reason;
  auto records = read_all(dir.path, &end, &reason);
  REQUIRE(records.size() == 20);
  for (unsigned i = 0; i < 20; ++i) {
    CHECK(records[i].lsn == lsns[i]);
    CHECK(records[i].lsn % 64 == 0);
    CHECK(records[i].kind == i % 3 + 1);
    CHECK(records[i].payload == payload_of(i * 37, i));
  }
  CHECK(end == writer.end_lsn());
  CHECK(reason == "zero header");
}

TEST_CASE("records larger than a segment span several segment files") {
  TempDir dir;
  const std::uint64_t segment = 64 << 10;
  WalWriter writer(dir.path, segment);
  writer.open(0);
  writer.append(1, payload_of(1000, 1));
  writer.append(1, payload_of(200000, 2));  // about three segments
  writer.append(1, payload_of(10, 3));
  writer.persist();
  auto segments = list_segments(dir.path);
  REQUIRE(segments.size() == 4);
  for (std::size_t i = 0; i < segments.size(); ++i) CHECK(segments[i].start == i * segment);
  auto records = read_all(dir.path);
  REQUIRE(records.size() == 3);
  CHECK(records[1].payload == payload_of(200000, 2));
  CHECK(records[1].fragments == 4);
  CHECK(records[2].payload == payload_of(10, 3));
}

TEST_CASE("a torn or corrupt tail ends the log; reopening wipes it and appends after") {
  TempDir dir;
  WalWriter writer(dir.path, 64 << 10);
  writer.open(0);
  writer.append(1, payload_of(100, 1));
  Lsn second = writer.append(1, payload_of(100, 2));
  Lsn third = writer.append(1, payload_of(150000, 3));  // spans segments
  writer.persist();

  SECTION("a flipped byte in a record's payload") {
    flip_byte(list_segments(dir.path)[0].path, second + 30);
    Lsn end = 0;
    std::string reason;
    auto records = read_all(dir.path, &end, &reason);
    CHECK(records.size() == 1);
    CHECK(end == second);
    CHECK(reason == "CRC mismatch");
  }
  SECTION("a segment missing in the middle of a record") {
    auto segments = list_segments(dir.path);
    fs::remove(segments.back().path);
    Lsn end = 0;
    auto records = read_all(dir.path, &end);
    CHECK(records.size() == 2);
    CHECK(end == third);
    WalWriter reopened(dir.path, 64 << 10);
    reopened.open(end);
    CHECK(list_segments(dir.path).size() == 1);  // the record's other segments went too
    reopened.append(2, "after");
    reopened.persist();
    records = read_all(dir.path);
    REQUIRE(records.size() == 3);
    CHECK(records[2].payload == "after");
    CHECK(records[2].lsn == third);
  }
  SECTION("garbage after the end is wiped on reopen, so it is never read later") {
    WalWriter reopened(dir.path, 64 << 10);
    reopened.open(second);  // pretend the log ended after the first record
    reopened.append(3, "x");
    reopened.persist();
    auto records = read_all(dir.path);
    REQUIRE(records.size() == 2);
    CHECK(records[1].payload == "x");
  }
}

TEST_CASE("a discarded record leaves no trace and later appends work") {
  TempDir dir;
  WalWriter writer(dir.path, 64 << 10);
  writer.open(0);
  writer.append(1, "kept");
  writer.persist();
  Lsn durable = writer.durable_lsn();
  writer.append(1, payload_of(100000, 9));  // creates segments
  writer.discard_pending();
  CHECK(writer.end_lsn() == durable);
  CHECK(list_segments(dir.path).size() == 1);
  writer.append(1, "next");
  writer.persist();
  auto records = read_all(dir.path);
  REQUIRE(records.size() == 2);
  CHECK(records[0].payload == "kept");
  CHECK(records[1].payload == "next");
}

TEST_CASE("a segment that cannot be allocated fails the append as disk full, leaving nothing") {
  TempDir dir;
  WalWriter writer(dir.path, 256 << 10);
  writer.open(0);
  writer.append(1, "first");
  writer.persist();
  // A file size limit below the segment size makes preallocation fail with EFBIG.
  std::signal(SIGXFSZ, SIG_IGN);
  rlimit old_limit{};
  ::getrlimit(RLIMIT_FSIZE, &old_limit);
  rlimit limit = old_limit;
  limit.rlim_cur = 128 << 10;
  ::setrlimit(RLIMIT_FSIZE, &limit);
  bool disk_full = false;
  try {
    writer.append(1, payload_of(300 << 10, 4));
  } catch (const WalError& error) {
    disk_full = error.kind() == WalError::Kind::kDiskFull;
  }
  ::setrlimit(RLIMIT_FSIZE, &old_limit);
  CHECK(disk_full);
  CHECK(list_segments(dir.path).size() == 1);
  writer.append(1, "after space returned");
  writer.persist();
  auto records = read_all(dir.path);
  REQUIRE(records.size() == 2);
  CHECK(records[1].payload == "after space returned");
}

TEST_CASE("segments wholly before an LSN are removed, the current one never") {
  TempDir dir;
  WalWriter writer(dir.path, 64 << 10);
  writer.open(0);
  writer.append(1, payload_of(200000, 1));
  writer.persist();
  auto before = list_segments(dir.path);
  REQUIRE(before.size() == 4);
  CHECK(writer.remove_segments_before(writer.end_lsn()) == 3);
  auto after = list_segments(dir.path);
  REQUIRE(after.size() == 1);
  CHECK(after[0].start == before.back().start);
}
