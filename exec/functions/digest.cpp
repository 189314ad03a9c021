// md5 (hex text) and the SHA-2 functions (bytea), computed by OpenSSL's EVP digests.
#include <openssl/evp.h>

#include "exec/functions/text_results.h"
#include "storage/sql_error.h"
#include "storage/value/binary_encoding.h"

namespace ptreedb::exec {
namespace {

std::string digest(const EVP_MD* algorithm, std::string_view bytes) {
  unsigned char out[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), out, &length, algorithm, nullptr) != 1) {
    throw SqlError(sqlstate::kInternalError, "could not compute digest");
  }
  return std::string(reinterpret_cast<const char*>(out), length);
}

Vector evaluate_md5(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return text_per_row(expr, args, input.size, [&](std::size_t i) {
    std::string hex;
    value::append_hex(hex, digest(EVP_md5(), args[0].texts[i]));
    return hex;
  });
}

template <const EVP_MD* (*algorithm)()>
Vector evaluate_sha(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return text_per_row(expr, args, input.size, [&](std::size_t i) { return digest(algorithm(), args[0].texts[i]); });
}

}  // namespace

const FunctionKernel kMd5Kernel{planner::FunctionId::kMd5, evaluate_md5};
const FunctionKernel kSha224Kernel{planner::FunctionId::kSha224, evaluate_sha<EVP_sha224>};
const FunctionKernel kSha256Kernel{planner::FunctionId::kSha256, evaluate_sha<EVP_sha256>};
const FunctionKernel kSha384Kernel{planner::FunctionId::kSha384, evaluate_sha<EVP_sha384>};
const FunctionKernel kSha512Kernel{planner::FunctionId::kSha512, evaluate_sha<EVP_sha512>};

}  // namespace ptreedb::exec
