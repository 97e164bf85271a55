// SVG maps of the evidence (issue 14, "Places"): Natural Earth's land outline (data/world, public
// domain) in an equirectangular projection, a point for each record with coordinates and a circle
// for each record placed only by a named region (its approximate position and radius), coloured
// by game, each linking to its record page. Drawn offline from the committed outline.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace mancala::reports {

// The land as closed rings of (longitude, latitude) in degrees; a ring may run past +-180 (it is
// drawn twice, 360 degrees apart, and clipped).
struct WorldOutline {
  std::vector<std::vector<std::pair<double, double>>> rings;
};

// Reads data/world/land-110m.txt (comment lines "#...", then one ring per line of "lon,lat"
// pairs). Throws mancala::Error "<path>: line N: <what is wrong>".
WorldOutline read_world_outline(const std::string& path);

// One record on the map.
struct MapPoint {
  std::string label = {};  // tooltip text, e.g. "DLP.Evidence.741 Mawkar Katiya, Khasi, 1923"
  std::string group = {};  // the game: points of one group share a colour and a legend entry
  double latitude = 0, longitude = 0;
  double radius_km = 0;   // > 0: an approximate position, drawn as a circle of this radius
  std::string href = {};  // the record's page, or empty for no link
};

struct MapOptions {
  std::string title = "Evidence";
  std::string description = {};  // empty: every point listed
  int width = 960;               // pixels; the height follows from the view
  // The part of the world shown, in degrees (default: the whole map, 60 S to 84 N).
  double lon_min = -180, lon_max = 180, lat_min = -60, lat_max = 84;
  std::string id = "map";  // prefix of the clip-path id, unique on a page with several maps
  bool legend = true;
};

// The view centred on (latitude, longitude), `span` degrees of longitude wide (half as tall),
// kept inside the world map: for a record's own small map.
MapOptions map_view_around(double latitude, double longitude, double span);

// One <svg> element (well-formed XML, <title> and <desc> first, no script, no external asset):
// ocean, land, a light 30-degree graticule, the points (filled dots) and approximate regions
// (translucent dashed circles with a hollow centre mark, "approximate" in their tooltip), each
// inside <a href> when it has one, and a legend of the groups in first-seen order. Colours are
// the Okabe-Ito palette, in the order the groups first appear; the output depends only on the
// arguments.
std::string svg_world_map(const WorldOutline& world, const std::vector<MapPoint>& points,
                          const MapOptions& options);

}  // namespace mancala::reports
