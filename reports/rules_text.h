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
// its game's default, its summary, then every rule key by group with its value and provenance.
std::string ruleset_text(const sim::RuleSet& rules);

// `rules list`: a table of ruleset, game, status and evidence, columns as wide as their widest
// entry, two spaces apart; `rulesets` as `rules list --format json` writes them.
std::string rulesets_table(const nlohmann::json& rulesets);
// `rules list --format json`: every ruleset (of `game` alone unless empty; citing one of
// `records` when given), each {"id", "game", "name", "status", "evidence", "extends",
// "dlp_ruleset"}; the Python module's rulesets() too. Throws Error "<rulesets dir>: --game: no
// game '<game>'; did you mean ...? (see 'mancala rules list')" for a game without rulesets.
nlohmann::json rulesets_json(const std::string& game = "",
                             const std::optional<std::set<std::string>>& records = std::nullopt);

}  // namespace mancala::reports
