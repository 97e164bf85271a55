// Game's play outside the move steps' templates (engine_steps.h): the watched move, a move tried
// alone, takes, the end of a round and the rules of a player without a move. The board is built in
// engine_board.cpp, the legal moves in engine_moves.cpp, the profiles' instances in
// engine_playout.cpp.
#include "simulator/engine.h"

#include <algorithm>
#include <cassert>

#include "simulator/engine_steps.h"

namespace mancala::sim {

bool Game::has_move(const State& s, int player) const {
  if (own_moves_) return bao_ ? bao_has_move(s, player) : owned_playable(s, player) != 0;
  return has_move_as<kAllFeatures & ~feature::kOwnership>(s, player);
}

// Out of line, like the other rules that try moves on a copy: the seed games' move loop must not
// carry a second copy of the move (scripts/bench_c_loop.sh).
bool Game::has_feeding_move(const State& s, int player) const {
  MoveList moves;
  legal_moves(s, player, moves);
  return moves.size > 0;
}

// The next position on the path that is in play.
int Game::step(const State& s, int player, bool reverse, int pos) const {
  return step_skipping(s.out_of_play | s.closed_to[player], player, reverse, pos);
}

int Game::take(State& s, int pos, int player) const {
  if (pos < 0 || pos >= kMaxHoles || in_mask(s.out_of_play, pos)) return 0;
  const int c = s.holes[pos];
  s.holes[pos] = 0;
  s.store[player] = static_cast<int16_t>(s.store[player] + c);
  return c;
}

bool Game::count_capturable(const State& s, int player, int pos) const {
  if (pos >= kMaxHoles || s.sink[pos] != kNobody || in_mask(s.out_of_play, pos) ||
      !capturing_count_[s.holes[pos]])
    return false;
  switch (rules_.capture_rows) {
    case CaptureRows::kOpponent:
      return owner(pos) != player;
    case CaptureRows::kOwn:
      return owner(pos) == player;
    case CaptureRows::kAny:
      break;
  }
  return true;
}

MoveEffect Game::apply(State& s, Move m, StepObserver* steps) const {
  assert(!s.over && !joint_turn(s) && is_legal(s, m));
  if (!steps) return apply(s, m);
  if (bao_) return bao_apply_watched(s, m, steps);
  Sowing c;
  const StepWatch watch{steps};
  begin_move(s, s.to_move, m, c, watch);
  run_move(s, c, watch);
  end_turn<kAllFeatures>(s, c.fx, steps);
  return c.fx;
}

void Game::end_round(State& s, EndReason reason, RuleEnd rule) const {
  s.over = true;
  s.reason = reason;
  s.rule_end = reason == EndReason::kRule ? rule : RuleEnd::kNone;
  if (reason == EndReason::kSafetyBound) {
    s.winner = kNobody;
  } else if (s.winner == kNobody) {
    const int held0 = s.store[0] + s.aside[0], held1 = s.store[1] + s.aside[1];
    s.winner = held0 > held1 ? 0 : held1 > held0 ? 1 : kDraw;
  }
}

bool Game::side_empty(const State& s, int player) const {
  for (int k = 0; k < rules_.holes_per_player; ++k) {
    if (s.holes[global(player, k)] > 0) return false;
  }
  return true;
}

bool Game::sweep_last(State& s, const MoveEffect& fx, StepObserver* steps) const {
  const int gained = fx.captured + fx.opponent_captured;
  if (gained == 0) return false;
  int on_board = 0;
  for (int pos = 0; pos < rules_.total_holes; ++pos) on_board += s.holes[pos];
  if (rules_.left_to == LeftTo::kOwners) {
    // Issue 38, Jimafesosh: "Play continues until there is one piece or fewer on the board, the
    // player to whom the row in which the single piece is located captures it." Counters leave
    // the board only by captures: the move that left at most end_when_left captured.
    if (on_board > rules_.end_when_left) return false;
    ++s.ply;
    s.quiet_turns = 0;
    end_owners_take_rows(s, EndReason::kRule, RuleEnd::kWhenLeft, steps);
    return true;
  }
  // Duene: "Play continues until there are only eight counters left. The first player to make a
  // capture with these eight counters captures them all."
  if (on_board + gained > rules_.end_when_left) return false;
  const int taker = fx.captured > 0 ? s.to_move : 1 - s.to_move;
  for (int pos = 0; pos < rules_.total_holes; ++pos) {
    if (steps) {
      take_watched(s, pos, taker, StepWatch{steps});
    } else {
      take(s, pos, taker);
    }
  }
  ++s.ply;
  s.quiet_turns = 0;
  end_round(s, EndReason::kRule, RuleEnd::kWhenLeft);
  return true;
}

void Game::end_owners_take_rows(State& s, EndReason reason, RuleEnd rule,
                                StepObserver* steps) const {
  if (wegs_) take_wegs(s, steps);  // issue 38: a weg's counters are its capturer's
  // The hole's owner in this round (hole_ownership: holes change owner between rounds); the
  // row's player where none has.
  const bool ceded = s.ceded != 0;
  for (int pos = 0; pos < rules_.total_holes; ++pos) {
    const int owner_now = ceded ? owner_in(s, pos) : owner(pos);
    if (steps) {
      take_watched(s, pos, owner_now, StepWatch{steps});
    } else {
      take(s, pos, owner_now);
    }
  }
  end_round(s, reason, rule);
}

bool Game::next_joint_turn(State& s, unsigned extra, StepObserver* steps) const {
  // The next turn is joint, unless exactly one player earned another move: he plays it alone
  // while the other waits. A player without a move waits (pass) or ends the round.
  s.solo = kNobody;
  if ((extra == 1u || extra == 2u) && has_move(s, extra == 1u ? 0 : 1)) {
    s.solo = static_cast<int8_t>(extra == 1u ? 0 : 1);
    s.to_move = static_cast<uint8_t>(s.solo);
    return true;
  }
  const bool can0 = has_move(s, 0);
  const bool can1 = has_move(s, 1);
  if (!can0 || !can1) {
    if ((!can0 && !can1) || rules_.no_move == NoMove::kEndOwnersTakeRows) {
      end_owners_take_rows(s, EndReason::kRule, RuleEnd::kNoMove, steps);
      return false;
    }
    if (rules_.no_move == NoMove::kEndMoverLoses) {
      s.winner = static_cast<int8_t>(can0 ? 0 : 1);
      end_round(s, EndReason::kRule, RuleEnd::kNoMove);
      return false;
    }
  }
  s.to_move = static_cast<uint8_t>(can0 ? 0 : 1);
  return true;
}

int Game::side_of_singletons(const State& s) const {
  bool only[2] = {true, true};
  for (int p = 0; p < 2; ++p) {
    for (int k = 0; k < rules_.holes_per_player && only[p]; ++k)
      only[p] = s.holes[global(p, k)] <= 1;
  }
  return only[0] && only[1] ? 2 : only[0] ? 0 : only[1] ? 1 : -1;
}

bool Game::no_move_left(State& s, StepObserver* steps) const {
  if (unlock_end_holes(s)) return true;  // Lobudok: blocked, he plays his end holes from now
  // (playable_as<kAllFeatures>: with the holes that changed owner, issue 38.)
  if (playable_as<kAllFeatures>(s, s.to_move) != 0) {
    // must_feed when_empty, Oware: "If not possible, the player captures all the counters in
    // their row."
    end_owners_take_rows(s, EndReason::kRule, RuleEnd::kMustFeed, steps);
    return false;
  }
  switch (rules_.no_move) {
    case NoMove::kEndOwnersTakeRows:
      // Toguz: "the opponent takes what is left on his own side".
      end_owners_take_rows(s, EndReason::kRule, RuleEnd::kNoMove, steps);
      return false;
    case NoMove::kEndMoverLoses:
      s.winner = static_cast<int8_t>(1 - s.to_move);
      end_round(s, EndReason::kRule, RuleEnd::kNoMove);
      return false;
    case NoMove::kPass:
      if (!has_move(s, 1 - s.to_move)) {
        end_owners_take_rows(s, EndReason::kRule, RuleEnd::kNoMove, steps);
        return false;
      }
      s.to_move = static_cast<uint8_t>(1 - s.to_move);
      break;
  }
  return true;
}

}  // namespace mancala::sim
