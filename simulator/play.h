// The loop that plays one whole game (or match) with one agent per player (agents.h).
//
// The agents are Players (agents.h): random play is decided inline, so the playout loop has no
// virtual call and no allocation per move. The observer sees every move, for traces.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>

#include "simulator/agents.h"
#include "simulator/engine.h"
#include "simulator/match.h"
#include "simulator/rng.h"

namespace mancala::sim {

// Sees a game as it is played (all default to doing nothing).
class GameObserver {
 public:
  virtual ~GameObserver() = default;
  virtual void on_start(const State&) {}
  virtual void on_move(const State& /*before*/, Move, const MoveEffect&, const State& /*after*/) {}
  // A simultaneous turn (simultaneous.h). By default it is shown to on_move as one move of the
  // first player who played, with his effect and the state after the whole turn.
  virtual void on_joint_move(const State& before, const JointMove& jm, const JointEffect& fx,
                             const State& after) {
    const int p = jm.plays[0] ? 0 : 1;
    on_move(before, jm.move[p], fx.fx[p], after);
  }
  // After each round of a match (rules.match): the finished round's last state and record and,
  // unless the match is over (next == nullptr), the next round's first position; match.setup is
  // then its settlement. Not called in a one-round game.
  virtual void on_round_end(const State& /*ended*/, const RoundRecord&, const State* /*next*/,
                            const MatchState&) {}
  virtual void on_end(const State&) {}
};

// What the play loop records of one round (a one-round game is one round) for the playability
// metrics (docs/metrics.md). The lead is what P1 holds minus what P2 holds (State::store, which
// takes every capture, sink and tuzdyk, plus State::aside), after the deal and after every ply.
// No member initialisers, like RoundRecord: GameResult holds kMaxRounds of them.
struct RoundPlay {
  uint16_t turns;         // plies that begin a turn: all but the extra moves (store_extra_move)
  uint16_t lead_changes;  // flips of the lead's sign from one non-zero sign to the other
  int16_t max_lead;       // the largest lead (P1 furthest ahead), the deal included
  int16_t min_lead;       // the smallest (P2 furthest ahead)
  // The ply after which player p first held more than half of all counters (0: already at the
  // deal); kNever when he never did.
  std::array<uint16_t, 2> majority_ply;
  // The lead's standard deviation over the round's positions (after the deal and after every
  // ply), in thousandths of all counters, rounded down (the metric "stability", metrics.h).
  uint16_t stability;
  static constexpr uint16_t kNever = 0xFFFF;
  // No ply, no lead: a record to start from (tests make records by hand).
  static constexpr RoundPlay none() { return RoundPlay{0, 0, 0, 0, {kNever, kNever}, 0}; }
  // The eventual winner w's largest deficit: how far behind he was at worst (0 if never behind).
  int deficit_of(int w) const { return w == 0 ? std::max(0, -min_lead) : std::max(0, +max_lead); }
  friend bool operator==(const RoundPlay&, const RoundPlay&) = default;
};

// The result of one game; of a whole match when the rules play rounds (see match.h).
struct GameResult {
  int8_t winner = kNobody;              // 0, 1, kDraw, or kNobody when unfinished
  EndReason reason = EndReason::kNone;  // of a match: see MatchState::reason
  RuleEnd rule_end = RuleEnd::kNone;    // with reason kRule: the rule that ended it
  // Its class (ending.h): set by play_game from the rule's witness. The tallies count a rule
  // ending that names no rule_end (a result made by hand) as assumed.
  Completion completion = Completion::kAssumedRule;
  int plies = 0;                   // over all rounds
  std::array<int16_t, 2> store{};  // what each holds at the end (a match: captured + set aside)
  uint32_t relay_bound_hits = 0;   // over all rounds
  int rounds = 0;                  // rounds played (1 for a one-round game)
  std::array<RoundRecord, kMaxRounds>
      round;      // round[i] for i < rounds; the rest is not initialised
  int turns = 0;  // over all rounds: the plies that begin a turn (RoundPlay::turns)
  // play[i] for i < rounds, like round. A result made by hand (tests) must fill round[i] and
  // play[i] of every round it counts: the run's tallies read them (MetricTally).
  std::array<RoundPlay, kMaxRounds> play;
};

// The always-on check play_game makes at the end of every round (issue 12): every counter is on
// the board, in a store or set aside, and, in a match round that ended by a rule, the two
// holdings make the total. Throws EngineFault naming the ruleset and `round` (1-based) otherwise.
void check_round_conservation(const Game& game, const State& ended, const RoundRecord& record,
                              int round);

// Plays from the initial state to the end, `first` playing player 1 and `second` player 2 (the
// same Player may play both). Calls new_game() on both first. Checks conservation at the end of
// every round and every deal, and that the player to move has a legal move: a failure throws
// EngineFault (see engine.h), which the batch runner completes with the game's seed and index.
GameResult play_game(const Game& game, Player& first, Player& second, Rng& rng,
                     GameObserver* observer = nullptr);
// The same with players made for this one game (a search agent allocates its table here: a batch
// keeps one Player per thread instead).
GameResult play_game(const Game& game, AgentSpec first, AgentSpec second, Rng& rng,
                     GameObserver* observer = nullptr);

// Plays the round in `s` to its end (s.over), `first` playing player 1 and `second` player 2: the
// move loop play_game runs for every round, for callers that deal a round themselves (the handicap
// levels, analysis/handicap_builder.h). The observer sees every move, not the round's end.
void play_round(const Game& game, const MatchState& match, State& s, Player& first, Player& second,
                Rng& rng, GameObserver* observer = nullptr);

}  // namespace mancala::sim
