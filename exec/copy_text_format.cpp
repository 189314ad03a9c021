#include "exec/copy_text_format.h"

#include <cstdio>
#include <cstring>

#include "exec/evaluate.h"
#include "storage/sql_error.h"

namespace ptreedb::exec {

namespace {

constexpr const char* kBadCopyFileFormat = "22P04";
// A record longer than this cannot be held, as PostgreSQL's 1 GB string limit.
constexpr std::size_t kMaxRecordBytes = (std::size_t{1} << 30) - 1;

[[noreturn]] void throw_bad_format(const std::string& message, const std::string& hint = {}) {
  throw SqlError(kBadCopyFileFormat, message, {}, hint);
}

[[noreturn]] void throw_stray_return(bool csv) {
  throw_bad_format(csv ? "unquoted carriage return found in data" : "literal carriage return found in data",
                   csv ? "Use quoted CSV field to represent carriage return." : "Use \"\\r\" to represent carriage return.");
}

[[noreturn]] void throw_stray_newline(bool csv) {
  throw_bad_format(csv ? "unquoted newline found in data" : "literal newline found in data",
                   csv ? "Use quoted CSV field to represent newline." : "Use \"\\n\" to represent newline.");
}

bool is_octal(char c) { return c >= '0' && c <= '7'; }

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

// ---------------------------------------------------------------------------
// Records

CopyLineReader::CopyLineReader(const planner::CopyOptions& options)
    // An escape equal to the quote needs no tracking: each quote just toggles.
    : csv_(options.csv), quote_(options.quote), escape_(options.escape == options.quote ? '\0' : options.escape) {
  for (unsigned char c : {'\n', '\r', '\\'}) special_[c] = true;
  if (csv_) {
    special_[static_cast<unsigned char>(quote_)] = true;
    special_[static_cast<unsigned char>(escape_)] = true;
  }
}

void CopyLineReader::feed(std::string_view bytes) {
  if (finished_) return;  // data after the end marker is ignored, as in PostgreSQL
  if (line_start_ > 0) {
    // Drop the records already handed out; only a partial one is moved.
    buffer_.erase(0, line_start_);
    scan_ -= line_start_;
    line_start_ = 0;
  }
  if (buffer_.size() + bytes.size() > kMaxRecordBytes) {
    throw SqlError("54000", "out of memory",
                   "Cannot enlarge string buffer containing " + std::to_string(buffer_.size()) + " bytes by " +
                       std::to_string(bytes.size()) + " more bytes.");
  }
  buffer_.append(bytes);
}

// Finds the end of the record starting at line_start_, resuming at scan_. The
// checks and their order follow CopyReadLineText in PostgreSQL 15.
CopyLineReader::Scan CopyLineReader::scan(bool at_end) {
  const char* data = buffer_.data();
  const std::size_t size = buffer_.size();
  auto byte_at = [&](std::size_t i) { return i < size ? data[i] : '\0'; };
  std::size_t p = scan_;
  for (;;) {
    // Ordinary bytes change no state (but end a CSV escape), so skip them in bulk.
    std::size_t ordinary = p;
    while (p < size && !special_[static_cast<unsigned char>(data[p])]) ++p;
    if (p != ordinary) last_was_escape_ = false;
    if (p >= size) {
      scan_ = p;
      if (!at_end) return Scan::kNeedMore;
      line_end_ = next_start_ = size;
      return Scan::kEndOfInput;
    }
    const char c = data[p];
    // Look-ahead for \r\n and for the end marker \.<newline>: wait for the bytes
    // rather than decide on a partial view (at the very end, there are none).
    bool may_be_marker = c == '\\' && (!csv_ || p == line_start_);
    if (!at_end && ((may_be_marker && p + 3 >= size) || (c == '\r' && p + 1 >= size))) {
      scan_ = p;
      return Scan::kNeedMore;
    }
    if (csv_) {
      // With quote == escape the character simply toggles; otherwise an escape
      // counts only inside quotes and right before a quote.
      if (in_quote_ && c == escape_) last_was_escape_ = !last_was_escape_;
      if (c == quote_ && !last_was_escape_) in_quote_ = !in_quote_;
      if (c != escape_) last_was_escape_ = false;
      if (in_quote_ && c == (line_end_style_ == LineEnd::kNewline ? '\n' : '\r')) ++line_number_;
    }
    if (c == '\r' && (!csv_ || !in_quote_)) {
      line_end_ = p;
      if (line_end_style_ == LineEnd::kUnknown || line_end_style_ == LineEnd::kReturnNewline) {
        if (byte_at(p + 1) == '\n') {
          line_end_style_ = LineEnd::kReturnNewline;
          next_start_ = p + 2;
          return Scan::kLine;
        }
        if (line_end_style_ == LineEnd::kReturnNewline) throw_stray_return(csv_);
        line_end_style_ = LineEnd::kReturn;
      } else if (line_end_style_ == LineEnd::kNewline) {
        throw_stray_return(csv_);
      }
      next_start_ = p + 1;
      return Scan::kLine;
    }
    if (c == '\n' && (!csv_ || !in_quote_)) {
      if (line_end_style_ == LineEnd::kReturn || line_end_style_ == LineEnd::kReturnNewline) {
        throw_stray_newline(csv_);
      }
      line_end_style_ = LineEnd::kNewline;
      line_end_ = p;
      next_start_ = p + 1;
      return Scan::kLine;
    }
    if (may_be_marker) {
      if (byte_at(p + 1) == '.') {
        // In text a backslash-dot is always the marker, so anything but a
        // newline after it is an error; in CSV it may be data.
        std::size_t q = p + 2;
        bool marker = true;
        if (line_end_style_ == LineEnd::kReturnNewline) {
          char after = byte_at(q++);
          if (after == '\n') {
            if (!csv_) throw_bad_format("end-of-copy marker does not match previous newline style");
            marker = false;
          } else if (after != '\r') {
            if (!csv_) throw_bad_format("end-of-copy marker corrupt");
            marker = false;
          }
        }
        if (marker) {
          char after = byte_at(q);
          if (after != '\r' && after != '\n') {
            if (!csv_) throw_bad_format("end-of-copy marker corrupt");
            marker = false;
          } else if ((line_end_style_ == LineEnd::kNewline && after != '\n') ||
                     (line_end_style_ == LineEnd::kReturnNewline && after != '\n') ||
                     (line_end_style_ == LineEnd::kReturn && after != '\r')) {
            throw_bad_format("end-of-copy marker does not match previous newline style");
          }
        }
        if (marker) {
          line_end_ = next_start_ = p;
          return Scan::kEndMarker;
        }
      } else if (!csv_) {
        ++p;  // the escaped character is data, even a newline
      }
    }
    ++p;
  }
}

std::optional<std::string_view> CopyLineReader::next_line(bool at_end) {
  if (finished_) return std::nullopt;
  if (!line_started_) {
    ++line_number_;
    line_started_ = true;
  }
  Scan result = scan(at_end);
  if (result == Scan::kNeedMore) return std::nullopt;
  std::string_view record(buffer_.data() + line_start_, line_end_ - line_start_);
  verify_utf8(std::string_view(buffer_.data() + line_start_, next_start_ - line_start_));
  line_start_ = scan_ = next_start_;
  in_quote_ = last_was_escape_ = line_started_ = false;
  if (result != Scan::kLine) {
    finished_ = true;
    if (record.empty()) return std::nullopt;
  }
  return record;
}

// ---------------------------------------------------------------------------
// Fields

void split_text_record(std::string_view record, const planner::CopyOptions& options, std::string& out,
                       std::vector<CopyField>& fields) {
  fields.clear();
  const char delimiter = options.delimiter;
  const std::string_view null_string = options.null_string;
  // De-escaped fields are never longer than the record.
  out.reserve(out.size() + record.size());
  const char* cursor = record.data();
  const char* const end = record.data() + record.size();
  for (;;) {
    const char* start = cursor;
    const char* raw_end = cursor;
    const std::size_t output_start = out.size();
    bool found_delimiter = false;
    bool saw_non_ascii = false;
    for (;;) {
      // A run of ordinary bytes goes to the output at once.
      const char* run = cursor;
      while (cursor < end && *cursor != delimiter && *cursor != '\\') ++cursor;
      out.append(run, static_cast<std::size_t>(cursor - run));
      raw_end = cursor;
      if (cursor >= end) break;
      char c = *cursor++;
      if (c == delimiter) {
        found_delimiter = true;
        break;
      }
      if (c == '\\') {
        if (cursor >= end) break;  // a trailing backslash is dropped
        c = *cursor++;
        switch (c) {
          case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
            int value = c - '0';
            for (int digit = 1; digit < 3 && cursor < end && is_octal(*cursor); ++digit) {
              value = (value << 3) + (*cursor++ - '0');
            }
            c = static_cast<char>(value & 0xFF);
            saw_non_ascii = saw_non_ascii || c == '\0' || (value & 0x80) != 0;
            break;
          }
          case 'x':
            if (cursor < end && hex_value(*cursor) >= 0) {
              int value = hex_value(*cursor++);
              if (cursor < end && hex_value(*cursor) >= 0) value = (value << 4) + hex_value(*cursor++);
              c = static_cast<char>(value & 0xFF);
              saw_non_ascii = saw_non_ascii || c == '\0' || (value & 0x80) != 0;
            }
            break;
          case 'b': c = '\b'; break;
          case 'f': c = '\f'; break;
          case 'n': c = '\n'; break;
          case 'r': c = '\r'; break;
          case 't': c = '\t'; break;
          case 'v': c = '\v'; break;
          default: break;  // any other character stands for itself
        }
      }
      out.push_back(c);
    }
    // NULL is decided on the raw bytes, before de-escaping, so no escape error
    // may be raised before this check.
    CopyField field;
    field.offset = static_cast<std::uint32_t>(output_start);
    if (std::string_view(start, static_cast<std::size_t>(raw_end - start)) == null_string) {
      field.is_null = true;
      out.resize(output_start);
    } else {
      field.length = static_cast<std::uint32_t>(out.size() - output_start);
      if (saw_non_ascii) verify_utf8(std::string_view(out).substr(output_start));
    }
    fields.push_back(field);
    if (!found_delimiter) break;
  }
}

void split_csv_record(std::string_view record, const planner::CopyOptions& options, std::string& out,
                      std::vector<CopyField>& fields) {
  fields.clear();
  const char delimiter = options.delimiter, quote = options.quote, escape = options.escape;
  const std::string_view null_string = options.null_string;
  out.reserve(out.size() + record.size());
  const char* cursor = record.data();
  const char* const end = record.data() + record.size();
  for (;;) {
    const char* start = cursor;
    const char* raw_end = cursor;
    const std::size_t output_start = out.size();
    bool found_delimiter = false;
    bool saw_quote = false;
    // Alternates between unquoted and quoted stretches until an unquoted
    // delimiter or the end of the record.
    for (bool done = false; !done;) {
      for (;;) {
        const char* run = cursor;
        while (cursor < end && *cursor != delimiter && *cursor != quote) ++cursor;
        out.append(run, static_cast<std::size_t>(cursor - run));
        raw_end = cursor;
        if (cursor >= end) {
          done = true;
          break;
        }
        char c = *cursor++;
        if (c == delimiter) {
          found_delimiter = done = true;
          break;
        }
        if (c == quote) {
          saw_quote = true;
          break;
        }
        out.push_back(c);
      }
      if (done) break;
      for (;;) {
        const char* run = cursor;
        while (cursor < end && *cursor != quote && *cursor != escape) ++cursor;
        out.append(run, static_cast<std::size_t>(cursor - run));
        if (cursor >= end) throw_bad_format("unterminated CSV quoted field");
        char c = *cursor++;
        if (c == escape && cursor < end && (*cursor == escape || *cursor == quote)) {
          out.push_back(*cursor++);
          continue;
        }
        // After the escape test: quote and escape are often the same character.
        if (c == quote) break;
        out.push_back(c);
      }
    }
    CopyField field;
    field.offset = static_cast<std::uint32_t>(output_start);
    if (!saw_quote && std::string_view(start, static_cast<std::size_t>(raw_end - start)) == null_string) {
      field.is_null = true;
      out.resize(output_start);
    } else {
      field.length = static_cast<std::uint32_t>(out.size() - output_start);
    }
    fields.push_back(field);
    if (!found_delimiter) break;
  }
}

void split_copy_record(std::string_view record, const planner::CopyOptions& options, std::string& out,
                       std::vector<CopyField>& fields) {
  if (options.csv) {
    split_csv_record(record, options, out, fields);
  } else {
    split_text_record(record, options, out, fields);
  }
}

// ---------------------------------------------------------------------------
// Output

void append_copy_text_value(std::string& out, std::string_view value, char delimiter) {
  // Runs of ordinary bytes are appended at once; UTF-8 continuation bytes are
  // never ASCII, so a byte-wise scan is safe.
  std::size_t run_start = 0;
  for (std::size_t i = 0; i < value.size(); ++i) {
    const char c = value[i];
    char escaped = '\0';
    bool keep_char = false;  // backslash then the character itself
    if (static_cast<unsigned char>(c) < 0x20) {
      switch (c) {
        case '\b': escaped = 'b'; break;
        case '\f': escaped = 'f'; break;
        case '\n': escaped = 'n'; break;
        case '\r': escaped = 'r'; break;
        case '\t': escaped = 't'; break;
        case '\v': escaped = 'v'; break;
        default:
          if (c != delimiter) continue;  // other control characters go out as they are
          keep_char = true;
      }
    } else if (c == '\\' || c == delimiter) {
      keep_char = true;
    } else {
      continue;
    }
    out.append(value.data() + run_start, i - run_start);
    out.push_back('\\');
    out.push_back(keep_char ? c : escaped);
    run_start = i + 1;
  }
  out.append(value.data() + run_start, value.size() - run_start);
}

void append_copy_csv_value(std::string& out, std::string_view value, const planner::CopyOptions& options,
                           bool force_quote, bool single_column) {
  const char quote = options.quote, escape = options.escape, delimiter = options.delimiter;
  bool use_quote = force_quote || value == options.null_string;
  // A lone \. would read back as the end marker.
  if (!use_quote) use_quote = single_column && value == "\\.";
  if (!use_quote) {
    for (char c : value) {
      if (c == delimiter || c == quote || c == '\n' || c == '\r') {
        use_quote = true;
        break;
      }
    }
  }
  if (!use_quote) {
    out.append(value);
    return;
  }
  out.push_back(quote);
  for (char c : value) {
    if (c == quote || c == escape) out.push_back(escape);
    out.push_back(c);
  }
  out.push_back(quote);
}

void append_copy_header(std::string& out, const std::vector<std::string>& names,
                        const planner::CopyOptions& options) {
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out.push_back(options.delimiter);
    if (options.csv) {
      append_copy_csv_value(out, names[i], options, false, names.size() == 1);
    } else {
      append_copy_text_value(out, names[i], options.delimiter);
    }
  }
  out.push_back('\n');
}

void append_copy_row(std::string& out, const Chunk& chunk, std::size_t row, const planner::CopyOptions& options,
                     std::string& scratch) {
  const std::size_t count = chunk.columns.size();
  for (std::size_t c = 0; c < count; ++c) {
    if (c > 0) out.push_back(options.delimiter);
    const Vector& column = chunk.columns[c];
    if (column.is_null(row)) {
      out.append(options.null_string);
      continue;
    }
    std::string_view value;
    if (value::is_character_type(column.type.id)) {
      value = column.texts[row];  // the text itself; uuid and bytea through their output functions
    } else {
      scratch.clear();
      append_text(scratch, column, row);
      value = scratch;
    }
    if (options.csv) {
      bool force = !options.force_quote.empty() && options.force_quote[c] != 0;
      append_copy_csv_value(out, value, options, force, count == 1);
    } else {
      append_copy_text_value(out, value, options.delimiter);
    }
  }
  out.push_back('\n');
}

std::string limit_copy_printout(std::string_view text) {
  constexpr std::size_t kMaxDisplay = 100;
  if (text.size() <= kMaxDisplay) return std::string(text);
  std::size_t cut = 0;
  while (cut < text.size()) {
    std::size_t length = value::utf8_sequence_length(static_cast<unsigned char>(text[cut]));
    if (cut + length > kMaxDisplay) break;
    cut += length;
  }
  return std::string(text.substr(0, cut)) + "...";
}

}  // namespace ptreedb::exec
