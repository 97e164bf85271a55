// random_playout: plays a round on to its end with uniformly random moves, the floor under every
// search agent (MCTS playouts) and benchmark. One tight loop, no allocation: the move list lives on
// the stack and the engine's apply() is the whole work.
//
// Joint turns (simultaneous.h): each player who has a move picks one uniformly; when the ruleset
// draws the order (Game::draws_order) and both play, the order is drawn from the same stream.
// Every random number comes from `rng`, so a playout is a function of (state, rng).
#pragma once

#include "simulator/engine.h"
#include "simulator/rng.h"

namespace mancala::sim {

// The contract broken: the player to move has no legal move in a position that is not over.
[[noreturn, gnu::cold, gnu::noinline]] inline void playout_no_move(const Game& game,
                                                                   const State& s) {
  throw EngineFault(game.rules().id, "ply " + std::to_string(s.ply) + ": P" +
                                         std::to_string(s.to_move + 1) +
                                         " has no legal move in a position that is not over");
}

// Plays `s` to the end of its round (s.over); returns the plies played.
inline int random_playout(const Game& game, State& s, Rng& rng) {
  MoveList moves;
  int plies = 0;
  while (!s.over) {
    if (game.joint_turn(s)) {
      JointMove jm;
      for (int p = 0; p < 2; ++p) {
        game.legal_moves(s, p, moves);
        if (moves.size == 0) continue;
        jm.plays[p] = true;
        jm.move[p] = moves[static_cast<int>(rng.below(static_cast<uint32_t>(moves.size)))];
      }
      if (!jm.plays[0] && !jm.plays[1]) [[unlikely]]
        playout_no_move(game, s);
      if (game.draws_order() && jm.plays[0] && jm.plays[1])
        jm.first = static_cast<uint8_t>(rng.below(2));
      game.apply_joint(s, jm);
    } else {
      game.legal_moves(s, moves);
      if (moves.size == 0) [[unlikely]]
        playout_no_move(game, s);  // never hand out a stale move (issue 12)
      game.apply(s, moves[static_cast<int>(rng.below(static_cast<uint32_t>(moves.size)))]);
    }
    ++plies;
  }
  return plies;
}

}  // namespace mancala::sim
