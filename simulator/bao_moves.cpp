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
#include <algorithm>
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

// Issue 38, bao2: the board's named holes and the house (docs/rules-format.md, "Bao"). The
// nyumba "is the hole immediately to the right of center in the player's inner row": i5 of 8,
// local 2N - (N/2 + 1).
struct BaoBoard {
  const Game& g;
  int n = g.rules().holes_per_row;
  int h = g.rules().holes_per_player;
  int nyumba = 2 * n - (n / 2 + 1);

  // "the Nyumba is the house, as long as it has at least six counters in it and it has not been
  // emptied" (house: the count; State::bao's bit p: emptied).
  bool house_stands(const State& s, int p) const {
    return g.rules().house > 0 && !(s.bao >> p & 1u) &&
           s.holes[g.global(p, nyumba)] >= g.rules().house;
  }
  // The occupied holes of p's inner row, and those of more than one.
  int inner_occupied(const State& s, int p) const {
    int c = 0;
    for (int k = n; k < h; ++k) c += s.holes[g.global(p, k)] > 0;
    return c;
  }
  int inner_over_one(const State& s, int p) const {
    int c = 0;
    for (int k = n; k < h; ++k) c += s.holes[g.global(p, k)] > 1;
    return c;
  }
  // A kichwa sown toward the back row: the right one (local N) clockwise, the left one (2N - 1)
  // anticlockwise.
  bool toward_back(int k, bool rev) const { return (k == n && rev) || (k == 2 * n - 1 && !rev); }
};

// Where the first sowing of a move leaves its last counter (an entry's capture: its own hole),
// and whether the move captures there at once.
struct FirstSowing {
  int pos = 0;
  bool capture = false;        // the entry's capture, or the first sowing's last counter's
  bool entry_capture = false;  // the namua's capture by the entry itself
  bool occupied = false;       // the last counter fell into an occupied hole
};

FirstSowing first_sowing(const Game& g, const State& s, int p, Move m) {
  const BaoBoard b{g};
  FirstSowing f;
  const int origin = g.global(p, m.hole);
  const bool entry = g.enters_from_hand(s, p);
  if (entry && (s.holes[origin] > 0 || g.rules().enter_empty) && s.holes[g.opposite(origin)] > 0) {
    f.pos = origin;
    f.capture = f.entry_capture = f.occupied = true;
    return f;
  }
  int count = s.holes[origin];
  int left = 0;  // what stays in the hole sown from
  bool can_capture = true;
  if (entry) {
    ++count;
    // "The house cannot be emptied, but if it is the only occupied hole, the counter placed
    // into it, and only that one counter, can be sown to one of the adjacent holes."
    if (m.hole == b.nyumba && b.house_stands(s, p)) {
      left = count - 1;
      count = 1;
    }
  } else {
    // "unless the hole from which sowing began contained sixteen or more counters" (big_hole).
    can_capture = !(g.rules().big_hole > 0 && !(s.bao & 4u) && count >= g.rules().big_hole);
  }
  // Worked out, not sown on a copy: the mover sows round his own 2N holes (circuit own_rows),
  // each lap through the hole sown from too, so the last counter falls (count - 1) % 2N + 1
  // holes on, into a hole the sowing has dropped into (count - 1) / 2N + 1 times.
  const int lap = b.h;
  int pos = origin;
  for (int i = (count - 1) % lap + 1; i > 0; --i) pos = g.next_on_path(p, m.reverse, pos);
  const int after = (pos == origin ? left : s.holes[pos]) + 1 + (count - 1) / lap;
  f.pos = pos;
  f.occupied = after > 1;
  f.capture = can_capture && g.owner(pos) == p && g.row(pos) == 1 && f.occupied &&
              s.holes[g.opposite(pos)] > 0;
  return f;
}

}  // namespace

bool Game::bao_has_move(const State& s, int player) const {
  // The duties choose among the candidates and never leave none of them: a move exists when a
  // candidate does (the stop moves and the duties' choice are not needed).
  if (s.over) return false;
  MoveList all;
  std::array<int8_t, kMaxMoves> rank{};
  bao_candidates(s, player, all, rank);
  return all.size > 0;
}

void Game::bao_candidates(const State& s, int p, MoveList& all,
                          std::array<int8_t, kMaxMoves>& rank) const {
  all.size = 0;
  const BaoBoard b{*this};
  const int n = b.n;
  const int h = b.h;
  const bool house = rules_.house > 0;
  auto add = [&](Move m) {
    // no_capture_duty: "If a capture is not possible, the sowing must end in the house ... they
    // must sow into an occupied hole ... lands in an empty hole only when none of the other
    // options are possible." A capture by the first sowing of an entry counts as a capture.
    const FirstSowing f = first_sowing(*this, s, p, m);
    rank[static_cast<size_t>(all.size)] = f.capture                                              ? 0
                                          : f.pos == global(p, b.nyumba) && b.house_stands(s, p) ? 1
                                          : f.occupied                                           ? 2
                                                       : 3;
    all.push(m);
  };
  // kichwa_inward: "Sowing from a Kichwa in the direction of the back row is not allowed unless
  // it is the only occupied hole in the front row."
  auto kichwa_refused = [&](int k, bool rev) {
    return rules_.kichwa_inward && b.toward_back(k, rev) &&
           !(b.inner_occupied(s, p) == 1 && s.holes[global(p, k)] > 0);
  };
  // Where a capture from the inner hole `k` is sown again from: the two holes at the left end
  // (the kichwa and the kimbi) send it to the left kichwa (clockwise), the two at the right end
  // to the right one (anticlockwise); from the others, either (the mover's choice, or the way
  // the move was going).
  auto push_capture = [&](int k) {
    const int col = column(global(p, k));
    if (col >= 2) add(Move{static_cast<uint8_t>(k), false});
    if (col < n - 2) add(Move{static_cast<uint8_t>(k), true});
  };
  if (enters_from_hand(s, p)) {
    // Namua: "Players place counters into an occupied hole in their front row. If this hole is
    // opposite one of the opponent's occupied holes, the opponent's counters in that hole are
    // captured. Captures must be made if possible."
    bool any_capture = false, all_single = true;
    const int least = rules_.enter_empty ? 0 : 1;  // enter_empty: "any of the holes"
    for (int k = n; k < h; ++k) {
      const int pos = global(p, k);
      any_capture |= s.holes[pos] >= least && s.holes[opposite(pos)] > 0;
      all_single &= s.holes[pos] <= 1;
    }
    const bool stands = b.house_stands(s, p);
    for (int k = n; k < h; ++k) {
      const int pos = global(p, k);
      if (s.holes[pos] < least) continue;
      if (s.holes[opposite(pos)] > 0) {
        push_capture(k);
        continue;
      }
      if (any_capture && rules_.must_capture) continue;
      if (house) {
        // "The house cannot be emptied, but if it is the only occupied hole, the counter placed
        // into it, and only that one counter, can be sown to one of the adjacent holes."
        if (k == b.nyumba && stands && b.inner_occupied(s, p) > 1) continue;
        // "Players cannot place a counter in holes with single counters unless only holes in
        // the front row with single counters exist or the house is still present."
        if (s.holes[pos] == 1 && !all_single && !stands) continue;
      }
      // "If a capture is not possible, the counter is placed into a hole and the contents of
      // that hole are sown": in either direction.
      for (const bool rev : {false, true}) {
        if (!kichwa_refused(k, rev)) add(Move{static_cast<uint8_t>(k), rev});
      }
    }
    return;
  }
  // Mtaji: "Single counters cannot be sown" (min_counters_to_sow). takasa: the holes the mover
  // may not sow this turn. big_hole: "Players alternate turns taking the counters from one of
  // their holes that has more than one and less than sixteen counters", until the first capture
  // after the namua: a hole of sixteen or more only when no other can be played.
  const uint8_t blocked = p == s.to_move ? s.takasa : 0;
  auto playable = [&](int k) {
    return s.holes[global(p, k)] >= rules_.min_counters_to_sow &&
           !(k >= n && (blocked >> (k - n) & 1u));
  };
  const int big = rules_.big_hole > 0 && !(s.bao & 4u) ? rules_.big_hole : 0;
  bool only_big = big > 0;
  for (int k = 0; k < h && only_big; ++k) only_big = !(playable(k) && s.holes[global(p, k)] < big);
  for (int k = 0; k < h; ++k) {
    if (!playable(k) || (big > 0 && !only_big && s.holes[global(p, k)] >= big)) continue;
    for (const bool rev : {false, true}) {
      if (!kichwa_refused(k, rev)) add(Move{static_cast<uint8_t>(k), rev});
    }
  }
}

void Game::bao_moves(const State& s, int p, MoveList& out) const {
  out.size = 0;
  if (s.over) return;
  const int n = rules_.holes_per_row;
  MoveList all;
  std::array<int8_t, kMaxMoves> rank{};
  bao_candidates(s, p, all, rank);
  // "Captures must be made if possible"; without one, "Sowing must occur from an inner row hole
  // when possible" (after the namua); then no_capture_duty keeps the best end of a first sowing.
  // In the namua a capture is the entry's (bao_candidates pushes only those when one exists).
  const bool namua = enters_from_hand(s, p);
  bool any_capture = false, any_inner = false;
  for (int i = 0; i < all.size; ++i) {
    any_capture |=
        namua ? first_sowing(*this, s, p, all[i]).entry_capture : rank[static_cast<size_t>(i)] == 0;
    any_inner |= all[i].hole >= n;
  }
  int best = 3;
  auto kept = [&](int i) {
    if (namua) return true;
    return rules_.must_capture && any_capture       ? rank[static_cast<size_t>(i)] == 0
           : any_capture || !rules_.inner_row_first ? true
                                                    : !any_inner || all[i].hole >= n;
  };
  for (int i = 0; i < all.size; ++i) {
    if (kept(i)) best = std::min<int>(best, rank[static_cast<size_t>(i)]);
  }
  for (int i = 0; i < all.size; ++i) {
    if (!kept(i)) continue;
    if (rules_.no_capture_duty && !any_capture && rank[static_cast<size_t>(i)] != best) continue;
    out.push(all[i]);
    if (rules_.house_stop && !namua && BaoBoard{*this}.house_stands(s, p)) {
      // house_stop: the same move ending at each optional stop it reaches (".1": Bao's house,
      // emptied when the move goes on from it, is reached once at most).
      State t = s;
      BaoMoveInfo info;
      bao_move(t, p, all[i], nullptr, info);
      for (int k = 1; k <= info.stops && k <= kMaxOptionalStops; ++k) {
        Move m = all[i];
        m.stop = static_cast<uint8_t>(k);
        out.push(m);
      }
    }
  }
}

MoveEffect Game::bao_move(State& s, int p, Move m, StepObserver* steps, BaoMoveInfo& info) const {
  MoveEffect fx;
  fx.sowings = 0;
  const BaoBoard b{*this};
  const int n = rules_.holes_per_row;
  const bool house = rules_.house > 0;
  const int nyumba = global(p, b.nyumba);
  bool rev = m.reverse;
  info = BaoMoveInfo{};
  bool& own_row_emptied = info.own_row_emptied;
  auto inner_empty = [&](int q) { return b.inner_occupied(s, q) == 0; };
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
    if (house && pos == nyumba) s.bao |= static_cast<uint8_t>(1u << p);
    show_bao_step(steps, Step::Kind::kLift, p, pos, count);
    // end_mid_sowing: "This includes in the middle of sowing (e.g., sowing into the outer row
    // directly from a Kichwa when it is the only occupied hole in the front row)."
    if (rules_.end_mid_sowing && row(pos) == 1 && row(next_on_path(p, rev, pos)) == 0 &&
        inner_empty(p))
      own_row_emptied = true;
    return sow(pos, false, count);
  };
  const int origin = global(p, m.hole);
  const bool namua = enters_from_hand(s, p);
  const bool house_entry = namua && origin == nyumba && b.house_stands(s, p);
  int last = origin;
  bool capture = false;  // the entry captures: the namua's capture, not made while sowing
  // big_hole: "unless the hole from which sowing began contained sixteen or more counters".
  bool no_capture =
      !namua && rules_.big_hole > 0 && !(s.bao & 4u) && s.holes[origin] >= rules_.big_hole;
  // later_captures_need_first: "Captures, however, can only be made on subsequent sowings if
  // there was a capture in the first round of a sowing."
  bool first = !namua && rules_.later_captures_need_first;
  if (namua) {
    --s.aside[p];
    ++s.holes[origin];
    capture = s.holes[opposite(origin)] > 0;
    show_bao_step(steps, Step::Kind::kEnter, p,
                  !capture && house_entry ? next_on_path(p, rev, origin) : origin, 1);
    if (!capture && house_entry) {
      // "the counter placed into it, and only that one counter, can be sown to one of the
      // adjacent holes": shown as the counter entered where it ends (a lift takes a whole hole).
      --s.holes[origin];
      ++fx.sowings;
      last = next_on_path(p, rev, origin);
      ++s.holes[last];
    } else if (!capture) {
      last = lift_and_sow(origin);
    }
  } else {
    last = lift_and_sow(origin);
  }
  while (!own_row_emptied) {
    // "When the final counter lands in an occupied hole in the front row opposite one of the
    // opponent's occupied holes, the opponent's counters are captured."
    if (!capture && !no_capture) {
      capture =
          owner(last) == p && row(last) == 1 && s.holes[last] > 1 && s.holes[opposite(last)] > 0;
    }
    if (first && !capture) no_capture = true;
    first = false;
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
      if (house && facing == global(1 - p, b.nyumba)) s.bao |= static_cast<uint8_t>(2u >> p);
      if (!namua && rules_.big_hole > 0) s.bao |= 4u;
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
      // end_mid_sowing: the capture emptied the opponent's inner row: he has lost, the move is
      // over.
      if (rules_.end_mid_sowing && inner_empty(1 - p)) break;
      continue;
    }
    // "When the final counter lands in an occupied hole, these counters are picked up and
    // sowing continues, when a capture is not possible. When the final counter lands in an
    // empty hole, the turn ends."
    if (s.holes[last] <= 1) break;
    // house: "If the final counter of a sowing lands in the house, the turn ends" (the namua).
    if (namua && last == nyumba && b.house_stands(s, p)) break;
    // house_stop: "When the final counter lands in the house, the player may choose to continue
    // sowing from the house or to end their turn": the move ends at its m.stop-th such stop.
    if (!namua && rules_.house_stop && last == nyumba && b.house_stands(s, p) &&
        ++info.stops == m.stop)
      break;
    last = lift_and_sow(last);
  }
  fx.last_pos = last;
  return fx;
}

uint8_t Game::bao_threats(const State& s, int player) const {
  MoveList all;
  std::array<int8_t, kMaxMoves> rank{};
  bao_candidates(s, player, all, rank);
  uint8_t t = 0;
  for (int i = 0; i < all.size; ++i) {
    const FirstSowing f = first_sowing(*this, s, player, all[i]);
    if (f.capture) t |= static_cast<uint8_t>(1u << (local(opposite(f.pos)) - rules_.holes_per_row));
  }
  return t;
}

void Game::bao_end_turn(State& s, const MoveEffect& fx, bool namua, const BaoMoveInfo& info) const {
  const int mover = s.to_move;
  const bool own_row_emptied = info.own_row_emptied;
  ++s.ply;
  s.quiet_turns = fx.captured > 0 ? 0 : static_cast<uint16_t>(s.quiet_turns + 1);
  if (rules_.end_on_empty_inner_row) {
    // "A player wins when their opponent's inner row holes are empty." end_mid_sowing: "This
    // includes in the middle of sowing".
    auto inner_empty = [&](int p) {
      for (int k = rules_.holes_per_row; k < rules_.holes_per_player; ++k) {
        if (s.holes[global(p, k)] > 0) return false;
      }
      return true;
    };
    const bool lost[2] = {inner_empty(0) || (own_row_emptied && mover == 0),
                          inner_empty(1) || (own_row_emptied && mover == 1)};
    if (lost[0] || lost[1]) {
      s.winner = static_cast<int8_t>(lost[1 - mover] && !own_row_emptied ? mover : 1 - mover);
      end_round(s, EndReason::kRule, RuleEnd::kInnerRowEmpty);
      return;
    }
  }
  if (rules_.no_progress_turns > 0 && s.quiet_turns >= rules_.no_progress_turns) {
    end_owners_take_rows(s, EndReason::kNoProgress, RuleEnd::kNone, nullptr);
    return;
  }
  s.to_move = static_cast<uint8_t>(1 - mover);
  s.takasa = 0;
  if (rules_.takasa && !namua && fx.captured == 0 && !enters_from_hand(s, s.to_move) &&
      bao_threats(s, s.to_move) == 0) {
    // takasa: "When a player sows in such a way that they do not capture and the opponent is
    // unable to capture on their next turn but the player will be able to capture on their own
    // following move, the opponent cannot sow from this hole. The opponent is able to sow from
    // such a hole if they can capture from this hole; if the hole in question is the house ...;
    // if it is the only occupied hole in the front row; or if it is the only hole in the front
    // row with greater than one counter."
    const BaoBoard b{*this};
    const int o = s.to_move;
    uint8_t t = bao_threats(s, mover);
    if (b.house_stands(s, o)) t &= static_cast<uint8_t>(~(1u << (b.nyumba - b.n)));
    if (b.inner_occupied(s, o) == 1 || b.inner_over_one(s, o) == 1) {
      for (int k = b.n; k < b.h; ++k) {
        if (s.holes[global(o, k)] > 1 || b.inner_occupied(s, o) == 1)
          t &= static_cast<uint8_t>(~(1u << (k - b.n)));
      }
    }
    s.takasa = t;
    // A block that would leave him no move is not made (the exceptions keep him one).
    if (t != 0 && !bao_has_move(s, o)) s.takasa = 0;
  }
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
  const bool namua = enters_from_hand(s, s.to_move);
  BaoMoveInfo info;
  const MoveEffect fx = bao_move(s, s.to_move, m, nullptr, info);
  bao_end_turn(s, fx, namua, info);
  return fx;
}

MoveEffect Game::bao_apply_watched(State& s, Move m, StepObserver* steps) const {
  const bool namua = enters_from_hand(s, s.to_move);
  BaoMoveInfo info;
  const MoveEffect fx = bao_move(s, s.to_move, m, steps, info);
  bao_end_turn(s, fx, namua, info);
  return fx;
}

MoveEffect Game::bao_try(State& s, int player, Move m) const {
  BaoMoveInfo info;
  return bao_move(s, player, m, nullptr, info);
}

bool Game::bao_try_captures(State& s, int player, Move m) const {
  BaoMoveInfo info;
  return bao_move(s, player, m, nullptr, info).captured > 0;
}

bool Game::bao_captures_at_once(const State& before, int player, Move m) const {
  // Whether the move captures at once: its entry, or the last counter of its first sowing (a
  // move begun from a hole of big_hole or more captures nothing).
  if (enters_from_hand(before, player)) {
    const int origin = global(player, m.hole);
    return (before.holes[origin] > 0 || rules_.enter_empty) && before.holes[opposite(origin)] > 0;
  }
  return first_sowing(*this, before, player, m).capture;
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
