// Building vectors from parts of others: the rows of a chunk that reach a
// branch (CASE, COALESCE) and the branch's values put back in place.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "exec/vector.h"

namespace ptreedb::exec {

// A fresh text storage that `out` keeps alive (its texts may point into it).
std::shared_ptr<TextStorage> new_text_storage(Vector& out);

// values[i] written to out[rows[i]].
void scatter(Vector& out, const std::vector<std::uint32_t>& rows, const Vector& values);

}  // namespace ptreedb::exec
