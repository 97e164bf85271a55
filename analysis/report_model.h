// The report as a computed value: everything `mancala report` shows (the index rows, each
// ruleset's page, the sensitivity tables, the comparisons, the handicap curves, the skill
// ladders), computed from runs in one place. reports/ renders this model, in every format from the
// same numbers, and computes nothing; tests check the model against independent recomputation.
//
// build_report_model plays what the report needs (a run per ruleset, the sensitivity runs, the
// handicap levels and matches, the ladders) through the simulator's batch runner; model_from_runs
// makes the model of runs already played (stored runs, tests). docs/report.md describes the
// report; docs/architecture.md how a new page hooks in (a renderer of this model).
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "analysis/compare_builder.h"
#include "analysis/handicap_builder.h"
#include "analysis/ladder.h"
#include "analysis/reconstruct.h"
#include "analysis/regional.h"
#include "analysis/run_figures.h"
#include "analysis/sensitivity_builder.h"
#include "analysis/stability.h"
#include "simulator/batch.h"
#include "simulator/plays_as.h"
#include "simulator/rules.h"
#include "simulator/seat_words.h"

namespace mancala::analysis {

// One resolved rule key of a ruleset and whose words its value rests on: its witness
// (docs/terms.md), or none (the vocabulary's default, with no provenance).
struct RuleInfo {
  std::string group;       // heading, e.g. "sowing"
  std::string key;         // e.g. "direction"
  std::string value;       // as text: "anticlockwise", "9", "true"
  std::string words;       // as a page says it: "sowing anticlockwise", "9" (rule_value_in_words)
  std::string witness;     // source | paraphrase | reading | assumption; empty: none
  std::string shown_as;    // the witness as a reader is shown it: "Vanoverbergh 1927: 236-237"
  std::string text;        // the phrase, the ruleset read, or the assumption's reason
  std::string note;        // what the provenance adds (the engine's reading), or empty
  std::string provenance;  // all of it as `mancala rules show` prints it (provenance_text)
};

// A rule key's provenance as `mancala rules show` prints it (sim::witness_text):
// `<witness>: "<phrase>"` (`Vanoverbergh 1927: 236-237: "..."`, `DLP paraphrase
// (DLP.Evidence.693): "..."`), `as read in <ruleset>`, `assumption: <reason>` or `(default; no
// provenance)`, then ` (note: <note>)` when it has one.
std::string provenance_text(const sim::RuleSet& rules, const std::string& key);

// What the report says about a ruleset besides its run: identity, epistemic status, evidence and
// the resolved rules with their provenance.
struct RulesetInfo {
  std::string id;       // "toguz_kumalak/standard"
  std::string game;     // "toguz_kumalak"
  std::string name;     // display name
  std::string status;   // observed | described | reconstructed
  std::string summary;  // one paragraph
  std::string extends;  // parent ruleset id, or empty
  std::string rules_hash;
  std::vector<std::string> evidence;  // evidence record ids
  // The keys that can change its play (sim::key_acts), in documentation order, grouped; the
  // others, which the field table's conditions leave without effect here, in `inactive`.
  std::vector<RuleInfo> rules;
  std::vector<std::string> inactive;
  bool family = false;  // a reading of the DLP's rules paraphrase (is_family_reading)
  int rows_per_player = 0, holes_per_row = 0;  // the board
  sim::SeatWords seats;  // who moves first, or seat 1 and seat 2 (sim::seat_words)
  // The shipped rulesets it plays exactly as, paired by a plays_as either way
  // (sim::plays_exactly_as), with the reason given; and the one its own plays_as names, when it
  // plays so: a family table counts the pair once, by the ruleset named.
  std::vector<sim::SamePlay> plays_exactly_as;
  std::string repeat_of;
  // Who wins a match the players stop, with its standing (sim::stop_winner_sentence), or empty.
  std::string stop_winner;
};

// Whether a ruleset is a reading of the DLP's rules paraphrases, one of the family's rulesets
// (docs/coverage.md): it cites evidence, and every record it cites is a DLP description imported
// from the DLP's game library (DLP.Game.<key> or DLP.Ruleset.<id>). The seed games cite the
// curated records instead (DLP.Evidence.<n>, MANCALA.Evidence.<n>).
bool is_family_reading(const sim::RuleSet& rules);

// The RulesetInfo of a loaded ruleset: every key of the field table with its provenance.
RulesetInfo ruleset_info(const sim::RuleSet& rules);

// One ruleset and the run the report shows for it.
struct RulesetRun {
  RulesetInfo ruleset;
  nlohmann::json run;                     // one run, as sim::run_stats_to_json writes it
  std::optional<std::int64_t> stored_as;  // the run's id in the archive, when stored
};

// A ruleset's part of the report: its run and figures, and what the extras measured of it.
struct RulesetSection {
  RulesetRun entry;
  RunFigures figures;
  std::vector<SensitivityRun> sensitivity;  // empty when not measured
  std::vector<SensitivityVerdict> sensitivity_verdicts;
  std::optional<HandicapResult> handicap;  // the handicap curves of a multi-round ruleset
  // The family's readings beside a ruleset that is not one (the "family" table of its page):
  // indices into ReportModel::rulesets of those with the same board (rows per player and holes
  // per row); if there are fewer than kMinNeighbours, also those with the same rows and the
  // nearest number of holes, nearest first. Empty for the family's own rulesets.
  std::vector<std::size_t> neighbours;
  // The family's readings whose evidence was recorded nearest to this ruleset's (analysis/
  // regional.h): for a ruleset that is not of the family, in a report with family readings.
  std::optional<RegionalTable> regional;
  // The stability of the run's first-player advantage (analysis/stability.h): from the
  // sensitivity runs when the report played them, else read from the run's JSON, else unchecked.
  Stability stability;
  // With --ladder, the skilled agents' self-play of this ruleset (alpha-beta, MCTS: the ladder's
  // levels above greedy), shown beside the verdict.
  std::vector<SkilledSelfPlay> skilled;
};

// The fewest neighbours a ruleset's family table shows when the family has them.
constexpr std::size_t kMinNeighbours = 3;

// The comparison of a game's reconstructions (two or more in the report), from the report's runs.
struct GameComparison {
  std::string game;
  std::vector<std::size_t> members;  // indices into ReportModel::rulesets, the default first
  Comparison comparison;
};

// The skill ladder of one ruleset (a game's default reconstruction).
struct GameLadder {
  std::size_t ruleset = 0;  // index into ReportModel::rulesets
  Ladder ladder;
  LadderFigures figures;
  // The skill depth over the agents every ladder of the report shares
  // (ReportModel::shared_ladder_agents), so that games are compared over the same agents; nullopt
  // when every ladder has those agents only (its own depth is then the shared one).
  std::optional<std::size_t> shared_depth;
};

// The whole report.
// The search over every reading of one game's source (report --readings, docs/reconstruct.md):
// the search played, its ranking and the related rulesets of the archive.
struct GameReadings {
  Reconstruction reconstruction;
  ReconstructResult result;
  Related related;
};

struct ReportModel {
  std::vector<RulesetSection> rulesets;  // grouped by game in order of first appearance
  std::vector<GameComparison> comparisons;
  bool handicaps_measured = false;
  HandicapOptions handicap_options;  // the curves' rounds per level, seed and agents
  long long sensitivity_games = 0;   // games per sensitivity run; 0: not measured
  std::vector<GameLadder> ladders;
  LadderOptions ladder_options;  // agents, games, seed of the ladders
  // The agents every ladder has (Toguz Kumalak's ladder adds levels beside its masters' games).
  std::vector<sim::AgentSpec> shared_ladder_agents;
  std::vector<GameReadings> readings;  // one per game of the report with a readings file
  long long readings_games = 0;        // the most games a candidate plays in a stage
  // The games each family reading played when fewer than the other rulesets' (0: as many).
  long long family_games = 0;
  bool family_ladders = false;  // whether the family's games have skill ladders too
};

// What build_report_model plays.
struct ReportPlan {
  std::vector<sim::RuleSet> rulesets;
  sim::BatchOptions batch;  // games, seed, agents, threads, stop of every run
  bool comparisons = true;  // the comparison of each game with two or more rulesets
  bool handicaps = true;    // the handicap curves of each multi-round ruleset
  HandicapOptions handicap;
  long long sensitivity_games = 0;  // 0: no sensitivity runs
  std::optional<LadderOptions> ladder;
  // The readings of each game's source that has a readings file (analysis/reconstruct.h): the
  // most games a candidate plays in a stage (0: none), and the archive the related rulesets come
  // from.
  long long readings_games = 0;
  std::string readings_db;
  // Games of each family reading (is_family_reading), when not batch.games (0: batch.games);
  // whether the family's games get skill ladders too (else only the other games do).
  long long family_games = 0;
  bool family_ladders = false;
};

// What the caller sees while the model is built: a progress line (`label` the ruleset or ladder
// pair; games done of all), each run as soon as it is played with the seconds it took as "1.25"
// (the caller stores it and returns its archive id), and a line when a step ends (for stderr).
struct ReportHooks {
  std::function<void(const std::string& label, std::uint64_t done, std::uint64_t total)> progress;
  std::function<std::optional<std::int64_t>(const sim::RunStats& run, const nlohmann::json& json,
                                            const std::string& seconds)>
      played;
  std::function<void(const std::string& line)> log;
};

// Plays the plan and computes the model. Returns nullopt when stopped (plan.batch.stop): a run
// ended partial, or a later step was interrupted; what was played has been passed to `played`.
// Throws mancala::Error as the simulator and the builders do.
std::optional<ReportModel> build_report_model(const ReportPlan& plan, const ReportHooks& hooks);

// Whether rulesets[i] plays exactly as another ruleset of `rulesets` that its plays_as names
// (RulesetInfo::repeat_of): the family tables count the pair once, by the ruleset named.
bool repeats_another(const std::vector<RulesetSection>& rulesets, std::size_t i);

// The family tables of a model: each section's neighbours (RulesetSection::neighbours) and, with
// the places of the project's evidence (project_record_places), its regional table.
void add_neighbours(ReportModel& model);
// Each section's regional table (RulesetSection::regional) from the places of the evidence
// records (analysis/regional.h gives the rule): set for every ruleset that is not of the family
// when the model has readings of the family, else left empty.
void add_regional_neighbours(ReportModel& model, const RecordPlaces& places);

// The model of runs already played, without extras, with the family tables. Throws mancala::Error
// "report: no runs to report", "report: <id>: given twice", "report: <id>: the run is of another
// ruleset (<other>)" or a run's JSON error.
ReportModel model_from_runs(std::vector<RulesetRun> runs);

// The rulesets of a report given no RULESET arguments: every ruleset under data/rulesets, or only
// `game`'s when it is not empty; each game's default reconstruction first, its alternatives after
// it, the games in name order. Throws Error "<rulesets folder>: --game: no game '<game>' (games:
// a, b)" and "<rulesets folder>: no rulesets to report on".
std::vector<std::string> report_ruleset_ids(const std::string& game);

// The ruleset of each game whose skill ladder the report shows: its default ruleset, else its
// first in `rulesets`; in the order of `rulesets`, the defaults first.
std::vector<sim::RuleSet> ladder_rulesets(const std::vector<sim::RuleSet>& rulesets);
// The same less the family's games (is_family_reading), unless `family` is true.
std::vector<sim::RuleSet> ladder_rulesets(const std::vector<sim::RuleSet>& rulesets, bool family);

}  // namespace mancala::analysis
