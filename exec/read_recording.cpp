#include "exec/read_recording.h"

namespace ptreedb::exec {

namespace {
thread_local ReadRecorder* current_recorder = nullptr;
}

void ReadRecorder::note_range(const std::string& table, const storage::RowKey& low, const storage::RowKey& high) {
  std::lock_guard lock(mutex_);
  reads_.note_range(table, low, high);
}

void ReadRecorder::note_table(const std::string& table) {
  std::lock_guard lock(mutex_);
  reads_.note_table(table);
}

ReadRecorder* current_read_recorder() { return current_recorder; }

ReadRecordingScope::ReadRecordingScope(txn::Transaction* transaction) : previous_(current_recorder) {
  if (transaction != nullptr && transaction->isolation() == txn::IsolationLevel::kSerializable) {
    recorder_.emplace(transaction->reads());
  }
  current_recorder = recorder_ ? &*recorder_ : nullptr;
}

ReadRecordingScope::~ReadRecordingScope() { current_recorder = previous_; }

}  // namespace ptreedb::exec
