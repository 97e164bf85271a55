// Agents and the loop that plays one whole game with them.
//
// Agents are a closed set chosen by name (random, greedy): a switch, not virtual dispatch, so
// the playout loop stays inlined. The observer sees every move, for traces.
#pragma once

#include <string>

#include "simulator/engine.h"
#include "simulator/rng.h"

namespace mancala::sim {

enum class Agent : uint8_t {
  kRandom,  // uniformly among the legal moves
  kGreedy,  // the move capturing most at once; ties at random
};
// Parses "random" | "greedy"; throws mancala::UsageError otherwise.
Agent parse_agent(const std::string& name);
std::string agent_name(Agent agent);

Move choose_move(Agent agent, const Game& game, const State& s, const MoveList& moves, Rng& rng);

// Sees a game as it is played (all default to doing nothing).
class GameObserver {
 public:
  virtual ~GameObserver() = default;
  virtual void on_start(const State&) {}
  virtual void on_move(const State& /*before*/, Move, const MoveEffect&, const State& /*after*/) {}
  virtual void on_end(const State&) {}
};

struct GameResult {
  int8_t winner = kNobody;  // 0, 1, kDraw, or kNobody when unfinished
  EndReason reason = EndReason::kNone;
  int plies = 0;
  std::array<int16_t, 2> store{};
  uint32_t relay_bound_hits = 0;
};

// Plays from the initial state to the end with one agent per player.
GameResult play_game(const Game& game, Agent first, Agent second, Rng& rng, GameObserver* observer = nullptr);

}  // namespace mancala::sim
