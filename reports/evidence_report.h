// The report's evidence pages (reports/evidence_pages.h) built from the project's evidence:
// data/evidence and data/places imported into an archive in memory, with every ruleset's links,
// so the report needs no archive file and shows the same records wherever it is made.
#pragma once

#include <functional>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "archive/store.h"
#include "common/error.h"
#include "reports/map.h"
#include "reports/report.h"

namespace mancala::reports {

struct EvidenceReport {
  std::vector<ReportFile> files;  // evidence/<id>.html, one per record, and archive.html
  std::set<std::string> ids;      // the records with a page
  std::string index_section;      // the index's map and list
  // The games' names as the archive spells them (key -> name: "j_odu" -> "J'odu") and the world
  // regions each record lies in (id -> regions), for the index's headings and its family's
  // grouping by region.
  std::map<std::string, std::string> game_names;
  std::map<std::string, std::vector<std::string>> record_regions;
};

// `ruleset_pages`: the report's rulesets (id, page path) that a record page links back to.
// Without a data/evidence folder the result is empty. Throws mancala::Error for evidence or
// places files that do not read.
EvidenceReport build_evidence_report(
    const std::vector<std::pair<std::string, std::string>>& ruleset_pages,
    const std::string& report_title);

// Every ruleset under data/rulesets with the evidence ids it cites, for an import to link; a
// ruleset that does not load is left out and passed to `on_error` when one is given.
std::vector<archive::RulesetLink> ruleset_links(
    const std::function<void(const std::string& id, const Error& error)>& on_error = nullptr);

// The map's points for search hits: each record at its coordinates, or at its named region's
// centre with the region's outline (or radius) ("approximate" in the label), a record of an
// uncertain place at each of its alternatives ("Russia? Iran?": two points); hits with neither
// are left out. Grouped (coloured) by the board's rows, the game's when the record gives none,
// and in that order ("2 rows", "3 rows", "4 rows"..., "rows not known"); labelled with the place's
// name. Each links to href_prefix + id + href_suffix (no link when both are empty).
std::vector<MapPoint> map_points(archive::Store& store, const std::vector<archive::SearchHit>& hits,
                                 const std::string& href_prefix, const std::string& href_suffix);

// What map_points reads of the archive besides the hits (the games' names, their boards' rows),
// read once for many calls (the report's page of each record).
struct MapGames {
  std::map<std::string, std::string> names;  // game key -> name
  std::map<std::string, int> rows;           // game key -> rows of its board, where known
};
MapGames map_games(archive::Store& store);
std::vector<MapPoint> map_points(archive::Store& store, const MapGames& games,
                                 const std::vector<archive::SearchHit>& hits,
                                 const std::string& href_prefix, const std::string& href_suffix);

// The legend's title for map_points' groups.
inline constexpr const char* kRowsLegend = "Colour: rows of holes on the board";

// data/world/land-110m.txt, read once per process.
const WorldOutline& world_outline();

}  // namespace mancala::reports
