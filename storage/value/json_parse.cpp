#include "storage/value/json_parse.h"

#include <rapidjson/error/error.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>

#include <algorithm>
#include <string>
#include <vector>

#include "storage/sql_error.h"

namespace ptreedb::value {
namespace {

// Builds the tree from RapidJSON's SAX events.
// Trees are walked recursively (normalization, printing, ordering), so
// nesting is bounded where PostgreSQL's stack check would stop its parser.
constexpr std::size_t kMaxJsonDepth = 6000;

// Each event comes once the reader has consumed the token, so the stream's
// position is where the value ends.
class TreeBuilder : public rapidjson::BaseReaderHandler<rapidjson::UTF8<>, TreeBuilder> {
 public:
  TreeBuilder(std::string_view text, const rapidjson::MemoryStream& stream) : text_(text), stream_(stream) {}

  bool Null() { return add(JsonValue::null(), 4); }
  bool Bool(bool b) { return add(JsonValue::boolean_value(b), b ? 4 : 5); }
  bool RawNumber(const char* text, rapidjson::SizeType length, bool) {
    return add(JsonValue::number(std::string(text, length)), length);
  }
  bool String(const char* text, rapidjson::SizeType length, bool) {
    // The opening quote: the last unescaped '"' before the closing one.
    std::size_t end = stream_.Tell();
    std::size_t begin = end - 1;
    while (begin > 0) {
      --begin;
      if (text_[begin] != '"') continue;
      std::size_t slashes = 0;
      while (begin > slashes && text_[begin - slashes - 1] == '\\') ++slashes;
      if (slashes % 2 == 0) break;
    }
    return add(JsonValue::string(std::string(text, length)), end - begin);
  }
  bool Key(const char* text, rapidjson::SizeType length, bool) {
    open_.back().members.emplace_back(std::string(text, length), JsonValue{});
    return true;
  }
  bool StartObject() {
    if (open_.size() >= kMaxJsonDepth) return too_deep();
    open_.push_back(JsonValue::object());
    open_.back().begin = stream_.Tell();  // the iterative reader reports '{' before taking it
    return true;
  }
  bool EndObject(rapidjson::SizeType) { return close(); }
  bool StartArray() {
    if (open_.size() >= kMaxJsonDepth) return too_deep();
    open_.push_back(JsonValue::array());
    open_.back().begin = stream_.Tell();
    return true;
  }
  bool EndArray(rapidjson::SizeType) { return close(); }

  JsonValue result;
  bool nested_too_deep = false;

 private:
  bool too_deep() {
    nested_too_deep = true;
    return false;  // stops the reader
  }

  bool add(JsonValue value, std::size_t length) {
    value.end = stream_.Tell();
    value.begin = value.end - length;
    return place(std::move(value));
  }
  bool place(JsonValue value) {
    if (open_.empty()) {
      result = std::move(value);
    } else if (open_.back().kind == JsonValue::Kind::kArray) {
      open_.back().elements.push_back(std::move(value));
    } else {
      open_.back().members.back().second = std::move(value);
    }
    return true;
  }
  bool close() {
    JsonValue done = std::move(open_.back());
    open_.pop_back();
    done.end = stream_.Tell() + 1;  // and '}' or ']' before taking it too
    return place(std::move(done));
  }

  std::string_view text_;
  const rapidjson::MemoryStream& stream_;
  std::vector<JsonValue> open_;  // containers being filled, innermost last
};

bool is_delimiter(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',' || c == ':' || c == '[' || c == ']' ||
         c == '{' || c == '}' || c == '"';
}

// The token PostgreSQL's lexer reports at `offset`: a punctuation character,
// or the run of characters up to the next delimiter.
std::string token_at(std::string_view text, std::size_t offset) {
  if (offset >= text.size()) return {};
  if (text[offset] == '"') {  // a string token, up to its closing quote
    std::size_t end = offset + 1;
    while (end < text.size() && text[end] != '"') end += text[end] == '\\' ? 2 : 1;
    return std::string(text.substr(offset, std::min(end + 1, text.size()) - offset));
  }
  if (is_delimiter(text[offset])) return std::string(1, text[offset]);
  std::size_t end = offset + 1;
  while (end < text.size() && !is_delimiter(text[end])) ++end;
  return std::string(text.substr(offset, end - offset));
}

std::size_t skip_space(std::string_view text, std::size_t offset) {
  while (offset < text.size() && (text[offset] == ' ' || text[offset] == '\t' || text[offset] == '\n' ||
                                  text[offset] == '\r')) {
    ++offset;
  }
  return offset;
}

std::size_t skip_back(std::string_view text, std::size_t offset) {
  while (offset > 0) {
    --offset;
    char c = text[offset];
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') return offset;
  }
  return 0;
}

std::string error_detail(std::string_view text, rapidjson::ParseErrorCode code, std::size_t offset) {
  using namespace rapidjson;
  if (code == kParseErrorValueInvalid || code == kParseErrorNumberMissFraction ||
      code == kParseErrorNumberMissExponent || code == kParseErrorNumberTooBig) {
    // The reader stops inside the bad token; PostgreSQL names all of it.
    while (offset > 0 && offset <= text.size() && !is_delimiter(text[offset - 1])) --offset;
  }
  std::size_t at = skip_space(text, offset);
  if (at >= text.size() && code != kParseErrorDocumentRootNotSingular && code != kParseErrorStringMissQuotationMark) {
    return "The input string ended unexpectedly.";
  }
  const std::string found = token_at(text, at);
  // PostgreSQL's lexer rejects a word that is no literal before the grammar looks at it.
  const bool word = !found.empty() && ((found[0] >= 'a' && found[0] <= 'z') || (found[0] >= 'A' && found[0] <= 'Z'));
  if (word && found != "true" && found != "false" && found != "null") return "Token \"" + found + "\" is invalid.";
  switch (code) {
    case kParseErrorDocumentRootNotSingular: return "Expected end of input, but found \"" + found + "\".";
    case kParseErrorObjectMissName:
      return at > 0 && text[skip_back(text, at)] == ','
                 ? "Expected string, but found \"" + found + "\"."
                 : "Expected string or \"}\", but found \"" + found + "\".";
    case kParseErrorObjectMissColon: return "Expected \":\", but found \"" + found + "\".";
    case kParseErrorObjectMissCommaOrCurlyBracket: return "Expected \",\" or \"}\", but found \"" + found + "\".";
    case kParseErrorArrayMissCommaOrSquareBracket: return "Expected \",\" or \"]\", but found \"" + found + "\".";
    case kParseErrorStringUnicodeEscapeInvalidHex: return "\"\\u\" must be followed by four hexadecimal digits.";
    case kParseErrorStringUnicodeSurrogateInvalid:
      return "Unicode low surrogate must follow a high surrogate.";
    case kParseErrorStringEscapeInvalid: {
      std::size_t slash = text.rfind('\\', at);
      std::string escape = slash == std::string_view::npos ? std::string(text.substr(at, 2))
                                                           : std::string(text.substr(slash, 2));
      return "Escape sequence \"" + escape + "\" is invalid.";
    }
    case kParseErrorStringMissQuotationMark: {
      // An unterminated string is one invalid token from its opening quote.
      std::size_t quote = text.rfind('"', offset > 0 ? offset - 1 : 0);
      return "Token \"" + token_at(text, quote == std::string_view::npos ? at : quote) + "\" is invalid.";
    }
    default: return "Token \"" + found + "\" is invalid.";
  }
}

}  // namespace

JsonValue parse_json(std::string_view text) {
  rapidjson::Reader reader;
  rapidjson::MemoryStream stream(text.data(), text.size());
  TreeBuilder builder(text, stream);
  constexpr unsigned kFlags = rapidjson::kParseNumbersAsStringsFlag | rapidjson::kParseIterativeFlag;
  rapidjson::ParseResult result = reader.Parse<kFlags>(stream, builder);
  if (builder.nested_too_deep) {
    throw SqlError("54001", "stack depth limit exceeded", {},
                   "Increase the configuration parameter \"max_stack_depth\" (currently 2048kB), after ensuring the "
                   "platform's stack depth limit is adequate.");
  }
  if (result.IsError() && result.Code() == rapidjson::kParseErrorNumberTooBig) {
    // RapidJSON reads numbers beyond double's range (1e309, 309 digits) no further, even as text.
    throw SqlError(sqlstate::kFeatureNotSupported, "JSON numbers beyond 1e308 in magnitude are not supported yet");
  }
  if (result.IsError()) {
    // A control character inside a string is PostgreSQL's "Token ... is invalid".
    throw SqlError(sqlstate::kInvalidTextRepresentation, "invalid input syntax for type json",
                   error_detail(text, result.Code(), result.Offset()));
  }
  return std::move(builder.result);
}

void check_json_text(std::string_view text) { parse_json(text); }

const char* json_kind_name(JsonValue::Kind kind) {
  switch (kind) {
    case JsonValue::Kind::kNull: return "null";
    case JsonValue::Kind::kString: return "string";
    case JsonValue::Kind::kNumber: return "number";
    case JsonValue::Kind::kBool: return "boolean";
    case JsonValue::Kind::kArray: return "array";
    case JsonValue::Kind::kObject: return "object";
  }
  return "null";
}

}  // namespace ptreedb::value
