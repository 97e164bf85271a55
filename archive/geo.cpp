#include "archive/geo.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "archive/coords.h"
#include "archive/error.h"

namespace mancala::archive {
namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kKmPerDegree = kEarthRadiusKm * kPi / 180.0;

bool ring_contains(const GeoRing& ring, double lon, double lat) {
  bool inside = false;
  const size_t n = ring.size();
  for (size_t i = 0, j = n - 1; i < n; j = i++) {
    const auto [x1, y1] = ring[j];
    const auto [x2, y2] = ring[i];
    if ((y1 > lat) != (y2 > lat) && lon < (x2 - x1) * (lat - y1) / (y2 - y1) + x1) inside = !inside;
  }
  return inside;
}

bool rings_contain(const GeoArea& area, double lat, double lon) {
  if (lat < area.min_lat || lat > area.max_lat) return false;
  for (const double shift : {0.0, -360.0, 360.0}) {
    const double x = lon + shift;
    if (x < area.min_lon || x > area.max_lon) continue;
    bool inside = false;
    for (const GeoRing& ring : area.rings) inside ^= ring_contains(ring, x, lat);
    if (inside) return true;
  }
  return false;
}

std::array<double, 3> unit_point(double lat, double lon) {
  const double phi = lat * kPi / 180, lambda = lon * kPi / 180;
  return {std::cos(phi) * std::cos(lambda), std::cos(phi) * std::sin(lambda), std::sin(phi)};
}

// The square of the straight line between two points in space.
double chord2(const std::array<double, 3>& a, const std::array<double, 3>& b) {
  const double dx = a[0] - b[0], dy = a[1] - b[1], dz = a[2] - b[2];
  return dx * dx + dy * dy + dz * dz;
}

// Kilometres from the point (0, 0) to the segment a-b, all in km on the local projection.
double segment_km(double ax, double ay, double bx, double by) {
  const double dx = bx - ax, dy = by - ay;
  const double len2 = dx * dx + dy * dy;
  double t = len2 > 0 ? -(ax * dx + ay * dy) / len2 : 0;
  t = std::clamp(t, 0.0, 1.0);
  const double x = ax + t * dx, y = ay + t * dy;
  return std::sqrt(x * x + y * y);
}

double wrap_degrees(double d) {
  while (d > 180) d -= 360;
  while (d < -180) d += 360;
  return d;
}

// Edge i of a ring of n vertices runs from vertex i - 1 (n - 1 for the first) to vertex i.
constexpr size_t kEdgesPerRun = 16;
constexpr size_t kRunsFromEdges = 64;  // smaller outlines are measured edge by edge

// Kilometres from the point to the edge i of `ring`, on the local projection around the point.
double edge_km(const GeoRing& ring, size_t i, double lat, double lon, double cos_lat) {
  const size_t j = i == 0 ? ring.size() - 1 : i - 1;
  const double ax = wrap_degrees(ring[j].first - lon) * cos_lat * kKmPerDegree;
  const double ay = (ring[j].second - lat) * kKmPerDegree;
  const double bx = wrap_degrees(ring[i].first - lon) * cos_lat * kKmPerDegree;
  const double by = (ring[i].second - lat) * kKmPerDegree;
  // A segment cut by the wrap (its ends on either side of the point's antipode) is measured end to
  // end instead.
  if (std::abs(bx - ax) > 180 * cos_lat * kKmPerDegree)
    return std::min(std::sqrt(ax * ax + ay * ay), std::sqrt(bx * bx + by * by));
  return segment_km(ax, ay, bx, by);
}

// No edge of `run` is nearer the point than this, on the same projection: every vertex lies as
// far in latitude (and, when the run's longitudes fall on one side of the point, less than 180
// degrees from it, in longitude) as its bounds, and a segment between them no nearer. A little
// less than that bound, so that rounding cannot make it pass an edge's own figure.
double run_lower_bound_km(const GeoArea::EdgeRun& run, double lat, double lon, double cos_lat) {
  const double y = std::max({0.0, run.min_lat - lat, lat - run.max_lat}) * kKmPerDegree;
  double x = 0;
  const double centre = std::abs(wrap_degrees(run.mid_lon - lon));
  if (run.half_lon < 90 && centre > run.half_lon && centre + run.half_lon < 179)
    x = (centre - run.half_lon) * cos_lat * kKmPerDegree;
  return std::sqrt(x * x + y * y) * (1 - 1e-9);
}

// The runs of `rings`, whose vertices are `unit_points` in the same order (make_area's).
std::vector<GeoArea::EdgeRun> edge_runs_of(const std::vector<GeoRing>& rings,
                                           const std::vector<std::array<double, 3>>& unit_points) {
  std::vector<GeoArea::EdgeRun> runs;
  size_t edges = 0;
  for (const GeoRing& ring : rings) edges += ring.size();
  if (edges < kRunsFromEdges) return runs;
  size_t point = 0;  // the index in unit_points of the ring's first vertex
  for (size_t r = 0; r < rings.size(); ++r) {
    const GeoRing& ring = rings[r];
    const size_t n = ring.size();
    for (size_t first = 0; first < n; first += kEdgesPerRun) {
      GeoArea::EdgeRun run;
      run.ring = r;
      run.first = first;
      run.end = std::min(n, first + kEdgesPerRun);
      run.min_lat = 1e9;
      run.max_lat = -1e9;
      run.point = point + first;
      double min_lon = 1e9, max_lon = -1e9;
      for (size_t i = first; i < run.end; ++i) {
        for (const size_t v : {i == 0 ? n - 1 : i - 1, i}) {
          run.min_lat = std::min(run.min_lat, ring[v].second);
          run.max_lat = std::max(run.max_lat, ring[v].second);
          min_lon = std::min(min_lon, ring[v].first);
          max_lon = std::max(max_lon, ring[v].first);
        }
      }
      run.mid_lon = (min_lon + max_lon) / 2;
      run.half_lon = (max_lon - min_lon) / 2;
      const size_t vertices = run.end - first;
      for (size_t v = run.point; v < run.point + vertices; ++v) {
        for (int d = 0; d < 3; ++d)
          run.centre[d] += unit_points[v][d] / static_cast<double>(vertices);
      }
      for (size_t v = run.point; v < run.point + vertices; ++v)
        run.chord_radius =
            std::max(run.chord_radius, std::sqrt(chord2(run.centre, unit_points[v])));
      runs.push_back(run);
    }
    point += n;
  }
  return runs;
}

// Measures the runs 0..runs-1 that can hold something nearer than found so far: `bound(k)` is a
// lower bound of what run k can hold, `measure(k)` measures it and returns the nearest so far. The
// run of the least bound goes first (it gives a near figure early), then every other run whose
// bound is below the nearest so far, in order. No sort: its cost was that of the measuring saved.
template <typename Bound, typename Measure>
void nearest_runs_first(size_t runs, const Bound& bound, const Measure& measure) {
  thread_local std::vector<double> bounds;
  bounds.resize(runs);
  size_t first = 0;
  for (size_t k = 0; k < runs; ++k) {
    bounds[k] = bound(k);
    if (bounds[k] < bounds[first]) first = k;
  }
  double nearest = measure(first);
  for (size_t k = 0; k < runs; ++k) {
    if (k != first && bounds[k] < nearest) nearest = measure(k);
  }
}

double edge_distance_km(const GeoArea& area, double lat, double lon) {
  const double cos_lat = std::cos(lat * kPi / 180);
  double best = 1e18;
  if (area.edge_runs.empty()) {
    for (const GeoRing& ring : area.rings) {
      for (size_t i = 0; i < ring.size(); ++i)
        best = std::min(best, edge_km(ring, i, lat, lon, cos_lat));
    }
  } else {
    nearest_runs_first(
        area.edge_runs.size(),
        [&](size_t k) { return run_lower_bound_km(area.edge_runs[k], lat, lon, cos_lat); },
        [&](size_t k) {
          const GeoArea::EdgeRun& run = area.edge_runs[k];
          for (size_t i = run.first; i < run.end; ++i)
            best = std::min(best, edge_km(area.rings[run.ring], i, lat, lon, cos_lat));
          return best;
        });
  }
  // Far away, the flat projection overstates; never say more than the great circle to a vertex:
  // the nearest vertex by chord (the same order), its great circle from the chord, as
  // great_circle_km's haversine gives it (sin of half the angle is half the chord).
  if (best > 2000) {
    const std::array<double, 3> p = unit_point(lat, lon);
    double least = 4;  // the squared chord to the nearest vertex so far
    const auto nearer = [&](const std::array<double, 3>& q) {
      least = std::min(least, chord2(p, q));
    };
    if (!area.edge_runs.empty() && !area.unit_points.empty()) {
      // No vertex of a run is nearer than the chord to its centre less its radius (the triangle
      // inequality in space): the runs nearest by that first, until none left can be nearer.
      nearest_runs_first(
          area.edge_runs.size(),
          [&](size_t k) {
            const GeoArea::EdgeRun& run = area.edge_runs[k];
            const double bound =
                std::max(0.0, std::sqrt(chord2(p, run.centre)) - run.chord_radius) * (1 - 1e-9);
            return bound * bound;
          },
          [&](size_t k) {
            const GeoArea::EdgeRun& run = area.edge_runs[k];
            for (size_t v = run.point; v < run.point + (run.end - run.first); ++v)
              nearer(area.unit_points[v]);
            return least;
          });
    } else if (!area.unit_points.empty()) {
      for (const std::array<double, 3>& q : area.unit_points) nearer(q);
    } else {
      for (const GeoRing& ring : area.rings)
        for (const auto& [x, y] : ring) nearer(unit_point(y, x));
    }
    best = std::min(best, 2 * kEarthRadiusKm * std::asin(std::min(1.0, std::sqrt(least) / 2)));
  }
  return best;
}

}  // namespace

std::vector<GeoRing> parse_rings(const std::vector<std::string>& texts) {
  std::vector<GeoRing> rings;
  for (size_t r = 0; r < texts.size(); ++r) {
    const std::string where = "polygon[" + std::to_string(r) + "]: ";
    GeoRing ring;
    const std::string& t = texts[r];
    size_t i = 0;
    while (i < t.size()) {
      while (i < t.size() && t[i] == ' ') ++i;
      if (i >= t.size()) break;
      const size_t end = std::min(t.find(' ', i), t.size());
      const std::string pair = t.substr(i, end - i);
      i = end;
      const size_t comma = pair.find(',');
      char* stop = nullptr;
      const double lon = std::strtod(pair.c_str(), &stop);
      const bool lon_ok = comma != std::string::npos && stop == pair.c_str() + comma;
      const double lat = lon_ok ? std::strtod(pair.c_str() + comma + 1, &stop) : 0;
      if (!lon_ok || *stop != '\0' || !(std::abs(lat) <= 90) || !(std::abs(lon) <= 540))
        throw ArchiveError(where + "expected lon,lat pairs in degrees, not '" + pair + "'");
      ring.emplace_back(lon, lat);
    }
    if (ring.size() < 3) throw ArchiveError(where + "a ring needs 3 points or more");
    rings.push_back(std::move(ring));
  }
  return rings;
}

GeoArea make_area(std::vector<GeoRing> rings, double latitude, double longitude, double radius_km) {
  GeoArea a;
  a.rings = std::move(rings);
  a.latitude = latitude;
  a.longitude = longitude;
  a.radius_km = radius_km;
  a.min_lat = a.min_lon = 1e9;
  a.max_lat = a.max_lon = -1e9;
  for (const GeoRing& ring : a.rings) {
    for (const auto& [lon, lat] : ring) {
      a.min_lat = std::min(a.min_lat, lat);
      a.max_lat = std::max(a.max_lat, lat);
      a.min_lon = std::min(a.min_lon, lon);
      a.max_lon = std::max(a.max_lon, lon);
      a.unit_points.push_back(unit_point(lat, lon));
    }
  }
  a.edge_runs = edge_runs_of(a.rings, a.unit_points);
  return a;
}

bool area_contains(const GeoArea& area, double latitude, double longitude) {
  if (area.has_outline()) return rings_contain(area, latitude, longitude);
  return great_circle_km(latitude, longitude, area.latitude, area.longitude) <= area.radius_km;
}

double distance_to_area_km(const GeoArea& area, double latitude, double longitude) {
  if (!area.has_outline()) {
    return std::max(
        0.0, great_circle_km(latitude, longitude, area.latitude, area.longitude) - area.radius_km);
  }
  if (rings_contain(area, latitude, longitude)) return 0;
  return edge_distance_km(area, latitude, longitude);
}

double distance_between_areas_km(const GeoArea& a, const GeoArea& b, double limit) {
  if (!a.has_outline() && !b.has_outline()) {
    return std::max(0.0, great_circle_km(a.latitude, a.longitude, b.latitude, b.longitude) -
                             a.radius_km - b.radius_km);
  }
  if (!a.has_outline())
    return std::max(0.0, distance_to_area_km(b, a.latitude, a.longitude) - a.radius_km);
  if (!b.has_outline())
    return std::max(0.0, distance_to_area_km(a, b.latitude, b.longitude) - b.radius_km);
  if (area_contains(a, b.latitude, b.longitude) || area_contains(b, a.latitude, a.longitude))
    return 0;
  // Far apart in latitude: no vertex can come closer than the gap between the bounds.
  const double lat_gap = std::max({0.0, a.min_lat - b.max_lat, b.min_lat - a.max_lat});
  if (limit > 0 && lat_gap * kKmPerDegree > limit) return lat_gap * kKmPerDegree;
  double best = 1e18;
  for (const auto& [from, to] : {std::make_pair(&a, &b), std::make_pair(&b, &a)}) {
    for (const GeoRing& ring : from->rings) {
      for (const auto& [lon, lat] : ring) {
        best = std::min(best, distance_to_area_km(*to, lat, lon));
        if (best <= limit) return best;
      }
    }
  }
  return best;
}

}  // namespace mancala::archive
