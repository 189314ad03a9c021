// A table schema as bytes, for DDL records in the log and for checkpoints.
#pragma once

#include <memory>
#include <string>

#include "storage/catalog/table_schema.h"
#include "txn/byte_codec.h"

namespace ptreedb::txn {

void encode_schema(ByteWriter& out, const storage::TableSchema& schema);
std::shared_ptr<const storage::TableSchema> decode_schema(ByteReader& in);

}  // namespace ptreedb::txn
