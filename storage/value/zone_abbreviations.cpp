#include "storage/value/zone_abbreviations.h"

#include <algorithm>
#include <string>

#include "storage/value/time_zone.h"

namespace ptreedb::value {

namespace {

struct FixedAbbreviation {
  std::string_view name;
  int seconds_east;
};

struct DynamicAbbreviation {
  std::string_view name;
  std::string_view zone;
};

// PostgreSQL 15's timezonesets/Default, in name order.
constexpr FixedAbbreviation kFixed[] = {
    {"acdt", 37800}, {"acsst", 37800}, {"acst", 34200}, {"act", -18000}, {"acwst", 31500}, {"adt", -10800},
    {"aedt", 39600}, {"aesst", 39600}, {"aest", 36000}, {"aft", 16200}, {"akdt", -28800}, {"akst", -32400},
    {"almst", 25200}, {"almt", 21600}, {"amt", -14400}, {"ast", -14400}, {"awsst", 32400}, {"awst", 28800},
    {"azost", 0}, {"azot", -3600}, {"bdst", 7200}, {"bdt", 21600}, {"bnt", 28800}, {"bort", 28800},
    {"bot", -14400}, {"bra", -10800}, {"brst", -7200}, {"brt", -10800}, {"bst", 3600}, {"btt", 21600},
    {"cadt", 37800}, {"cast", 34200}, {"cct", 28800}, {"cdt", -18000}, {"cest", 7200}, {"cet", 3600},
    {"cetdst", 7200}, {"chadt", 49500}, {"chast", 45900}, {"chut", 36000}, {"clst", -10800}, {"cot", -18000},
    {"cst", -21600}, {"cxt", 25200}, {"ddut", 36000}, {"eat", 10800}, {"edt", -14400}, {"eest", 10800},
    {"eet", 7200}, {"eetdst", 10800}, {"egst", 0}, {"egt", -3600}, {"est", -18000}, {"fet", 10800},
    {"fjst", 46800}, {"fjt", 43200}, {"fnst", -3600}, {"fnt", -7200}, {"galt", -21600}, {"gamt", -32400},
    {"gft", -10800}, {"gilt", 43200}, {"gmt", 0}, {"hkt", 28800}, {"hst", -36000}, {"ict", 25200},
    {"idt", 10800}, {"irt", 12600}, {"ist", 7200}, {"jayt", 32400}, {"jst", 32400}, {"kdt", 36000},
    {"kgst", 21600}, {"kst", 32400}, {"lhst", 37800}, {"ligt", 36000}, {"mart", -34200}, {"mdt", -21600},
    {"mest", 7200}, {"mesz", 7200}, {"met", 3600}, {"metdst", 7200}, {"mez", 3600}, {"mht", 43200},
    {"mmt", 23400}, {"mpt", 36000}, {"msd", 14400}, {"mst", -25200}, {"must", 18000}, {"mut", 14400},
    {"mvt", 18000}, {"myt", 28800}, {"ndt", -9000}, {"nft", -12600}, {"npt", 20700}, {"nst", -12600},
    {"nzdt", 46800}, {"nzst", 43200}, {"nzt", 43200}, {"pdt", -25200}, {"pet", -18000}, {"pgt", 36000},
    {"pht", 28800}, {"pkst", 21600}, {"pkt", 18000}, {"pmdt", -7200}, {"pmst", -10800}, {"pont", 39600},
    {"pst", -28800}, {"pwt", 32400}, {"pyst", -10800}, {"ret", 14400}, {"sadt", 37800}, {"sast", 7200},
    {"sct", 14400}, {"taht", -36000}, {"tft", 18000}, {"tjt", 18000}, {"tot", 46800}, {"trut", 36000},
    {"tvt", 43200}, {"uct", 0}, {"ulast", 32400}, {"ut", 0}, {"utc", 0}, {"uyst", -7200}, {"uyt", -10800},
    {"uzst", 21600}, {"uzt", 18000}, {"vut", 39600}, {"wadt", 28800}, {"wakt", 43200}, {"wast", 25200},
    {"wat", 3600}, {"wdt", 32400}, {"wet", 0}, {"wetdst", 3600}, {"wft", 43200}, {"wgst", -7200},
    {"wgt", -10800}, {"xjt", 21600}, {"yapt", 36000}, {"yekst", 21600}, {"z", 0}, {"zulu", 0},
};

constexpr DynamicAbbreviation kDynamic[] = {
    {"amst", "Asia/Yerevan"}, {"anast", "Asia/Anadyr"}, {"anat", "Asia/Anadyr"},
    {"arst", "America/Argentina/Buenos_Aires"}, {"art", "America/Argentina/Buenos_Aires"},
    {"azst", "Asia/Baku"}, {"azt", "Asia/Baku"}, {"ckt", "Pacific/Rarotonga"}, {"clt", "America/Santiago"},
    {"davt", "Antarctica/Davis"}, {"easst", "Pacific/Easter"}, {"east", "Pacific/Easter"},
    {"fkst", "Atlantic/Stanley"}, {"fkt", "Atlantic/Stanley"}, {"gest", "Asia/Tbilisi"},
    {"get", "Asia/Tbilisi"}, {"gyt", "America/Guyana"}, {"iot", "Indian/Chagos"}, {"irkst", "Asia/Irkutsk"},
    {"irkt", "Asia/Irkutsk"}, {"kgt", "Asia/Bishkek"}, {"kost", "Pacific/Kosrae"},
    {"krast", "Asia/Krasnoyarsk"}, {"krat", "Asia/Krasnoyarsk"}, {"lhdt", "Australia/Lord_Howe"},
    {"lint", "Pacific/Kiritimati"}, {"lkt", "Asia/Colombo"}, {"magst", "Asia/Magadan"},
    {"magt", "Asia/Magadan"}, {"mawt", "Antarctica/Mawson"}, {"msk", "Europe/Moscow"},
    {"novst", "Asia/Novosibirsk"}, {"novt", "Asia/Novosibirsk"}, {"nut", "Pacific/Niue"},
    {"omsst", "Asia/Omsk"}, {"omst", "Asia/Omsk"}, {"petst", "Asia/Kamchatka"}, {"pett", "Asia/Kamchatka"},
    {"pyt", "America/Asuncion"}, {"sgt", "Asia/Singapore"}, {"tkt", "Pacific/Fakaofo"},
    {"tmt", "Asia/Ashgabat"}, {"ulat", "Asia/Ulaanbaatar"}, {"vet", "America/Caracas"},
    {"vlast", "Asia/Vladivostok"}, {"vlat", "Asia/Vladivostok"}, {"volt", "Europe/Volgograd"},
    {"yakst", "Asia/Yakutsk"}, {"yakt", "Asia/Yakutsk"}, {"yekt", "Asia/Yekaterinburg"},
};

template <class Entry, std::size_t N>
const Entry* find_entry(const Entry (&table)[N], std::string_view name) {
  const Entry* found = std::lower_bound(std::begin(table), std::end(table), name,
                                        [](const Entry& entry, std::string_view key) { return entry.name < key; });
  return found != std::end(table) && found->name == name ? found : nullptr;
}

std::string with_case(std::string_view text, bool upper) {
  std::string out(text);
  for (char& c : out) {
    if (upper && c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    if (!upper && c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

}  // namespace

std::optional<int> zone_abbreviation_offset(std::string_view lower_name) {
  const FixedAbbreviation* fixed = find_entry(kFixed, lower_name);
  if (fixed == nullptr) return std::nullopt;
  return fixed->seconds_east;
}

std::optional<TimeZone> find_zone_abbreviation(std::string_view name) {
  const std::string lower_name = with_case(name, false);
  if (const FixedAbbreviation* fixed = find_entry(kFixed, lower_name)) {
    return TimeZone::fixed(fixed->seconds_east, with_case(name, true));
  }
  if (const DynamicAbbreviation* dynamic = find_entry(kDynamic, lower_name)) {
    return TimeZone::abbreviation_in(dynamic->zone, with_case(name, true));
  }
  return std::nullopt;
}

}  // namespace ptreedb::value
