// SERIALIZABLE statements record what their scans read into the
// transaction's read set (txn/read_set.h): a scope installs the recorder on
// the statement's thread; executors pick it up when they are made, as they
// pick up the interrupt token, and their parallel scans report to it.
#pragma once

#include <mutex>
#include <optional>
#include <string>

#include "storage/row/row_key.h"
#include "txn/read_set.h"
#include "txn/transaction.h"

namespace ptreedb::exec {

class ReadRecorder {
 public:
  explicit ReadRecorder(txn::ReadSet& reads) : reads_(reads) {}
  void note_range(const std::string& table, const storage::RowKey& low, const storage::RowKey& high);
  void note_table(const std::string& table);

 private:
  std::mutex mutex_;  // scans of one statement may run at once
  txn::ReadSet& reads_;
};

// The recorder of the statement running on this thread (null: nothing to record).
ReadRecorder* current_read_recorder();

// For the scope's lifetime, statements on this thread record their reads
// into `transaction`'s read set when it is SERIALIZABLE (and record nothing
// otherwise, or for a null transaction).
class ReadRecordingScope {
 public:
  explicit ReadRecordingScope(txn::Transaction* transaction);
  ~ReadRecordingScope();
  ReadRecordingScope(const ReadRecordingScope&) = delete;
  ReadRecordingScope& operator=(const ReadRecordingScope&) = delete;

 private:
  std::optional<ReadRecorder> recorder_;
  ReadRecorder* previous_;
};

}  // namespace ptreedb::exec
