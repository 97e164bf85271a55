// Rulesets as `mancala rules list|show` print them (docs/rules-format.md).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "simulator/rules.h"

namespace mancala::reports {

// The games of data/rulesets (their folders), sorted.
std::vector<std::string> ruleset_games();

// The line of `rules show` naming the rule keys in which a ruleset differs from its game's
// default (for an exported file, the default of the game it was exported from); empty when the
// project has no such game.
std::string differs_from_default_line(const sim::RuleSet& rules);

// `rules show`: name, id, status, evidence, hash, where it was exported from, how it differs from
// its game's default, the shipped rulesets it plays exactly as (with the reason given), its
// summary, then every rule key by group with its value and provenance.
std::string ruleset_text(const sim::RuleSet& rules);

// The shipped rulesets that play exactly as `rules` (sim::plays_exactly_as), as the JSON of
// `rules list` and serve gives them: [{"id", "reason"}], by id.
nlohmann::json plays_exactly_as_json(const sim::RuleSet& rules);

// `rules list`: a table of ruleset, game, status and evidence, and "plays exactly as" where a
// listed ruleset does, columns as wide as their widest entry, two spaces apart; `rulesets` as
// `rules list --format json` writes them.
std::string rulesets_table(const nlohmann::json& rulesets);
// `rules list --format json`: every ruleset (of `game` alone unless empty; citing one of
// `records` when given), each {"id", "game", "name", "status", "evidence", "extends",
// "dlp_ruleset", "plays_exactly_as"}; the Python module's rulesets() too. Throws Error "<rulesets
// dir>: --game: no game '<game>'; did you mean ...? (see 'mancala rules list')" for a game without
// rulesets.
nlohmann::json rulesets_json(const std::string& game = "",
                             const std::optional<std::set<std::string>>& records = std::nullopt);

}  // namespace mancala::reports
