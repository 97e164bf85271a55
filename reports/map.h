// SVG maps of the evidence (issues 14, 23 and 27): Natural Earth's land outline (data/world,
// public domain) in an equirectangular projection; a dot for each record with coordinates and a
// hollow dot at the centre of each named region, with the region's outline (its polygon, or the
// circle of its approximate position) drawn once; records at one place fanned out so each shows;
// colours by group (the board's rows) with a legend; place names as labels that never overlap;
// a visible heading saying which search made the map; and for a small locator map an inset of the
// whole world marking where the view lies. Drawn offline from the committed outline.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace mancala::reports {

// A closed ring of (longitude, latitude) in degrees; a ring may run past +-180 (it is drawn
// twice, 360 degrees apart, and clipped).
using MapRing = std::vector<std::pair<double, double>>;

// The land as closed rings.
struct WorldOutline {
  std::vector<MapRing> rings;
};

// Reads data/world/land-110m.txt (comment lines "#...", then one ring per line of "lon,lat"
// pairs). Throws mancala::Error "<path>: line N: <what is wrong>".
WorldOutline read_world_outline(const std::string& path);

// One record on the map.
struct MapPoint {
  std::string label = {};  // tooltip text, e.g. "DLP.Evidence.741 Mawkar Katiya, Khasi, 1923"
  std::string group = {};  // e.g. "4 rows": points of one group share a colour and a legend entry
  double latitude = 0, longitude = 0;
  // > 0: an approximate position (a named region), drawn as a hollow dot at its centre with the
  // region's outline, or a circle of this radius when `outline` is empty.
  double radius_km = 0;
  std::string href = {};              // the record's page, or empty for no link
  std::string place = {};             // the place's name, shown as a label (empty: no label)
  std::vector<MapRing> outline = {};  // the region's polygon (even-odd), drawn dashed
};

// A name on the map that is no record (a place nearby, for context), drawn in grey.
struct MapLabel {
  std::string text;
  double latitude = 0, longitude = 0;
};

struct MapOptions {
  std::string title = "Evidence";  // the <title> (tooltip and accessible name)
  std::string heading = {};        // a visible line above the map (empty: none)
  std::string description = {};    // empty: every point listed
  int width = 960;                 // pixels; the height follows from the view
  // The part of the world shown, in degrees (default: the whole map, 60 S to 84 N).
  double lon_min = -180, lon_max = 180, lat_min = -60, lat_max = 84;
  std::string id = "map";  // prefix of the clip-path id, unique on a page with several maps
  bool legend = true;
  std::string legend_title = {};       // e.g. "Board (rows of holes)"
  bool labels = true;                  // the places' names
  bool inset = false;                  // a small world map marking the view (for a locator map)
  std::vector<MapLabel> context = {};  // other names drawn in grey where they fit
};

// The view centred on (latitude, longitude), `span` degrees of longitude wide (half as tall),
// kept inside the world map: for a record's own small map.
MapOptions map_view_around(double latitude, double longitude, double span);

// One <svg> element (well-formed XML, <title> and <desc> first, no script, no external asset):
// ocean, land, a light 30-degree graticule, the regions' outlines (dashed, translucent; one per
// place), the records (filled dots at coordinates, hollow dots at a region's centre, several at
// one place fanned out around it), each inside <a href> when it has one, the places' names placed
// where they overlap nothing drawn before them (those that would are left out, and the
// description says how many), and a legend of the groups in first-seen order. Colours are the
// Okabe-Ito palette in the order the groups first appear; the output depends only on the
// arguments.
std::string svg_world_map(const WorldOutline& world, const std::vector<MapPoint>& points,
                          const MapOptions& options);

}  // namespace mancala::reports
