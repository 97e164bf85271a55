// RunStats: the statistics of one simulation run (or of one shard of it), their JSON form and the
// merge of shards.
//
// Everything a run accumulates is an integer count or an integer histogram (stats::IntHistogram),
// so adding games and merging shards are exact and order-free: shards merged give the single run
// bit for bit, and every derived figure (rates, intervals, means, quantiles) is computed from the
// counts when the JSON is written. docs/simulate.md documents the JSON schema.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "simulator/play.h"
#include "stats/histogram.h"

namespace mancala::sim {

// Which share of a run's games a process plays: shard `index` of `count` (1-based), written "i/n".
struct Shard {
  int index = 1;
  int count = 1;
  friend bool operator==(const Shard&, const Shard&) = default;
};

// Parses "i/n" with 1 <= i <= n; throws mancala::UsageError
// "--shard: expected i/n with 1 <= i <= n, got '<text>'".
Shard parse_shard(const std::string& text);

// Game indices [begin, end).
struct GameRange {
  int64_t begin = 0;
  int64_t end = 0;
  int64_t size() const { return end - begin; }
  friend bool operator==(const GameRange&, const GameRange&) = default;
};

// The games a shard plays out of a run of `games`: a contiguous block, shard i of n getting
// [floor((i-1) N / n), floor(i N / n)). Contiguous blocks make a partial shard a prefix of its
// block and keep each worker's games consecutive.
GameRange shard_range(int64_t games, Shard shard);

// Statistics over the rounds of multi-round games (matches, rules.match): rounds per match, the
// results of each round by its first mover, how rounds ended, and the results by handicap level at
// the start of the round. Disabled (and absent from the JSON) for single-round rulesets:
// simulate_ruleset enables it from the rules. Integer counts only, like GameTally.
struct MatchStats {
  // The results of the rounds dealt at one handicap level.
  struct Level {
    uint64_t rounds = 0;
    std::array<uint64_t, 2> wins{};  // by P1, P2
    uint64_t draws = 0;
    uint64_t unfinished = 0;
    void add(int8_t winner) {  // a round's result: 0, 1, kDraw, or kNobody when unfinished
      ++rounds;
      if (winner == 0 || winner == 1) {
        ++wins[static_cast<size_t>(winner)];
      } else if (winner == kDraw) {
        ++draws;
      } else {
        ++unfinished;
      }
    }
    void merge(const Level& other) {
      rounds += other.rounds;
      for (size_t p = 0; p < 2; ++p) wins[p] += other.wins[p];
      draws += other.draws;
      unfinished += other.unfinished;
    }
    friend bool operator==(const Level&, const Level&) = default;
  };

  // The whole handicap state a round was dealt with: each row's holes in play and who holds
  // which perk (0, 1 or kNobody): Khutka Boia's Kungidar (1-4 tribute) and Bhadar (2-3 bha),
  // and the player Mawkar Katiya's perks favour (the previous winner: toll and remainder holes).
  struct HandicapState {
    std::array<uint8_t, 2> holes_in_play{};
    int8_t tribute_to = kNobody;
    int8_t bha_owner = kNobody;
    int8_t favoured = kNobody;
    friend auto operator<=>(const HandicapState&, const HandicapState&) = default;
  };

  bool enabled = false;
  stats::IntHistogram rounds;  // rounds per match
  // Rounds recorded (the first kMaxRounds of each match) by their result for the round's first
  // mover: won by the first mover, by the other, drawn, stopped by max_plies.
  uint64_t first_mover_wins = 0, second_mover_wins = 0, round_draws = 0, round_unfinished = 0;
  std::array<uint64_t, 3> round_ended_by{};  // rule, no_progress, safety_bound
  // Handicap level of a round: P1's holes in play minus P2's when it was dealt (0: even board).
  std::map<int, Level> by_holes_difference;
  std::map<HandicapState, Level> by_state;  // the same rounds by their whole handicap state

  bool empty() const { return !enabled; }
  void add(const GameResult& result);
  void merge(const MatchStats& other);
  // Adds this part's keys to a run's JSON object ("rounds", "round_results", ...; none when
  // disabled) and reads them back (enabled when "rounds" is there).
  void to_json(nlohmann::json& run) const;
  static MatchStats from_json(const nlohmann::json& run, const std::string& context);
  friend bool operator==(const MatchStats&, const MatchStats&) = default;
};

// Tallies of a set of games. Integers only: add() and merge() are exact and order-free.
struct GameTally {
  uint64_t games = 0;
  std::array<uint64_t, 2> wins{};  // first player (P1), second player (P2)
  uint64_t draws = 0;
  uint64_t unfinished = 0;  // stopped by the safety bound (max_plies)
  // Games by how they ended: by a rule, by the no-progress rule, by the safety bound.
  std::array<uint64_t, 3> ended_by{};
  uint64_t relay_bound_hits = 0;             // moves whose relay chain hit max_sowings_per_move
  uint64_t games_with_relay_bound_hits = 0;  // games with at least one such move
  stats::IntHistogram plies;                 // plies per game
  MatchStats match;

  void add(const GameResult& result);
  void merge(const GameTally& other);
  friend bool operator==(const GameTally&, const GameTally&) = default;
};

// One run: what was played, and the tally of the games counted.
struct RunStats {
  std::string ruleset;     // ruleset id
  std::string rules_hash;  // rules_hash() of the resolved rules
  std::string engine_version;
  // The agents (agents.h), as AgentPair::label(): "random" for both seats, "alphabeta:3,random"
  // for player 1 and player 2. The JSON has it as "agent" and as "agents" [P1, P2].
  std::string agent = "random";
  uint64_t seed = 0;
  int64_t games_requested = 0;  // N of the whole run
  Shard shard;
  GameRange range;       // the games this shard plays (shard_range)
  bool partial = false;  // stopped early: only the first tally.games games of range counted
  GameTally tally;

  friend bool operator==(const RunStats&, const RunStats&) = default;
};

// The run as JSON (schema in docs/simulate.md). Derived figures are recomputed from the counts,
// so equal RunStats give byte-identical dumps.
nlohmann::json run_stats_to_json(const RunStats& run);
// Reads run_stats_to_json's output back (the counts and histograms; derived figures are not
// trusted). Throws mancala::Error "<context>: <key>: <what is wrong>" on a malformed object or
// counts that do not add up.
RunStats run_stats_from_json(const nlohmann::json& json, const std::string& context);

// One shard to merge and where it came from (a file name, for messages).
struct ShardInput {
  std::string origin;
  RunStats run;
};
// Merges every shard of one run into the single-run result (shard 1/1 over all N games). The
// shards must be complete (not partial) and agree on ruleset, rules hash, engine version, agent,
// seed, N and shard count, with each index 1..n exactly once; otherwise throws mancala::Error
// "<origin>: <ruleset>: <what is wrong>".
RunStats merge_shards(const std::vector<ShardInput>& shards);

}  // namespace mancala::sim
