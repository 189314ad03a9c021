// Enum types: order keys stay between their neighbours however often values
// are added, stored values keep the declaration order bytewise, and pg_enum's
// sort orders follow PostgreSQL's AddEnumLabel (midpoints, then renumbering).
#include "storage/value/enum_type.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "storage/sql_error.h"

using namespace ptreedb::value;

namespace {

std::vector<std::string> stored_values(const EnumType& type) {
  std::vector<std::string> out;
  for (const auto& label : type.labels) out.push_back(enum_stored_value(label));
  return out;
}

void require_increasing(const EnumType& type) {
  auto values = stored_values(type);
  for (std::size_t i = 1; i < values.size(); ++i) REQUIRE(values[i - 1] < values[i]);
}

}  // namespace

TEST_CASE("keys between two keys stay between them, without bound on the number of splits") {
  std::string low = "\x10", high = "\x11";
  for (int i = 0; i < 500; ++i) {
    std::string middle = enum_key_between(low, high);
    REQUIRE(low < middle);
    REQUIRE(middle < high);
    if (i % 2 == 0) high = middle; else low = middle;
  }
  REQUIRE(enum_key_between("", "") > std::string());
  std::string first = enum_key_between("", "\x03");
  REQUIRE(first < "\x03");
  REQUIRE(first.back() != '\x02');  // no trailing zero digit: room below stays
}

TEST_CASE("stored values order as declared and print their label") {
  EnumType type = make_enum_type("rainbow", 16384, {"red", "orange", "yellow", "green", "blue", "purple"}, 16385);
  require_increasing(type);
  REQUIRE(enum_value_label(type.input("yellow")) == "yellow");
  REQUIRE(type.labels[2].oid == 16387);
  REQUIRE(type.labels[2].sort_order == 3.0f);
  try {
    type.input("mauve");
    FAIL("no error");
  } catch (const ptreedb::SqlError& error) {
    REQUIRE(error.sqlstate() == std::string("22P02"));
    REQUIRE(std::string(error.what()) == "invalid input value for enum rainbow: \"mauve\"");
  }
  REQUIRE_THROWS_AS(make_enum_type("d", 1, {"a", "a"}, 2), ptreedb::SqlError);
  REQUIRE_THROWS_AS(make_enum_type("d", 1, {std::string(64, 'x')}, 2), ptreedb::SqlError);
  std::vector<std::string> labels;
  for (int i = 0; i < 300; ++i) labels.push_back("v" + std::to_string(i));
  require_increasing(make_enum_type("many", 1, labels, 2));  // past one key digit
}

TEST_CASE("ADD VALUE BEFORE/AFTER keeps stored order and PostgreSQL's sort orders") {
  EnumType planets = make_enum_type("planets", 1, {"venus", "earth", "mars"}, 2);
  planets = enum_with_label_added(planets, "uranus", std::nullopt, false, 10);
  planets = enum_with_label_added(planets, "mercury", std::string("venus"), false, 11);
  planets = enum_with_label_added(planets, "saturn", std::string("uranus"), false, 12);
  planets = enum_with_label_added(planets, "jupiter", std::string("mars"), true, 13);
  planets = enum_with_label_added(planets, "neptune", std::string("uranus"), true, 14);
  std::vector<std::string> names;
  std::vector<float> orders;
  for (const auto& label : planets.labels) {
    names.push_back(label.label);
    orders.push_back(label.sort_order);
  }
  REQUIRE(names == std::vector<std::string>{"mercury", "venus", "earth", "mars", "jupiter", "saturn", "uranus", "neptune"});
  REQUIRE(orders == std::vector<float>{0, 1, 2, 3, 3.25f, 3.5f, 4, 5});
  require_increasing(planets);
  REQUIRE_THROWS_AS(enum_with_label_added(planets, "pluto", std::string("zeus"), true, 15), ptreedb::SqlError);

  // Thirty values before the same label: float4 midpoints run out and the
  // sort orders are renumbered, while the stored keys never change.
  EnumType inserted = make_enum_type("ins", 1, {"L1", "L2"}, 2);
  std::string l1 = enum_stored_value(inserted.labels[0]);
  for (int i = 1; i <= 30; ++i) {
    inserted = enum_with_label_added(inserted, "i" + std::to_string(i), std::string("L2"), false, 10 + i);
  }
  require_increasing(inserted);
  REQUIRE(enum_stored_value(inserted.labels[0]) == l1);
  REQUIRE(inserted.labels.back().label == "L2");
  for (std::size_t i = 1; i < inserted.labels.size(); ++i) {
    REQUIRE(inserted.labels[i - 1].sort_order < inserted.labels[i].sort_order);
  }
}
