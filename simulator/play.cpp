#include "simulator/play.h"

#include <cstring>

#include "simulator/playout.h"
#include "simulator/round_tracker.h"

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

// Every counter is on the board, in a store or set aside: "round R <what> N counters of T".
void check_counters(const Game& game, const State& s, int round, const char* what) {
  const int total = game.rules().total_counters;
  const int on_board = game.counters_total(s);
  if (on_board != total) {
    throw EngineFault(game.rules().id, "round " + std::to_string(round) + " " + what + " " +
                                           std::to_string(on_board) + " counters of " +
                                           std::to_string(total));
  }
}

void check_deal(const Game& game, const State& dealt, int round) {
  check_counters(game, dealt, round, "was dealt");
}

}  // namespace

void check_round_conservation(const Game& game, const State& ended, const RoundRecord& record,
                              int round) {
  check_counters(game, ended, round, "ended with");
  const int total = game.rules().total_counters;
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

namespace {

// One round played to its end (s.over), every move shown to `tracker` (the playability metrics'
// RoundTracker, or NoPlayoutHooks) and to the observer, if any.
template <class Tracker>
void play_round_tracked(const Game& game, const MatchState& match, State& s, Player& first,
                        Player& second, Rng& rng, GameObserver* observer, Tracker& tracker) {
  // Random against random, unwatched: the playout loop draws the same moves from the same stream.
  if (!observer && first.spec().kind == Agent::kRandom && second.spec().kind == Agent::kRandom) {
    random_playout(game, s, rng, tracker);
    return;
  }
  MoveList moves;
  while (!s.over) {
    if (game.joint_turn(s)) {
      // Both choose from the same position, neither seeing the other's choice.
      const JointMove jm = choose_joint_move(game, s, moves, rng, [&](int p, const MoveList& m) {
        return (p == 0 ? first : second).choose(match, s, p, m, rng);
      });
      if (!jm.plays[0] && !jm.plays[1]) [[unlikely]]
        no_move_fault(game, s, s.to_move);
      if (observer) {
        const State before = s;
        const JointEffect fx = game.apply_joint(s, jm);
        tracker.after_joint(s, jm, fx);
        observer->on_joint_move(before, jm, fx, s);
      } else {
        tracker.after_joint(s, jm, game.apply_joint(s, jm));
      }
      continue;
    }
    game.legal_moves(s, moves);
    if (moves.size == 0) [[unlikely]]
      no_move_fault(game, s, s.to_move);
    const int mover = s.to_move;
    const Move m = (mover == 0 ? first : second).choose(match, s, mover, moves, rng);
    if (observer) {
      const State before = s;
      const MoveEffect fx = game.apply(s, m);
      tracker.after_move(s, mover, fx.extra_move);
      observer->on_move(before, m, fx, s);
    } else {
      tracker.after_move(s, mover, game.apply(s, m).extra_move);
    }
  }
}

}  // namespace

void play_round(const Game& game, const MatchState& match, State& s, Player& first, Player& second,
                Rng& rng, GameObserver* observer) {
  NoPlayoutHooks none;
  play_round_tracked(game, match, s, first, second, rng, observer, none);
}

GameResult play_game(const Game& game, Player& first, Player& second, Rng& rng,
                     GameObserver* observer) {
  first.new_game();
  second.new_game();
  GameResult result;
  MatchState match;
  State s = start_match(game, match);
  if (observer) observer->on_start(s);
  RoundTracker tracker(game);
  tracker.start(s);
  for (;;) {  // rounds: one unless the rules play a match
    play_round_tracked(game, match, s, first, second, rng, observer, tracker);
    result.plies += s.ply;
    result.relay_bound_hits += s.relay_bound_hits;
    const RoundPlay& play = tracker.finish(s);
    result.turns += play.turns;
    const RoundRecord record = finish_round(game, match, s);
    if (result.rounds < kMaxRounds) {
      result.round[result.rounds] = record;
      result.play[result.rounds] = play;
    }
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
    tracker.start(s);
  }
  if (observer) observer->on_end(s);
  result.winner = match.winner;
  result.reason = match.reason;
  result.rule_end = match.rule_end;
  result.completion = completion_of(match.reason, game.ending_class(match.rule_end));
  result.store = match.holdings;
  return result;
}

}  // namespace mancala::sim
