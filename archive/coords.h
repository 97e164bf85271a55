// Geographic coordinates of evidence: reading the portal's degrees-minutes-seconds text and
// measuring great-circle distances for "near" searches.
#pragma once

#include <optional>
#include <string_view>

namespace mancala::archive {

// A point on the globe in decimal degrees (north and east positive).
struct LatLon {
  double latitude = 0;
  double longitude = 0;
  bool operator==(const LatLon&) const = default;
};

// Reads a location field. Coordinates are recognised by a degree sign or a pair of signed
// decimal numbers; anything else (e.g. "Bari", "Khasi") is a named region and gives nullopt.
//
// Accepted: "32°34'58.69\"N, 71°32'16.52\"E" with straight or typographic marks (′ ’ ‘ ʹ ´ for
// minutes; ″ ” “ ʺ or two minute marks for seconds; ° º ˚ for degrees), minutes and seconds
// optional, the hemisphere letter before or after, longitude first when the letters say so,
// "32.5829, 71.5379" (signed decimals, latitude first). Throws ArchiveError saying what is
// wrong when the text looks like coordinates but is not valid (minutes >= 60, latitude > 90...).
std::optional<LatLon> parse_coordinates(std::string_view text);

// The mean Earth radius (IUGG) used for distances.
inline constexpr double kEarthRadiusKm = 6371.0088;

// Great-circle distance in kilometres (haversine formula).
double great_circle_km(double lat1, double lon1, double lat2, double lon2);

}  // namespace mancala::archive
