// The report's evidence pages (issue 14, "Sources"): one page per evidence record (citation, type,
// date, place with a small map, the rules paraphrase, the quoted content, confidence, the rulesets
// that cite it, each linking back), the evidence section of the index (a world map of the
// records and a list), links from a ruleset page to the records it cites, and suggested citations
// for a reconstruction and for a run. Plain data in, HTML out: reports/evidence_report.cpp fills
// EvidencePage from the archive. docs/report.md describes the pages.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace mancala::reports {

// One evidence record as its page shows it.
struct EvidencePage {
  std::string id, game_name, type, location, date;  // date as written, "" if undated
  std::optional<double> latitude, longitude;        // the record's own coordinates
  // Its named region's approximate position (when it has no coordinates and the region is known).
  std::string place_name, place_source;
  double place_latitude = 0, place_longitude = 0, place_radius_km = 0;
  std::optional<int> confidence;  // the DLP's rating (dlp_confidence: a DLP.* record)
  bool dlp_confidence = true;
  std::string rules, content, notes;
  std::string author_doubts;  // the author's own doubts, in his words
  // Each work cited, as the archive reads it (its CSL item in words), and the citation as the
  // record writes it where that differs (for a DLP record: "as the DLP records it").
  std::vector<std::string> sources;
  std::vector<std::string> sources_as_written;
  // Records of the same game in another collection: named by this record, and naming it.
  std::vector<std::string> see_also, see_also_of;
  std::string cite_text;              // the works cited and the record, one reference per line
  std::string cite_bibtex;            // the same as BibTeX
  std::vector<std::string> rulesets;  // ids of the rulesets citing it
  std::string map_svg;                // its small map (reports/map.h), or "" when unplaced
  // A description by a secondary source (the DLP's records, issue 23).
  std::string game_key, description, origin, classification, credit;
  std::string board;        // in words: "4x8, no stores, 2 in each hole (from the code)"
  std::string board_short;  // "4x8", or "" when not known
  int rows = 0;             // rows of holes (the record's board, else its game's), 0: not known
  std::string portal_url, accessed;
  std::optional<int> dlp_ruleset;
  bool place_outline = false;                 // the place has an outline (drawn on the map)
  std::vector<std::string> place_candidates;  // an uncertain place's candidates
  struct Variant {
    std::string name, portal_url, rules;
    std::optional<int> dlp_ruleset;
    std::vector<std::string> sources;
  };
  std::vector<Variant> variants;  // the DLP's other rulesets of the game
  struct Similar {
    std::string name, record_id, reason;
  };
  std::vector<Similar> similar;            // the nearest games, each with its reason
  std::vector<std::string> game_rulesets;  // the executable rulesets of its game
  std::vector<std::string> regions;        // the world regions it lies in (none: unplaced)
};

// "evidence/<id>.html" (characters other than letters, digits, '.', '_' and '-' become '_').
std::string evidence_page_path(std::string_view id);

// The page of one record. `ruleset_pages` maps ruleset ids to their page paths in the report
// (a ruleset without a page is named, not linked).
std::string evidence_page(const EvidencePage& page,
                          const std::vector<std::pair<std::string, std::string>>& ruleset_pages,
                          std::string_view report_title);

// The index's evidence section: the world map (already drawn, linking to the pages), a link to
// the archive index, and a table of the curated records (all but the secondary descriptions)
// with their game, type, date, place (marked approximate) and sources.
std::string evidence_index_section(const std::vector<EvidencePage>& pages,
                                   const std::string& map_svg);

// "archive.html": every game of the archive grouped by the world region its records lie in (the
// unplaced last), each row a record with its board, place, date and type, linking to its page
// (reports/archive_index.cpp).
std::string archive_index_page(const std::vector<EvidencePage>& pages,
                               std::string_view report_title);
inline constexpr const char* kArchiveIndexPath = "archive.html";

// "<a href="PREFIX evidence/ID.html">ID</a>, ..." for the ids with a page, plain ids otherwise;
// "none" for no id. `prefix` is the way from the page to the report's root ("../" or "").
std::string evidence_links_html(const std::vector<std::string>& ids,
                                const std::set<std::string>& with_page, std::string_view prefix);

// Suggested citations, as plain text (HTML-escape them for a page):
// "NAME (mancala ruleset ID, STATUS; rules hash HASH), after evidence E1, E2."
std::string reconstruction_citation(const std::string& ruleset_id, const std::string& name,
                                    const std::string& status, const std::string& rules_hash,
                                    const std::vector<std::string>& evidence);
// "Simulation of ruleset ID (rules hash HASH): N games, AGENTS, seed S, mancala engine V
// [, archive run R]. To reproduce: mancala simulate ID --games N --seed S --agent A."
// A partial run (interrupted after `partial_games` K of the N games; its statistics cover games
// 0..K-1) says "K of N games (partial: interrupted)" and reproduces with --games K.
std::string run_citation(const std::string& ruleset_id, const std::string& rules_hash,
                         const std::string& engine_version, std::uint64_t seed,
                         const std::string& agent, std::int64_t games,
                         std::optional<std::int64_t> run_id,
                         std::optional<std::int64_t> partial_games = std::nullopt);

}  // namespace mancala::reports
