// Game's move steps and the end of a turn, as templates (private to the simulator: included by
// engine.cpp, engine_playout.cpp and simultaneous.cpp, the files that instantiate them). Each
// step is compiled for a watch type W (engine.h: NoWatchOf<F> for play, StepWatch for people
// watching) whose kFeatures are the rule profile it plays (profile.h): every rule feature's code
// stands inside `if constexpr (has(F, feature::...))`, so a profile without the feature has none
// of it. The end-of-turn templates take the profile's features F alone.
#pragma once

#include <algorithm>
#include <cassert>

#include "simulator/engine.h"

namespace mancala::sim {

inline void Game::drop(State& s, int pos, MoveEffect& fx, int player) const {
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

inline void Game::drop_many(State& s, int pos, int n, MoveEffect& fx, int player) const {
  const int8_t taker = s.sink[pos];
  if (taker != kNobody) {
    s.store[taker] = static_cast<int16_t>(s.store[taker] + n);
    if (taker == player) {
      fx.captured += n;
    } else {
      fx.opponent_captured += n;
    }
  } else {
    s.holes[pos] = static_cast<Count>(s.holes[pos] + n);
  }
}

// `n` counters into `pos` under the profile F: without sinks (no store on the path, no tuzdyk,
// no bha) the hole takes them; with sown stores alone, only a store position is a sink.
template <Features F>
inline void Game::drop_as(State& s, int pos, int n, MoveEffect& fx, int player) const {
  if constexpr (!has(F, feature::kSinks)) {
    s.holes[pos] = static_cast<Count>(s.holes[pos] + n);
  } else if constexpr (!has(F, feature::kHoleSinks)) {
    if (pos >= kMaxHoles) {
      // His own store: the opponent's is not on his path.
      s.store[player] = static_cast<int16_t>(s.store[player] + n);
      fx.captured += n;
    } else {
      s.holes[pos] = static_cast<Count>(s.holes[pos] + n);
    }
  } else {
    drop_many(s, pos, n, fx, player);
  }
}

// Lifts the mover's hole and starts the move's first sowing.
template <class W>
void Game::begin_move(State& s, int player, Move m, Sowing& c, W watch) const {
  constexpr Features F = W::kFeatures;
  if constexpr (has(F, feature::kStylisedOpening)) {
    // Issue 38: the round's first move makes its stylised opening, then sows on as usual.
    if (s.ply == 0 && rules_.stylised_opening != StylisedOpening::kNone) [[unlikely]] {
      StepObserver* seen = nullptr;
      if constexpr (W::kOn) seen = watch.steps;
      const Opened o = open_stylised(s, player, m.hole, seen);
      c.player = player;
      c.reverse = false;
      start_sowing(s, c, o.from, o.count, false, watch);
      return;
    }
  }
  int origin;
  if constexpr (has(F, feature::kOwnership)) {
    origin = move_origin(player, m.hole);  // a hole of the opponent's row he owns (issue 38)
  } else {
    origin = global(player, m.hole);
  }
  int count = s.holes[origin];
  s.holes[origin] = 0;
  c.player = player;
  c.reverse = has(F, feature::kReverse) && m.reverse;
  if constexpr (has(F, feature::kOptionalStop)) {
    c.stop_at = m.stop;
    c.stops = 0;
  }
  if constexpr (has(F, feature::kChosenOnce)) {
    // Chisolo: "On the second turn, the player may sow in either direction, but must continue in
    // the chosen direction for the rest of the game": his second move fixes his way.
    if (rules_.direction_chosen_once && s.way(player) == 0 && !first_move(s))
      s.set_way(player, m.reverse ? 2 : 1);
  }
  watch(Step::Kind::kLift, player, origin, count);
  if constexpr (has(F, feature::kTribute)) {
    if (s.tribute_to != kNobody && count >= 2) {
      const Gains g = take_tribute(s, player);
      count -= g.mover + g.other;
      if (W::kOn && g.mover + g.other > 0)
        watch(Step::Kind::kTribute, player, origin, 1, s.tribute_to);
      c.fx.captured += g.mover;
      c.fx.opponent_captured += g.other;
      c.fx.tribute = {static_cast<int16_t>(g.mover), static_cast<int16_t>(g.other)};
    }
  }
  bool into_origin = false;
  if constexpr (has(F, feature::kFirstIntoOrigin)) into_origin = count >= into_origin_from_;
  start_sowing(s, c, origin, count, into_origin, watch);
}

// A sowing of `count` counters from hole `from` (already emptied): into `from` itself first when
// into_from, then along the path.
template <class W>
void Game::start_sowing(const State& s, Sowing& c, int from, int count, bool into_from, W) const {
  constexpr Features F = W::kFeatures;
  c.from = from;
  c.pos = from;
  c.hand = count;
  c.into_from = into_from;
  if constexpr (has(F, feature::kCapture)) {
    c.sown = count;  // count_sown_holes walks them
    c.sown_into_from = into_from;
  }
  if constexpr (has(F, feature::kResow))
    c.first = into_from ? from : step(s, c.player, c.reverse, from);
}

// Drops the next counter of the current sowing (lockstep: one per tick).
template <class W>
void Game::drop_one(State& s, Sowing& c, W watch) const {
  constexpr Features F = W::kFeatures;
  int pos;
  if (c.into_from) {
    pos = c.from;
    c.into_from = false;
  } else {
    pos = step(s, c.player, c.reverse, c.pos);
    if constexpr (has(F, feature::kSkipOrigin)) {
      if (rules_.skip_origin_on_laps && pos == c.from) pos = step(s, c.player, c.reverse, pos);
    }
  }
  drop(s, pos, c.fx, c.player);
  watch(Step::Kind::kDrop, c.player, pos, 1, s.sink[pos]);
  if constexpr (has(F, feature::kWatchDrops)) {
    if (watch_drops_) {
      if (pos < kMaskHoles) c.sown_holes |= HoleBits{1} << pos;
      const Gains g = watch_drop(s, pos, c.player, c.hand == 1);
      // What the drop made someone take (a four, an extra number): the hole, emptied.
      if (W::kOn && g.mover + g.other > 0)
        watch(Step::Kind::kTake, g.mover > 0 ? c.player : 1 - c.player, pos, g.mover + g.other);
      add_gains(c.fx, g);
    }
  }
  c.pos = pos;
  --c.hand;
}

// Drops every counter left of the current sowing: the tight loop of the alternating path.
template <class W>
void Game::sow_rest(State& s, Sowing& c, W watch) const {
  constexpr Features F = W::kFeatures;
  if constexpr (W::kOn) {
    while (c.hand > 0) drop_one(s, c, watch);  // watched: one counter at a time
    return;
  }
  if constexpr (has(F, feature::kWatchDrops)) {
    if (watch_drops_) {
      const Gains g = sow_watched(s, c.player, c.reverse, c.from, c.pos, c.hand, c.into_from);
      c.pos = g.pos;
      c.sown_holes |= g.sown;
      c.hand = 0;
      c.into_from = false;
      add_gains(c.fx, g);
      return;
    }
  }
  const int p = c.player;
  const bool rev = has(F, feature::kReverse) && c.reverse;
  const int from = c.from;
  int pos = c.pos;
  int count = c.hand;
  if (c.into_from && count > 0) {
    pos = from;
    drop_as<F>(s, pos, 1, c.fx, p);
    --count;
    c.into_from = false;
  }
  const bool skip_origin = has(F, feature::kSkipOrigin) && rules_.skip_origin_on_laps;
  HoleBits skip = 0;  // fixed during a sowing
  if constexpr (has(F, feature::kSkips)) skip = s.out_of_play | s.closed_to[p];
  const int at = lap_index_[p][rev][pos];
  if (skip == 0 && !skip_origin && at != kOffPath && count > 0) {
    // Nothing to skip: the drops are the path's next `count` positions from `pos`. Full laps are
    // dropped at once, every position of the path taking as many counters as laps; then each
    // remaining counter into the next position, by index (no chain of table lookups).
    const uint8_t* lap = lap_[p][rev].data();
    const int len = lap_len_;
    const int first = at + 1;  // index of the first drop, in [1, len]
    if (count >= len) [[unlikely]] {
      const int laps = count / len;
      for (int i = 0; i < len; ++i) drop_as<F>(s, lap[i], laps, c.fx, p);
      count -= laps * len;
    }
    for (int i = 0; i < count; ++i) drop_as<F>(s, lap[first + i], 1, c.fx, p);
    c.pos = lap[first + count - 1 + (count == 0 ? len : 0)];
    c.hand = 0;
    return;
  }
  while (count > 0) {
    pos = step_skipping(skip, p, rev, pos);
    if (skip_origin && pos == from) pos = step_skipping(skip, p, rev, pos);
    drop_as<F>(s, pos, 1, c.fx, p);
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
  start_sowing(s, c, from, count, false, watch);
  return true;
}

// After the last counter of a sowing: starts the next sowing of the move (relay or re-sowing of a
// capture; returns true) or ends the move with its capture (returns false).
template <class W>
bool Game::after_sowing(State& s, Sowing& c, W watch) const {
  constexpr Features F = W::kFeatures;
  const int p = c.player;
  const int last = c.pos;
  if constexpr (has(F, feature::kReverse)) {
    // Otep: only "the first sowing of the turn" goes clockwise.
    if (c.reverse && rules_.reverse_privilege == ReversePrivilege::kEndHolesWithCapture)
      c.reverse = false;
  }
  if constexpr (has(F, feature::kResow)) {
    if (c.last_sowing) {
      // Nsumbi, as the DLP's code plays it: the sowing of the captured counters ends the turn.
      c.fx.last_pos = last;
      if constexpr (has(F, feature::kFoursAtEnd)) {
        if (rules_.capture_fours == Fours::kEndOfTurn ||
            rules_.capture_fours == Fours::kEndOfTurnSown)
          add_gains(c.fx, take_fours(s, p, c.sown_holes, watch));
      }
      return false;
    }
  }
  bool in_store = false;
  if constexpr (has(F, feature::kStoreExtraMove))
    in_store = rules_.store_extra_move && last == kStorePos + p;
  if (in_store) {
    c.fx.extra_move = true;  // the move ends in his store; he moves again
  } else if constexpr (has(F, feature::kRelay)) {
    if constexpr (has(F, feature::kRelayCondition)) {
      if (rules_.relay >= Relay::kNextAfterOccupiedLanding && relay_on_condition(s, c, watch))
        return true;
    }
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
        if (s.holes[facing] == 0 || in_mask(s.out_of_play | s.closed_to[p], facing)) {
          c.empty_next = facing;
          break;
        }
        if (relay_from(s, c, facing, watch)) return true;
        break;
      }
      case Relay::kLandingHole: {
        if (last >= kMaxHoles || s.sink[last] != kNobody || s.holes[last] <= 1) break;
        if constexpr (has(F, feature::kFacingRules)) {
          // Lisolo: "If the final counter lands in an occupied hole, the contents of the two
          // opposite hole in the opponent's rows are captured" (the move then ends).
          if (rules_.inner_facing_when == InnerFacingWhen::kOccupiedAnyRow &&
              capture_at_occupied_landing(s, c, watch)) {
            c.fx.last_pos = last;
            return false;
          }
        }
        if constexpr (has(F, feature::kWeg)) {
          // Issue 38: no relay from a weg, made there or fallen into (its toll taken), and no
          // capture; a last counter in an empty one is capture_by_rule's (capture none).
          if (rules_.capture == Capture::kNone && wegs_ && weg_landing(s, c, watch)) {
            c.fx.last_pos = last;
            return false;
          }
        }
        // Duene: "the counters are picked up and sowing continues, unless the hole contained
        // three counters, causing it to contain four, in which case the counters are captured".
        if (rules_.capture == Capture::kCount && count_capturable(s, p, last)) break;
        if constexpr (has(F, feature::kOptionalStop)) {
          // Misoro Tsoro: "If this final hole is one of the misoro, the player may choose to end
          // their turn instead of continuing to sow." The move ends here as without a relay.
          if (stop_holes_ != 0 && optional_stop(c, last)) break;
        }
        if (c.fx.sowings >= rules_.max_sowings_per_move) {
          c.fx.relay_bound = true;
          break;
        }
        ++c.fx.sowings;
        if constexpr (has(F, feature::kResow)) {
          if (rules_.capture == Capture::kResowOppositePair && resow_capture(s, c, watch))
            return true;
        }
        int seized = 0;  // Kisolo (Lali): captures sown on with the landing hole's counters
        if constexpr (has(F, feature::kLandingCapture)) {
          if (rules_.capture_resow == CaptureResow::kWithLandingHole)
            seized = seize_into_landing(s, c, watch);
        }
        const int count = s.holes[last];
        s.holes[last] = 0;
        watch(Step::Kind::kLift, p, last, count);
        start_sowing(s, c, last, count + seized, false, watch);
        return true;
      }
      case Relay::kNextAfterOccupiedLanding:  // relay_on_condition, before the switch
      case Relay::kNextAfterEmptyLanding:
        break;
    }
  }
  c.fx.last_pos = last;
  if (has(F, feature::kRelay) && c.fx.relay_bound) {
    ++s.relay_bound_hits;
  } else if constexpr (has(F, feature::kCapture)) {
    capture_at_end(s, c, watch);
    if constexpr (has(F, feature::kResow)) {
      if (c.seized > 0) {
        // Tsoro (Reentered Captures): "Captured counters are then sown on the player's own side
        // of the board, starting with the hole following the one from which the capture was
        // triggered." Counted as captured, as Otep's re-sown captures are (capture_by_rule seized
        // them into the hand, short of the chain's bound).
        const int got = c.seized;
        c.seized = 0;
        ++c.fx.sowings;
        start_sowing(s, c, last, got, false, watch);
        return true;
      }
    }
  }
  if constexpr (has(F, feature::kFoursAtEnd)) {
    if (rules_.capture_fours == Fours::kEndOfTurn || rules_.capture_fours == Fours::kEndOfTurnSown)
      add_gains(c.fx, take_fours(s, p, c.sown_holes, watch));
  }
  return false;
}

// Issue 38, Kisolo (Lali): "When the final counter lands in an occupied hole in the inner row, the
// player captures the counters in the opponent's opposite inner row hole, and continues sowing
// with these counters and the counters in the hole where the final counter was dropped." The
// facing inner hole (and its outer hole, as capture_outer says) goes into the mover's hand,
// counted as captured as Otep's re-sown captures are; the landing hole's relay sows them on with
// its own counters. Returns the counters seized.
template <class W>
int Game::seize_into_landing(State& s, Sowing& c, W watch) const {
  const int last = c.pos;
  if (owner(last) != c.player || row(last) != 1) return 0;
  const int inner = opposite(last);
  int got = s.holes[inner];
  if (got == 0) return 0;
  int outer_got = 0;
  const int outer = opposite_outer(last);
  if (rules_.capture_outer != CaptureOuter::kNone) outer_got = s.holes[outer];
  if constexpr (W::kOn) {
    watch(Step::Kind::kSeize, c.player, inner, got);
    if (outer_got > 0) watch(Step::Kind::kSeize, c.player, outer, outer_got);
  }
  s.holes[inner] = 0;
  if (outer_got > 0) s.holes[outer] = 0;
  got += outer_got;
  c.fx.captured += got;
  c.fx.by_rule += got;
  return got;
}

// Issue 38, the conditional relays: Gabata (Adegrat): "When the final counter falls into an
// occupied hole, the player picks up the counters in the next hole and continues sowing from it.
// If that next hole is empty, the turn ends." (next_after_occupied_landing); Boukerourou: "When
// the final counter lands in an empty hole, the contents of the following hole are picked up and
// the sowing continues." (next_after_empty_landing). A last counter in a hole of the other kind
// ends the move, and so does an empty next hole (recorded for after_empty_next). No stores on the
// path (finalize refuses them): the next position is a hole.
template <class W>
bool Game::relay_on_condition(State& s, Sowing& c, W watch) const {
  const int last = c.pos;
  if (last >= kMaxHoles || s.sink[last] != kNobody) return false;
  const bool landed_empty = s.holes[last] == 1;
  if (landed_empty != (rules_.relay == Relay::kNextAfterEmptyLanding)) return false;
  const int next = step(s, c.player, c.reverse, last);
  if (s.holes[next] == 0) {
    c.empty_next = next;
    return false;
  }
  return relay_from(s, c, next, watch);
}

// Otep: "When the final counter falls into an occupied hole in the player's inner row and both of
// the opposite holes on the opponent's side of the board are occupied, the counters in the
// opposite holes are captured and sown beginning in the first hole that was sown into to begin
// the sowing that caused the capture." The last hole is known to have been occupied.
template <class W>
bool Game::resow_capture(State& s, Sowing& c, W watch) const {
  const int last = c.pos;
  if (owner(last) != c.player || row(last) != 1) return false;
  if (rules_.opening_captures >= 0 && c.resows >= rules_.opening_captures && first_move(s))
    return false;
  const int ref = rules_.capture_facing == CaptureFacing::kOriginHole ? c.from : last;
  const int inner = opposite(ref);
  const int outer = opposite_outer(ref);
  // Owela (Benguela), resow_pair_takes inner_occupied: "the opponent's hole opposite contains
  // counters. If it is, they are captured, and if the hole in to outer row opposite also contains
  // counters, these are also captured."
  if (s.holes[inner] == 0 ||
      (s.holes[outer] == 0 && rules_.resow_pair_takes == ResowPairTakes::kBothOccupied))
    return false;
  const int got = s.holes[inner] + s.holes[outer];
  if constexpr (W::kOn) {
    watch(Step::Kind::kSeize, c.player, inner, s.holes[inner]);
    if (s.holes[outer] > 0) watch(Step::Kind::kSeize, c.player, outer, s.holes[outer]);
  }
  s.holes[inner] = 0;
  s.holes[outer] = 0;
  c.fx.captured += got;
  c.fx.by_rule += got;
  ++c.resows;
  // Nsumbi: "sown in the player's rows starting from the same hole that the previous sowing
  // began" (resow_pair_from origin, the DLP's code: into the emptied origin first). Hus (Damara),
  // after_last: "sowing continues using these counters beginning at the next hole after the one
  // which caused the capture" (the capturing hole keeps its counters).
  c.last_sowing = rules_.resow_pair_ends_move;
  if (rules_.resow_pair_from == ResowPairFrom::kAfterLast) {
    start_sowing(s, c, last, got, false, watch);
    return true;
  }
  const int start = rules_.resow_pair_from == ResowPairFrom::kOrigin ? c.from : c.first;
  start_sowing(s, c, start, got, true, watch);
  return true;
}

template <class W>
void Game::run_move(State& s, Sowing& c, W watch) const {
  do {
    sow_rest(s, c, watch);
  } while (after_sowing(s, c, watch));
}

// A move's captures only grow (a sink's counters, a capture, re-sown captures counted when
// seized), so the move captures exactly when it has captured by the end of some sowing: the rest
// of the chain is not played.
template <class W>
bool Game::run_move_to_capture(State& s, Sowing& c, W watch) const {
  do {
    sow_rest(s, c, watch);
    if (c.fx.captured > 0) return true;
  } while (after_sowing(s, c, watch) && c.fx.captured == 0);
  return c.fx.captured > 0;
}

template <class W>
void Game::capture_at_end(State& s, Sowing& c, W watch) const {
  constexpr Features F = W::kFeatures;
  if constexpr (has(F, feature::kOpeningCaptures)) {
    // Mandoli: "Captures cannot be made on the first move." (opening_captures 0; a capture rule
    // other than Otep's re-sowing makes one capture a move at most).
    if (rules_.opening_captures == 0 && first_move(s)) return;
  }
  const int before = c.fx.captured;
  capture_by_rule(s, c, watch);
  c.fx.by_rule += c.fx.captured - before;
  if constexpr (has(F, feature::kCaptureExtraMove)) {
    // Wa'ache Waledat: "these counters are captured and the player takes another turn".
    if (rules_.capture_extra_move && c.fx.captured > before) c.fx.extra_move = true;
  }
}

template <class W>
void Game::capture_by_rule(State& s, Sowing& c, W watch) const {
  constexpr Features F = W::kFeatures;
  const int p = c.player;
  const int last = c.pos;
  const int empty_next = c.empty_next;
  MoveEffect& fx = c.fx;
  if constexpr (has(F,
                    feature::kAlternatingChain | feature::kGameCaptures | feature::kLockedHoles)) {
    // Issue 38, tworow: single two-row games' captures, out of this switch's line.
    if (tworow_capture_) [[unlikely]]
      return tworow_capture(s, c, watch);
  }
  switch (rules_.capture) {
    case Capture::kNone:
      // Issue 38: the last counter fell into an empty weg (an occupied one ends the relay).
      if constexpr (has(F, feature::kWeg)) {
        if (wegs_) weg_landing(s, c, watch);
      }
      break;
    case Capture::kEvenInOpponentRow: {
      if constexpr (!has(F, feature::kCaptureEven)) break;
      // Toguz Kumalak: "If the last ball falls into a hole on the opponent's side, and the
      // contents of this hole become an even number of balls, these are captured."
      if (last >= kMaxHoles || owner(last) == p || s.sink[last] != kNobody) break;
      const int in_hole = s.holes[last];
      if (in_hole % 2 == 0) {
        fx.captured += take_watched(s, last, p, watch);
        break;
      }
      // "...number then three balls, the hole becomes your tuzdyk" with its three conditions.
      if constexpr (!has(F, feature::kTuzdyk)) break;
      if (!rules_.tuzdyk || in_hole != rules_.tuzdyk_count || s.tuzdyk[p] != kNobody) break;
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
      if constexpr (!has(F, feature::kCaptureNext)) break;
      // "...captures any counters from the hole after the empty hole"
      if (empty_next >= 0) fx.captured += take_watched(s, step(s, p, false, empty_next), p, watch);
      break;
    case Capture::kOppositeEmptyNext:
      if constexpr (!has(F, feature::kCaptureNext)) break;
      if (empty_next >= 0 && empty_next < kMaxHoles)
        fx.captured += take_watched(s, opposite(empty_next), p, watch);
      break;
    case Capture::kOppositeLastInOwnRow:
      if constexpr (!has(F, feature::kCaptureOpposite)) break;
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
    case Capture::kEmptyOwnHole:
    case Capture::kEmptyHole: {
      if constexpr (!has(F, feature::kCaptureEmpty)) break;
      // Kalah: "a last counter falling into an own empty hole captures it and the facing hole's
      // counters" (it holds one now: it was empty when the counter fell), "when the facing hole
      // holds counters" unless capture_empty_facing (Irving et al.: the lone counter is taken).
      // empty_hole, French Wari: "If the final counter lands in an empty hole, any counters in
      // the opposite hole are taken". capture_takes_last false, Sungka: "the counters in the
      // opponent's hole opposite are taken" (the last counter stays).
      if (last >= kMaxHoles || s.sink[last] != kNobody || s.holes[last] != 1) break;
      if (rules_.capture == Capture::kEmptyOwnHole) {
        if constexpr (has(F, feature::kOwnership)) {
          // Issue 38, ownership: his holes are those he owns in the round, and the facing hole is
          // taken when his opponent owns it (Hufesay: "If the empty hole is in the player's row,
          // any counters in the opponent's opposite hole are captured").
          if (owner_in(s, last) != p || owner_in(s, opposite(last)) == p) break;
        } else if (owner(last) != p) {
          break;
        }
      }
      const int facing = opposite(last);
      if (s.holes[facing] == 0 && !rules_.capture_empty_facing) break;
      fx.captured += take_watched(s, facing, p, watch);
      if (rules_.capture_takes_last) fx.captured += take_watched(s, last, p, watch);
      break;
    }
    case Capture::kCount:
    case Capture::kCountSownHoles:
    case Capture::kInnerFacing:
    case Capture::kNextAfterEmpty:
      if constexpr (has(F, feature::kCaptureFamily)) capture_family(s, c, watch);
      break;
    case Capture::kOccupiedInnerFacing:  // Bao's moves play it (bao_moves.cpp)
      break;
  }
}

// Khutka Boia, fours at the end of the move: every hole then holding four goes to its row's owner
// (or as fours_scope says). Duene (end_of_turn_sown): "any holes which were sown into during the
// course of the turn which now contain four counters are captured by the owner of the row".
template <class W>
Game::Gains Game::take_fours(State& s, int player, HoleBits sown, W watch) const {
  Gains g;
  const bool sown_only = rules_.capture_fours == Fours::kEndOfTurnSown;
  for (int pos = 0; pos < rules_.total_holes; ++pos) {
    if (s.holes[pos] != 4 || s.sink[pos] != kNobody || (sown_only && !in_mask(sown, pos))) continue;
    const int taker = fours_taker(s, pos, player);
    if (taker == kNobody) continue;
    const int got = take_watched(s, pos, taker, watch);
    (taker == player ? g.mover : g.other) += got;
    g.fours[taker == player ? 0 : 1] += got;
  }
  return g;
}

// --- the end of a turn, under the profile's features F ---

template <Features F>
bool Game::has_move_as(const State& s, int player) const {
  if (playable_as<F>(s, player) == 0) return false;
  if constexpr (has(F, feature::kMustFeed)) {
    if (rules_.must_feed == MustFeed::kWhenEmpty && side_empty(s, 1 - player))
      return has_feeding_move(s, player);
  }
  return true;
}

template <Features F>
void Game::end_turn(State& s, const MoveEffect& fx, StepObserver* steps) const {
  if constexpr (has(F, feature::kEndWhenLeft)) {
    if (rules_.end_when_left > 0 && sweep_last(s, fx, steps)) return;
  }
  unsigned extra = 0;
  if constexpr (has(F, feature::kStoreExtraMove | feature::kCaptureExtraMove))
    extra = fx.extra_move ? 1u << s.to_move : 0u;
  if constexpr (has(F, feature::kFoursExtraMove)) {
    // Issue 38, Lam Waladach: "When the final counter falls into an empty hole, the turn ends,
    // unless the player was able to make a capture during the sowing, in which case they may
    // play again."
    if (rules_.fours_extra_move && fx.fours[0] > 0) extra = 1u << s.to_move;
  }
  settle_turn<F>(s, fx.captured + fx.opponent_captured > 0, extra, false, steps);
}

template <Features F>
void Game::settle_turn(State& s, bool captured, unsigned extra, bool was_joint,
                       StepObserver* steps) const {
  ++s.ply;
  s.quiet_turns = captured ? 0 : static_cast<uint16_t>(s.quiet_turns + 1);
  if (ended_by_rule<F>(s, steps)) return;
  bool going;
  if constexpr (has(F, feature::kJointTurns)) {
    going = rules_.turns == Turns::kSimultaneous
                ? next_joint_turn(s, extra, steps)
                : next_alternating_turn<F>(s, extra, was_joint, steps);
  } else {
    going = next_alternating_turn<F>(s, extra, was_joint, steps);
  }
  if (going && s.ply >= rules_.max_plies) end_round(s, EndReason::kSafetyBound);
}

template <Features F>
bool Game::ended_by_rule(State& s, StepObserver* steps) const {
  if constexpr (has(F, feature::kEndOnMajority)) {
    // Toguz: "the game ends as soon as a player has captured more than 81".
    if (rules_.end_on_majority && 2 * std::max(s.store[0], s.store[1]) > rules_.total_counters) {
      end_round(s, EndReason::kRule, RuleEnd::kMajority);
      return true;
    }
  }
  if constexpr (has(F, feature::kNoProgress)) {
    if (rules_.no_progress_turns > 0 && s.quiet_turns >= rules_.no_progress_turns) {
      end_owners_take_rows(s, EndReason::kNoProgress, RuleEnd::kNone, steps);
      return true;
    }
  }
  if constexpr (has(F, feature::kEndOnEmptySide)) {
    // Otep: "The player who captures all of their opponent's counters wins."
    if (rules_.end_on_empty_side && (side_empty(s, 0) || side_empty(s, 1))) {
      if (rules_.empty_side_wins) {
        // Waurie: "When a player has no more counters in their row, they win, even if it is now
        // the opponent's turn".
        const int mover = s.to_move;
        s.winner = static_cast<int8_t>(side_empty(s, mover) ? mover : 1 - mover);
        end_round(s, EndReason::kRule, RuleEnd::kEmptySide);
        return true;
      }
      end_owners_take_rows(s, EndReason::kRule, RuleEnd::kEmptySide, steps);
      return true;
    }
  }
  if constexpr (has(F, feature::kSideSingletons)) {
    // Ngola: "Play continues until one player has no holes with more than one counter, and the
    // opponent wins." Both sides at once: the board's end below.
    if (rules_.singletons_end == SingletonsEnd::kSideLoses) {
      const int lost = side_of_singletons(s);
      if (lost == 0 || lost == 1) {
        s.winner = static_cast<int8_t>(1 - lost);
        end_round(s, EndReason::kRule, RuleEnd::kSingletons);
        return true;
      }
      if (lost == 2) {
        end_owners_take_rows(s, EndReason::kRule, RuleEnd::kSingletons, steps);
        return true;
      }
    }
  }
  if constexpr (has(F, feature::kEndOnSingletons)) {
    // Awari: "The game ends when players have holes with only empty and single counters."
    if (rules_.end_on_singletons &&
        std::all_of(s.holes.begin(), s.holes.begin() + rules_.total_holes,
                    [](Count n) { return n <= 1; })) {
      end_owners_take_rows(s, EndReason::kRule, RuleEnd::kSingletons, steps);
      return true;
    }
  }
  if constexpr (has(F, feature::kEndOnCaptures)) {
    // Chonka: "The player who first captures half of the counters wins."
    if (rules_.end_on_captures > 0 && std::max(s.store[0], s.store[1]) >= rules_.end_on_captures) {
      const bool both = std::min(s.store[0], s.store[1]) >= rules_.end_on_captures;
      if (!both) s.winner = static_cast<int8_t>(s.store[0] >= rules_.end_on_captures ? 0 : 1);
      end_round(s, EndReason::kRule, RuleEnd::kCaptures);
      return true;
    }
  }
  return false;
}

template <Features F>
bool Game::next_alternating_turn(State& s, unsigned extra, bool was_joint,
                                 StepObserver* steps) const {
  if constexpr (has(F, feature::kJointTurns)) {
    if (was_joint) {
      // simultaneous_opening: turns alternate from here, the round's starter (to_move) first
      // unless exactly one player earned another move; the test below then picks him.
      const int starter = extra == 1u ? 0 : extra == 2u ? 1 : s.to_move;
      s.to_move = static_cast<uint8_t>(1 - starter);
      extra = 0;
    }
  }
  // store_extra_move: the mover moves again; else the other moves.
  if constexpr (has(F, feature::kStoreExtraMove | feature::kCaptureExtraMove)) {
    if (!((extra >> s.to_move & 1u) && has_move_as<F>(s, s.to_move)))
      s.to_move = static_cast<uint8_t>(1 - s.to_move);
  } else {
    s.to_move = static_cast<uint8_t>(1 - s.to_move);
  }
  if (has_move_as<F>(s, s.to_move)) [[likely]]
    return true;
  return no_move_left(s, steps);
}

}  // namespace mancala::sim

// The family's capture rules, kept in their own header (the module size limit).
#include "simulator/engine_steps_capture.h"
// Issue 38, branch fourrow1: the four-row games' capture at an occupied landing hole.
#include "simulator/engine_steps_fourrow1.h"
// Issue 38, tworow: single two-row games' captures.
#include "simulator/engine_steps_tworow.h"
// Issue 38, branch fourrow2's steps out of the capture's line.
#include "simulator/engine_steps_fourrow2.h"
// Issue 38, branch weg: holes captured for the round.
#include "simulator/engine_steps_weg.h"
