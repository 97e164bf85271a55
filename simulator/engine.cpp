#include "simulator/engine.h"

#include <cassert>
#include <vector>

namespace mancala::sim {

Game::Game(RuleSet rules) : rules_(std::move(rules)) {
  const int h = rules_.holes_per_player;
  const int n = rules_.holes_per_row;
  for (auto& per_player : next_) {
    for (auto& table : per_player) table.fill(0xFF);
  }
  for (int p = 0; p < 2; ++p) {
    // The anticlockwise path of player p, as a cycle of positions.
    std::vector<int> path;
    for (int k = 0; k < h; ++k) path.push_back(p * h + k);
    if (rules_.circuit == Circuit::kWholeBoard) {
      if (rules_.stores == StoreMode::kSown) path.push_back(kStorePos + p);
      for (int k = 0; k < h; ++k) path.push_back((1 - p) * h + k);
    }
    const int len = static_cast<int>(path.size());
    const bool clockwise = rules_.direction == Direction::kClockwise;
    for (int i = 0; i < len; ++i) {
      const auto succ = static_cast<uint8_t>(path[(i + 1) % len]);
      const auto pred = static_cast<uint8_t>(path[(i + len - 1) % len]);
      next_[p][0][path[i]] = clockwise ? pred : succ;
      next_[p][1][path[i]] = clockwise ? succ : pred;
    }
    lap_len_ = len;  // the same for both players
    for (int rev = 0; rev < 2; ++rev) {
      lap_index_[p][rev].fill(kOffPath);
      int pos = path[0];
      for (int i = 0; i < len; ++i) {
        lap_[p][rev][i] = lap_[p][rev][i + len] = static_cast<uint8_t>(pos);
        lap_index_[p][rev][pos] = static_cast<uint8_t>(i);
        pos = next_[p][rev][pos];
      }
    }
  }
  for (int pos = 0; pos < rules_.total_holes; ++pos) {
    const int p = owner(pos);
    const int col = column(pos);
    const int facing = n - 1 - col;  // column of the facing hole, from the opponent's left
    const int q = 1 - p;
    if (rules_.rows_per_player == 1) {
      opposite_[pos] = static_cast<uint8_t>(global(q, facing));
      opposite_outer_[pos] = opposite_[pos];
    } else {
      opposite_[pos] = static_cast<uint8_t>(global(q, 2 * n - 1 - facing));
      opposite_outer_[pos] = static_cast<uint8_t>(global(q, facing));
    }
  }
}

int Game::column(int pos) const {
  const int k = local(pos);
  const int n = rules_.holes_per_row;
  return k < n ? k : 2 * n - 1 - k;
}

int Game::row(int pos) const { return local(pos) < rules_.holes_per_row ? 0 : 1; }

std::string Game::hole_label(int pos) const {
  if (pos >= kMaxHoles) return "store";
  const std::string number = std::to_string(column(pos) + 1);
  if (rules_.rows_per_player == 1) return number;
  return (row(pos) == 0 ? "o" : "i") + number;
}

State Game::initial_state() const {
  State s;
  for (int pos = 0; pos < rules_.total_holes; ++pos)
    s.holes[pos] = static_cast<uint8_t>(rules_.counters_per_hole);
  s.sink.fill(kNobody);
  s.sink[kStorePos] = 0;
  s.sink[kStorePos + 1] = 1;
  settle_start(s);  // a no-op for every ruleset finalize() accepts: each hole can be played
  return s;
}

void Game::settle_start(State& s) const {
  if (s.over || has_move(s, s.to_move)) return;
  // Nobody has moved yet, so no turn has been missed: the other opens (in a joint turn, plays
  // alone), as deal_round has always had a starter with nothing to sow do.
  if (has_move(s, 1 - s.to_move)) {
    s.to_move = static_cast<uint8_t>(1 - s.to_move);
    return;
  }
  for (int pos = 0; pos < rules_.total_holes; ++pos) take(s, pos, owner(pos));
  end_round(s, EndReason::kRule);
}

int Game::counters_total(const State& s) const {
  int total = s.store[0] + s.store[1] + s.aside[0] + s.aside[1];
  for (int pos = 0; pos < rules_.total_holes; ++pos) total += s.holes[pos];
  return total;
}

// True during each player's first move (opening_hole, opening_captures).
static bool first_move(const RuleSet& r, const State& s) {
  return r.turns == Turns::kAlternating ? s.ply < 2 : s.ply == 0;
}

void Game::legal_moves(const State& s, int p, MoveList& out) const {
  out.size = 0;
  if (s.over) return;
  if (rules_.opening_hole > 0 && first_move(rules_, s)) {
    // Otep: "The first move must begin from the second hole from the right in the player's outer
    // row". An empty hole (emptied by the opponent's first move, or in a dealt round) or one out
    // of play cannot be the first move: the rule lapses and the first move is free, so a player
    // for whom has_move() is true always has a legal move (issue 12).
    const int k = rules_.opening_hole - 1;
    const int pos = global(p, k);
    if (s.holes[pos] > 0 && !(s.out_of_play >> pos & 1u)) {
      out.push(Move{static_cast<uint8_t>(k), false});
      return;
    }
  }
  // From the playable mask: one compare of the whole side, then one store per legal move.
  uint32_t bits = playable(s, p);
  Move* moves = out.moves.data();
  int n = 0;
  for (; bits != 0; bits &= bits - 1)
    moves[n++] = Move{static_cast<uint8_t>(__builtin_ctz(bits)), false};
  out.size = n;
  if (rules_.reverse_privilege != ReversePrivilege::kNone) add_reverse_moves(s, p, out);
}

bool Game::is_legal(const State& s, int player, Move m) const {
  MoveList list;
  legal_moves(s, player, list);
  for (const Move& x : list) {
    if (x == m) return true;
  }
  return false;
}

// One of the two holes at either end of a row.
bool Game::end_hole(int pos) const {
  const int c = column(pos);
  return c < 2 || c >= rules_.holes_per_row - 2;
}

void Game::add_reverse_moves(const State& s, int p, MoveList& out) const {
  // Otep: "Players may sow in a clockwise direction if the first sowing of the turn ends in one of
  // the two leftmost or rightmost holes in either row, and only if a capture can be made in that
  // turn": each playable hole is tried reversed on a copy.
  const int forward = out.size;
  for (int i = 0; i < forward; ++i) {
    const Move m{out[i].hole, true};
    // Where the reversed first sowing ends, walked without sowing (the path does not change).
    const int origin = global(p, m.hole);
    const int count = s.holes[origin];
    const bool into_origin =
        rules_.first_into_origin && !(count == 1 && rules_.single_counter_moves_on);
    int pos = origin;
    for (int left = into_origin ? count - 1 : count; left > 0; --left) {
      pos = step(s, p, true, pos);
      if (rules_.skip_origin_on_laps && pos == origin) pos = step(s, p, true, pos);
    }
    if (pos >= kMaxHoles || owner(pos) != p || !end_hole(pos)) continue;
    State copy = s;
    Sowing c;
    begin_move(copy, p, m, c);
    run_move(copy, c);
    if (c.fx.captured > 0) out.push(m);
  }
}

bool Game::has_move(const State& s, int player) const { return playable(s, player) != 0; }

// The next position on the path that is in play.
int Game::step(const State& s, int player, bool reverse, int pos) const {
  return step_skipping(s.out_of_play | s.closed_to[player], player, reverse, pos);
}

void Game::drop(State& s, int pos, MoveEffect& fx, int player) const {
  const int8_t taker = s.sink[pos];
  if (taker != kNobody) {
    ++s.store[taker];
    if (taker == player) {
      ++fx.captured;
    } else {
      ++fx.opponent_captured;
    }
  } else {
    ++s.holes[pos];
  }
}

void Game::drop_many(State& s, int pos, int n, MoveEffect& fx, int player) const {
  const int8_t taker = s.sink[pos];
  if (taker != kNobody) {
    s.store[taker] = static_cast<int16_t>(s.store[taker] + n);
    if (taker == player) {
      fx.captured += n;
    } else {
      fx.opponent_captured += n;
    }
  } else {
    s.holes[pos] = static_cast<uint8_t>(s.holes[pos] + n);
  }
}

// Lifts the mover's hole and starts the move's first sowing.
template <class W>
void Game::begin_move(State& s, int player, Move m, Sowing& c, W watch) const {
  const int origin = global(player, m.hole);
  int count = s.holes[origin];
  s.holes[origin] = 0;
  c.player = player;
  c.reverse = m.reverse;
  watch(Step::Kind::kLift, player, origin, count);
  if (s.tribute_to != kNobody && count >= 2) {
    const Gains g = take_tribute(s, player);
    count -= g.mover + g.other;
    if (W::kOn && g.mover + g.other > 0)
      watch(Step::Kind::kTribute, player, origin, 1, s.tribute_to);
    c.fx.captured += g.mover;
    c.fx.opponent_captured += g.other;
    c.fx.tribute = {static_cast<int16_t>(g.mover), static_cast<int16_t>(g.other)};
  }
  const bool into_origin =
      rules_.first_into_origin && !(count == 1 && rules_.single_counter_moves_on);
  start_sowing(s, c, origin, count, into_origin);
}

// A sowing of `count` counters from hole `from` (already emptied): into `from` itself first when
// into_from, then along the path.
void Game::start_sowing(const State& s, Sowing& c, int from, int count, bool into_from) const {
  c.from = from;
  c.pos = from;
  c.hand = count;
  c.into_from = into_from;
  c.first = into_from ? from : step(s, c.player, c.reverse, from);
}

// Drops the next counter of the current sowing (lockstep: one per tick).
template <class W>
void Game::drop_one(State& s, Sowing& c, W watch) const {
  int pos;
  if (c.into_from) {
    pos = c.from;
    c.into_from = false;
  } else {
    pos = step(s, c.player, c.reverse, c.pos);
    if (rules_.skip_origin_on_laps && pos == c.from) pos = step(s, c.player, c.reverse, pos);
  }
  drop(s, pos, c.fx, c.player);
  watch(Step::Kind::kDrop, c.player, pos, 1, s.sink[pos]);
  if (watch_drops_) {
    const Gains g = watch_drop(s, pos, c.player);
    // What the drop made someone take (a four, an extra number): the hole, emptied.
    if (W::kOn && g.mover + g.other > 0)
      watch(Step::Kind::kTake, g.mover > 0 ? c.player : 1 - c.player, pos, g.mover + g.other);
    add_gains(c.fx, g);
  }
  c.pos = pos;
  --c.hand;
}

// Drops every counter left of the current sowing: the tight loop of the alternating path.
template <class W>
void Game::sow_rest(State& s, Sowing& c, W watch) const {
  if constexpr (W::kOn) {
    while (c.hand > 0) drop_one(s, c, watch);  // watched: one counter at a time
    return;
  }
  if (watch_drops_) {
    const Gains g = sow_watched(s, c.player, c.reverse, c.from, c.pos, c.hand, c.into_from);
    c.pos = g.pos;
    c.hand = 0;
    c.into_from = false;
    add_gains(c.fx, g);
    return;
  }
  const int p = c.player;
  const bool rev = c.reverse;
  const int from = c.from;
  int pos = c.pos;
  int count = c.hand;
  if (c.into_from && count > 0) {
    pos = from;
    drop(s, pos, c.fx, p);
    --count;
    c.into_from = false;
  }
  const bool skip_origin = rules_.skip_origin_on_laps;
  const uint32_t skip = s.out_of_play | s.closed_to[p];  // fixed during a sowing
  const int at = lap_index_[p][rev][pos];
  if (skip == 0 && !skip_origin && at != kOffPath && count > 0) {
    // Nothing to skip: the drops are the path's next `count` positions from `pos`. Full laps are
    // dropped at once, every position of the path taking as many counters as laps; then each
    // remaining counter into the next position, by index (no chain of table lookups).
    const uint8_t* lap = lap_[p][rev].data();
    const int len = lap_len_;
    const int first = at + 1;  // index of the first drop, in [1, len]
    if (count >= len) {
      const int laps = count / len;
      for (int i = 0; i < len; ++i) drop_many(s, lap[i], laps, c.fx, p);
      count -= laps * len;
    }
    for (int i = 0; i < count; ++i) drop(s, lap[first + i], c.fx, p);
    c.pos = lap[first + count - 1 + (count == 0 ? len : 0)];
    c.hand = 0;
    return;
  }
  while (count > 0) {
    pos = step_skipping(skip, p, rev, pos);
    if (skip_origin && pos == from) pos = step_skipping(skip, p, rev, pos);
    drop(s, pos, c.fx, p);
    --count;
  }
  c.pos = pos;
  c.hand = 0;
}

// Relay: picks up hole `from` and sows on from it (returns true), unless the chain has reached
// max_sowings_per_move (then the move ends where it stands: returns false).
template <class W>
bool Game::relay_from(State& s, Sowing& c, int from, W watch) const {
  if (c.fx.sowings >= rules_.max_sowings_per_move) {
    c.fx.relay_bound = true;
    return false;
  }
  const int count = s.holes[from];
  s.holes[from] = 0;
  watch(Step::Kind::kLift, c.player, from, count);
  ++c.fx.sowings;
  start_sowing(s, c, from, count, false);
  return true;
}

// After the last counter of a sowing: starts the next sowing of the move (relay or re-sowing of a
// capture; returns true) or ends the move with its capture (returns false).
template <class W>
bool Game::after_sowing(State& s, Sowing& c, W watch) const {
  const int p = c.player;
  const int last = c.pos;
  // Otep: only "the first sowing of the turn" goes clockwise.
  if (c.reverse && rules_.reverse_privilege == ReversePrivilege::kEndHolesWithCapture)
    c.reverse = false;
  if (rules_.store_extra_move && last == kStorePos + p) {
    c.fx.extra_move = true;  // the move ends in his store; he moves again
  } else {
    switch (rules_.relay) {
      case Relay::kNone:
        break;
      case Relay::kNextHole: {
        // "the player picks up the contents of the next hole ... and continues sowing"
        int next = step(s, p, c.reverse, last);
        if (next >= kMaxHoles) {
          // A store is not a hole to pick up: passed over, or (relay_skips_store false) an empty
          // next hole that ends the move.
          if (!rules_.relay_skips_store) {
            c.empty_next = next;
            break;
          }
          next = step(s, p, c.reverse, next);
        }
        if (s.holes[next] == 0) {
          c.empty_next = next;
          break;
        }
        if (relay_from(s, c, next, watch)) return true;
        break;
      }
      case Relay::kFacingHole: {
        // Das-Gupta: "he picks up all the stones lying immediately in front of the depression
        // where the last piece was deposited", till "he comes to an empty depression lying
        // immediately in front of the one where the last piece was dropped". A facing hole out
        // of play, or closed to the mover, holds nothing he may pick up: it counts as empty.
        if (last >= kMaxHoles) break;
        const int facing = opposite(last);
        if (s.holes[facing] == 0 || ((s.out_of_play | s.closed_to[p]) >> facing & 1u)) {
          c.empty_next = facing;
          break;
        }
        if (relay_from(s, c, facing, watch)) return true;
        break;
      }
      case Relay::kLandingHole: {
        if (last >= kMaxHoles || s.sink[last] != kNobody || s.holes[last] <= 1) break;
        if (c.fx.sowings >= rules_.max_sowings_per_move) {
          c.fx.relay_bound = true;
          break;
        }
        ++c.fx.sowings;
        if (rules_.capture == Capture::kResowOppositePair && resow_capture(s, c, watch))
          return true;
        const int count = s.holes[last];
        s.holes[last] = 0;
        watch(Step::Kind::kLift, p, last, count);
        start_sowing(s, c, last, count, false);
        return true;
      }
    }
  }
  c.fx.last_pos = last;
  if (c.fx.relay_bound) {
    ++s.relay_bound_hits;
  } else {
    capture_at_end(s, c, watch);
  }
  if (rules_.capture_fours == Fours::kEndOfTurn) add_gains(c.fx, take_fours(s, p, watch));
  return false;
}

// Otep: "When the final counter falls into an occupied hole in the player's inner row and both of
// the opposite holes on the opponent's side of the board are occupied, the counters in the
// opposite holes are captured and sown beginning in the first hole that was sown into to begin
// the sowing that caused the capture." The last hole is known to have been occupied.
template <class W>
bool Game::resow_capture(State& s, Sowing& c, W watch) const {
  const int last = c.pos;
  if (owner(last) != c.player || row(last) != 1) return false;
  if (rules_.opening_captures >= 0 && c.resows >= rules_.opening_captures && first_move(rules_, s))
    return false;
  const int ref = rules_.capture_facing == CaptureFacing::kOriginHole ? c.from : last;
  const int inner = opposite(ref);
  const int outer = opposite_outer(ref);
  if (s.holes[inner] == 0 || s.holes[outer] == 0) return false;
  const int got = s.holes[inner] + s.holes[outer];
  if constexpr (W::kOn) {
    watch(Step::Kind::kSeize, c.player, inner, s.holes[inner]);
    watch(Step::Kind::kSeize, c.player, outer, s.holes[outer]);
  }
  s.holes[inner] = 0;
  s.holes[outer] = 0;
  c.fx.captured += got;
  c.fx.by_rule += got;
  ++c.resows;
  start_sowing(s, c, c.first, got, true);
  return true;
}

template <class W>
void Game::run_move(State& s, Sowing& c, W watch) const {
  do {
    sow_rest(s, c, watch);
  } while (after_sowing(s, c, watch));
}

MoveEffect Game::try_move(State& s, int player, Move m) const {
  Sowing c;
  begin_move(s, player, m, c);
  run_move(s, c);
  return c.fx;
}

int Game::take(State& s, int pos, int player) const {
  if (pos < 0 || pos >= kMaxHoles || (s.out_of_play >> pos & 1u)) return 0;
  const int c = s.holes[pos];
  s.holes[pos] = 0;
  s.store[player] = static_cast<int16_t>(s.store[player] + c);
  return c;
}

template <class W>
void Game::capture_at_end(State& s, Sowing& c, W watch) const {
  const int before = c.fx.captured;
  capture_by_rule(s, c, watch);
  c.fx.by_rule += c.fx.captured - before;
}

template <class W>
void Game::capture_by_rule(State& s, Sowing& c, W watch) const {
  const int p = c.player;
  const int last = c.pos;
  const int empty_next = c.empty_next;
  MoveEffect& fx = c.fx;
  switch (rules_.capture) {
    case Capture::kNone:
      break;
    case Capture::kEvenInOpponentRow: {
      // Toguz Kumalak: "If the last ball falls into a hole on the opponent's side, and the
      // contents of this hole become an even number of balls, these are captured."
      if (last >= kMaxHoles || owner(last) == p || s.sink[last] != kNobody) break;
      const int c = s.holes[last];
      if (c % 2 == 0) {
        fx.captured += take_watched(s, last, p, watch);
        break;
      }
      // "...number then three balls, the hole becomes your tuzdyk" with its three conditions.
      if (!rules_.tuzdyk || c != rules_.tuzdyk_count || s.tuzdyk[p] != kNobody) break;
      if (rules_.tuzdyk_forbid_last_hole && local(last) == rules_.holes_per_player - 1) break;
      const int theirs = s.tuzdyk[1 - p];
      if (theirs != kNobody) {
        if (rules_.tuzdyk_symmetry == TuzdykSymmetry::kSameNumber && local(theirs) == local(last))
          break;
        if (rules_.tuzdyk_symmetry == TuzdykSymmetry::kOpposite && opposite(theirs) == last) break;
      }
      fx.captured += take_watched(s, last, p, watch);
      s.sink[last] = static_cast<int8_t>(p);
      s.tuzdyk[p] = static_cast<int8_t>(last);
      fx.made_tuzdyk = true;
      watch(Step::Kind::kTuzdyk, p, last, 0);
      break;
    }
    case Capture::kAfterEmptyNext:
      // "...captures any counters from the hole after the empty hole"
      if (empty_next >= 0) fx.captured += take_watched(s, step(s, p, false, empty_next), p, watch);
      break;
    case Capture::kOppositeEmptyNext:
      if (empty_next >= 0 && empty_next < kMaxHoles)
        fx.captured += take_watched(s, opposite(empty_next), p, watch);
      break;
    case Capture::kOppositeLastInOwnRow:
      // Sonka: "If the move ends in the player's own row, the player captures the counters in the
      // opponent's row opposite to the one in which the last counter was dropped."
      if (last < kMaxHoles && owner(last) == p) {
        fx.captured += take_watched(
            s, opposite(rules_.capture_facing == CaptureFacing::kOriginHole ? c.from : last), p,
            watch);
      }
      break;
    case Capture::kResowOppositePair:
      break;  // made during the relay chain, see apply()
    case Capture::kEmptyOwnHole: {
      // Kalah: "a last counter falling into an own empty hole captures it and the facing hole's
      // counters" (it holds one now: it was empty when the counter fell), "when the facing hole
      // holds counters" unless capture_empty_facing (Irving et al.: the lone counter is taken).
      if (last >= kMaxHoles || owner(last) != p || s.sink[last] != kNobody || s.holes[last] != 1)
        break;
      const int facing = opposite(last);
      if (s.holes[facing] == 0 && !rules_.capture_empty_facing) break;
      fx.captured += take_watched(s, facing, p, watch);
      fx.captured += take_watched(s, last, p, watch);
      break;
    }
  }
}

// flatten: the whole move loop is inlined into the hot path (12% fewer instructions in random
// play).
[[gnu::flatten]] MoveEffect Game::apply(State& s, Move m) const {
  assert(!s.over && !joint_turn(s) && is_legal(s, m));
  Sowing c;
  begin_move(s, s.to_move, m, c);
  run_move(s, c);
  end_turn(s, c.fx);
  return c.fx;
}

MoveEffect Game::apply(State& s, Move m, StepObserver* steps) const {
  assert(!s.over && !joint_turn(s) && is_legal(s, m));
  if (!steps) return apply(s, m);
  Sowing c;
  const StepWatch watch{steps};
  begin_move(s, s.to_move, m, c, watch);
  run_move(s, c, watch);
  end_turn(s, c.fx, steps);
  return c.fx;
}

void Game::end_round(State& s, EndReason reason) const {
  s.over = true;
  s.reason = reason;
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

void Game::end_turn(State& s, const MoveEffect& fx, StepObserver* steps) const {
  settle_turn(s, fx.captured + fx.opponent_captured > 0, fx.extra_move ? 1u << s.to_move : 0u,
              false, steps);
}

void Game::settle_turn(State& s, bool captured, unsigned extra, bool was_joint,
                       StepObserver* steps) const {
  ++s.ply;
  s.quiet_turns = captured ? 0 : static_cast<uint16_t>(s.quiet_turns + 1);
  if (ended_by_rule(s, steps)) return;
  const bool going = rules_.turns == Turns::kSimultaneous
                         ? next_joint_turn(s, extra, steps)
                         : next_alternating_turn(s, extra, was_joint, steps);
  if (going && s.ply >= rules_.max_plies) end_round(s, EndReason::kSafetyBound);
}

void Game::end_owners_take_rows(State& s, EndReason reason, StepObserver* steps) const {
  for (int pos = 0; pos < rules_.total_holes; ++pos) {
    if (steps) {
      take_watched(s, pos, owner(pos), StepWatch{steps});
    } else {
      take(s, pos, owner(pos));
    }
  }
  end_round(s, reason);
}

bool Game::ended_by_rule(State& s, StepObserver* steps) const {
  // Toguz: "the game ends as soon as a player has captured more than 81".
  if (rules_.end_on_majority && 2 * std::max(s.store[0], s.store[1]) > rules_.total_counters) {
    end_round(s, EndReason::kRule);
    return true;
  }
  if (rules_.no_progress_turns > 0 && s.quiet_turns >= rules_.no_progress_turns) {
    end_owners_take_rows(s, EndReason::kNoProgress, steps);
    return true;
  }
  // Otep: "The player who captures all of their opponent's counters wins."
  if (rules_.end_on_empty_side && (side_empty(s, 0) || side_empty(s, 1))) {
    end_owners_take_rows(s, EndReason::kRule, steps);
    return true;
  }
  return false;
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
      end_owners_take_rows(s, EndReason::kRule, steps);
      return false;
    }
    if (rules_.no_move == NoMove::kEndMoverLoses) {
      s.winner = static_cast<int8_t>(can0 ? 0 : 1);
      end_round(s, EndReason::kRule);
      return false;
    }
  }
  s.to_move = static_cast<uint8_t>(can0 ? 0 : 1);
  return true;
}

bool Game::next_alternating_turn(State& s, unsigned extra, bool was_joint,
                                 StepObserver* steps) const {
  if (was_joint) {
    // simultaneous_opening: turns alternate from here, the round's starter (to_move) first unless
    // exactly one player earned another move; the test below then picks him.
    const int starter = extra == 1u ? 0 : extra == 2u ? 1 : s.to_move;
    s.to_move = static_cast<uint8_t>(1 - starter);
    extra = 0;
  }
  // store_extra_move: the mover moves again; else the other moves.
  if (!((extra >> s.to_move & 1u) && has_move(s, s.to_move)))
    s.to_move = static_cast<uint8_t>(1 - s.to_move);
  if (has_move(s, s.to_move)) return true;
  switch (rules_.no_move) {
    case NoMove::kEndOwnersTakeRows:
      // Toguz: "the opponent takes what is left on his own side".
      end_owners_take_rows(s, EndReason::kRule, steps);
      return false;
    case NoMove::kEndMoverLoses:
      s.winner = static_cast<int8_t>(1 - s.to_move);
      end_round(s, EndReason::kRule);
      return false;
    case NoMove::kPass:
      if (!has_move(s, 1 - s.to_move)) {
        end_owners_take_rows(s, EndReason::kRule, steps);
        return false;
      }
      s.to_move = static_cast<uint8_t>(1 - s.to_move);
      break;
  }
  return true;
}

// The watched instances simultaneous.cpp uses (the unwatched ones are made where they are used).
template void Game::begin_move<Game::NoWatch>(State&, int, Move, Sowing&, NoWatch) const;
template void Game::begin_move<Game::StepWatch>(State&, int, Move, Sowing&, StepWatch) const;
template void Game::run_move<Game::NoWatch>(State&, Sowing&, NoWatch) const;
template void Game::run_move<Game::StepWatch>(State&, Sowing&, StepWatch) const;
template void Game::drop_one<Game::NoWatch>(State&, Sowing&, NoWatch) const;
template void Game::drop_one<Game::StepWatch>(State&, Sowing&, StepWatch) const;
template bool Game::after_sowing<Game::NoWatch>(State&, Sowing&, NoWatch) const;
template bool Game::after_sowing<Game::StepWatch>(State&, Sowing&, StepWatch) const;

}  // namespace mancala::sim
