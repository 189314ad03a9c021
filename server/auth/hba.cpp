#include "server/auth/hba.h"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <boost/asio/ip/address.hpp>

namespace ptreedb::server::auth {
namespace {

struct Token {
  std::string text;
  bool quoted = false;  // a quoted "all" is a name, not the keyword
};

// Splits a line into whitespace-separated fields; a comma-separated list with
// quoted parts stays one field. Text after an unquoted '#' is a comment.
std::vector<std::vector<Token>> split_fields(std::string_view line) {
  std::vector<std::vector<Token>> fields;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
    if (i >= line.size() || line[i] == '#') break;
    std::vector<Token> field;
    for (;;) {
      Token token;
      while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r' && line[i] != ',') {
        if (line[i] == '"') {
          token.quoted = true;
          ++i;
          while (i < line.size() && line[i] != '"') token.text.push_back(line[i++]);
          if (i >= line.size()) throw std::runtime_error("unterminated quoted string");
          ++i;
        } else if (line[i] == '#') {
          break;
        } else {
          token.text.push_back(line[i++]);
        }
      }
      field.push_back(std::move(token));
      if (i < line.size() && line[i] == ',') {
        ++i;
        continue;
      }
      break;
    }
    fields.push_back(std::move(field));
    if (i < line.size() && line[i] == '#') break;
  }
  return fields;
}

std::vector<std::string> names_of(const std::vector<Token>& field, bool allow_sameuser) {
  std::vector<std::string> names;
  for (const Token& token : field) {
    if (token.text.empty()) throw std::runtime_error("empty name in a list");
    if (!token.quoted && token.text == "all") {
      names.push_back("\x01" "all");
    } else if (!token.quoted && allow_sameuser && (token.text == "sameuser")) {
      names.push_back("\x01" "sameuser");
    } else if (!token.quoted && (token.text.starts_with('+') || token.text.starts_with('@') ||
                                 token.text == "samerole" || token.text == "samegroup" ||
                                 token.text == "replication")) {
      throw std::runtime_error("\"" + token.text + "\" is not supported");
    } else {
      names.push_back(token.text);
    }
  }
  return names;
}

std::array<std::uint8_t, 16> bytes_of(const boost::asio::ip::address& address) {
  std::array<std::uint8_t, 16> out{};
  if (address.is_v4()) {
    auto v4 = address.to_v4().to_bytes();
    std::copy(v4.begin(), v4.end(), out.begin());
  } else {
    auto v6 = address.to_v6().to_bytes();
    std::copy(v6.begin(), v6.end(), out.begin());
  }
  return out;
}

boost::asio::ip::address parse_address(const std::string& text) {
  boost::system::error_code error;
  auto address = boost::asio::ip::make_address(text, error);
  if (error) throw std::runtime_error("invalid IP address \"" + text + "\"");
  return address;
}

std::array<std::uint8_t, 16> prefix_mask(int bits) {
  std::array<std::uint8_t, 16> mask{};
  for (int i = 0; i < bits; ++i) mask[i / 8] |= static_cast<std::uint8_t>(0x80 >> (i % 8));
  return mask;
}

AuthMethod parse_method(const std::string& text) {
  if (text == "trust") return AuthMethod::kTrust;
  if (text == "reject") return AuthMethod::kReject;
  if (text == "password") return AuthMethod::kPassword;
  if (text == "md5") return AuthMethod::kMd5;
  if (text == "scram-sha-256") return AuthMethod::kScramSha256;
  throw std::runtime_error("invalid authentication method \"" + text + "\"");
}

const std::string& single(const std::vector<Token>& field, const char* what) {
  if (field.size() != 1) throw std::runtime_error(std::string("multiple values in ") + what + " field");
  return field[0].text;
}

HbaRule parse_rule(const std::vector<std::vector<Token>>& fields) {
  HbaRule rule;
  const std::string& type = single(fields[0], "connection type");
  if (type == "local") rule.type = HbaRule::Type::kLocal;
  else if (type == "host") rule.type = HbaRule::Type::kHost;
  else if (type == "hostssl") rule.type = HbaRule::Type::kHostSsl;
  else if (type == "hostnossl") rule.type = HbaRule::Type::kHostNoSsl;
  else throw std::runtime_error("invalid connection type \"" + type + "\"");
  const bool local = rule.type == HbaRule::Type::kLocal;
  const std::size_t method_at = local ? 3 : 4;
  if (fields.size() <= method_at) throw std::runtime_error("end-of-line before authentication method");
  rule.databases = names_of(fields[1], true);
  rule.users = names_of(fields[2], false);
  std::size_t next = 3;
  if (!local) {
    std::string address = single(fields[3], "IP address");
    next = 4;
    if (address == "all") {
      rule.any_address = true;
    } else if (address == "samehost" || address == "samenet") {
      throw std::runtime_error("\"" + address + "\" is not supported");
    } else {
      rule.any_address = false;
      auto slash = address.find('/');
      auto ip = parse_address(address.substr(0, slash));
      rule.ipv6 = ip.is_v6();
      rule.address = bytes_of(ip);
      const int max_bits = rule.ipv6 ? 128 : 32;
      if (slash != std::string::npos) {
        std::string bits_text = address.substr(slash + 1);
        int bits = -1;
        auto [end, error] = std::from_chars(bits_text.data(), bits_text.data() + bits_text.size(), bits);
        if (error != std::errc() || end != bits_text.data() + bits_text.size() || bits < 0 || bits > max_bits) {
          throw std::runtime_error("invalid CIDR mask in address \"" + address + "\"");
        }
        rule.mask = prefix_mask(bits);
      } else {
        // An address without /prefix takes its mask from the next field.
        if (fields.size() <= 5) throw std::runtime_error("missing mask for IP address \"" + address + "\"");
        auto mask = parse_address(single(fields[4], "IP mask"));
        if (mask.is_v6() != rule.ipv6) throw std::runtime_error("IP address and mask do not match");
        rule.mask = bytes_of(mask);
        next = 5;
      }
      for (std::size_t i = 0; i < 16; ++i) rule.address[i] &= rule.mask[i];
    }
  }
  rule.method = parse_method(single(fields[next], "authentication method"));
  return rule;
}

bool name_matches(const std::vector<std::string>& names, const std::string& name, const std::string& user) {
  for (const std::string& entry : names) {
    if (entry == "\x01" "all" || entry == name) return true;
    if (entry == "\x01" "sameuser" && name == user) return true;
  }
  return false;
}

}  // namespace

HbaRules HbaRules::trust_all() {
  HbaRules rules;
  HbaRule rule;
  rule.databases = {"\x01" "all"};
  rule.users = {"\x01" "all"};
  rules.rules_.push_back(rule);
  return rules;
}

HbaRules HbaRules::parse(std::string_view text, const std::string& file_name) {
  HbaRules rules;
  int line_number = 0;
  std::size_t start = 0;
  while (start <= text.size()) {
    auto end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    ++line_number;
    start = end + 1;
    try {
      auto fields = split_fields(line);
      if (fields.empty()) continue;
      HbaRule rule = parse_rule(fields);
      rule.line_number = line_number;
      rules.rules_.push_back(std::move(rule));
    } catch (const std::runtime_error& error) {
      throw std::runtime_error(std::string(error.what()) + ", line " + std::to_string(line_number) +
                               " of configuration file \"" + file_name + "\"");
    }
    if (end == text.size()) break;
  }
  return rules;
}

HbaRules HbaRules::load_file(const std::string& path) {
  std::ifstream file(path);
  if (!file) throw std::runtime_error("could not open configuration file \"" + path + "\"");
  std::stringstream text;
  text << file.rdbuf();
  return parse(text.str(), path);
}

const HbaRule* HbaRules::match(const HbaClient& client) const {
  boost::system::error_code error;
  auto address = boost::asio::ip::make_address(client.address, error);
  if (!error && address.is_v6() && address.to_v6().is_v4_mapped()) {
    address = boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, address.to_v6());
  }
  for (const HbaRule& rule : rules_) {
    if (rule.type == HbaRule::Type::kLocal) continue;
    if (rule.type == HbaRule::Type::kHostSsl && !client.ssl) continue;
    if (rule.type == HbaRule::Type::kHostNoSsl && client.ssl) continue;
    if (!rule.any_address) {
      if (error || address.is_v6() != rule.ipv6) continue;
      auto bytes = bytes_of(address);
      bool inside = true;
      for (std::size_t i = 0; i < 16; ++i) inside = inside && (bytes[i] & rule.mask[i]) == rule.address[i];
      if (!inside) continue;
    }
    if (!name_matches(rule.databases, client.database, client.user)) continue;
    if (!name_matches(rule.users, client.user, client.user)) continue;
    return &rule;
  }
  return nullptr;
}

}  // namespace ptreedb::server::auth
