// The rows a set-returning function (planner/table_function.h) returns for
// each row of a function scan's input.
#pragma once

#include <functional>
#include <vector>

#include "exec/interrupt_token.h"
#include "exec/vector.h"
#include "planner/logical_plan.h"

namespace ptreedb::exec {

// For each row of `input` (with the call's arguments already evaluated over
// it in `args`), the row's columns followed by each value the function returns
// (and its ordinal WITH ORDINALITY), handed to `emit` in chunks of at most
// kChunkSize rows; `interrupt` is checked between chunks.
void expand_table_function(const planner::FunctionScanNode& scan, const Chunk& input, const std::vector<Vector>& args,
                           const InterruptToken* interrupt, const std::function<void(Chunk&&)>& emit);

}  // namespace ptreedb::exec
