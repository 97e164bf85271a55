// Rulesets that are the same game (issue 35, item 7; docs/rules-format.md, "plays_as").
//
// Two rulesets play exactly alike when every key that acts in them (key_acts, the conditions of
// `rules keys`) holds the same value: play_hash hashes those keys only, so a key that cannot act
// (the tuzdyk keys of Otep, max_sowings_per_move without relays) does not tell them apart, as
// rules_hash's first keys do. Where two shipped rulesets play alike, one file says so with
// "plays_as": {"id": the other, "reason": why both are kept}, and `rules check` refuses a pair
// that does not, and a plays_as naming a ruleset that plays otherwise. Pages, `rules show`,
// `rules list` and serve name the pair both ways (plays_exactly_as).
#pragma once

#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "simulator/rules.h"

namespace mancala::sim {

// The keys that act in `rules` with the value each acts with (acting_value), in rule_fields()
// order: what play_hash covers.
nlohmann::json played_rules(const RuleSet& rules);
// A stable hash (hex, FNV-1a 64) of played_rules: equal exactly when the two play alike.
std::string play_hash(const RuleSet& rules);
// The first key in which `a` and `b` play differently, as "<key>: <a's value> here, <b's value>
// in <b's id>" ("<key>: acts here, not in <b's id>" where it acts in one only); empty when they
// play alike.
std::string first_play_difference(const RuleSet& a, const RuleSet& b);

// A shipped ruleset that plays exactly as another and is paired with it by a plays_as (its own,
// or the other's naming it), with the reason the pair's file gives.
struct SamePlay {
  std::string id;
  std::string reason;
};
// The shipped rulesets (rulesets_dir()) paired with `rules` so, by id: its own plays_as where the
// ruleset named plays alike, and every shipped ruleset whose plays_as names `rules`'s id and
// plays alike. The shipped rulesets are read once per rulesets folder.
std::vector<SamePlay> plays_exactly_as(const RuleSet& rules);
// "plays exactly as ryakati/dlp (every key that acts is the same): <reason>"
std::string plays_as_sentence(const SamePlay& same);

// What `rules check` finds in a ruleset's plays_as and its twins, one message a problem: a
// plays_as naming no shipped ruleset, itself, or one that plays otherwise; and, for a shipped file
// (`file` is rulesets_dir()/<id>.json), each shipped ruleset playing exactly alike that no chain of
// plays_as pairs with it.
std::vector<std::string> plays_as_problems(const RuleSet& rules, const std::string& file,
                                           const std::set<std::string>& ruleset_ids);

}  // namespace mancala::sim
