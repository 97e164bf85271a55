#include "simulator/play.h"

#include "common/error.h"

namespace mancala::sim {

Agent parse_agent(const std::string& name) {
  if (name == "random") return Agent::kRandom;
  if (name == "greedy") return Agent::kGreedy;
  throw UsageError("--agent: '" + name + "' is not an agent (random|greedy)");
}

std::string agent_name(Agent agent) { return agent == Agent::kRandom ? "random" : "greedy"; }

Move choose_move(Agent agent, const Game& game, const State& s, const MoveList& moves, Rng& rng) {
  switch (agent) {
    case Agent::kRandom:
      return moves[static_cast<int>(rng.below(static_cast<uint32_t>(moves.size)))];
    case Agent::kGreedy: {
      int best = -1;
      MoveList best_moves;
      for (const Move& m : moves) {
        State copy = s;
        const int gain = game.apply(copy, m).captured;
        if (gain > best) {
          best = gain;
          best_moves.size = 0;
        }
        if (gain == best) best_moves.push(m);
      }
      return best_moves[static_cast<int>(rng.below(static_cast<uint32_t>(best_moves.size)))];
    }
  }
  return moves[0];
}

GameResult play_game(const Game& game, Agent first, Agent second, Rng& rng, GameObserver* observer) {
  State s = game.initial_state();
  if (observer) observer->on_start(s);
  MoveList moves;
  while (!s.over) {
    game.legal_moves(s, moves);
    const Move m = choose_move(s.to_move == 0 ? first : second, game, s, moves, rng);
    if (observer) {
      const State before = s;
      const MoveEffect fx = game.apply(s, m);
      observer->on_move(before, m, fx, s);
    } else {
      game.apply(s, m);
    }
  }
  if (observer) observer->on_end(s);
  return GameResult{s.winner, s.reason, s.ply, s.store, s.relay_bound_hits};
}

}  // namespace mancala::sim
