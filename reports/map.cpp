#include "reports/map.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "common/error.h"
#include "reports/html.h"
#include "reports/svg.h"

namespace mancala::reports {
namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kKmPerDegree = 6371.0088 * kPi / 180.0;  // along a meridian (IUGG mean radius)

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

// An axis-aligned box in pixels, for keeping labels off each other and off the marks.
struct Box {
  double x0, y0, x1, y1;
  bool overlaps(const Box& o) const { return x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1; }
};

// The path of `rings` in view: each ring at the shifts (-360, 0, +360 degrees) that bring part
// of it into the view; a ring wholly north or south of the view is left out.
std::string rings_path(const std::vector<MapRing>& rings, const Projection& p, double lon_min,
                       double lon_max, double lat_min = -90, double lat_max = 90) {
  std::string d;
  for (const auto& ring : rings) {
    double lo = 1e9, hi = -1e9, south = 1e9, north = -1e9;
    for (const auto& [lon, lat] : ring) {
      lo = std::min(lo, lon);
      hi = std::max(hi, lon);
      south = std::min(south, lat);
      north = std::max(north, lat);
    }
    if (north < lat_min || south > lat_max) continue;
    for (const double shift : {-360.0, 0.0, 360.0}) {
      if (hi + shift < lon_min || lo + shift > lon_max) continue;
      for (size_t i = 0; i < ring.size(); ++i) {
        d +=
            (i == 0 ? "M" : "L") + num(p.x(ring[i].first + shift)) + " " + num(p.y(ring[i].second));
      }
      d += "Z";
    }
  }
  return d;
}

// The width in pixels of a label at `size` pixels (an estimate for sans-serif text).
double text_width(const std::string& text, double size) {
  return static_cast<double>(display_width(text)) * size * 0.56;
}

// Where the k-th of n marks at one place goes, around the place's centre: one mark on it,
// more on a golden-angle spiral so that each shows.
std::pair<double, double> fan_offset(size_t k, size_t n) {
  if (n <= 1) return {0, 0};
  const double r = 6.0 * std::sqrt(static_cast<double>(k) + 0.5);
  const double a = static_cast<double>(k) * 2.399963229728653;
  return {r * std::cos(a), r * std::sin(a)};
}

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
  const double top = o.heading.empty() ? 0 : 26;  // the heading's band above the map

  // Groups in first-seen order, each with its colour.
  std::vector<std::string> groups;
  std::map<std::string, std::string> colour;
  for (const MapPoint& pt : points) {
    if (colour.contains(pt.group)) continue;
    colour[pt.group] = std::string(series_colour(groups.size()));
    groups.push_back(pt.group);
  }
  const int legend_rows = o.legend && !groups.empty() ? static_cast<int>(groups.size() + 2) / 3 : 0;
  const double legend_h =
      legend_rows > 0 ? 10 + (o.legend_title.empty() ? 0 : 18) + legend_rows * 20.0 + 34 : 0;
  const double height = top + map_h + legend_h;

  // Each point's mark: in view (shifted by 360 degrees if that brings it in), fanned out with the
  // others at the same pixel.
  struct Mark {
    size_t point;
    double x, y;            // the place's centre
    double dx = 0, dy = 0;  // the fan offset
  };
  std::vector<Mark> marks;
  std::map<std::pair<long, long>, std::vector<size_t>> at_pixel;
  for (size_t i = 0; i < points.size(); ++i) {
    double lon = points[i].longitude;
    if (lon < o.lon_min) lon += 360;
    if (lon > o.lon_max) lon -= 360;
    const double x = p.x(lon), y = p.y(points[i].latitude);
    at_pixel[{std::lround(x), std::lround(y)}].push_back(marks.size());
    marks.push_back({i, x, y});
  }
  for (const auto& entry : at_pixel) {
    const std::vector<size_t>& list = entry.second;
    for (size_t k = 0; k < list.size(); ++k) {
      const auto [dx, dy] = fan_offset(k, list.size());
      marks[list[k]].dx = dx;
      marks[list[k]].dy = dy;
    }
  }

  std::string desc = o.description;
  if (desc.empty()) {
    desc = points.empty() ? "No records with a position." : "Records shown: ";
    for (size_t i = 0; i < points.size(); ++i) desc += (i == 0 ? "" : "; ") + points[i].label;
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
  const std::string title_at = "<title>" + xml_escape(o.title) + "</title>";
  s += title_at;
  const size_t desc_at = s.size();  // the description is written last (it counts the labels)
  s += "<defs><clipPath id=\"" + clip + "\"><rect x=\"0\" y=\"0\" width=\"" +
       std::to_string(width) + "\" height=\"" + num(map_h) + "\"/></clipPath></defs>";
  if (!o.heading.empty()) {
    s += "<text class=\"heading\" x=\"4\" y=\"18\" font-size=\"14\" font-weight=\"bold\">" +
         xml_escape(o.heading) + "</text>";
  }
  s += "<g transform=\"translate(0," + num(top) + ")\">";
  s += "<rect x=\"0\" y=\"0\" width=\"" + std::to_string(width) + "\" height=\"" + num(map_h) +
       "\" fill=\"#eef4f8\"/>";
  s += "<g clip-path=\"url(#" + clip + ")\">";
  s += "<path d=\"" + rings_path(world.rings, p, o.lon_min, o.lon_max, o.lat_min, o.lat_max) +
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
  // The regions' outlines, one per place (a region's records share it), under the marks; the
  // colour of the place's records when they are all of one group, else grey.
  std::map<std::string, std::string> region_colour;
  for (const MapPoint& pt : points) {
    if (pt.radius_km <= 0) continue;
    const std::string key = pt.place.empty() ? pt.label : pt.place;
    auto [it, added] = region_colour.emplace(key, colour[pt.group]);
    if (!added && it->second != colour[pt.group]) it->second = "#666";
  }
  std::set<std::string> drawn;
  for (size_t m = 0; m < marks.size(); ++m) {
    const MapPoint& pt = points[marks[m].point];
    if (pt.radius_km <= 0) continue;
    const std::string key = pt.place.empty() ? pt.label : pt.place;
    if (!drawn.insert(key).second) continue;
    const std::string& c = region_colour[key];
    const std::string tip = "<title>" + xml_escape(pt.place.empty() ? pt.label : pt.place) +
                            " (approximate position: the region)</title>";
    if (!pt.outline.empty()) {
      s += "<path class=\"outline\" d=\"" +
           rings_path(pt.outline, p, o.lon_min, o.lon_max, o.lat_min, o.lat_max) + "\" fill=\"" +
           c + "\" fill-opacity=\"0.12\" fill-rule=\"evenodd\" stroke=\"" + c +
           "\" stroke-width=\"1.2\" stroke-dasharray=\"4 3\">" + tip + "</path>";
    } else {
      const double ry = std::max(pt.radius_km / kKmPerDegree * p.scale, 4.0);
      const double cos_lat = std::max(std::cos(pt.latitude * kPi / 180), 0.05);
      const double rx = std::max(pt.radius_km / (kKmPerDegree * cos_lat) * p.scale, 4.0);
      s += "<ellipse cx=\"" + num(marks[m].x) + "\" cy=\"" + num(marks[m].y) + "\" rx=\"" +
           num(rx) + "\" ry=\"" + num(ry) + "\" fill=\"" + c +
           "\" fill-opacity=\"0.16\" stroke=\"" + c +
           "\" stroke-width=\"1.5\" stroke-dasharray=\"4 3\">" + tip + "</ellipse>";
    }
  }
  // The marks: records at coordinates as filled dots, records placed by a region as hollow dots.
  std::vector<Box> taken;
  for (const Mark& mk : marks) {
    const MapPoint& pt = points[mk.point];
    const std::string& c = colour[pt.group];
    const double x = mk.x + mk.dx, y = mk.y + mk.dy;
    const bool region = pt.radius_km > 0;
    const std::string tip = "<title>" + xml_escape(pt.label) + "</title>";
    const std::string mark =
        region ? "<circle cx=\"" + num(x) + "\" cy=\"" + num(y) +
                     "\" r=\"3.6\" fill=\"#fff\" stroke=\"" + c + "\" stroke-width=\"2.4\"/>"
               : "<circle cx=\"" + num(x) + "\" cy=\"" + num(y) + "\" r=\"5\" fill=\"" + c +
                     "\" stroke=\"#fff\" stroke-width=\"1.2\"/>";
    taken.push_back({x - 5, y - 5, x + 5, y + 5});
    const std::string cls = region ? "region" : "point";
    if (pt.href.empty()) {
      s += "<g class=\"" + cls + "\">" + tip + mark + "</g>";
    } else {
      const std::string href = xml_escape(pt.href);
      s += "<a class=\"" + cls + "\" href=\"" + href + "\" xlink:href=\"" + href + "\">" + tip +
           mark + "</a>";
    }
  }
  // The inset (a locator map's whole world, the view marked) takes the lower left corner.
  std::string inset;
  if (o.inset) {
    const double iw = std::max(width / 5.0, 96.0), scale = iw / 360.0, ih = 144 * scale;
    const double ix = 4, iy = map_h - ih - 4;
    const Projection ip{-180, 84, scale};
    // The inset is a hundred pixels wide: every ring thinned to at most 40 points is enough.
    std::vector<MapRing> coarse;
    for (const MapRing& ring : world.rings) {
      const size_t step = std::max<size_t>(1, ring.size() / 40);
      MapRing thin;
      for (size_t i = 0; i < ring.size(); i += step) thin.push_back(ring[i]);
      if (thin.size() >= 3) coarse.push_back(std::move(thin));
    }
    inset = "<g class=\"inset\" transform=\"translate(" + num(ix) + "," + num(iy) +
            ")\"><rect x=\"0\" y=\"0\" width=\"" + num(iw) + "\" height=\"" + num(ih) +
            "\" fill=\"#fff\" stroke=\"#889\"/><clipPath id=\"" + clip +
            "-inset\"><rect x=\"0\" "
            "y=\"0\" width=\"" +
            num(iw) + "\" height=\"" + num(ih) + "\"/></clipPath><path d=\"" +
            rings_path(coarse, ip, -180, 180) +
            "\" fill=\"#cfc8b6\" fill-rule=\"evenodd\" clip-path=\"url(#" + clip +
            "-inset)\"/><rect x=\"" + num(ip.x(o.lon_min)) + "\" y=\"" + num(ip.y(o.lat_max)) +
            "\" width=\"" + num(std::max(lon_span * scale, 2.0)) + "\" height=\"" +
            num(std::max(lat_span * scale, 2.0)) +
            "\" fill=\"none\" stroke=\"#c00\" stroke-width=\"1.5\"/></g>";
    taken.push_back({ix, iy, ix + iw, iy + ih});
  }
  // Place names: one per place, the places with more records first, each at the first position
  // around its marks that overlaps no mark, no other name and stays on the map.
  struct Name {
    std::string text;
    double x, y, reach;  // the place's centre and how far its marks fan out
    size_t count;
    bool context;
  };
  std::vector<Name> names;
  if (o.labels) {
    std::map<std::string, size_t> index;
    for (const Mark& mk : marks) {
      const MapPoint& pt = points[mk.point];
      if (pt.place.empty()) continue;
      const auto [it, added] = index.emplace(pt.place, names.size());
      if (added) names.push_back({pt.place, mk.x, mk.y, 6, 0, false});
      Name& n = names[it->second];
      n.count += 1;
      n.reach = std::max(n.reach, std::hypot(mk.dx, mk.dy) + 6);
    }
    std::stable_sort(names.begin(), names.end(),
                     [](const Name& a, const Name& b) { return a.count > b.count; });
  }
  for (const MapLabel& c : o.context) {
    double lon = c.longitude;
    if (lon < o.lon_min) lon += 360;
    if (lon > o.lon_max) lon -= 360;
    names.push_back({c.text, p.x(lon), p.y(c.latitude), 2, 0, true});
  }
  std::string labels;
  size_t left_out = 0;
  for (const Name& n : names) {
    const double size = n.context ? 10 : 11;
    const double w = text_width(n.text, size);
    const double r = n.reach;
    const std::pair<double, double> tries[] = {{n.x + r, n.y + size / 2 - 1},
                                               {n.x - r - w, n.y + size / 2 - 1},
                                               {n.x - w / 2, n.y - r - 2},
                                               {n.x - w / 2, n.y + r + size},
                                               {n.x + r * 0.7, n.y - r * 0.7},
                                               {n.x - r * 0.7 - w, n.y - r * 0.7},
                                               {n.x + r * 0.7, n.y + r * 0.7 + size},
                                               {n.x - r * 0.7 - w, n.y + r * 0.7 + size}};
    bool placed = false;
    for (const auto& [tx, ty] : tries) {
      const Box box{tx - 1, ty - size, tx + w + 1, ty + 3};
      if (box.x0 < 0 || box.x1 > width || box.y0 < 0 || box.y1 > map_h) continue;
      bool free = true;
      for (const Box& b : taken) free = free && !box.overlaps(b);
      if (!free) continue;
      taken.push_back(box);
      labels += "<text class=\"" + std::string(n.context ? "context" : "label") + "\" x=\"" +
                num(tx) + "\" y=\"" + num(ty) + "\" font-size=\"" + num(size) + "\" fill=\"" +
                (n.context ? "#777" : "#222") +
                "\" stroke=\"#fff\" stroke-width=\"3\" stroke-linejoin=\"round\" "
                "paint-order=\"stroke\">" +
                xml_escape(n.text) + "</text>";
      placed = true;
      break;
    }
    if (!placed && !n.context) ++left_out;
  }
  s += labels + inset;
  s += "</g>";
  s += "<rect x=\"0.5\" y=\"0.5\" width=\"" + std::to_string(width - 1) + "\" height=\"" +
       num(map_h - 1) + "\" fill=\"none\" stroke=\"#889\" stroke-width=\"1\"/>";
  s += "</g>";
  if (legend_rows > 0) {
    const double col_w = width / 3.0;
    double y0 = top + map_h + 20;
    if (!o.legend_title.empty()) {
      s += "<text x=\"8\" y=\"" + num(y0) + "\" font-weight=\"bold\">" +
           xml_escape(o.legend_title) + "</text>";
      y0 += 18;
    }
    for (size_t i = 0; i < groups.size(); ++i) {
      const double x = 8 + col_w * static_cast<double>(i % 3);
      const double y = y0 + 20.0 * static_cast<double>(i / 3);
      s += "<circle cx=\"" + num(x + 5) + "\" cy=\"" + num(y - 4) + "\" r=\"5\" fill=\"" +
           colour[groups[i]] + "\"/><text x=\"" + num(x + 15) + "\" y=\"" + num(y) + "\">" +
           xml_escape(groups[i]) + "</text>";
    }
    s += "<text x=\"8\" y=\"" + num(y0 + 20.0 * legend_rows) +
         "\" fill=\"#555\">Filled dots: coordinates given. Hollow dots: the centre of a named "
         "region, its outline dashed (an approximate position).</text>";
    if (left_out > 0) {
      s += "<text x=\"8\" y=\"" + num(y0 + 20.0 * legend_rows + 16) + "\" fill=\"#555\">" +
           std::to_string(left_out) + (left_out == 1 ? " place name" : " place names") +
           " left out where it would overlap another (hover over a mark for its record).</text>";
    }
  }
  if (left_out > 0) {
    desc += " " + std::to_string(left_out) +
            (left_out == 1 ? " place name was" : " place names were") +
            " left out where it would overlap another.";
  }
  s.insert(desc_at, "<desc>" + xml_escape(desc) + "</desc>");
  s += "</svg>";
  return s;
}

}  // namespace mancala::reports
