#include "storage/sequence/sequence_fetch.h"

#include "storage/sql_error.h"

namespace ptreedb::storage {

SequenceFetch fetch_next_value(const SequenceState& state, const SequenceOptions& options, const std::string& name) {
  // nextval_internal with a cache of one value per call; CACHE n is kept in
  // the catalog but values are handed out one at a time.
  std::int64_t next = state.last_value;
  std::int64_t last = next;
  std::int64_t result = next;
  std::int64_t fetch = 1;
  std::int64_t log = state.log_cnt;
  std::int64_t fetched = 0;
  if (!state.is_called) {
    fetched = 1;  // the first call returns last_value itself
    fetch = 0;
  }
  bool logit = false;
  if (log < fetch || !state.is_called) {
    fetch = log = fetch + kSequenceLogAhead;
    logit = true;
  }
  while (fetch > 0) {
    if (auto stepped = step_within_bounds(options, next)) {
      next = *stepped;
    } else {
      if (fetched > 0) break;  // stop logging ahead at the bound
      if (!options.cycle) {
        const bool up = options.increment > 0;
        throw SqlError("2200H", std::string("nextval: reached ") + (up ? "maximum" : "minimum") +
                                    " value of sequence \"" + name + "\" (" +
                                    std::to_string(up ? options.max_value : options.min_value) + ")");
      }
      next = wrap_value(options);
    }
    --fetch;
    if (fetched < 1) {
      --log;
      ++fetched;
      last = next;
      result = next;
    }
  }
  log -= fetch;
  SequenceFetch answer;
  answer.result = result;
  answer.next = SequenceState{last, log, true};
  answer.log = logit;
  answer.logged_value = next;
  return answer;
}

}  // namespace ptreedb::storage
