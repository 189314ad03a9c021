// A write to the log that failed: the disk is full (or a file size limit was
// hit) or the operating system reported an I/O error. The commit log turns it
// into SQLSTATE 53100 or 58030; nothing of the failed record stays in the log.
#pragma once

#include <stdexcept>
#include <string>

namespace ptreedb::wal {

class WalError : public std::runtime_error {
 public:
  enum class Kind { kDiskFull, kIoError };
  WalError(Kind kind, const std::string& message) : std::runtime_error(message), kind_(kind) {}
  Kind kind() const { return kind_; }

  // The error for a failed system call: ENOSPC, EDQUOT and EFBIG mean no space.
  static WalError from_errno(int error_number, const std::string& what);

 private:
  Kind kind_;
};

}  // namespace ptreedb::wal
