// The tables a statement reads, for SERIALIZABLE's commit check: every
// relation its text names, views expanded to the tables they read.
#pragma once

#include <set>
#include <string>
#include <string_view>

#include "storage/world/world.h"

namespace ptreedb::server {

std::set<std::string> tables_read_by(std::string_view statement_text, const storage::World& world);

}  // namespace ptreedb::server
