// Issue 20, "a search fingerprint": the node counts and chosen moves of alpha-beta and the
// playout plies and chosen moves of MCTS on fixed positions of each seed game, pinned, so that a
// change of search behaviour (evaluation, ordering, table, pruning, tree policy, playouts) shows
// as a diff of this table. A change made on purpose updates kExpected with the table the failure
// prints, and the commit says why the searches changed.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "simulator/alphabeta.h"
#include "simulator/describe.h"
#include "simulator/mcts.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {
namespace {

// Each seed game's default reading; positions after `plies` random plies from Rng(11, 0).
const char* const kRulesets[] = {"kalah", "khutka_boia", "mawkar_katiya",
                                 "otep",  "sonka",       "toguz_kumalak"};
const int kPlies[] = {0, 12, 30};

// The position after `plies` random plies (joint turns played with both moves drawn), or the
// first one after it where the player to move has a choice; false when the game ended first.
bool reach(const Game& game, int plies, State& s) {
  MatchState match;
  s = start_match(game, match);
  Rng rng(11, 0);
  MoveList moves, other;
  for (int ply = 0; !s.over; ++ply) {
    game.legal_moves(s, moves);
    if (ply >= plies && moves.size > 1) return true;
    if (game.joint_turn(s)) {
      JointMove jm;
      for (int p = 0; p < 2; ++p) {
        game.legal_moves(s, p, other);
        if (other.size == 0) continue;
        jm.plays[p] = true;
        jm.move[p] = other[static_cast<int>(rng.below(static_cast<uint32_t>(other.size)))];
      }
      game.apply_joint(s, jm);
    } else {
      game.apply(s, moves[static_cast<int>(rng.below(static_cast<uint32_t>(moves.size)))]);
    }
  }
  return false;
}

// One line per position: the ruleset, the ply reached, the player to move, then alphabeta:4's
// move and nodes (a fresh table) and mcts:300's move and playout plies.
std::string fingerprint() {
  std::ostringstream out;
  for (const char* id : kRulesets) {
    const Game game(load_ruleset(id));
    for (int plies : kPlies) {
      State s;
      if (!reach(game, plies, s)) continue;
      const int p = s.to_move;
      const bool joint = game.joint_turn(s);
      MoveList moves;
      game.legal_moves(s, p, moves);
      MatchState match;
      AlphaBeta ab(game, 4);
      ab.new_game();
      Rng ab_rng(5, 0);
      const Move a =
          joint ? ab.choose_joint(match, s, p, moves, ab_rng) : ab.choose(match, s, moves, ab_rng);
      Mcts mcts(game, 300);
      Rng mcts_rng(5, 0);
      const Move m = joint ? mcts.choose_joint(s, p, mcts_rng) : mcts.choose(s, moves, mcts_rng);
      out << game.rules().id << " ply " << s.ply << " P" << p + 1 << (joint ? " joint" : "")
          << ": alphabeta:4 " << move_label(game, p, a) << " nodes " << ab.nodes() << "; mcts:300 "
          << move_label(game, p, m) << " playout_plies " << mcts.playout_plies() << "\n";
    }
  }
  return out.str();
}

const char* const kExpected =
    R"(kalah/standard ply 0 P1: alphabeta:4 6 nodes 194; mcts:300 6 playout_plies 12056
kalah/standard ply 12 P2: alphabeta:4 6 nodes 161; mcts:300 4 playout_plies 10042
kalah/standard ply 30 P1: alphabeta:4 1 nodes 107; mcts:300 6 playout_plies 3382
khutka_boia/das_gupta_1926 ply 0 P1: alphabeta:4 2 nodes 117; mcts:300 3 playout_plies 11746
khutka_boia/das_gupta_1926 ply 12 P1: alphabeta:4 1 nodes 23; mcts:300 1 playout_plies 6011
khutka_boia/das_gupta_1926 ply 30 P2: alphabeta:4 1 nodes 26; mcts:300 1 playout_plies 1414
mawkar_katiya/das_gupta_1923 ply 0 P1: alphabeta:4 7 nodes 262; mcts:300 2 playout_plies 20389
mawkar_katiya/das_gupta_1923 ply 12 P1: alphabeta:4 6 nodes 121; mcts:300 6 playout_plies 16426
mawkar_katiya/das_gupta_1923 ply 30 P1: alphabeta:4 4 nodes 25; mcts:300 4 playout_plies 10020
otep/beaton_1939 ply 1 P1: alphabeta:4 i7 nodes 326; mcts:300 o1 playout_plies 22730
otep/beaton_1939 ply 12 P1: alphabeta:4 o3 nodes 9798; mcts:300 o7 playout_plies 392
sonka/vanoverbergh_1927 ply 0 P1 joint: alphabeta:4 1 nodes 35194; mcts:300 2 playout_plies 5744
sonka/vanoverbergh_1927 ply 12 P1 joint: alphabeta:4 2 nodes 121; mcts:300 2 playout_plies 941
toguz_kumalak/standard ply 0 P1: alphabeta:4 9 nodes 1281; mcts:300 2 playout_plies 36748
toguz_kumalak/standard ply 12 P1: alphabeta:4 2 nodes 500; mcts:300 4 playout_plies 36352
toguz_kumalak/standard ply 30 P1: alphabeta:4 7 nodes 359; mcts:300 2 playout_plies 31067
)";

TEST(SearchFingerprint, NodeCountsAndMovesOnFixedPositionsAreUnchanged) {
  const std::string actual = fingerprint();
  EXPECT_EQ(actual, std::string(kExpected))
      << "the searches changed; if on purpose, set kExpected to:\n"
      << actual;
}

}  // namespace
}  // namespace mancala::sim
