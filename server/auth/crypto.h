// The few cryptographic primitives authentication needs, over OpenSSL. Byte
// strings are std::string holding raw bytes.
#pragma once

#include <string>
#include <string_view>

namespace ptreedb::server::auth {

std::string sha256(std::string_view data);
std::string hmac_sha256(std::string_view key, std::string_view data);
// PBKDF2 with HMAC-SHA-256, one 32-byte block (SCRAM's Hi()).
std::string pbkdf2_sha256(std::string_view password, std::string_view salt, int iterations);
// MD5 as 32 lowercase hex digits (PostgreSQL's md5 password scheme).
std::string md5_hex(std::string_view data);
std::string base64_encode(std::string_view bytes);
// False when `text` is not valid base64.
bool base64_decode(std::string_view text, std::string& bytes);
std::string random_bytes(std::size_t count);
// Compares in time independent of where the inputs differ.
bool constant_time_equal(std::string_view a, std::string_view b);

}  // namespace ptreedb::server::auth
