// nextval, currval, setval and lastval. The sequence is resolved while
// binding ('s', 's'::regclass, an oid); the call keeps the sequence's
// definition and the session's memory of the values it drew (currval,
// lastval), which the server installs on the statement's thread.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "planner/bound_expression.h"
#include "storage/sequence/sequence_definition.h"
#include "storage/sequence/sequence_session.h"

namespace ptreedb::planner {

enum class SequenceFunction : std::uint8_t { kNextval, kCurrval, kSetval, kLastval };

// What a kSequenceCall node runs: `function` of `sequence` (null for lastval).
struct SequenceCall {
  SequenceFunction function = SequenceFunction::kNextval;
  std::shared_ptr<const storage::SequenceDefinition> sequence;
  std::shared_ptr<storage::SequenceSession> session;
};

// Installs the session's sequence memory on this thread until destroyed.
class SequenceSessionScope {
 public:
  explicit SequenceSessionScope(std::shared_ptr<storage::SequenceSession> session);
  ~SequenceSessionScope();
  SequenceSessionScope(const SequenceSessionScope&) = delete;
  SequenceSessionScope& operator=(const SequenceSessionScope&) = delete;

 private:
  std::shared_ptr<storage::SequenceSession> previous_;
};

// A call of nextval/currval/setval/lastval, or nothing when `name` is none of them.
std::optional<BoundExpression> bind_sequence_function(const std::string& name, std::vector<BoundExpression>& args,
                                                      int location);

}  // namespace ptreedb::planner
