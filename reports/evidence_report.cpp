#include "reports/evidence_report.h"

#include <algorithm>
#include <filesystem>
#include <map>

#include "archive/cite.h"
#include "archive/listing.h"
#include "common/paths.h"
#include "reports/evidence_pages.h"
#include "simulator/ruleset_io.h"

namespace mancala::reports {

namespace ar = mancala::archive;
namespace fs = std::filesystem;

std::vector<ar::RulesetLink> ruleset_links(
    const std::function<void(const std::string& id, const Error& error)>& on_error) {
  std::vector<ar::RulesetLink> links;
  for (const std::string& id : sim::list_ruleset_ids()) {
    try {
      const sim::RuleSet r = sim::load_ruleset(id);
      links.push_back({r.id, r.game, r.name, r.status, r.evidence});
    } catch (const Error& e) {
      if (on_error) on_error(id, e);
    }
  }
  return links;
}

const WorldOutline& world_outline() {
  static const WorldOutline world =
      read_world_outline((data_dir() / "world" / "land-110m.txt").string());
  return world;
}

std::vector<MapPoint> map_points(const std::vector<ar::SearchHit>& hits,
                                 const std::vector<ar::Game>& games, const std::string& href_prefix,
                                 const std::string& href_suffix) {
  std::map<std::string, std::string> names;
  for (const ar::Game& g : games) names[g.key] = g.name;
  std::vector<MapPoint> points;
  for (const ar::SearchHit& hit : hits) {
    const ar::EvidenceRecord& r = hit.record;
    if (!r.latitude && !hit.place) continue;
    MapPoint pt;
    pt.group = names.contains(r.game) ? names[r.game] : r.game;
    pt.label = r.id + ": " + pt.group;
    if (!r.location.empty()) pt.label += ", " + r.location;
    if (r.date_from) pt.label += ", " + ar::date_range_text(r);
    if (r.latitude) {
      pt.latitude = *r.latitude;
      pt.longitude = *r.longitude;
    } else {
      pt.latitude = hit.place->latitude;
      pt.longitude = hit.place->longitude;
      pt.radius_km = std::max(hit.place->radius_km, 1.0);
      pt.label += " (approximate position: the region " + hit.place->name + ", within " +
                  std::to_string(static_cast<long>(hit.place->radius_km)) + " km)";
    }
    if (!href_prefix.empty() || !href_suffix.empty()) pt.href = href_prefix + r.id + href_suffix;
    points.push_back(std::move(pt));
  }
  return points;
}

EvidenceReport build_evidence_report(
    const std::vector<std::pair<std::string, std::string>>& ruleset_pages,
    const std::string& report_title) {
  EvidenceReport out;
  const fs::path evidence_dir = data_dir() / "evidence";
  std::error_code ec;
  if (!fs::is_directory(evidence_dir, ec)) return out;
  ar::ImportBatch batch;
  ar::read_evidence_paths({evidence_dir.string()}, batch);
  if (batch.records.empty()) return out;
  const fs::path places = data_dir() / "places" / "places.json";
  if (fs::exists(places, ec)) batch.places = ar::read_places_file(places.string());
  // A ruleset that does not load cites nothing here ('mancala rules check' says why).
  batch.ruleset_links = ruleset_links();
  ar::Store store = ar::Store::open(":memory:");
  store.import(batch);
  const std::vector<ar::SearchHit> hits = store.search({});  // every record, by date
  const std::vector<ar::Game> games = store.games();
  const WorldOutline& world = world_outline();

  std::vector<EvidencePage> pages;
  for (const ar::SearchHit& hit : hits) {
    const ar::EvidenceRecord& r = hit.record;
    const std::optional<ar::Game> game = store.find_game(r.game);
    EvidencePage p;
    p.id = r.id;
    p.game_name = game ? game->name : r.game;
    p.type = r.type;
    p.location = r.location;
    p.date = ar::date_range_text(r);
    p.latitude = r.latitude;
    p.longitude = r.longitude;
    if (hit.place) {
      p.place_name = hit.place->name;
      p.place_source = hit.place->source;
      p.place_latitude = hit.place->latitude;
      p.place_longitude = hit.place->longitude;
      p.place_radius_km = hit.place->radius_km;
    }
    p.confidence = r.confidence;
    p.rules = r.rules;
    p.content = r.content;
    p.notes = r.notes;
    for (const ar::Source& s : r.sources) p.sources.push_back(s.citation);
    const ar::Json items = ar::csl_items(r, game);
    p.cite_text = ar::text_references(items);
    p.cite_bibtex = ar::bibtex(items);
    for (const ar::RulesetLink& link : store.rulesets_for_evidence(r.id))
      p.rulesets.push_back(link.ruleset);
    const std::vector<MapPoint> points = map_points({hit}, games, "", "");
    if (!points.empty()) {
      const double span =
          std::clamp(hit.place ? hit.place->radius_km / 111.0 * 8 : 40.0, 40.0, 360.0);
      MapOptions view = map_view_around(points[0].latitude, points[0].longitude, span);
      view.width = 640;
      view.id = "map-" + std::to_string(pages.size());
      view.title = "Where: " + p.id;
      view.legend = false;
      p.map_svg = svg_world_map(world, points, view);
    }
    out.ids.insert(p.id);
    pages.push_back(std::move(p));
  }
  for (const EvidencePage& p : pages) {
    out.files.push_back({evidence_page_path(p.id), evidence_page(p, ruleset_pages, report_title)});
  }
  MapOptions world_view;
  world_view.title = "The evidence on a world map";
  world_view.id = "evidence-map";
  const std::string map =
      svg_world_map(world, map_points(hits, games, "evidence/", ".html"), world_view);
  out.index_section = evidence_index_section(pages, map);
  return out;
}

}  // namespace mancala::reports
