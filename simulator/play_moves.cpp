#include "simulator/play_moves.h"

#include <sstream>

#include "common/error.h"
#include "simulator/describe.h"
#include "simulator/match.h"
#include "simulator/simultaneous.h"

namespace mancala::sim {

State play_moves(const Game& game, const std::string& moves, const std::string& command) {
  std::istringstream in(moves);
  std::string token;
  int index = 0;
  MatchState match;
  State s = start_match(game, match);
  while (in >> token) {
    ++index;
    const std::string where = command + ": move " + std::to_string(index) + " '" + token + "'";
    if (s.over && game.rules().match && !match.over) {
      // A match: the next round is dealt from what each holds (a choice the rules leave to a
      // player, such as a bha's end, is drawn with seed 0, as no move names it).
      finish_round(game, match, s);
      Rng rng(0, 0);
      next_round(game, match, s, rng);
    }
    if (s.over) throw Error(where + ": the game is already over");
    if (game.joint_turn(s)) {
      game.apply_joint(s, parse_joint_move(game, s, token, where));
      continue;
    }
    const Move m = parse_move(game, s.to_move, token, where);
    if (!game.is_legal(s, m))
      throw Error(where + ": illegal for " + "P" + std::to_string(s.to_move + 1) +
                  " in this position");
    game.apply(s, m);
  }
  return s;
}

}  // namespace mancala::sim
