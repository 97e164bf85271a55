#include "simulator/play.h"

namespace mancala::sim {

GameResult play_game(const Game& game, AgentSpec first, AgentSpec second, Rng& rng,
                     GameObserver* observer) {
  Player p1(game, first);
  if (first == second) return play_game(game, p1, p1, rng, observer);
  Player p2(game, second);
  return play_game(game, p1, p2, rng, observer);
}

void play_round(const Game& game, const MatchState& match, State& s, Player& first, Player& second,
                Rng& rng, GameObserver* observer) {
  MoveList moves;
  while (!s.over) {
    if (game.joint_turn(s)) {
      // Both choose from the same position, neither seeing the other's choice.
      JointMove jm;
      for (int p = 0; p < 2; ++p) {
        game.legal_moves(s, p, moves);
        if (moves.size == 0) continue;
        jm.plays[p] = true;
        jm.move[p] = (p == 0 ? first : second).choose(match, s, p, moves, rng);
      }
      if (game.draws_order() && jm.plays[0] && jm.plays[1])
        jm.first = static_cast<uint8_t>(rng.below(2));
      if (observer) {
        const State before = s;
        const JointEffect fx = game.apply_joint(s, jm);
        observer->on_joint_move(before, jm, fx, s);
      } else {
        game.apply_joint(s, jm);
      }
      continue;
    }
    game.legal_moves(s, moves);
    const Move m = (s.to_move == 0 ? first : second).choose(match, s, s.to_move, moves, rng);
    if (observer) {
      const State before = s;
      const MoveEffect fx = game.apply(s, m);
      observer->on_move(before, m, fx, s);
    } else {
      game.apply(s, m);
    }
  }
}

GameResult play_game(const Game& game, Player& first, Player& second, Rng& rng,
                     GameObserver* observer) {
  first.new_game();
  second.new_game();
  GameResult result;
  MatchState match;
  State s = start_match(game, match);
  if (observer) observer->on_start(s);
  for (;;) {  // rounds: one unless the rules play a match
    play_round(game, match, s, first, second, rng, observer);
    result.plies += s.ply;
    result.relay_bound_hits += s.relay_bound_hits;
    const RoundRecord record = finish_round(game, match, s);
    if (result.rounds < kMaxRounds) result.round[result.rounds] = record;
    ++result.rounds;
    if (!game.rules().match) {
      next_round(game, match, s, rng);
      break;
    }
    if (observer) {
      const State ended = s;
      const bool more = next_round(game, match, s, rng);
      observer->on_round_end(ended, record, more ? &s : nullptr, match);
      if (!more) break;
    } else if (!next_round(game, match, s, rng)) {
      break;
    }
  }
  if (observer) observer->on_end(s);
  result.winner = match.winner;
  result.reason = match.reason;
  result.store = match.holdings;
  return result;
}

}  // namespace mancala::sim
