// The loop that plays one whole game (or match) with one agent per player (agents.h).
//
// The agents are Players (agents.h): random play is decided inline, so the playout loop has no
// virtual call and no allocation per move. The observer sees every move, for traces.
#pragma once

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

// The result of one game; of a whole match when the rules play rounds (see match.h).
struct GameResult {
  int8_t winner = kNobody;              // 0, 1, kDraw, or kNobody when unfinished
  EndReason reason = EndReason::kNone;  // of a match: see MatchState::reason
  int plies = 0;                        // over all rounds
  std::array<int16_t, 2> store{};  // what each holds at the end (a match: captured + set aside)
  uint32_t relay_bound_hits = 0;   // over all rounds
  int rounds = 0;                  // rounds played (1 for a one-round game)
  std::array<RoundRecord, kMaxRounds>
      round;  // round[i] for i < rounds; the rest is not initialised
};

// Plays from the initial state to the end, `first` playing player 1 and `second` player 2 (the
// same Player may play both). Calls new_game() on both first.
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
