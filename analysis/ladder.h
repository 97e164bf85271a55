// The skill ladder (docs/ladder.md): every ordered pair of a list of agents plays N games of one
// ruleset, agent i as player 1 against agent j as player 2, self-play (i == j) included; from
// those runs come the win-rate matrix with 95% intervals, Bradley-Terry ratings on the Elo scale
// with intervals, the skill depth (the longest chain of agents in which each beats the one before
// significantly) and self-play figures per level, and for Toguz Kumalak the tournament games of
// masters beside them.
//
// Every ordered pair is one ordinary batch run (sim::simulate_ruleset, the runner `simulate`
// uses) with the ladder's seed and N: cell (i, j) is exactly `mancala simulate RULESET --agents
// i,j --games N --seed S`. So the ladder is deterministic whatever the thread count, it shards as
// a run does (shard i/n plays the same share of every pair's games) and its shards merge exactly
// (merge_ladders). Every figure is derived from the runs' integer counts.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "common/format.h"
#include "simulator/agents.h"
#include "simulator/rules.h"
#include "simulator/run_stats.h"
#include "stats/compare_stats.h"
#include "stats/histogram.h"
#include "stats/stats.h"

namespace mancala::analysis {

// More agents make k^2 runs; the longest-chain search is exponential in k.
constexpr int kMaxLadderAgents = 12;
// Significance level of "beats", over all the ladder's pairs together (Bonferroni: each pair's
// interval at confidence 1 - kLadderAlpha / m for m pairs).
constexpr double kLadderAlpha = 0.05;

// Parses "random,greedy,alphabeta:2" (at least 2, at most kMaxLadderAgents, none twice); throws
// mancala::UsageError naming `option` ("--agents: ...").
std::vector<sim::AgentSpec> parse_ladder_agents(const std::string& text,
                                                const std::string& option = "--agents");

struct LadderOptions {
  std::vector<sim::AgentSpec> agents;  // at least 2, distinct
  int64_t games = 100;                 // N per ordered pair, over every shard
  uint64_t seed = 1;                   // the same for every pair (common random numbers)
  int threads = 1;
  sim::Shard shard;
  const std::atomic<bool>* stop = nullptr;  // see sim::BatchOptions
  // Called on the calling thread while a pair plays: the pair's label ("greedy,random"), games
  // done and games of the pair in this shard.
  std::function<void(const std::string& pair, uint64_t done, uint64_t total)> progress;
};

// The agents of a report's ladder for a game with real games (Toguz Kumalak's masters): the
// given agents, plus a fixed-depth alpha-beta of the other parity when every fixed depth given has
// one parity, and mcts:100 when no agent searches without a fixed depth (mcts, abnodes, abtime):
// the self-play figures set beside the masters then show whether they follow depth parity, and
// one level's are not a fixed-depth artefact (issue 20, item 7). At most kMaxLadderAgents.
std::vector<sim::AgentSpec> agents_beside_real_games(std::vector<sim::AgentSpec> agents);

// The runs of a ladder (or of one shard of it).
struct Ladder {
  std::string ruleset;  // ruleset id
  std::vector<sim::AgentSpec> agents;
  int64_t games = 0;  // N per ordered pair, over every shard
  uint64_t seed = 0;
  sim::Shard shard;
  // agents.size()^2 runs: runs[i * k + j] is agents[i] as player 1 against agents[j] as player 2.
  std::vector<sim::RunStats> runs;

  size_t size() const { return agents.size(); }
  const sim::RunStats& run(size_t first, size_t second) const {
    return runs[first * agents.size() + second];
  }
  bool partial() const;  // a run was stopped early (the later pairs are then absent)
  friend bool operator==(const Ladder&, const Ladder&) = default;
};

// The ladder of `ladder`'s games between `agents` alone (each one of its agents, in the order
// given): the same runs, so ladder_figures of it are those of a ladder of these agents only (its
// Bonferroni over their pairs), which is how two games' ladders are compared over the agents they
// share (analysis/ladder_shared.cpp). Throws mancala::Error "<ruleset>: no agent <spec> in its
// ladder".
Ladder sub_ladder(const Ladder& ladder, const std::vector<sim::AgentSpec>& agents);
// The agents every ladder has, in the first ladder's order; empty for no ladder.
std::vector<sim::AgentSpec> shared_agents(const std::vector<const Ladder*>& ladders);

// Plays every ordered pair in the order (0,0), (0,1), ..., (k-1,k-1). Throws mancala::Error on
// fewer than 2 agents, a repeated agent or more than kMaxLadderAgents. When stopped, the result
// has the runs finished so far plus the stopped one (partial() is true).
Ladder run_ladder(const sim::RuleSet& rules, const LadderOptions& options);

// One shard to merge and where it came from (a file name, for messages).
struct LadderShard {
  std::string origin;
  Ladder ladder;
};
// Merges the shards of one ladder into the one-process result: every pair's runs merged with
// sim::merge_shards. Throws mancala::Error "<origin>: <ruleset>: <what is wrong>" when the shards
// are of different ladders (ruleset, agents, N, seed) or a shard is partial, missing or repeated.
Ladder merge_ladders(const std::vector<LadderShard>& shards);

// ---- figures -------------------------------------------------------------------------------

// The games between agents a and b over both seats (N with a as player 1, N with b as player 1);
// win rates are over the finished games, as in a run.
//
// "a beats b" is one procedure, printed as it is decided: a's score, (wins_a + draws / 2) /
// finished (the win rate with a draw counting half, 50% when neither is stronger), with its
// simultaneous interval over every pair of the ladder: Tango's score interval of P(a wins) -
// P(b wins) at confidence 1 - kLadderAlpha / m (Bonferroni over the ladder's m pairs), carried to
// the score's scale ((1 + d) / 2). The pair is significant exactly when that interval excludes
// 50%, and the agent above 50% beats the other.
struct PairResult {
  size_t a = 0, b = 0;
  uint64_t games = 0;
  uint64_t wins_a = 0, wins_b = 0, draws = 0, unfinished = 0;
  stats::Interval win_rate_a;  // Wilson 95% interval of wins_a / finished (JSON win_rate)
  // P(a wins) - P(b wins) with Tango's 95% interval and the score test of "neither is stronger"
  // (stats::first_player_advantage with a in the first place).
  stats::Advantage advantage;
  double score = kNaN;       // (wins_a + draws / 2) / finished; NaN without a finished game
  stats::Interval score_ci;  // simultaneous (Bonferroni) interval of the score, see above
  double p_bonferroni = 1;   // advantage.p_value times m, at most 1
  bool significant = false;  // score_ci excludes 0.5
  uint64_t finished() const { return wins_a + wins_b + draws; }
  bool a_beats_b() const { return significant && score_ci.low > 0.5; }
};

// A Bradley-Terry rating on the Elo scale: 400 log10 of the strength relative to agents[0]
// (whose rating is 0), with a 95% interval from the observed information matrix.
struct Rating {
  double elo = 0;
  stats::Interval ci95;
};

// How a set of games ended, in the completion states every output uses (sim::Completion, counted
// by sim::GameTally::completed; docs/terms.md, "Endings"): by the source's rule, the paraphrase's
// rule, an assumed rule, stopped by a stopping rule the reconstruction adds (the no-progress rule,
// stop_after_rounds), at the safety bound (max_plies, max_rounds); shares of the games, in
// sim::Completion order. For a game played in matches, the same states of the matches' recorded
// rounds (sim::MatchStats::round_completed): a match ended by a rule can rest on rounds the
// no-progress rule ended.
struct Completion {
  double share[sim::kCompletions] = {0, 0, 0, 0, 0};
  uint64_t rounds = 0;  // recorded rounds; 0 for single games (no round shares)
  double round_share[sim::kCompletions] = {0, 0, 0, 0, 0};
  double of(sim::Completion c) const { return share[static_cast<int>(c)]; }
  double round_of(sim::Completion c) const { return round_share[static_cast<int>(c)]; }
  // Ended by the text's rule: the source's or the paraphrase's (classes 1 and 2 together).
  double text_rule() const { return share[0] + share[1]; }
  double round_text_rule() const { return round_share[0] + round_share[1]; }
  // The text's rule ended fewer than half of the games (of the rounds: none when single games):
  // the mark the tables print, decided here (issue 36, item 5).
  bool text_rule_minority() const { return 2 * text_rule() < 1; }
  bool round_text_rule_minority() const { return rounds > 0 && 2 * round_text_rule() < 1; }
};
// From a tally's counts (zeros when it has no game).
Completion completion_of(const sim::GameTally& tally);

// Self-play of one agent: both seats the same agent.
// A set of games' results as the ladder's tables print them: each seat's win rate and the draw
// rate over the finished games, each with its Wilson interval (all NaN without a finished game);
// made by ladder_figures so that the renderers only format them (issue 36, item 5).
struct ResultRates {
  stats::Estimate wins[2];  // first player, second
  stats::Estimate draws;
  double mean_plies = kNaN, median_plies = kNaN;  // the games' lengths (NaN without a game)
};
// The rates of wins[0], wins[1] and draws out of `finished` games (stats::rate_estimate), and the
// mean and median of `plies`, the games' lengths.
ResultRates result_rates(uint64_t wins_first, uint64_t wins_second, uint64_t draws,
                         uint64_t finished, const stats::IntHistogram& plies);

struct SelfPlay {
  size_t agent = 0;
  const sim::RunStats* run = nullptr;
  stats::Advantage advantage;  // first-player advantage
  ResultRates rates;           // over the run's finished games
  Completion completion;
  int fixed_depth = 0;           // alphabeta:D's D; 0 for a search without a fixed depth
  bool parity_artefact = false;  // a fixed-depth level whose advantage follows its depth's parity
};

// Fixed-depth alpha-beta's self-play by the parity of its depth (issue 20, item 7): the player
// who makes the last ply of the horizon is favoured, so the first-player advantage can swing with
// the depth (Toguz Kumalak: +0.15, +0.31, +0.57, -0.28, +0.96 for depths 1 to 5). Checked when the
// ladder has fixed-depth levels of both parities: the odd depths' pooled games against the even
// depths'.
struct DepthParity {
  bool checked = false;  // levels of both parities were played
  int levels = 0;        // fixed-depth levels played (with 2, parity and strength are confounded)
  stats::Advantage odd, even;
  stats::AdvantageDifference difference;  // odd - even
  bool significant() const { return checked && difference.p_value < 0.05; }
};

// Real games set beside the self-play levels (Toguz Kumalak's tournament games).
struct RealGames {
  std::string source;       // the file read
  std::string description;  // "742 tournament games, Kazakhstan 2016-2018"
  uint64_t games = 0;
  std::array<uint64_t, 2> wins{};  // first player (white), second
  uint64_t draws = 0;
  stats::IntHistogram plies;  // moves recorded per game (a resigned game ends early)
  // Games whose recorded moves reach the end of the game under the rules (replayed by the
  // engine); the others were resigned or agreed, so their lengths are lower bounds.
  uint64_t reached_end = 0;
};
// The default file of real games for a game key: Toguz Kumalak's 742 tournament games
// (data/games/togyz/kazakhstan-2016-2018.jsonl under data_dir()); empty for other games or
// when the file is not there.
std::string default_real_games_path(const std::string& game);
// Reads a JSON-lines file of Toguz Kumalak games (keys "result": "1-0" | "0-1" | "1/2-1/2" and
// "notation", the standard notation; sim::parse_togyz_notation). Throws mancala::Error
// "<file>: line N: <what is wrong>".
RealGames read_togyz_games(const std::string& path);
// The real games a ladder of `game` sets beside self-play (`ladder --real-games FILE`, the
// Python module's ladder(real_games=)): none when `none`, else the games of `path`, else of the
// game's default file (default_real_games_path), else none.
std::optional<RealGames> real_games_for(const std::string& game, const std::string& path,
                                        bool none);

// How close one self-play level is to the real games: the total variation distance between the
// two distributions of results (first player wins, second wins, draw), and the median lengths.
struct Likeness {
  size_t agent = 0;
  double result_distance = 0;  // in [0, 1]: 0 the same shares
  double median_plies = 0;     // self-play
  stats::Interval ci95;        // bootstrap percentile interval (both samples resampled)
};

struct LadderFigures {
  std::vector<PairResult> pairs;  // every unordered pair a < b, in order (0,1), (0,2), ...
  std::vector<Rating> ratings;    // one per agent
  std::vector<size_t> chain;      // a longest chain, weakest first; its length is the skill depth
  std::vector<SelfPlay> self_play;
  std::optional<RealGames> real;
  // With real games: their rates over every game recorded and their first-player advantage.
  ResultRates real_rates;
  stats::Advantage real_advantage;
  std::vector<Likeness> likeness;  // per agent when real games are given
  // The level with the smallest result distance, and the verdict: most_like_real is that level
  // only when its distance's interval lies below every other level's interval (the levels are
  // told apart); otherwise it is empty and no level is named closest.
  std::optional<size_t> nearest_real;
  std::optional<size_t> most_like_real;
  DepthParity parity;
  // One sentence per pair whose ratings and head-to-head disagree: the agent rated higher does not
  // win more of their games than the one rated lower (issue 20: "the ladder itself warns, in every
  // output, when an agent it ranks higher does not beat one it ranks lower").
  std::vector<std::string> warnings;
  // Each run's document (sim::run_stats_to_json: its counts, and its figures with their
  // intervals), in the ladder's order: what the ladder's JSON and the tidy CSV's ladder rows
  // carry, made here so that the renderers only format them (issue 36, item 5).
  std::vector<nlohmann::json> run_documents;
  // The confidence of each pair's score interval: 1 - alpha / pairs (Bonferroni over the pairs).
  double score_confidence = 0;
  // The pair (a, b) in either order: the result from a's side.
  PairResult pair(size_t a, size_t b) const;
  size_t skill_depth() const { return chain.size(); }
};

// Computes every figure of a ladder (complete or not: from the games counted).
LadderFigures ladder_figures(const Ladder& ladder, std::optional<RealGames> real = std::nullopt);

// Bradley-Terry strengths from a win matrix (wins[a][b]: a's wins against b, a draw counted as
// half a win for each), fitted by the MM algorithm (Hunter 2004) with one virtual draw added to
// every pair that played (it keeps an unbeaten agent's rating finite); ratings relative to agent 0.
std::vector<Rating> bradley_terry(const std::vector<std::vector<double>>& wins);

// A longest chain c0, c1, ... in which each agent beats the one before (beats[x][y]: x beats y),
// of the longest the lexicographically first by agent index; empty only when there is no agent.
std::vector<size_t> longest_chain(const std::vector<std::vector<bool>>& beats);

// ---- output ----------------------------------------------------------------------------------

// The ladder as JSON: "ruleset", "seed", "games", "shard", "partial", "agents", "matrix" (k x k,
// row against column, null on the diagonal), "ratings", "skill_depth", "self_play", "real_games"
// (when given), "runs" (every ordered pair's run JSON, what ladder_from_json reads back). Schema
// in docs/ladder.md.
nlohmann::json ladder_to_json(const Ladder& ladder, const LadderFigures& figures);
// Reads ladder_to_json's output back (its runs; the figures are recomputed). Throws
// mancala::Error "<context>: <key>: <what is wrong>".
Ladder ladder_from_json(const nlohmann::json& json, const std::string& context);
// True when the JSON is a ladder's: an object with "kind": "ladder".
bool is_ladder_json(const nlohmann::json& json);

// The text, HTML and Markdown forms are renderers: reports/ladder_render.h.

}  // namespace mancala::analysis
