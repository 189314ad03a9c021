#include "txn/schema_codec.h"

#include <vector>

namespace ptreedb::txn {
namespace {

constexpr std::uint8_t kArrayTypeFlag = 0x80;
constexpr std::uint8_t kDomainTypeFlag = 0x40;  // type ids stay below it

constexpr std::uint32_t kChecksFollow = 0x80000000u;
constexpr std::uint32_t kOptionsFollow = 0x40000000u;

void put_positions(ByteWriter& out, const std::vector<std::size_t>& positions) {
  out.put<std::uint32_t>(static_cast<std::uint32_t>(positions.size()));
  for (std::size_t position : positions) out.put<std::uint32_t>(static_cast<std::uint32_t>(position));
}

std::vector<std::size_t> get_positions(ByteReader& in) {
  std::vector<std::size_t> positions(in.get<std::uint32_t>());
  for (auto& position : positions) position = in.get<std::uint32_t>();
  return positions;
}

}  // namespace

void encode_schema(ByteWriter& out, const storage::TableSchema& schema) {
  out.put<std::uint32_t>(schema.oid());
  out.put_bytes(schema.name());
  out.put<std::uint32_t>(static_cast<std::uint32_t>(schema.columns().size()));
  for (const auto& column : schema.columns()) {
    out.put_bytes(column.name);
    // The type byte: an array column is its element's type with bit 7 set;
    // bit 6 says a domain's oid follows the typmod.
    const bool domain = column.type.domain_oid != 0;
    const auto type_byte = static_cast<std::uint8_t>(column.type.is_array() ? column.type.element : column.type.id);
    out.put<std::uint8_t>(static_cast<std::uint8_t>(type_byte | (column.type.is_array() ? kArrayTypeFlag : 0) |
                                                    (domain ? kDomainTypeFlag : 0)));
    out.put<std::int32_t>(column.type.typmod);
    if (column.type.id == value::TypeId::kEnum) out.put<std::uint32_t>(column.type.enum_oid);
    if (domain) out.put<std::uint32_t>(column.type.domain_oid);
    // Bit 0: NOT NULL; bits 1-2: identity (1 ALWAYS, 2 BY DEFAULT).
    const std::uint8_t identity = column.identity == 'a' ? 1 : column.identity == 'd' ? 2 : 0;
    out.put<std::uint8_t>(static_cast<std::uint8_t>((column.not_null ? 1 : 0) | identity << 1));
    out.put<std::uint8_t>(column.default_sql ? 1 : 0);
    if (column.default_sql) out.put_bytes(*column.default_sql);
  }
  put_positions(out, schema.primary_key());
  out.put<std::uint32_t>(static_cast<std::uint32_t>(schema.indexes().size()));
  for (const auto& index : schema.indexes()) {
    out.put_bytes(index.name);
    put_positions(out, index.columns);
    out.put<std::uint8_t>((index.unique ? 1 : 0) | (index.standalone ? 2 : 0));
  }
  // The count's top bits say a list of checks, then one of storage
  // parameters, follows the foreign keys; a table with neither is written as
  // before they existed.
  const bool has_checks = !schema.checks().empty();
  const bool has_options = !schema.options().empty();
  out.put<std::uint32_t>(static_cast<std::uint32_t>(schema.foreign_keys().size()) | (has_checks ? kChecksFollow : 0) |
                         (has_options ? kOptionsFollow : 0));
  for (const auto& key : schema.foreign_keys()) {
    out.put_bytes(key.name);
    put_positions(out, key.columns);
    out.put_bytes(key.referenced_table);
    put_positions(out, key.referenced_columns);
    out.put<std::uint8_t>(static_cast<std::uint8_t>(key.on_delete));
    out.put<std::uint8_t>(key.match_full ? 1 : 0);
  }
  if (has_checks) {
    out.put<std::uint32_t>(static_cast<std::uint32_t>(schema.checks().size()));
    for (const auto& check : schema.checks()) {
      out.put_bytes(check.name);
      out.put_bytes(check.expression_sql);
      put_positions(out, check.columns);
    }
  }
  if (!has_options) return;
  out.put<std::uint32_t>(static_cast<std::uint32_t>(schema.options().size()));
  for (const auto& option : schema.options()) out.put_bytes(option);
}

std::shared_ptr<const storage::TableSchema> decode_schema(ByteReader& in) {
  auto oid = in.get<std::uint32_t>();
  std::string name(in.get_bytes());
  std::vector<storage::ColumnSchema> columns(in.get<std::uint32_t>());
  for (auto& column : columns) {
    column.name = in.get_bytes();
    auto type = in.get<std::uint8_t>();
    const bool array = (type & kArrayTypeFlag) != 0;
    const bool domain = (type & kDomainTypeFlag) != 0;
    type = static_cast<std::uint8_t>(type & ~(kArrayTypeFlag | kDomainTypeFlag));
    if (type > static_cast<std::uint8_t>(value::TypeId::kLastTypeId)) throw CorruptRecord("unknown column type");
    column.type.id = static_cast<value::TypeId>(type);
    if (array) column.type = value::SqlType::array_of(column.type);
    column.type.typmod = in.get<std::int32_t>();
    if (column.type.id == value::TypeId::kEnum) column.type.enum_oid = in.get<std::uint32_t>();
    if (domain) column.type.domain_oid = in.get<std::uint32_t>();
    const auto flags = in.get<std::uint8_t>();
    column.not_null = (flags & 1) != 0;
    column.identity = (flags >> 1) == 1 ? 'a' : (flags >> 1) == 2 ? 'd' : 0;
    if (in.get<std::uint8_t>() != 0) column.default_sql = std::string(in.get_bytes());
  }
  auto check = [&](const std::vector<std::size_t>& positions) {
    for (std::size_t position : positions) {
      if (position >= columns.size()) throw CorruptRecord("column position out of range");
    }
    return positions;
  };
  std::vector<std::size_t> primary_key = check(get_positions(in));
  std::vector<storage::IndexSchema> indexes(in.get<std::uint32_t>());
  for (auto& index : indexes) {
    index.name = in.get_bytes();
    index.columns = check(get_positions(in));
    auto flags = in.get<std::uint8_t>();
    index.unique = (flags & 1) != 0;
    index.standalone = (flags & 2) != 0;
  }
  const auto foreign_key_count = in.get<std::uint32_t>();
  std::vector<storage::ForeignKeySchema> foreign_keys(foreign_key_count & ~(kChecksFollow | kOptionsFollow));
  for (auto& key : foreign_keys) {
    key.name = in.get_bytes();
    key.columns = check(get_positions(in));
    key.referenced_table = in.get_bytes();
    key.referenced_columns = get_positions(in);
    key.on_delete = static_cast<storage::ForeignKeyAction>(in.get<std::uint8_t>());
    key.match_full = in.get<std::uint8_t>() != 0;
  }
  std::vector<storage::CheckConstraintSchema> checks;
  if ((foreign_key_count & kChecksFollow) != 0) {
    checks.resize(in.get<std::uint32_t>());
    for (auto& constraint : checks) {
      constraint.name = in.get_bytes();
      constraint.expression_sql = in.get_bytes();
      constraint.columns = check(get_positions(in));
    }
  }
  std::vector<std::string> options;
  if ((foreign_key_count & kOptionsFollow) != 0) {
    options.resize(in.get<std::uint32_t>());
    for (auto& option : options) option = in.get_bytes();
  }
  return std::make_shared<const storage::TableSchema>(oid, std::move(name), std::move(columns),
                                                      std::move(primary_key), std::move(indexes),
                                                      std::move(foreign_keys), std::move(checks), std::move(options));
}

}  // namespace ptreedb::txn
