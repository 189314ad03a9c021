#include "exec/table_function_rows.h"

#include <limits>
#include <memory>
#include <optional>

#include "exec/array_text.h"
#include "exec/evaluate.h"
#include "exec/functions/pcre2_pattern.h"
#include "storage/sql_error.h"
#include "storage/value/json_parse.h"
#include "storage/value/jsonb_text.h"
#include "storage/value/date_time.h"
#include "storage/value/timestamp_tz.h"
#include "storage/value/decimal.h"
#include "storage/value/interval.h"

namespace ptreedb::exec {
namespace {

using planner::TableFunction;
using value::SqlType;
using value::TypeId;

// Output rows collected until a chunk is full.
class RowBuilder {
 public:
  RowBuilder(const planner::FunctionScanNode& scan, const Chunk& input, const InterruptToken* interrupt,
             const std::function<void(Chunk&&)>& emit)
      : scan_(scan), input_(input), interrupt_(interrupt), emit_(emit) {
    reset();
  }

  void add_int(std::uint32_t row, std::int64_t value) {
    values_.nulls.push_back(0);
    values_.ints.push_back(value);
    added(row);
  }
  void add_decimal(std::uint32_t row, value::Decimal value) {
    values_.nulls.push_back(0);
    values_.decimals.push_back(value);
    added(row);
  }
  void add_text(std::uint32_t row, const std::optional<std::string>& value) {
    values_.nulls.push_back(value ? 0 : 1);
    if (value) {
      storage_->strings.push_back(*value);
      values_.texts.push_back(storage_->strings.back());
    } else {
      values_.texts.emplace_back();
    }
    added(row);
  }
  // The next input row starts counting its ordinals from 1.
  void next_input_row() { ordinal_ = 0; }

  void flush() {
    if (rows_.empty()) return;
    Chunk out = gather_rows(input_, rows_);
    if (values_.type != scan_.call.type) values_ = cast_vector(values_, scan_.call.type, true);
    out.columns.push_back(std::move(values_));
    if (scan_.with_ordinality) out.columns.push_back(std::move(ordinals_));
    emit_(std::move(out));
    reset();
  }

 private:
  void added(std::uint32_t row) {
    rows_.push_back(row);
    ordinals_.nulls.push_back(0);
    ordinals_.ints.push_back(++ordinal_);
    if (rows_.size() == kChunkSize) {
      check_interrupt(interrupt_);
      flush();
    }
  }
  void reset() {
    rows_.clear();
    // unnest's elements are collected as texts and read as their type at flush.
    values_ = Vector(scan_.call.function == TableFunction::kUnnest ? SqlType::of(TypeId::kText) : scan_.call.type);
    ordinals_ = Vector(SqlType::of(TypeId::kBigint));
    storage_ = std::make_shared<TextStorage>();
    values_.text_owners.push_back(storage_);
  }

  const planner::FunctionScanNode& scan_;
  const Chunk& input_;
  const InterruptToken* interrupt_;
  const std::function<void(Chunk&&)>& emit_;
  std::vector<std::uint32_t> rows_;
  Vector values_, ordinals_;
  std::shared_ptr<TextStorage> storage_;
  std::int64_t ordinal_ = 0;
};

[[noreturn]] void zero_step() { throw SqlError("22023", "step size cannot equal zero"); }

void integer_series(RowBuilder& out, std::uint32_t row, std::int64_t start, std::int64_t stop, std::int64_t step) {
  if (step == 0) zero_step();
  for (std::int64_t value = start; step > 0 ? value <= stop : value >= stop;) {
    out.add_int(row, value);
    // Stop before the next value would overflow (PostgreSQL ends the series there).
    if (__builtin_add_overflow(value, step, &value)) break;
  }
}

void numeric_series(RowBuilder& out, std::uint32_t row, value::Decimal start, value::Decimal stop,
                    value::Decimal step) {
  const auto check_finite = [](value::Decimal bound, const char* what) {
    if (!value::decimal_is_special(bound)) return;
    throw SqlError("22023", std::string(what) + (value::decimal_is_nan(bound) ? " cannot be NaN" : " cannot be infinity"));
  };
  check_finite(start, "start value");
  check_finite(stop, "stop value");
  check_finite(step, "step size");
  int direction = value::decimal_sign(step);
  if (direction == 0) zero_step();
  for (value::Decimal at = start; direction > 0 ? value::decimal_compare(at, stop) <= 0
                                                : value::decimal_compare(at, stop) >= 0;
       at = value::decimal_add(at, step)) {
    out.add_decimal(row, at);
  }
}

void timestamp_series(RowBuilder& out, std::uint32_t row, std::int64_t start, std::int64_t stop,
                      value::Interval step) {
  int direction = value::interval_compare(step, value::Interval{});
  if (direction == 0) zero_step();
  value::Timestamp at{start};
  while (direction > 0 ? at.micros <= stop : at.micros >= stop) {
    out.add_int(row, at.micros);
    at = value::timestamp_add_interval(at, step);
  }
}

// In the session's zone: a day or a month is a step of the wall time.
void timestamptz_series(RowBuilder& out, std::uint32_t row, std::int64_t start, std::int64_t stop,
                        value::Interval step) {
  int direction = value::interval_compare(step, value::Interval{});
  if (direction == 0) zero_step();
  const value::TimeZone& zone = value::session_time_zone();
  value::TimestampTz at{start};
  while (direction > 0 ? at.micros <= stop : at.micros >= stop) {
    out.add_int(row, at.micros);
    at = value::timestamptz_add_interval(at, step, zone);
  }
}

// The elements of a json or jsonb array (json's as written, jsonb's
// normalized; the _text forms unquote strings and give NULL for null), or
// the keys of an object, as PostgreSQL's jsonfuncs.c returns them.
void json_rows(RowBuilder& out, std::uint32_t row, const planner::TableFunctionCall& call, const Vector& arg,
               std::size_t i) {
  const bool jsonb = arg.type.id == TypeId::kJsonb;
  const std::string_view source = arg.texts[i];
  const value::JsonValue root = jsonb ? value::parse_jsonb(source) : value::parse_json(source);
  if (call.function == TableFunction::kJsonObjectKeys) {
    if (root.kind != value::JsonValue::Kind::kObject) {
      throw SqlError(sqlstate::kInvalidParameterValue, "cannot call " + call.name + " on " +
                                                           (root.kind == value::JsonValue::Kind::kArray ? "an array"
                                                                                                        : "a scalar"));
    }
    for (const auto& [key, member] : root.members) out.add_text(row, key);
    return;
  }
  if (root.kind != value::JsonValue::Kind::kArray) {
    if (!jsonb) throw SqlError(sqlstate::kInvalidParameterValue, "cannot call " + call.name + " on a non-array");
    throw SqlError(sqlstate::kInvalidParameterValue,
                   root.kind == value::JsonValue::Kind::kObject ? "cannot extract elements from an object"
                                                                : "cannot extract elements from a scalar");
  }
  const bool as_text = call.type.id == TypeId::kText;
  for (const value::JsonValue& element : root.elements) {
    if (as_text && element.kind == value::JsonValue::Kind::kNull) {
      out.add_text(row, std::nullopt);
    } else if (as_text && element.kind == value::JsonValue::Kind::kString) {
      out.add_text(row, element.text);
    } else {
      out.add_text(row, jsonb ? value::jsonb_to_text(element)
                              : std::string(source.substr(element.begin, element.end - element.begin)));
    }
  }
}

// regexp_matches: the first match's groups, or with "g" every match's, as
// PostgreSQL's regexp.c finds them (a search after an empty match moves on
// by one character); regexp_split_to_table: the pieces regexp_split_to_array
// makes, one row each.
void regexp_rows(RowBuilder& out, std::uint32_t row, const planner::TableFunctionCall& call,
                 const std::vector<Vector>& args, std::size_t i, Pcre2Patterns& patterns) {
  const std::string_view flags_text = args.size() > 2 ? args[2].texts[i] : std::string_view();
  const std::string_view text = args[0].texts[i];
  if (call.function == TableFunction::kRegexpSplitToTable) {
    const RegexFlags flags = parse_regex_flags_without_global(flags_text, call.name, "");
    const pcre2_code* pattern = patterns.compiled(args[1].texts[i], flags, false);
    for (const std::string& piece : regex_split(patterns, pattern, text)) out.add_text(row, piece);
    return;
  }
  const RegexFlags flags = parse_regex_flags(flags_text);
  const pcre2_code* pattern = patterns.compiled(args[1].texts[i], flags, true);
  for_each_match(patterns, pattern, text, 1, [&](const PCRE2_SIZE*) {
    out.add_text(row, array_text(match_groups(patterns, pattern, text, "regexp_matches")));
    return flags.global;
  });
}

}  // namespace

void expand_table_function(const planner::FunctionScanNode& scan, const Chunk& input, const std::vector<Vector>& args,
                           const InterruptToken* interrupt, const std::function<void(Chunk&&)>& emit) {
  RowBuilder out(scan, input, interrupt, emit);
  std::optional<Pcre2Patterns> patterns;  // compiled once per chunk, for the regexp functions
  for (std::size_t i = 0; i < input.size; ++i) {
    out.next_input_row();
    bool null_argument = false;
    for (const auto& arg : args) null_argument = null_argument || arg.nulls[i] != 0;
    if (null_argument) continue;  // every one of these functions is strict: no rows
    auto row = static_cast<std::uint32_t>(i);
    switch (scan.call.function) {
      case TableFunction::kGenerateSeries:
        if (scan.call.type.id == TypeId::kNumeric) {
          numeric_series(out, row, args[0].decimal(i), args[1].decimal(i),
                         args.size() > 2 ? args[2].decimal(i) : value::decimal_from_int(1));
        } else if (scan.call.type.id == TypeId::kTimestamp) {
          timestamp_series(out, row, args[0].ints[i], args[1].ints[i], args[2].intervals[i]);
        } else if (scan.call.type.id == TypeId::kTimestampTz) {
          timestamptz_series(out, row, args[0].ints[i], args[1].ints[i], args[2].intervals[i]);
        } else {
          integer_series(out, row, args[0].ints[i], args[1].ints[i], args.size() > 2 ? args[2].ints[i] : 1);
        }
        break;
      case TableFunction::kUnnest:
        for (const auto& element : array_elements(args[0].texts[i])) out.add_text(row, element);
        break;
      case TableFunction::kPartitionAncestors:
        break;  // no relation is a partition
      case TableFunction::kJsonArrayElements:
      case TableFunction::kJsonObjectKeys:
        json_rows(out, row, scan.call, args[0], i);
        break;
      case TableFunction::kRegexpMatches:
      case TableFunction::kRegexpSplitToTable:
        if (!patterns) patterns.emplace();
        regexp_rows(out, row, scan.call, args, i, *patterns);
        break;
    }
  }
  out.flush();
}

}  // namespace ptreedb::exec
