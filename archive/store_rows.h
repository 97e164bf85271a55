// What the store's files share (private to archive/): how records, games and lists are stored
// in rows, and the writing of ruleset links that both an import and link_rulesets do.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "archive/record.h"
#include "archive/sqlite.h"
#include "archive/store.h"

namespace mancala::archive {

// The columns every record query selects, in the order read_record() expects.
inline constexpr const char* kRecordColumns =
    "e.id, e.game_key, e.type, e.location, e.latitude, e.longitude, e.date_from, e.date_to, "
    "e.rules, e.content, e.confidence, e.spaces, e.ages, e.social_status, e.genders, e.notes, "
    "(SELECT json_group_array(json_array(citation, json(csl), json(same_work))) FROM (SELECT "
    "s.citation, s.csl, s.same_work "
    "FROM evidence_sources es JOIN sources s ON s.id = es.source_id WHERE es.evidence_rid = e.rid "
    "ORDER BY es.position)), "
    "e.description, e.origin, e.classification, e.board, e.dlp_ruleset, e.portal_url, "
    "e.accessed, e.credit, e.dlp_variants, e.author_doubts, e.see_also";
// The number of columns kRecordColumns selects (a query's own columns follow them).
inline constexpr int kRecordColumnCount = 28;

// The places as the store read them: each place whole by its name, the name of every folded
// spelling, and each place's extent (archive/geo.h).
struct Store::PlaceCache {
  int64_t data_version = -1;
  std::map<std::string, Place> by_name;
  std::map<std::string, std::string> name_of;  // folded spelling -> place name
  std::map<std::string, GeoArea> areas;        // place name -> its outline or circle
};

// A place search in progress: the SQL function mancala_near(latitude, longitude, place_key)
// gives the distance in km of a record found by it (its coordinates, else its named place) and
// NULL for one that is not. Set by Store::search for one statement, cleared after it.
struct Store::NearState {
  bool active = false;
  bool point = false;  // around a point (latitude, longitude, radius), else in an area
  double latitude = 0, longitude = 0, radius_km = 0;
  GeoArea area;
  std::map<std::string, double> place_km;  // folded spelling of a place found -> distance
};

// A list of strings as the JSON text a column holds, and back ("" reads as an empty list).
std::string list_json(const std::vector<std::string>& list);
std::vector<std::string> json_list(const std::string& text);

// The record in the current row of a statement selecting kRecordColumns.
EvidenceRecord read_record(const Statement& s);

// The game in the current row of a statement selecting key, name, aliases, dlp_ruleset.
Game read_game(const Statement& s);

// Replaces the evidence links of each ruleset in `links` (inside the caller's transaction).
void write_ruleset_links(sqlite3* db, const std::string& path,
                         const std::vector<RulesetLink>& links);

}  // namespace mancala::archive
