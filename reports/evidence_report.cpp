#include "reports/evidence_report.h"

#include <algorithm>
#include <filesystem>
#include <map>

#include "archive/cite.h"
#include "archive/dates.h"
#include "archive/listing.h"
#include "archive/similar.h"
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

namespace {

// "2 rows", "4 rows"... or "rows not known": a record's group on the map.
std::string rows_group(int rows) {
  return rows > 0 ? std::to_string(rows) + (rows == 1 ? " row" : " rows") : "rows not known";
}

// The rows of each game's board (its profile: the first record that gives a board).
std::map<std::string, int> game_rows(ar::Store& store) {
  std::map<std::string, int> out;
  for (const ar::GameProfile& p : store.game_profiles())
    if (p.board.rows) out[p.key] = *p.board.rows;
  return out;
}

// "4x8, no stores, 2 in each hole (from the code)".
std::string board_words(const ar::BoardFacts& b) {
  if (b.empty()) return "";
  std::vector<std::string> parts;
  if (const std::string size = ar::board_text(b); !size.empty())
    parts.push_back(size + " (rows x holes a row)");
  if (b.stores) parts.push_back(*b.stores == 0 ? "no stores" : ar::count_of(*b.stores, "store"));
  if (!b.start.empty()) parts.push_back(b.start);
  std::string out = ar::join(parts, ", ");
  if (!b.open.empty()) out += (out.empty() ? "" : "; ") + std::string("left open: ") + b.open;
  if (!b.from.empty()) out += " (from the " + b.from + ")";
  return out;
}

}  // namespace

MapGames map_games(ar::Store& store) {
  MapGames out;
  for (const ar::Game& g : store.games()) out.names[g.key] = g.name;
  out.rows = game_rows(store);
  return out;
}

namespace {

// The places an uncertain place may be, each as the archive knows it ("Russia? Iran?": Russia,
// Iran); none when it is not uncertain or an alternative is no place of the archive.
std::vector<ar::Place> uncertain_alternatives(ar::Store& store, const ar::Place& place) {
  std::vector<ar::Place> out;
  for (const std::string& name : place.candidates) {
    std::optional<ar::Place> found = store.find_place(name);
    if (!found) return {};
    out.push_back(std::move(*found));
  }
  return out;
}

}  // namespace

std::vector<MapPoint> map_points(ar::Store& store, const std::vector<ar::SearchHit>& hits,
                                 const std::string& href_prefix, const std::string& href_suffix) {
  return map_points(store, map_games(store), hits, href_prefix, href_suffix);
}

std::vector<MapPoint> map_points(ar::Store& store, const MapGames& games,
                                 const std::vector<ar::SearchHit>& hits,
                                 const std::string& href_prefix, const std::string& href_suffix) {
  const std::map<std::string, std::string>& names = games.names;
  const std::map<std::string, int>& rows_of_game = games.rows;
  std::vector<std::pair<int, MapPoint>> points;
  for (const ar::SearchHit& hit : hits) {
    const ar::EvidenceRecord& r = hit.record;
    if (!r.latitude && !hit.place) continue;
    MapPoint pt;
    const std::string game = names.contains(r.game) ? names.at(r.game) : r.game;
    int rows = r.board.rows.value_or(0);
    if (rows == 0 && rows_of_game.contains(r.game)) rows = rows_of_game.at(r.game);
    pt.group = rows_group(rows);
    pt.label = r.id + ": " + game;
    if (const std::string size = ar::board_text(r.board); !size.empty())
      pt.label += " (" + size + ")";
    if (!r.location.empty()) pt.label += ", " + r.location;
    if (r.date_from) pt.label += ", " + ar::years_text(r);
    if (r.latitude) {
      pt.latitude = *r.latitude;
      pt.longitude = *r.longitude;
      pt.place = game;
    } else if (std::vector<ar::Place> alternatives = uncertain_alternatives(store, *hit.place);
               !alternatives.empty()) {
      // An uncertain place is drawn at each alternative, never at a centre between them.
      const std::string label =
          pt.label + " (uncertain: one of " + ar::join(hit.place->candidates, " or ") + "; here ";
      for (const ar::Place& place : alternatives) {
        MapPoint at = pt;
        at.latitude = place.latitude;
        at.longitude = place.longitude;
        at.radius_km = std::max(place.radius_km, 1.0);
        at.place = place.name;
        at.outline = store.area_of(place).rings;
        at.label = label + place.name + ")";
        if (!href_prefix.empty() || !href_suffix.empty())
          at.href = href_prefix + r.id + href_suffix;
        points.emplace_back(rows == 0 ? 1000 : rows, std::move(at));
      }
      continue;
    } else {
      const ar::Place& place = *hit.place;
      pt.latitude = place.latitude;
      pt.longitude = place.longitude;
      pt.radius_km = std::max(place.radius_km, 1.0);
      pt.place = place.name;
      pt.outline = store.area_of(place).rings;
      pt.label += !place.candidates.empty()
                      ? " (uncertain: one of " + ar::join(place.candidates, " or ") + ")"
                  : !place.polygon.empty()
                      ? " (approximate position: the region " + place.name + ")"
                      : " (approximate position: the region " + place.name + ", within " +
                            std::to_string(static_cast<long>(place.radius_km)) + " km)";
    }
    if (!href_prefix.empty() || !href_suffix.empty()) pt.href = href_prefix + r.id + href_suffix;
    points.emplace_back(rows == 0 ? 1000 : rows, std::move(pt));
  }
  // The legend in the order of the rows ("2 rows", "3 rows", "4 rows"...).
  std::stable_sort(points.begin(), points.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<MapPoint> out;
  for (auto& [rows, pt] : points) out.push_back(std::move(pt));
  return out;
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
  batch.places = ar::read_places_folder((data_dir() / "places").string());
  // A ruleset that does not load cites nothing here ('mancala rules check' says why).
  batch.ruleset_links = ruleset_links();
  ar::Store store = ar::Store::open(":memory:");
  store.import(batch);
  const std::vector<ar::SearchHit> hits = store.search(ar::SearchQuery{});  // every record, by date
  const WorldOutline& world = world_outline();
  const MapGames games = map_games(store);
  out.game_names = games.names;
  const std::map<std::string, int>& rows_of_game = games.rows;
  // The world regions, for the archive index; the similar games, from one set of profiles.
  std::vector<std::pair<std::string, ar::GeoArea>> world_regions;
  for (const ar::Place& place : store.places())
    if (place.kind == "world_region") world_regions.emplace_back(place.name, store.area_of(place));
  const std::vector<ar::GameProfile> profiles = store.game_profiles();
  std::map<std::string, const ar::GameProfile*> profile_of;
  for (const ar::GameProfile& p : profiles) profile_of[p.key] = &p;
  ar::PlaceDistances distances;  // the pages share them: outlines are costly to compare
  // The rulesets of each game (their id's folder), for the record pages.
  std::map<std::string, std::vector<std::string>> game_rulesets;
  for (const ar::RulesetLink& link : batch.ruleset_links)
    game_rulesets[link.ruleset.substr(0, link.ruleset.find('/'))].push_back(link.ruleset);
  // Names of the places, for a locator map's context.
  std::vector<MapLabel> context;
  for (const ar::Place& place : store.places()) {
    if (place.kind == "country" || place.kind == "region" || place.kind.empty())
      context.push_back({place.name, place.latitude, place.longitude});
  }

  const std::vector<ar::Source> works = store.same_work_sources();
  std::vector<EvidencePage> pages;
  for (const ar::SearchHit& hit : hits) {
    const ar::EvidenceRecord& r = hit.record;
    const std::optional<ar::Game> game = store.find_game(r.game);
    EvidencePage p;
    p.id = r.id;
    p.game_key = r.game;
    p.game_name = game ? game->name : r.game;
    p.type = r.type;
    p.location = r.location;
    p.date = ar::years_text(r);
    p.latitude = r.latitude;
    p.longitude = r.longitude;
    if (hit.place) {
      p.place_name = hit.place->name;
      p.place_source = hit.place->source;
      p.place_latitude = hit.place->latitude;
      p.place_longitude = hit.place->longitude;
      p.place_radius_km = hit.place->radius_km;
      p.place_outline = !hit.place->polygon.empty();
      p.place_candidates = hit.place->candidates;
    }
    p.confidence = r.confidence;
    p.dlp_confidence = r.id.starts_with("DLP.");
    p.author_doubts = r.author_doubts;
    p.see_also = r.see_also;
    p.see_also_of = store.see_also_of(r.id);
    p.rules = r.rules;
    p.content = r.content;
    p.notes = r.notes;
    p.description = r.description;
    p.origin = r.origin;
    p.classification = r.classification;
    p.credit = r.credit;
    p.board = board_words(r.board);
    p.board_short = ar::board_text(r.board);
    p.rows = r.board.rows.value_or(rows_of_game.contains(r.game) ? rows_of_game.at(r.game) : 0);
    p.portal_url = r.portal_url;
    if (r.accessed) p.accessed = ar::format_date(*r.accessed);
    p.dlp_ruleset = r.dlp_ruleset;
    for (const ar::DlpVariant& v : r.dlp_variants)
      p.variants.push_back({v.name, v.portal_url, v.rules, v.dlp_ruleset, v.sources});
    const ar::EvidenceRecord citable = ar::with_same_works(r, works);
    const ar::Json items = ar::csl_items(citable, game);
    for (size_t k = 0; k < r.sources.size(); ++k) {
      // The work as the archive reads it (its item in words); the record's own string beside it
      // where the two differ (a DLP record's raw citation: "Gupta, H. 1926a. 'A Few...").
      std::string cleaned = ar::text_references(ar::Json::array({items[k]}));
      while (!cleaned.empty() && cleaned.back() == '\n') cleaned.pop_back();
      p.sources.push_back(cleaned);
      p.sources_as_written.push_back(cleaned == r.sources[k].citation ? "" : r.sources[k].citation);
    }
    p.cite_text = ar::text_references(items);
    p.cite_bibtex = ar::bibtex(items);
    for (const ar::RulesetLink& link : store.rulesets_for_evidence(r.id))
      p.rulesets.push_back(link.ruleset);
    if (game_rulesets.contains(r.game)) p.game_rulesets = game_rulesets[r.game];
    if (const auto it = profile_of.find(r.game); it != profile_of.end()) {
      for (const ar::SimilarGame& sim : ar::similar_games(*it->second, profiles, 5, &distances))
        p.similar.push_back({sim.game.name, sim.game.record_id, sim.reason});
    }
    // Its world regions: those holding its coordinates, its region's centre, or (uncertain) the
    // centre of one of its candidates' outlines.
    std::vector<std::pair<double, double>> centres;  // (latitude, longitude)
    if (r.latitude) {
      centres.emplace_back(*r.latitude, *r.longitude);
    } else if (hit.place && !hit.place->candidates.empty()) {
      for (const ar::GeoRing& ring : store.area_of(*hit.place).rings) {
        double lat = 0, lon = 0;
        for (const auto& [x, y] : ring) {
          lon += x;
          lat += y;
        }
        centres.emplace_back(lat / static_cast<double>(ring.size()),
                             lon / static_cast<double>(ring.size()));
      }
    } else if (hit.place) {
      centres.emplace_back(hit.place->latitude, hit.place->longitude);
    }
    for (const auto& [lat, lon] : centres) {
      for (const auto& [name, area] : world_regions) {
        if (!ar::area_contains(area, lat, lon)) continue;
        if (std::find(p.regions.begin(), p.regions.end(), name) == p.regions.end())
          p.regions.push_back(name);
        break;
      }
    }
    const std::vector<MapPoint> points = map_points(store, games, {hit}, "", "");
    if (!points.empty()) {
      const double reach = hit.place ? hit.place->radius_km : 0;
      const double span = std::clamp(reach / 111.0 * 3, 40.0, 360.0);
      MapOptions view = map_view_around(points[0].latitude, points[0].longitude, span);
      view.width = 640;
      view.id = "map-" + std::to_string(pages.size());
      view.title = "Where: " + p.id;
      view.heading = "Where " + p.game_name + " was played: " +
                     (p.location.empty() ? std::string("its coordinates") : p.location);
      view.legend = false;
      view.inset = true;
      view.context = context;
      p.map_svg = svg_world_map(world, points, view);
    }
    out.ids.insert(p.id);
    out.record_regions[p.id] = p.regions;
    pages.push_back(std::move(p));
  }
  for (const EvidencePage& p : pages) {
    out.files.push_back({evidence_page_path(p.id), evidence_page(p, ruleset_pages, report_title)});
  }
  out.files.push_back({kArchiveIndexPath, archive_index_page(pages, report_title)});
  MapOptions world_view;
  world_view.title = "The evidence on a world map";
  world_view.heading =
      "Every record of the archive with a position (" + std::to_string(pages.size()) + " records)";
  world_view.legend_title = kRowsLegend;
  world_view.id = "evidence-map";
  const std::vector<MapPoint> all = map_points(store, games, hits, "evidence/", ".html");
  const size_t placed =
      static_cast<size_t>(std::count_if(hits.begin(), hits.end(), [](const ar::SearchHit& h) {
        return h.record.latitude.has_value() || h.place.has_value();
      }));
  world_view.heading = "Every placed record of the archive: " + std::to_string(placed) + " of " +
                       std::to_string(pages.size());
  const std::string map = svg_world_map(world, all, world_view);
  out.index_section = evidence_index_section(pages, map);
  return out;
}

}  // namespace mancala::reports
