// What the store's files share (private to archive/): how records, games and lists are stored
// in rows, and the writing of ruleset links that both an import and link_rulesets do.
#pragma once

#include <string>
#include <vector>

#include "archive/record.h"
#include "archive/sqlite.h"

namespace mancala::archive {

// The columns every record query selects, in the order read_record() expects.
inline constexpr const char* kRecordColumns =
    "e.id, e.game_key, e.type, e.location, e.latitude, e.longitude, e.date_from, e.date_to, "
    "e.rules, e.content, e.confidence, e.spaces, e.ages, e.social_status, e.genders, e.notes, "
    "(SELECT json_group_array(json_array(citation, json(csl))) FROM (SELECT s.citation, s.csl "
    "FROM evidence_sources es JOIN sources s ON s.id = es.source_id WHERE es.evidence_rid = e.rid "
    "ORDER BY es.position))";

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
