// The report's regional family table (issue "The family plays"): beside each ruleset that is not
// a reading of the DLP's rules paraphrases, the family's readings whose evidence was recorded
// nearest to its own, so a reconstruction is seen among the games of its region as well as among
// those of its board (RulesetSection::neighbours).
//
// The rule (docs/report.md, "Among the family: nearest by region"): each evidence record is placed
// as the archive places it, at its coordinates (a point) or, for a named region, at the region's
// outline (else its centre and radius), marked approximate; a record with neither, or whose region
// is uncertain ("Russia? Iran?": its outline joins both), is not placed and takes no part. The
// distance between a ruleset and a reading is the smallest distance between a record of one and a
// record of the other, measured as `mancala evidence similar` measures places (archive/geo.h:
// great-circle kilometres between points; 0 when two places overlap, else from the nearer edge).
// The table shows the readings within kRegionalMaxKm, nearest first (ties in the report's order),
// at most kRegionalNeighbours of them and every reading as near as the last one shown.
// Deterministic: it depends only on the records and the report's rulesets.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "archive/geo.h"

namespace mancala::analysis {

// The most regional neighbours a table shows (more only when tied with the last one).
inline constexpr std::size_t kRegionalNeighbours = 5;
// The farthest a regional neighbour may be: the radius of the readings' related games
// (reconstruct_related.h, kDefaultRelatedKm).
inline constexpr double kRegionalMaxKm = 2500;

// Where an evidence record was recorded, as the archive places it.
struct RecordPlace {
  // As the table shows it: the coordinates as written, "Sri Lanka (region)", "Bari (region,
  // within 150 km of its centre)" or "Russia? Iran? (uncertain: Russia or Iran)".
  std::string place;
  bool approximate = false;  // a named region (outline, or centre and radius), not coordinates
  // None: the record gives no place the archive knows, or only an uncertain one.
  std::optional<archive::GeoArea> area;
};
// By evidence id. A record missing here is not placed.
using RecordPlaces = std::map<std::string, RecordPlace>;

// One reading of the family near a ruleset.
struct RegionalNeighbour {
  std::size_t ruleset = 0;  // index into ReportModel::rulesets
  double km = 0;            // between the nearest pair of their records' places
  std::string place;        // the reading's record at that distance: its place
  std::string from;         // this ruleset's record at that distance: its place
};

// A ruleset's regional family table.
struct RegionalTable {
  std::vector<std::string> places;    // this ruleset's placed records: their places, in order
  std::vector<std::string> unplaced;  // this ruleset's records that are not placed (their ids)
  std::vector<RegionalNeighbour> neighbours;  // nearest first
  std::size_t family = 0;                     // the family's readings in the report
  std::vector<std::size_t> family_unplaced;   // of them, those with no placed record
  std::size_t beyond = 0;                     // of them, placed but farther than kRegionalMaxKm
  std::size_t not_shown = 0;  // of them, within kRegionalMaxKm but farther than those shown
};

// The place of every record of the project's evidence (data/evidence, with data/places), imported
// once per process into an archive in memory, as the report's record pages are: the same
// wherever the report is made. Empty without a data/evidence folder. Throws mancala::Error for
// evidence or places files that do not read.
const RecordPlaces& project_record_places();

}  // namespace mancala::analysis
