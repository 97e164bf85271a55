#include "simulator/play.h"

namespace mancala::sim {
namespace {

// The always-on checks (issue 12): cheap, once a round or one comparison a move, so that a
// defect of the engine is an error naming the ruleset, never a silent figure.
[[noreturn]] void no_move_fault(const Game& game, const State& s, int player) {
  throw EngineFault(game.rules().id, "round " + std::to_string(s.round + 1) + ", ply " +
                                         std::to_string(s.ply) + ": P" +
                                         std::to_string(player + 1) +
                                         " has no legal move in a position that is not over");
}

void check_deal(const Game& game, const State& dealt, int round) {
  const int total = game.rules().total_counters;
  const int on_board = game.counters_total(dealt);
  if (on_board != total) {
    throw EngineFault(game.rules().id, "round " + std::to_string(round) + " was dealt " +
                                           std::to_string(on_board) + " counters of " +
                                           std::to_string(total));
  }
}

}  // namespace

void check_round_conservation(const Game& game, const State& ended, const RoundRecord& record,
                              int round) {
  const int total = game.rules().total_counters;
  const int on_board = game.counters_total(ended);
  if (on_board != total) {
    throw EngineFault(game.rules().id, "round " + std::to_string(round) + " ended with " +
                                           std::to_string(on_board) + " counters of " +
                                           std::to_string(total));
  }
  if (game.rules().match && record.reason != EndReason::kSafetyBound &&
      record.holdings[0] + record.holdings[1] != total) {
    throw EngineFault(game.rules().id, "round " + std::to_string(round) + " ended with holdings " +
                                           std::to_string(record.holdings[0]) + "-" +
                                           std::to_string(record.holdings[1]) + " of " +
                                           std::to_string(total) + " counters");
  }
}

GameResult play_game(const Game& game, AgentSpec first, AgentSpec second, Rng& rng,
                     GameObserver* observer) {
  Player p1(game, first);
  if (first == second) return play_game(game, p1, p1, rng, observer);
  Player p2(game, second);
  return play_game(game, p1, p2, rng, observer);
}

GameResult play_game(const Game& game, Player& first, Player& second, Rng& rng,
                     GameObserver* observer) {
  first.new_game();
  second.new_game();
  GameResult result;
  MatchState match;
  State s = start_match(game, match);
  if (observer) observer->on_start(s);
  MoveList moves;
  for (;;) {  // rounds: one unless the rules play a match
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
        if (!jm.plays[0] && !jm.plays[1]) [[unlikely]]
          no_move_fault(game, s, s.to_move);
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
      if (moves.size == 0) [[unlikely]]
        no_move_fault(game, s, s.to_move);
      const Move m = (s.to_move == 0 ? first : second).choose(match, s, s.to_move, moves, rng);
      if (observer) {
        const State before = s;
        const MoveEffect fx = game.apply(s, m);
        observer->on_move(before, m, fx, s);
      } else {
        game.apply(s, m);
      }
    }
    result.plies += s.ply;
    result.relay_bound_hits += s.relay_bound_hits;
    const RoundRecord record = finish_round(game, match, s);
    if (result.rounds < kMaxRounds) result.round[result.rounds] = record;
    ++result.rounds;
    check_round_conservation(game, s, record, result.rounds);
    if (!game.rules().match) {
      next_round(game, match, s, rng);
      break;
    }
    if (observer) {
      const State ended = s;
      const bool more = next_round(game, match, s, rng);
      if (more) check_deal(game, s, result.rounds + 1);
      observer->on_round_end(ended, record, more ? &s : nullptr, match);
      if (!more) break;
    } else if (!next_round(game, match, s, rng)) {
      break;
    } else {
      check_deal(game, s, result.rounds + 1);
    }
  }
  if (observer) observer->on_end(s);
  result.winner = match.winner;
  result.reason = match.reason;
  result.store = match.holdings;
  return result;
}

}  // namespace mancala::sim
