#include "storage/value/date_style.h"

#include <vector>

namespace ptreedb::value {

namespace {

thread_local DateStyleSource* installed_source = nullptr;
thread_local const DateStyle* installed_style = nullptr;

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

// PostgreSQL's SplitIdentifierString with ',': names (lower-cased unless
// double-quoted) separated by commas, blanks around them allowed.
std::optional<std::vector<std::string>> split_list(std::string_view text) {
  std::vector<std::string> words;
  std::size_t pos = 0;
  while (pos < text.size() && is_space(text[pos])) ++pos;
  if (pos == text.size()) return words;
  while (true) {
    std::string word;
    if (pos < text.size() && text[pos] == '"') {
      ++pos;
      while (true) {
        if (pos >= text.size()) return std::nullopt;
        if (text[pos] == '"') {
          if (pos + 1 < text.size() && text[pos + 1] == '"') {
            word.push_back('"');
            pos += 2;
            continue;
          }
          ++pos;
          break;
        }
        word.push_back(text[pos++]);
      }
    } else {
      const std::size_t begin = pos;
      while (pos < text.size() && text[pos] != ',' && !is_space(text[pos]) && text[pos] != '"') ++pos;
      if (pos == begin) return std::nullopt;
      word = lower(text.substr(begin, pos - begin));
    }
    while (pos < text.size() && is_space(text[pos])) ++pos;
    words.push_back(std::move(word));
    if (pos == text.size()) return words;
    if (text[pos] != ',') return std::nullopt;
    ++pos;
    while (pos < text.size() && is_space(text[pos])) ++pos;
  }
}

std::string_view style_name(DateOutputStyle style) {
  switch (style) {
    case DateOutputStyle::kIso: return "ISO";
    case DateOutputStyle::kSql: return "SQL";
    case DateOutputStyle::kGerman: return "German";
    default: return "Postgres";
  }
}

std::string_view order_name(DateFieldOrder order) {
  switch (order) {
    case DateFieldOrder::kYmd: return "YMD";
    case DateFieldOrder::kDmy: return "DMY";
    default: return "MDY";
  }
}

struct ReadList {
  DateOutputStyle style;
  DateFieldOrder order;
  bool have_style = false;
  bool have_order = false;
  bool conflict = false;
  std::string unknown;  // the first word not recognized
};

void read_words(const std::vector<std::string>& words, ReadList& list) {
  const auto set_style = [&](DateOutputStyle style) {
    if (list.have_style && list.style != style) list.conflict = true;
    list.style = style;
    list.have_style = true;
  };
  const auto set_order = [&](DateFieldOrder order) {
    if (list.have_order && list.order != order) list.conflict = true;
    list.order = order;
    list.have_order = true;
  };
  for (const std::string& word : words) {
    if (word == "iso") {
      set_style(DateOutputStyle::kIso);
    } else if (word == "sql") {
      set_style(DateOutputStyle::kSql);
    } else if (word == "postgres") {
      set_style(DateOutputStyle::kPostgres);
    } else if (word == "german") {
      set_style(DateOutputStyle::kGerman);
      if (!list.have_order) list.order = DateFieldOrder::kDmy;  // German alone means DMY
    } else if (word == "ymd") {
      set_order(DateFieldOrder::kYmd);
    } else if (word == "dmy" || word == "euro" || word == "european") {
      set_order(DateFieldOrder::kDmy);
    } else if (word == "mdy" || word == "us" || word == "noneuro" || word == "noneuropean") {
      set_order(DateFieldOrder::kMdy);
    } else if (word == "default") {
      // The built-in default, "ISO, MDY", for the half not given.
      if (!list.have_style) list.style = DateOutputStyle::kIso;
      if (!list.have_order) list.order = DateFieldOrder::kMdy;
    } else {
      if (list.unknown.empty()) list.unknown = word;
      return;
    }
  }
}

}  // namespace

DateStyle parse_canonical_date_style(std::string_view canonical, IntervalOutputStyle interval) {
  DateStyle style;
  style.interval = interval;
  const std::string text = lower(canonical);
  if (text.starts_with("sql")) style.output = DateOutputStyle::kSql;
  else if (text.starts_with("postgres")) style.output = DateOutputStyle::kPostgres;
  else if (text.starts_with("german")) style.output = DateOutputStyle::kGerman;
  if (text.ends_with("dmy")) style.order = DateFieldOrder::kDmy;
  else if (text.ends_with("ymd")) style.order = DateFieldOrder::kYmd;
  return style;
}

DateStyleSetting read_date_style_setting(std::string_view text, std::string_view current) {
  const auto words = split_list(text);
  if (!words) return {std::nullopt, "List syntax is invalid."};
  const DateStyle now = parse_canonical_date_style(current, IntervalOutputStyle::kPostgres);
  ReadList list{now.output, now.order};
  read_words(*words, list);
  if (!list.unknown.empty()) return {std::nullopt, "Unrecognized key word: \"" + list.unknown + "\"."};
  if (list.conflict) return {std::nullopt, "Conflicting \"datestyle\" specifications."};
  return {std::string(style_name(list.style)) + ", " + std::string(order_name(list.order)), {}};
}

std::optional<IntervalOutputStyle> read_interval_style(std::string_view text) {
  const std::string word = lower(text);
  if (word == "postgres") return IntervalOutputStyle::kPostgres;
  if (word == "postgres_verbose") return IntervalOutputStyle::kPostgresVerbose;
  if (word == "sql_standard") return IntervalOutputStyle::kSqlStandard;
  if (word == "iso_8601") return IntervalOutputStyle::kIso8601;
  return std::nullopt;
}

const DateStyle& session_date_style() {
  static const DateStyle defaults;
  if (installed_style != nullptr) return *installed_style;
  if (installed_source != nullptr) return installed_source->date_style();
  return defaults;
}

DateStyleScope::DateStyleScope(DateStyleSource* source)
    : previous_source_(installed_source), previous_style_(installed_style) {
  installed_source = source;
  installed_style = nullptr;
}

DateStyleScope::DateStyleScope(const DateStyle* style)
    : previous_source_(installed_source), previous_style_(installed_style) {
  installed_source = nullptr;
  installed_style = style;
}

DateStyleScope::~DateStyleScope() {
  installed_source = previous_source_;
  installed_style = previous_style_;
}

}  // namespace ptreedb::value
