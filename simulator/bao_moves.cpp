// Bao's moves (issue 38, item 4; capture occupied_inner_facing): the moves of a game whose
// captures are sown again into the capturer's inner row from one of its end holes (the kichwa),
// whose players first enter their counters from the hand (the namua, in_hand), and which a player
// loses when his inner row is empty. Out of the move loop of every other ruleset: Game's apply_,
// try_ and try_captures_ point here for these rules, and legal_moves, has_move and playout come
// here first (docs/rules-format.md, "Bao").
//
// A side's local holes 0..2N-1 run along its anticlockwise path: the outer row from the player's
// left (0..N-1), then the inner row from his right (N..2N-1). Sowing anticlockwise goes along the
// inner row from right to left, clockwise (Move::reverse) from left to right. The right end hole
// of the inner row is local N, the left one local 2N-1; a capture sown again from the right one
// goes anticlockwise, from the left one clockwise, into the row.
#include <bit>

#include "simulator/engine.h"
#include "simulator/playout.h"
#include "simulator/round_tracker.h"
#include "simulator/steps.h"

namespace mancala::sim {

namespace {

// Who watches the move (null: nobody).
void show_bao_step(StepObserver* steps, Step::Kind kind, int player, int pos, int count) {
  if (steps && count > 0) {
    steps->on_step(Step{kind, static_cast<int8_t>(player), static_cast<uint8_t>(pos),
                        static_cast<int16_t>(count), static_cast<int8_t>(kNobody)});
  }
}

}  // namespace

bool Game::bao_has_move(const State& s, int player) const {
  MoveList moves;
  bao_moves(s, player, moves);
  return moves.size > 0;
}

void Game::bao_moves(const State& s, int p, MoveList& out) const {
  out.size = 0;
  if (s.over) return;
  const int n = rules_.holes_per_row;
  const int h = rules_.holes_per_player;
  // Where a capture from the inner hole `k` is sown again from: the two holes at the left end
  // (the kichwa and the kimbi) send it to the left kichwa (clockwise), the two at the right end
  // to the right one (anticlockwise); from the others, either (the mover's choice, or the way
  // the move was going).
  auto push_capture = [&](int k) {
    const int col = column(global(p, k));
    if (col >= 2) out.push(Move{static_cast<uint8_t>(k), false});
    if (col < n - 2) out.push(Move{static_cast<uint8_t>(k), true});
  };
  if (enters_from_hand(s, p)) {
    // Namua: "Players place counters into an occupied hole in their front row. If this hole is
    // opposite one of the opponent's occupied holes, the opponent's counters in that hole are
    // captured. Captures must be made if possible."
    bool any_capture = false;
    for (int k = n; k < h; ++k) {
      const int pos = global(p, k);
      any_capture |= s.holes[pos] > 0 && s.holes[opposite(pos)] > 0;
    }
    for (int k = n; k < h; ++k) {
      const int pos = global(p, k);
      if (s.holes[pos] == 0) continue;
      if (s.holes[opposite(pos)] > 0) {
        push_capture(k);
      } else if (!(any_capture && rules_.must_capture)) {
        // "If a capture is not possible, the counter is placed into a hole and the contents of
        // that hole are sown": in either direction.
        out.push(Move{static_cast<uint8_t>(k), false});
        out.push(Move{static_cast<uint8_t>(k), true});
      }
    }
    return;
  }
  // Mtaji: "Single counters cannot be sown" (min_counters_to_sow); "Captures must be made if
  // possible"; "Sowing must occur from an inner row hole when possible".
  MoveList all;
  bool any_capture = false, any_inner = false;
  std::array<bool, kMaxMoves> captures{};
  for (int k = 0; k < h; ++k) {
    const int pos = global(p, k);
    if (s.holes[pos] < rules_.min_counters_to_sow) continue;
    for (const bool rev : {false, true}) {
      const Move m{static_cast<uint8_t>(k), rev};
      captures[static_cast<size_t>(all.size)] = bao_captures_at_once(s, p, m);
      any_capture |= captures[static_cast<size_t>(all.size)];
      any_inner |= k >= n;
      all.push(m);
    }
  }
  for (int i = 0; i < all.size; ++i) {
    const bool keep = rules_.must_capture && any_capture ? captures[static_cast<size_t>(i)]
                      : any_capture                      ? true
                                                         : !any_inner || all[i].hole >= n;
    if (keep) out.push(all[i]);
  }
}

MoveEffect Game::bao_move(State& s, int p, Move m, StepObserver* steps) const {
  MoveEffect fx;
  fx.sowings = 0;
  const int n = rules_.holes_per_row;
  bool rev = m.reverse;
  // Sows `count` counters in the direction rev, into `start` itself first when into_start, then
  // along the mover's path; returns where the last one fell.
  auto sow = [&](int start, bool into_start, int count) {
    ++fx.sowings;
    int pos = start;
    for (int i = 0; i < count; ++i) {
      if (i > 0 || !into_start) pos = next_on_path(p, rev, pos);
      ++s.holes[pos];
      show_bao_step(steps, Step::Kind::kDrop, p, pos, 1);
    }
    return pos;
  };
  auto lift_and_sow = [&](int pos) {
    const int count = s.holes[pos];
    s.holes[pos] = 0;
    show_bao_step(steps, Step::Kind::kLift, p, pos, count);
    return sow(pos, false, count);
  };
  const int origin = global(p, m.hole);
  int last = origin;
  bool capture = false;  // the entry captures: the namua's capture, not made while sowing
  if (enters_from_hand(s, p)) {
    --s.aside[p];
    ++s.holes[origin];
    show_bao_step(steps, Step::Kind::kEnter, p, origin, 1);
    capture = s.holes[opposite(origin)] > 0;
    if (!capture) last = lift_and_sow(origin);
  } else {
    last = lift_and_sow(origin);
  }
  while (true) {
    // "When the final counter lands in an occupied hole in the front row opposite one of the
    // opponent's occupied holes, the opponent's counters are captured."
    if (!capture) {
      capture =
          owner(last) == p && row(last) == 1 && s.holes[last] > 1 && s.holes[opposite(last)] > 0;
    }
    if (fx.sowings >= rules_.max_sowings_per_move && (capture || s.holes[last] > 1)) {
      fx.relay_bound = true;
      ++s.relay_bound_hits;
      break;
    }
    if (capture) {
      capture = false;
      const int facing = opposite(last);
      const int got = s.holes[facing];
      s.holes[facing] = 0;
      show_bao_step(steps, Step::Kind::kSeize, p, facing, got);
      fx.captured += got;
      fx.by_rule += got;
      // "If they were captured from a Kimbi or Kichwa, they must be sown from the nearest
      // Kichwa. If they were not captured from one of these holes, they must be sown from the
      // Kichwa in the direction toward which the sowing was proceeding": the move keeps its
      // direction, entering the row at the kichwa it reaches first; an entry's capture, made
      // while not sowing, goes the way the move chose (Move::reverse).
      const int col = column(last);
      if (col < 2) rev = true;
      if (col >= n - 2) rev = false;
      const int kichwa = global(p, rev ? 2 * n - 1 : n);
      last = sow(kichwa, true, got);
      continue;
    }
    // "When the final counter lands in an occupied hole, these counters are picked up and
    // sowing continues, when a capture is not possible. When the final counter lands in an
    // empty hole, the turn ends."
    if (s.holes[last] <= 1) break;
    last = lift_and_sow(last);
  }
  fx.last_pos = last;
  return fx;
}

void Game::bao_end_turn(State& s, const MoveEffect& fx) const {
  const int mover = s.to_move;
  ++s.ply;
  s.quiet_turns = fx.captured > 0 ? 0 : static_cast<uint16_t>(s.quiet_turns + 1);
  if (rules_.end_on_empty_inner_row) {
    // "A player wins when their opponent's inner row holes are empty."
    auto inner_empty = [&](int p) {
      for (int k = rules_.holes_per_row; k < rules_.holes_per_player; ++k) {
        if (s.holes[global(p, k)] > 0) return false;
      }
      return true;
    };
    const bool lost[2] = {inner_empty(0), inner_empty(1)};
    if (lost[0] || lost[1]) {
      s.winner = static_cast<int8_t>(lost[1 - mover] ? mover : 1 - mover);
      end_round(s, EndReason::kRule, RuleEnd::kInnerRowEmpty);
      return;
    }
  }
  if (rules_.no_progress_turns > 0 && s.quiet_turns >= rules_.no_progress_turns) {
    end_owners_take_rows(s, EndReason::kNoProgress, RuleEnd::kNone, nullptr);
    return;
  }
  s.to_move = static_cast<uint8_t>(1 - mover);
  if (!bao_has_move(s, s.to_move)) {
    // "A player may also lose if they only have single counters in their holes" (no_move
    // end_mover_loses; pass is refused with these rules).
    if (rules_.no_move == NoMove::kEndMoverLoses) {
      s.winner = static_cast<int8_t>(1 - s.to_move);
      end_round(s, EndReason::kRule, RuleEnd::kNoMove);
    } else {
      end_owners_take_rows(s, EndReason::kRule, RuleEnd::kNoMove, nullptr);
    }
    return;
  }
  if (s.ply >= rules_.max_plies) end_round(s, EndReason::kSafetyBound);
}

MoveEffect Game::bao_apply(State& s, Move m) const {
  const MoveEffect fx = bao_move(s, s.to_move, m, nullptr);
  bao_end_turn(s, fx);
  return fx;
}

MoveEffect Game::bao_apply_watched(State& s, Move m, StepObserver* steps) const {
  const MoveEffect fx = bao_move(s, s.to_move, m, steps);
  bao_end_turn(s, fx);
  return fx;
}

MoveEffect Game::bao_try(State& s, int player, Move m) const {
  return bao_move(s, player, m, nullptr);
}

bool Game::bao_try_captures(State& s, int player, Move m) const {
  return bao_move(s, player, m, nullptr).captured > 0;
}

bool Game::bao_captures_at_once(const State& before, int player, Move m) const {
  // Whether the move captures at once: its entry, or the last counter of its first sowing.
  State s = before;
  const int origin = global(player, m.hole);
  if (enters_from_hand(s, player)) return s.holes[origin] > 0 && s.holes[opposite(origin)] > 0;
  const int count = s.holes[origin];
  s.holes[origin] = 0;
  int pos = origin;
  for (int i = 0; i < count; ++i) {
    pos = next_on_path(player, m.reverse, pos);
    ++s.holes[pos];
  }
  return owner(pos) == player && row(pos) == 1 && s.holes[pos] > 1 && s.holes[opposite(pos)] > 0;
}

template <class Hooks>
int Game::bao_playout(State& s, Rng& rng, Hooks& hooks) const {
  // As random play draws a move (Game::random_move_as: one rng.below of the legal moves' list).
  MoveList moves;
  int plies = 0;
  while (!s.over) {
    const int mover = s.to_move;
    bao_moves(s, mover, moves);
    if (moves.size == 0) [[unlikely]]
      playout_no_move(*this, s);
    bao_apply(s, moves[static_cast<int>(rng.below(static_cast<uint32_t>(moves.size)))]);
    hooks.after_move(s, mover, false);
    ++plies;
  }
  return plies;
}

template int Game::bao_playout<NoPlayoutHooks>(State&, Rng&, NoPlayoutHooks&) const;
template int Game::bao_playout<RoundTracker>(State&, Rng&, RoundTracker&) const;

}  // namespace mancala::sim
