// The extent of a place on the globe, for place searches and maps (issue 23): a polygon (the
// outline of a country or region, rings filled even-odd) or, where no outline is known, a circle
// (centre and radius). A search tests the polygon, not a circle around it: a point lies in a
// place when it is inside the outline, and its distance to the place is that to the outline's
// nearest edge (0 inside).
//
// Rings are (longitude, latitude) pairs in degrees; a ring crossing the antimeridian runs on past
// +-180 (as data/world and data/places write it), so points are tested at their longitude and
// 360 degrees either side. Distances to edges use a local equirectangular projection around the
// point, within a few percent for the distances a search asks (up to a few thousand km).
#pragma once

#include <array>
#include <string>
#include <utility>
#include <vector>

namespace mancala::archive {

using GeoRing = std::vector<std::pair<double, double>>;  // (longitude, latitude), closed

// A place's extent: `rings` when its outline is known, else the circle (centre, radius_km).
struct GeoArea {
  std::vector<GeoRing> rings;
  double latitude = 0, longitude = 0, radius_km = 0;
  double min_lat = 0, max_lat = 0, min_lon = 0, max_lon = 0;  // the rings' bounds
  // Every vertex of the rings, in order, as a point on the unit sphere (make_area computes them
  // once: distances to far areas compare chords instead of computing a great circle per vertex).
  std::vector<std::array<double, 3>> unit_points;
  // The rings' edges in runs of consecutive edges, each with its bounds (make_area computes them
  // for outlines of many edges): a point's distance to the outline skips the runs that cannot hold
  // an edge nearer than the nearest found so far. The distance is the same with or without them.
  struct EdgeRun {
    size_t ring = 0, first = 0, end = 0;  // edges first..end-1 of rings[ring] (edge i ends at i)
    double min_lat = 0, max_lat = 0;
    double mid_lon = 0, half_lon = 0;  // the vertices' longitudes, as they run (not wrapped)
    // Its vertices first..end-1 on the unit sphere: unit_points[point..], their centre and the
    // largest chord from it to one of them.
    size_t point = 0;
    std::array<double, 3> centre{};
    double chord_radius = 0;
  };
  std::vector<EdgeRun> edge_runs;
  bool has_outline() const { return !rings.empty(); }
};

// Reads rings written "lon,lat lon,lat ..." (one string a ring, at least three points, latitudes
// within 90 and longitudes within 540 degrees). Throws ArchiveError "polygon[N]: <what is wrong>".
std::vector<GeoRing> parse_rings(const std::vector<std::string>& texts);

// The area of a place: its rings (bounds computed) or its circle.
GeoArea make_area(std::vector<GeoRing> rings, double latitude, double longitude, double radius_km);

// True when (latitude, longitude) lies inside the area (even-odd over the rings; for a circle,
// within its radius of the centre).
bool area_contains(const GeoArea& area, double latitude, double longitude);

// Kilometres from a point to the area: 0 inside, else to the outline's nearest edge (for a
// circle, to the centre less the radius, at least 0).
double distance_to_area_km(const GeoArea& area, double latitude, double longitude);

// Kilometres between two areas: 0 when they overlap (a vertex or centre of one inside the
// other), else the smallest distance from a vertex of one to the other (for circles, the centres'
// distance less both radii). `limit`: stop early once a distance below it is found.
double distance_between_areas_km(const GeoArea& a, const GeoArea& b, double limit = 0);

}  // namespace mancala::archive
