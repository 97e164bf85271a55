// How common each reading is among related games (docs/reconstruct.md, "Related games"): a
// column beside the ranking, never part of it.
//
// The related games are those with evidence in the archive near the base's evidence in place and
// time: a record within `radius_km` of where the base's evidence was recorded (its coordinates,
// or its named region's approximate position) and whose date range overlaps the base's widened
// by `years` either side. Each related game brings its default reconstruction (the ruleset the
// game's name loads), or, when it has none in data/rulesets, the first ruleset the archive links
// to the record. A related ruleset reads a choice point as an alternative when it holds that
// alternative's resolved value for every key the choice point sets; it may read it as none of
// them. A related ruleset that sets none of those keys (its values are the vocabulary's
// defaults: its files are silent on the question) is not counted for that choice. Until the
// archive holds rulesets of the nearby games the column says why it is empty.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "analysis/reconstruct_readings.h"
#include "simulator/rules.h"

namespace mancala::analysis {

inline constexpr double kDefaultRelatedKm = 2500;
inline constexpr int kDefaultRelatedYears = 100;

struct RelatedRuleset {
  std::string game;      // game key
  std::string ruleset;   // ruleset id
  std::string evidence;  // the nearby record that brought it in
  double distance_km = 0;
  sim::RuleSet rules;
};

// Of the related rulesets that address a choice point, how many read it as one alternative.
struct Commonness {
  int matching = 0;
  int related = 0;  // the related rulesets that set a key of the choice point
};

struct Related {
  double radius_km = kDefaultRelatedKm;
  int years = kDefaultRelatedYears;
  // Why the column is empty, in words ("no archive at mancala.db", "no related rulesets: ..."),
  // or empty when there are related rulesets.
  std::string empty_because;
  std::vector<RelatedRuleset> rulesets;             // by distance
  std::vector<std::vector<Commonness>> commonness;  // [choice][alternative]
};

// Finds the related rulesets in the archive at `db_path` (opened read-only; a missing file is
// "no archive") and counts each alternative among them. Never throws for an archive it cannot
// read: the reason goes into empty_because.
Related find_related(const Space& space, const std::string& db_path, double radius_km, int years);
// Counts each alternative of the space among `rulesets` (used by find_related; exposed for tests).
std::vector<std::vector<Commonness>> count_readings(const Space& space,
                                                    const std::vector<RelatedRuleset>& rulesets);

// {"radius_km", "years", "empty_because" (null when there are rulesets), "rulesets": [{game,
// ruleset, evidence, distance_km}]}
nlohmann::json related_to_json(const Related& related);

}  // namespace mancala::analysis
