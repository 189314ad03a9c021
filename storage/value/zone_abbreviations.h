// Time zone abbreviations as PostgreSQL's default timezone_abbreviations set
// ("Default") defines them: most stand for a fixed offset (EST, CEST, IST);
// some for whatever a zone called by that name at the time (MSK is +03 or
// +04 depending on the year: Europe/Moscow's history decides).
#pragma once

#include <optional>
#include <string_view>

namespace ptreedb::value {

class TimeZone;

// The zone an abbreviation stands for: a fixed offset, or a zone following
// its history under that name (TimeZone::abbreviation_in). Any case, as
// PostgreSQL lower-cases the name; nullopt when the set has no such abbreviation.
std::optional<TimeZone> find_zone_abbreviation(std::string_view name);

// The offset of a fixed abbreviation, in seconds east of UTC; nullopt for
// dynamic and unknown ones.
std::optional<int> zone_abbreviation_offset(std::string_view lower_name);

}  // namespace ptreedb::value
