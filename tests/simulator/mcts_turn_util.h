// One turn played by MCTS, shared by the MCTS tests and the MCTS benchmark (bench/mcts_bench.cpp),
// which includes it: no GoogleTest here.
#pragma once

#include <cstdint>

#include "simulator/engine.h"
#include "simulator/mcts.h"

namespace mancala::sim::mcts_testing {

// Sees nothing: for callers that only play.
struct NoCheck {
  void operator()(int /*player*/, Move /*move*/, bool /*joint*/) const {}
};

// Plays one turn of `s` with `mcts` choosing, as the play loop does: in a joint turn each player
// who has a move chooses from the same position (Mcts::choose_joint) and the order is drawn when
// the rules draw it; otherwise the mover chooses (Mcts::choose). `check(player, move, joint)` sees
// every choice before anything is played, `s` still the searched position.
template <class Check = NoCheck>
void mcts_turn(const Game& game, Mcts& mcts, State& s, Rng& rng, MoveList& moves,
               Check&& check = {}) {
  if (!game.joint_turn(s)) {
    game.legal_moves(s, moves);
    const Move m = mcts.choose(s, moves, rng);
    check(static_cast<int>(s.to_move), m, false);
    game.apply(s, m);
    return;
  }
  JointMove jm;
  for (int p = 0; p < 2; ++p) {
    game.legal_moves(s, p, moves);
    jm.plays[p] = moves.size > 0;
    if (!jm.plays[p]) continue;
    jm.move[p] = mcts.choose_joint(s, p, rng);
    check(p, jm.move[p], true);
  }
  const bool both = jm.plays[0] && jm.plays[1];
  if (both && game.draws_order()) jm.first = static_cast<uint8_t>(rng.below(2));
  game.apply_joint(s, jm);
}

}  // namespace mancala::sim::mcts_testing
