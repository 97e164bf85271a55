// Comparing rule reconstructions: simulate two or more rulesets with the same seed, set their
// statistics side by side with 95% intervals, test every pair's differences (p-values corrected
// for the number of tests made), show which resolved rule keys differ and on what evidence or
// assumption, and say in plain words what each difference of rules does to the game.
//
// `mancala compare` (cli/cmd_compare.cpp) is a thin layer over this file and its renderers
// (reports/compare_render.h); the report calls compare_runs() with runs it has already played.
// docs/compare.md describes the output and the choice of methods.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "simulator/play.h"
#include "simulator/rules.h"
#include "simulator/ruleset_io.h"
#include "simulator/run_stats.h"
#include "simulator/seat_words.h"
#include "stats/stats.h"

namespace mancala::analysis {

// How to simulate the rulesets of a comparison.
struct CompareOptions {
  int64_t games = 1000;  // N per ruleset, at least 1
  uint64_t seed = 1;
  sim::AgentPair agents;  // player 1's and player 2's (agents.h)
  int threads = 1;
  // Common random numbers: game g of every ruleset is played with Rng(seed, g). Off: ruleset i
  // plays with independent_seed(seed, i), so the runs are independent samples.
  bool common_random_numbers = true;
  double alpha = 0.05;  // the family's error rate: Bonferroni over every test of the comparison
  // Compare every pair of rulesets; false: each with the first (the reference: the game's default
  // when rulesets_of_game or rulesets_of_evidence chose them), B - A, C - A, ...
  bool all_pairs = false;
  // Called with the ruleset id, games done and games in all, as in BatchOptions::progress.
  std::function<void(const std::string& ruleset, uint64_t done, uint64_t total)> progress;
  // Ctrl-C or SIGTERM (sim::InterruptGuard): the run being played stops within a second and the
  // rulesets after it are not started (compare_rulesets says what it compared).
  const std::atomic<bool>* stop = nullptr;
};

// The seed ruleset `index` (0-based) plays with when common random numbers are off: the seed
// itself for the first ruleset (so its run equals 'mancala simulate --seed S'), else a splitmix64
// mix of (seed, index), so no two rulesets share a stream.
uint64_t independent_seed(uint64_t seed, std::size_t index);

// One ruleset of a comparison and its run.
struct ComparedRun {
  std::string label;  // the ruleset id; "#2", "#3" appended when an id is given twice
  sim::RuleSet rules;
  sim::RunStats run;
};

// How a statistic is written: a count, a proportion as a percentage, a difference of proportions
// in percentage points, or a plain number (plies).
enum class StatFormat { kCount, kPercent, kPoints, kNumber };

constexpr double kNoValue = std::numeric_limits<double>::quiet_NaN();

// A value with its 95% interval; NaN where there is none.
struct Measure {
  double value = kNoValue;
  double low = kNoValue;
  double high = kNoValue;
};

// One row of the side-by-side table: a statistic of every ruleset.
struct StatisticRow {
  std::string key;   // e.g. "first_player_win_rate"
  std::string name;  // e.g. "P1 win rate"
  StatFormat format = StatFormat::kNumber;
  std::string interval;  // how the interval is made ("Wilson", ...); empty when there is none
  std::vector<Measure> values;  // one per ruleset, in ComparedRun order
};

// A ruleset's value of one rule key and the provenance behind it.
struct RuleValue {
  nlohmann::json value;
  // The witness (docs/terms.md: source, paraphrase, reading, assumption), or "default" (the key
  // is not set by any file).
  std::string basis;
  std::string text;      // the phrase, the ruleset read or the reason; empty for "default"
  std::string record;    // the evidence record a phrase quotes, or empty
  std::string shown_as;  // the witness as a reader is shown it; empty for "default"
  std::string note;
};

// A resolved rule key whose value is not the same in every ruleset.
struct RuleDiffRow {
  std::string key;
  std::string group;
  std::string doc;
  std::vector<RuleValue> values;  // one per ruleset
};

// One test of one pair: the difference b - a of a statistic, its interval and its test. The
// interval is simultaneous: drawn at the Bonferroni confidence 1 - alpha / m (m: every test of
// the comparison), so all of a comparison's intervals hold together with probability 1 - alpha;
// "significant" means exactly that this interval excludes 0, and the test is the one the interval
// inverts (its p-value times m is at most alpha then, up to rounding at the boundary).
struct PairTest {
  std::string key;   // statistic key, as in StatisticRow
  std::string name;  // what is compared
  StatFormat format = StatFormat::kPoints;
  double estimate = kNoValue;                    // b - a
  stats::Interval interval{kNoValue, kNoValue};  // simultaneous, at Comparison::confidence
  std::string interval_method;
  std::string test;            // the test's name
  std::string statistic_name;  // "z", "t"
  double statistic = kNoValue;
  double p_value = 1;        // the test's own
  double p_adjusted = 1;     // Bonferroni: min(1, m p)
  bool significant = false;  // the interval excludes 0
  bool paired = false;       // game by game (common random numbers, each game's outcome kept)
  std::string detail;        // extra figures, e.g. "mean 120.3 vs 98.2"
};

// The comparison of ruleset b with ruleset a (a listed first): every difference is b - a.
struct PairComparison {
  std::size_t a = 0;
  std::size_t b = 0;
  std::vector<std::string> differing_keys;  // resolved rule keys whose values differ
  std::vector<PairTest> tests;
  std::vector<std::string> untested;  // statistics not tested (no variation, or not comparable)
  std::vector<std::string> untested_reasons;  // why, one per untested statistic
  bool identical_games = false;               // same rules and same seed: every game is the same
  std::string summary;                        // one plain-language line
};

// A whole comparison, computed once and rendered by the functions below.
struct Comparison {
  std::vector<ComparedRun> runs;
  bool common_random_numbers = true;
  double alpha = 0.05;
  bool all_pairs = false;  // every pair compared, else each ruleset with the first (A)
  std::vector<StatisticRow> statistics;
  std::vector<RuleDiffRow> rule_diff;
  std::vector<PairComparison> pairs;
  std::size_t tests_made = 0;      // the m of the Bonferroni correction
  double confidence = 0.95;        // of each interval: 1 - alpha / m
  std::vector<std::string> notes;  // method notes printed under the tables
  // Each run's document (sim::run_stats_to_json: its counts, and its figures with their
  // intervals), one per run in `runs` order, made here so that a renderer only copies it.
  std::vector<nlohmann::json> run_documents;
  // The words for the runs' seats together (seat_words_of): "seat advantage" where every turn of
  // every ruleset is simultaneous, "first-player or seat advantage" where only some are.
  sim::SeatWords seats;
  // Stopped by CompareOptions::stop: the runs that finished are compared (the first note says
  // which were left out); with fewer than two, `runs` holds what was played (the last partial)
  // and nothing else is filled in.
  bool interrupted = false;
};

// Simulates every ruleset with `options` and compares the runs (stopped: see
// Comparison::interrupted). Throws mancala::Error
// "compare: need at least two rulesets to compare, got <n>" for fewer than two rulesets and
// "compare: games: must be 1 or more" for N < 1.
Comparison compare_rulesets(const std::vector<sim::RuleSet>& rulesets,
                            const CompareOptions& options);

// Compares runs already played (e.g. by the report). Every run must be complete (not partial)
// and have at least one game; `common_random_numbers` says whether they were played with the
// same seed per game index (it only changes what the output says). Throws mancala::Error as
// compare_rulesets, and "compare: <label>: ..." for an empty or partial run.
// With all_pairs false each run is compared with the first only (B - A, C - A, ...).
Comparison compare_runs(std::vector<ComparedRun> runs, bool common_random_numbers,
                        double alpha = 0.05, bool all_pairs = false);

// The resolved rule keys whose values differ among the rulesets, in rule_fields() order, each
// with every ruleset's value and provenance.
std::vector<RuleDiffRow> rule_diff(const std::vector<sim::RuleSet>& rulesets);

// A short phrase for a rule key's value ("no tuzdyk"): the field table's (simulator/ruleset_io.h).
using sim::describe_rule_value;

// "<b's phrase> instead of <a's phrase>", with the words both phrases start with said once:
// ("capture the hole opposite the empty hole", "capture the hole after the empty hole") ->
// "capture the hole opposite the empty hole instead of after the empty hole".
std::string instead_of(const std::string& b_phrase, const std::string& a_phrase);

// Whether the ruleset file of `id` (under sim::rulesets_dir()) is marked "default": true.
bool is_default_ruleset(const std::string& id);

// Every ruleset of a game (folder data/rulesets/<game>), the default ruleset first, then by id.
// Throws mancala::Error "compare: --game <name>: no such game (known: ...)".
std::vector<sim::RuleSet> rulesets_of_game(const std::string& game);

// Every ruleset linked to an evidence record: the rulesets whose "evidence" list names it, plus
// those the archive at db_path links to it (when that file exists), default rulesets first, then
// by id. `warn` receives one line per ruleset file skipped because it does not load. Throws
// mancala::Error "compare: --evidence <id>: no ruleset is linked to this evidence record".
std::vector<sim::RuleSet> rulesets_of_evidence(const std::string& evidence_id,
                                               const std::string& db_path,
                                               const std::function<void(const std::string&)>& warn);

// The test of `key` ("first_player_advantage", "plies_mean", ...) in a pair, or nullptr.
const PairTest* find_test(const PairComparison& pair, const std::string& key);
// A test in points as a summary line says it: "<what> +2.1 pp (simultaneous 95% CI +0.3 to
// +3.9)", or "...: not significant)" when the interval holds 0.
std::string points_clause(const std::string& what, const PairTest& t);

// Whether the verdicts of a comparison under random play hold under skilled play: `random` is
// the same comparison (the same rulesets in the same order, seed and N) played by random agents,
// `skilled` the one played by the agents of its runs. A verdict on the first-player advantage or
// on the mean length is the direction of a significant difference, or no significant difference;
// for each pair and statistic where the two differ, the skilled pair's summary gains "; under
// random play <clause>, which does not hold under <agents>" and the comparison a note. Throws
// mancala::Error when the two comparisons are not of the same rulesets.
void add_random_play_verdicts(Comparison& skilled, const Comparison& random);

// `mancala compare`'s comparison (and the Python module's compare): compare_rulesets, and when
// the agents are not random and the comparison finished, the same comparison under random play,
// whose verdicts that do not hold under the agents are said (add_random_play_verdicts; when that
// one is interrupted, a first note says they were not checked).
Comparison compare_checked(const std::vector<sim::RuleSet>& rulesets,
                           const CompareOptions& options);

// The seat words of the runs `which` (all when empty) shown together: sim::seat_words_for(how
// many have every turn simultaneous, how many).
sim::SeatWords seat_words_of(const std::vector<ComparedRun>& runs,
                             const std::vector<std::size_t>& which = {});

// A value as a table shows it: a count, percent and points scaled by 100 ("53.0%", "+2.1"),
// with a sign when `sign`; "-" when not finite.
std::string format_value(double x, StatFormat format, bool sign);

// "A", "B", ..., "Z", "AA", "AB", ...: the short name of the ruleset at `index` in the tables.
std::string ruleset_letter(std::size_t index);

}  // namespace mancala::analysis
