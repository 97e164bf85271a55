// Reconstruction search (`mancala reconstruct`, docs/reconstruct.md): every reading a source
// allows, played in stages, ranked, and each ambiguity's effect measured.
//
// A Reconstruction holds the space of candidates (reconstruct_readings.h) and the stages played
// so far. The stages are planned one at a time from the results of those before, so the plan is
// a function of the figures and the whole search is deterministic:
//
//   stage 1   every candidate plays N games (--games) with random agents, seed S: the run of a
//             candidate is exactly `mancala simulate` of its ruleset with --games N --seed S;
//   stage 2.. successive halving with the skilled agent: round 1 plays every candidate N/4
//             games, each later round doubles the games of the better half (the candidates
//             sharing the rank at the cut stay in), so the last round brings the survivors to N
//             skilled games in all; round r plays with seed independent_seed(S, r - 1), new
//             games, and a candidate's skilled figures merge all its rounds. Fewer than four
//             candidates need fewer rounds (N/2 then N; one candidate: N at once). With the
//             random agent as the skilled one, stage 1 is the whole search.
//   panel     then each agent of the panel (--panel) that is neither the skilled agent nor random
//             (whose figures the stages before already hold) plays the finalists, the
//             candidates of the last halving round, N/4 games each, seed
//             independent_seed(S, rounds + k) for the panel's k-th agent (0-based): staged
//             racing, so the slow agents play only the candidates still in the race.
//
// Every stage is a set of ordinary batch runs (sim::simulate_ruleset): the games of each
// candidate spread over the threads (and MPI ranks in the MPI build), and a stage can be played
// in shards (shard i/n of every candidate's games). The stage boundaries are the merge points: the
// shards of a stage merge exactly (sim::merge_shards) into the one-process result, and only then
// is the next stage planned. The JSON of a reconstruction carries its readings, settings and
// every stage's runs, so a shard file, a merged stage and a finished search all read back.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "analysis/reconstruct_rank.h"
#include "analysis/reconstruct_readings.h"
#include "analysis/reconstruct_related.h"
#include "simulator/agents.h"
#include "simulator/run_stats.h"

namespace mancala::analysis {

// The skilled agent when neither --agent nor the readings file names one: alpha-beta two plies
// deep beats random and greedy play in every seed game (docs/reconstruct.md gives the
// figures), and plays Khutka Boia's whole space in seconds.
inline constexpr const char* kDefaultReconstructAgent = "alphabeta:2";
inline constexpr int64_t kDefaultReconstructGames = 400;

// What a reconstruction plays: fixed when it starts and carried by its JSON.
struct ReconstructSettings {
  sim::AgentSpec agent;      // the skilled agent (both seats)
  std::string agent_reason;  // where it came from: "--agent", the readings file's reason, default
  int64_t games = kDefaultReconstructGames;  // N: the most games a candidate plays in a stage
  uint64_t seed = 1;
  // The panel the finalists are ranked under (reconstruct_panel.h); empty: no panel.
  std::vector<sim::AgentSpec> panel;
  friend bool operator==(const ReconstructSettings&, const ReconstructSettings&) = default;
};

// One stage: which candidates play how many games, with which agent and seed.
struct StagePlan {
  int index = 1;  // 1-based
  int round = 0;  // 0: the random stage or a panel stage; else the skilled stage's halving round
  int panel = 0;  // a panel stage: 1 + the index of its agent in the settings' panel; else 0
  sim::AgentSpec agent;
  uint64_t seed = 0;
  int64_t games = 0;            // games each candidate plays in this stage
  std::vector<int> candidates;  // indices into Space::candidates, in candidate order
  friend bool operator==(const StagePlan&, const StagePlan&) = default;
};

// A stage played: its plan, the shard played (1/1 when whole or merged) and one run per
// candidate of the plan, in plan order.
struct StageRuns {
  StagePlan plan;
  sim::Shard shard;
  std::vector<sim::RunStats> runs;
  bool partial() const;
};

struct Reconstruction {
  Space space;
  ReconstructSettings settings;
  std::vector<StageRuns> stages;
  // The last stage is one shard of it, waiting to be merged with the others.
  bool pending_merge() const { return !stages.empty() && stages.back().shard.count > 1; }
  bool partial() const { return !stages.empty() && stages.back().partial(); }
};

// Starts a reconstruction (no stage played).
Reconstruction start_reconstruction(Space space, const ReconstructSettings& settings);

// The readings `reconstruct` plays (and the Python module's reconstruct): with `hide` a key, the
// leave-one-out of that clause of the ruleset `game` (hide_clause); else the readings file
// `readings_file`; else the game's data/readings file. Throws UsageError "reconstruct: --hide:
// give the game or ruleset whose clause to hide" and Error "reconstruct: <game>: no readings
// file data/readings/<game>.json (give --readings FILE, or --hide KEY for a leave-one-out)".
Readings readings_for(const std::string& game, const std::string& readings_file,
                      const std::string& hide);
// The skilled agent: `agent` when given, else the readings file's, else the default, with the
// reason; UsageError "reconstruct: <what is wrong>" for a bad spec.
ReconstructSettings reconstruct_settings(const std::optional<std::string>& agent,
                                         const Readings& readings);

// The next stage to play, planned from the stages played; none when the search is complete.
// Throws mancala::Error when the last stage is a shard waiting to be merged or partial.
std::optional<StagePlan> next_stage(const Reconstruction& r);

// How to play: threads, the shard, Ctrl-C and progress (as sim::BatchOptions).
struct PlayStageOptions {
  int threads = 1;
  sim::Shard shard;
  const std::atomic<bool>* stop = nullptr;
  // Called on the calling thread: stage index, candidate number, candidates done and in the
  // stage, and the candidate's games done and in all.
  std::function<void(const StagePlan& plan, size_t done, size_t total, uint64_t games_done,
                     uint64_t games_total)>
      progress;
};

// Plays one stage (its shard) and appends it. When stopped, the stage is appended partial.
void play_stage(Reconstruction& r, const StagePlan& plan, const PlayStageOptions& options);
// Plays every remaining stage in this process (shard 1/1), or, with options.shard given, only
// the next stage's shard.
void run_reconstruction(Reconstruction& r, const PlayStageOptions& options);

// One shard of a stage to merge and where it came from (a file name, for messages).
struct ReconstructShard {
  std::string origin;
  Reconstruction reconstruction;
};
// Merges the shards of a reconstruction's last stage into its one-process result. Throws
// mancala::Error "<origin>: <what is wrong>" when the shards are of different searches (readings,
// settings, stages before), of different stages, partial, missing or repeated.
Reconstruction merge_reconstruction_shards(const std::vector<ReconstructShard>& shards);

// The games each finalist plays under an agent of the panel: N/4 (at least 1).
int64_t panel_games(int64_t games);

// ---- results ----------------------------------------------------------------------------------

// The finalists ranked under each agent of the panel (docs/reconstruct.md, "A panel of agents").
// Filled in once every panel stage is played; agents empty otherwise (or with no panel).
struct PanelResult {
  std::vector<sim::AgentSpec> agents;  // the panel, in the order given
  std::vector<size_t> finalists;       // the candidates of the last halving round, by index
  // [agent][candidate]: the agent's figures of each finalist (played false for the others): the
  // skilled agent's all its rounds, random play's stage 1, another agent's its panel stage.
  std::vector<std::vector<Figures>> figures;
  std::vector<std::vector<int>> ranks;  // [agent][candidate]: rank among the finalists, else 0
  // [a][b] Kendall's tau-b between agents a's and b's rankings of the finalists (none when a
  // ranking ties every finalist).
  std::vector<std::vector<std::optional<double>>> tau;
  std::vector<bool> robust_rank;  // [candidate]: the same rank band under every agent
  // Per agent, the effects over the finalists alone; and per main effect (in the order of every
  // Effects::main over this space) 1 when it has the same sign under every agent, 0 when not, -1
  // when some agent cannot measure it among the finalists (no pair of them differs in it alone).
  std::vector<Effects> effects;
  std::vector<int> robust_main;
  bool played() const { return !agents.empty(); }
  int64_t games = 0;  // the games of a panel stage
};

// One candidate's results.
struct CandidateResult {
  Figures random;      // under random play (stage 1)
  Figures skilled;     // under the skilled agent, all its rounds merged (not played: !played)
  int last_stage = 0;  // the last stage it played
  Standing standing;   // in the final ranking
  bool pareto = false;
  // The candidates played exactly the same games as this one (the same tallies in every stage
  // they share): their rules differ only in keys that never act here.
  std::vector<int> plays_as;
};

// The readings counted as every output says them (the summary lines, the index's readings line,
// the JSON's "space", the CSV's refused_combinations), made here once so that the renderers only
// format them (issue 36, item 5).
struct ReadingCounts {
  size_t merged = 0;                       // combinations merged with an earlier one, same rules
  std::map<std::string, size_t> refusals;  // refused combinations by their reason
  size_t played = 0;                       // candidates with the ranking's figures
  size_t distinct = 0;                     // of them, those repeating no earlier one
  // Of the distinct readings, by the completion class of the ranking's figures (docs/terms.md):
  // ended mostly by the text's rule, undecided, mostly by something else; and those the source's
  // rule alone ends mostly (class 1, shown beside the text's rule).
  size_t text_rule = 0, undecided = 0, not_text_rule = 0, source_rule = 0;
  // The base reconstruction's rank in the final ranking (0: none, or not ranked) and how many
  // candidates share it (the base among them).
  int base_rank = 0;
  size_t base_sharing = 0;
  size_t repeats() const { return played - distinct; }
};

// What the stages played so far say.
struct ReconstructResult {
  std::vector<CandidateResult> candidates;  // one per Space candidate
  std::vector<size_t> order;                // the ranking, best first
  bool complete = false;                    // no stage left to play
  std::optional<StagePlan> next;            // the next stage, when not complete
  Effects random_effects, skilled_effects;  // skilled: empty until a skilled stage is played
  bool skilled_played = false;
  PanelResult panel;
  // The figures the ranking uses: the skilled agent's where played, else random play's.
  const Figures& ranked_figures(size_t candidate) const;
  // Readings that play exactly alike are one reading (docs/terms.md): the first candidate (by
  // index) of the group candidate i plays exactly as, i itself when it plays unlike every
  // earlier one; repeats(i) when it is not the first.
  size_t plays_first(size_t candidate) const;
  bool repeats(size_t candidate) const { return plays_first(candidate) != candidate; }
  // The readings counted (evaluate_reconstruction fills it in).
  ReadingCounts counts;
  // The played candidates that repeat no earlier one: the distinct readings, each counted once.
  size_t distinct_played() const { return counts.distinct; }
  // Distinct readings (repeats left out) whose completion class is "text's rule" in the ranking's
  // figures (the source's or the paraphrase's rule ends most of their games); and those whose
  // games the source's rule alone ends mostly (class 1, shown beside it: docs/terms.md).
  size_t ending_by_text_rule() const { return counts.text_rule; }
  size_t ending_by_source_rule() const { return counts.source_rule; }
  // Whether any played reading has a game ended by the source's rule (class 1): when none has,
  // every output says so (no reading's ending is stated in a primary source's own words).
  bool any_source_rule() const;
  // False when the effects were given up (evaluate_reconstruction's stop).
  bool effects_complete() const { return random_effects.complete && skilled_effects.complete; }
};

// Computes the figures, the ranking (successive halving: the candidates that reached a later
// stage rank above those that left earlier; within a stage by rank_figures), the Pareto front
// and both agents' effects. Once *stop is set (Ctrl-C, SIGTERM) the effects are given up
// (Effects::complete false, effects_complete() false); the rest is computed as ever.
ReconstructResult evaluate_reconstruction(const Reconstruction& r,
                                          const std::atomic<bool>* stop = nullptr);
// The counts of `result` over `space` (evaluate_reconstruction's last step).
ReadingCounts reading_counts(const Space& space, const ReconstructResult& result);

// ---- JSON ---------------------------------------------------------------------------------------

// The reconstruction as JSON (docs/reconstruct.md): what was played ("kind": "reconstruct",
// readings, settings, every stage's plan) and what it says (choices with how common each reading
// is among related games, candidates, effects). With `with_runs` every stage also carries its
// runs (sim::run_stats_to_json), which is what reconstruction_from_json reads back to merge
// shards, go on with the next stage or render the result again.
nlohmann::json reconstruction_to_json(const Reconstruction& r, const ReconstructResult& result,
                                      const Related& related, bool with_runs);
// The JSON as text: two-space indentation, except the stages' runs, written compactly (they are
// for the program, and far the largest part).
std::string reconstruction_json_text(const nlohmann::json& json);
// Reads back what reconstruction_to_json wrote with its runs (the readings, settings and runs;
// the figures are recomputed). Throws mancala::Error "<context>: <key>: <what is wrong>", including
// when the readings now resolve to other rules than the runs played (a ruleset changed since).
Reconstruction reconstruction_from_json(const nlohmann::json& json, const std::string& context);
bool is_reconstruction_json(const nlohmann::json& json);

}  // namespace mancala::analysis
