#include "reports/map.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>

#include "common/error.h"
#include "reports/html.h"

namespace mancala::reports {
namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kKmPerDegree = 6371.0088 * kPi / 180.0;  // along a meridian (IUGG mean radius)
constexpr const char* kPalette[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                    "#E69F00", "#56B4E9", "#000000", "#F0E442"};

std::string num(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f", value);
  std::string s = buffer;
  if (s == "-0.0") s = "0.0";
  if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
  return s;
}

struct Projection {
  double lon_min, lat_max, scale;  // pixels per degree
  double x(double lon) const { return (lon - lon_min) * scale; }
  double y(double lat) const { return (lat_max - lat) * scale; }
};

}  // namespace

WorldOutline read_world_outline(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw Error(where(path, "", "cannot read the world outline"));
  WorldOutline world;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::vector<std::pair<double, double>> ring;
    for (std::string pair; words >> pair;) {
      const size_t comma = pair.find(',');
      char* end = nullptr;
      const double lon = std::strtod(pair.c_str(), &end);
      const bool lon_ok = comma != std::string::npos && end == pair.c_str() + comma;
      const double lat = lon_ok ? std::strtod(pair.c_str() + comma + 1, &end) : 0;
      if (!lon_ok || *end != '\0' || !(std::abs(lat) <= 90) || !(std::abs(lon) <= 540)) {
        throw Error(where(path, "line " + std::to_string(number),
                          "expected lon,lat pairs in degrees, not '" + pair + "'"));
      }
      ring.emplace_back(lon, lat);
    }
    if (ring.size() < 3)
      throw Error(where(path, "line " + std::to_string(number), "a ring needs 3 points or more"));
    world.rings.push_back(std::move(ring));
  }
  if (world.rings.empty()) throw Error(where(path, "", "no land rings in the world outline"));
  return world;
}

MapOptions map_view_around(double latitude, double longitude, double span) {
  MapOptions o;
  span = std::clamp(span, 10.0, 360.0);
  const double half_w = span / 2, half_h = span / 4;
  o.lon_min = std::clamp(longitude - half_w, -180.0, 180.0 - span);
  o.lon_max = o.lon_min + span;
  const double height = std::min(2 * half_h, 144.0);
  o.lat_min = std::clamp(latitude - half_h, -60.0, 84.0 - height);
  o.lat_max = o.lat_min + height;
  return o;
}

std::string svg_world_map(const WorldOutline& world, const std::vector<MapPoint>& points,
                          const MapOptions& o) {
  const double lon_span = o.lon_max - o.lon_min, lat_span = o.lat_max - o.lat_min;
  if (!(lon_span > 0 && lat_span > 0)) throw Error("map: the view is empty");
  const int width = std::max(o.width, 240);
  const Projection p{o.lon_min, o.lat_max, width / lon_span};
  const double map_h = lat_span * p.scale;

  // Groups (games) in first-seen order, each with its colour.
  std::vector<std::string> groups;
  std::map<std::string, std::string> colour;
  for (const MapPoint& pt : points) {
    if (colour.contains(pt.group)) continue;
    colour[pt.group] = kPalette[groups.size() % (sizeof kPalette / sizeof kPalette[0])];
    groups.push_back(pt.group);
  }
  const int legend_rows = o.legend && !groups.empty() ? static_cast<int>(groups.size() + 2) / 3 : 0;
  const double height = map_h + (legend_rows > 0 ? 10 + legend_rows * 20.0 + 16 : 0);

  std::string desc = o.description;
  if (desc.empty()) {
    desc = points.empty() ? "No records with a position." : "Records shown: ";
    for (size_t i = 0; i < points.size(); ++i) {
      desc += (i == 0 ? "" : "; ") + points[i].label;
    }
    desc += ".";
  }
  const std::string clip = xml_escape(o.id) + "-clip";
  std::string s;
  s += "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
       "viewBox=\"0 0 " +
       std::to_string(width) + " " + num(height) + "\" width=\"" + std::to_string(width) +
       "\" height=\"" + num(height) +
       "\" role=\"img\" class=\"map\" font-family=\"sans-serif\" "
       "font-size=\"12\">";
  s += "<title>" + xml_escape(o.title) + "</title><desc>" + xml_escape(desc) + "</desc>";
  s += "<defs><clipPath id=\"" + clip + "\"><rect x=\"0\" y=\"0\" width=\"" +
       std::to_string(width) + "\" height=\"" + num(map_h) + "\"/></clipPath></defs>";
  s += "<rect x=\"0\" y=\"0\" width=\"" + std::to_string(width) + "\" height=\"" + num(map_h) +
       "\" fill=\"#eef4f8\"/>";
  s += "<g clip-path=\"url(#" + clip + ")\">";
  // Land: each ring at the shifts that bring part of it into view.
  std::string d;
  for (const auto& ring : world.rings) {
    double lo = 1e9, hi = -1e9;
    for (const auto& [lon, lat] : ring) {
      lo = std::min(lo, lon);
      hi = std::max(hi, lon);
    }
    for (const double shift : {-360.0, 0.0, 360.0}) {
      if (hi + shift < o.lon_min || lo + shift > o.lon_max) continue;
      for (size_t i = 0; i < ring.size(); ++i) {
        d +=
            (i == 0 ? "M" : "L") + num(p.x(ring[i].first + shift)) + " " + num(p.y(ring[i].second));
      }
      d += "Z";
    }
  }
  s += "<path d=\"" + d +
       "\" fill=\"#e6e1d3\" stroke=\"#a9a292\" stroke-width=\"0.6\" fill-rule=\"evenodd\"/>";
  // Graticule every 30 degrees.
  std::string grid;
  for (int lon = -180; lon <= 180; lon += 30) {
    if (lon <= o.lon_min || lon >= o.lon_max) continue;
    grid += "M" + num(p.x(lon)) + " 0V" + num(map_h);
  }
  for (int lat = -60; lat <= 90; lat += 30) {
    if (lat <= o.lat_min || lat >= o.lat_max) continue;
    grid += "M0 " + num(p.y(lat)) + "H" + std::to_string(width);
  }
  if (!grid.empty())
    s += "<path d=\"" + grid + "\" fill=\"none\" stroke=\"#c9d6df\" stroke-width=\"0.5\"/>";
  // Regions first (under the points), then points.
  for (const bool regions : {true, false}) {
    for (const MapPoint& pt : points) {
      if ((pt.radius_km > 0) != regions) continue;
      const std::string& c = colour[pt.group];
      std::string mark;
      double lon = pt.longitude;
      // Bring the point into the view if it is 360 degrees away.
      if (lon < o.lon_min) lon += 360;
      if (lon > o.lon_max) lon -= 360;
      const double x = p.x(lon), y = p.y(pt.latitude);
      const std::string tip = "<title>" + xml_escape(pt.label) + "</title>";
      if (regions) {
        const double ry = std::max(pt.radius_km / kKmPerDegree * p.scale, 4.0);
        const double cos_lat = std::max(std::cos(pt.latitude * kPi / 180), 0.05);
        const double rx = std::max(pt.radius_km / (kKmPerDegree * cos_lat) * p.scale, 4.0);
        mark = "<ellipse cx=\"" + num(x) + "\" cy=\"" + num(y) + "\" rx=\"" + num(rx) + "\" ry=\"" +
               num(ry) + "\" fill=\"" + c + "\" fill-opacity=\"0.22\" stroke=\"" + c +
               "\" stroke-width=\"1.5\" stroke-dasharray=\"4 3\"/><circle cx=\"" + num(x) +
               "\" cy=\"" + num(y) + "\" r=\"3.5\" fill=\"#fff\" stroke=\"" + c +
               "\" stroke-width=\"2\"/>";
      } else {
        mark = "<circle cx=\"" + num(x) + "\" cy=\"" + num(y) + "\" r=\"5.5\" fill=\"" + c +
               "\" stroke=\"#fff\" stroke-width=\"1.5\"/>";
      }
      const std::string cls = regions ? "region" : "point";
      if (pt.href.empty()) {
        s += "<g class=\"" + cls + "\">" + tip + mark + "</g>";
      } else {
        const std::string href = xml_escape(pt.href);
        s += "<a class=\"" + cls + "\" href=\"" + href + "\" xlink:href=\"" + href + "\">" + tip +
             mark + "</a>";
      }
    }
  }
  s += "</g>";
  s += "<rect x=\"0.5\" y=\"0.5\" width=\"" + std::to_string(width - 1) + "\" height=\"" +
       num(map_h - 1) + "\" fill=\"none\" stroke=\"#889\" stroke-width=\"1\"/>";
  if (legend_rows > 0) {
    const double col_w = width / 3.0;
    for (size_t i = 0; i < groups.size(); ++i) {
      const double x = 8 + col_w * static_cast<double>(i % 3);
      const double y = map_h + 20 + 20.0 * static_cast<double>(i / 3);
      s += "<circle cx=\"" + num(x + 5) + "\" cy=\"" + num(y - 4) + "\" r=\"5\" fill=\"" +
           colour[groups[i]] + "\"/><text x=\"" + num(x + 15) + "\" y=\"" + num(y) + "\">" +
           xml_escape(groups[i]) + "</text>";
    }
    s += "<text x=\"8\" y=\"" + num(map_h + 20 + 20.0 * legend_rows) +
         "\" fill=\"#555\">Dots: coordinates given. Dashed circles: approximate position of a "
         "named region (centre and radius).</text>";
  }
  s += "</svg>";
  return s;
}

}  // namespace mancala::reports
