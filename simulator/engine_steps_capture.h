// The family's capture rules (Game::capture_family), a part of the move steps of
// simulator/engine_steps.h, which includes it: private to the simulator, instantiated with the
// other steps by the files that include engine_steps.h.
#pragma once

#include <algorithm>
#include <cassert>

#include "simulator/engine.h"

namespace mancala::sim {

// The family's capture rules (issue 25), out of line: capture_by_rule keeps the size it had for
// the seed games, whose random playouts inline it (a larger switch made Toguz Kumalak's loop
// slower, scripts/bench_c_loop.sh).
template <class W>
void Game::capture_family(State& s, Sowing& c, W watch) const {
  const int p = c.player;
  const int last = c.pos;
  MoveEffect& fx = c.fx;
  // Count captures (count, count_sown_holes): a hole goes to the mover, or with capture_taker
  // owner (Enindji: "the owner of that hole captures the counters") to its row's owner.
  auto take_counted = [&](int pos) {
    const int taker = rules_.capture_taker == CaptureTaker::kOwner ? owner(pos) : p;
    int& got = taker == p ? fx.captured : fx.opponent_captured;
    got += take_watched(s, pos, taker, watch);
    if constexpr (has(W::kFeatures, feature::kCaptureWithFacing)) {
      // La'b Akila: "the player captures those counters, plus any counters in the hole in the
      // opposite row" (the DLP's code takes the opposite hole of every hole of the chain too).
      if (rules_.capture_with_facing) got += take_watched(s, opposite(pos), taker, watch);
    }
  };
  switch (rules_.capture) {
    case Capture::kCount: {
      // Oware: "Players capture counters when the final counter is sown in the opponent's row
      // and the hole containing it has two or three counters (counting the counter just dropped
      // into it). If the hole before it also has two or three counters, these are also captured
      // and so on until reaching a hole without two or three counters or one not belonging to
      // the opponent." The run goes back against this sowing's direction (capture_chain back),
      // forward with it, or both ways; each hole in capture_rows and holding a capturing count.
      if (!count_capturable(s, p, last)) break;
      take_counted(last);
      const auto chain = rules_.capture_chain;
      for (const bool forward : {false, true}) {
        if (chain == CaptureChain::kNone || (chain == CaptureChain::kBack && forward) ||
            (chain == CaptureChain::kForward && !forward))
          continue;
        const bool rev = forward ? c.reverse : !c.reverse;
        for (int pos = next_[p][rev][last]; count_capturable(s, p, pos); pos = next_[p][rev][pos])
          take_counted(pos);
      }
      break;
    }
    case Capture::kCountSownHoles: {
      // Kapana Bona: "Any piles that now contain 2, 4, or 6 counters are captured": the holes
      // this sowing dropped into, in the order it sowed them.
      int pos = c.from;
      int left = c.sown;
      if (c.sown_into_from && left > 0) {
        if (count_capturable(s, p, pos)) take_counted(pos);
        --left;
      }
      for (int i = 0; i < std::min(left, lap_len_); ++i) {
        pos = step(s, p, c.reverse, pos);
        if (rules_.skip_origin_on_laps && pos == c.from) pos = step(s, p, c.reverse, pos);
        if (count_capturable(s, p, pos)) take_counted(pos);
      }
      break;
    }
    case Capture::kInnerFacing: {
      // Tsoro: "When the final counter lands in an empty hole in the inner row, any counters in
      // the opposite hole in the opponent's inner row are captured. If there also are counters
      // in the opposite hole in the opponent's outer row, these are also captured, but only if
      // there was first a capture from the inner row hole" (capture_outer after_inner).
      // capture_resow after_last: the counters go into the mover's hand to be sown again (see
      // after_sowing), unless the chain is at its bound: then they are his, and the bound is hit.
      if (last >= kMaxHoles || owner(last) != p || row(last) != 1) break;
      // Kisolo (Lali), with_landing_hole: "When the final counter lands in an empty hole, the
      // player's turn ends." (its captures are made at an occupied hole: seize_into_landing)
      if (rules_.capture_resow == CaptureResow::kWithLandingHole) break;
      const bool resow = rules_.capture_resow == CaptureResow::kAfterLast;
      const bool at_bound = resow && c.fx.sowings >= rules_.max_sowings_per_move;
      auto grab = [&](int pos) {
        if (!resow || at_bound) return take_watched(s, pos, p, watch);
        const int n = s.holes[pos];
        if (W::kOn && n > 0) watch(Step::Kind::kSeize, p, pos, n);
        s.holes[pos] = 0;
        c.seized += n;
        return n;
      };
      if constexpr (has(W::kFeatures, feature::kOuterWhenInnerEmpty)) {
        // Sute and Namudilakunze (issue 38, fourrow2), out of line: the outer hole alone, only
        // behind an empty inner hole.
        if (rules_.capture_outer == CaptureOuter::kWhenInnerEmpty) {
          fx.captured += outer_when_inner_empty(s, p, last, watch);
          break;
        }
      }
      bool take_outer = false;
      if constexpr (has(W::kFeatures, feature::kFacingRules)) {
        // Issue 38, fourrow1: Chiana wa Bwalo's empty inner hole, Lisolo's occupied one, Ngolo's
        // both facing holes (facing_rule_allows, fourrow1_moves.cpp); Namudilakunze's outer hole
        // is Sute's capture_outer when_inner_empty, above.
        if (facing_rules_ && !facing_rule_allows(s, last, take_outer)) [[unlikely]]
          break;
      }
      const int inner = grab(opposite(last));
      fx.captured += inner;
      int outer = 0;
      if (take_outer || rules_.capture_outer == CaptureOuter::kAlways ||
          (rules_.capture_outer == CaptureOuter::kAfterInner && inner > 0))
        outer = grab(opposite_outer(last));
      fx.captured += outer;
      if (at_bound && inner > 0) {
        fx.relay_bound = true;
        ++s.relay_bound_hits;
      }
      if constexpr (has(W::kFeatures, feature::kExtraHoles)) {
        // Nsolo: "If counters in the inner and outer row are captured, the player may also
        // capture counters from one other hole on the opponent's side of the board"
        // (extra_holes_after double_capture); Mefuvha, after any capture. The hole is the
        // player's choice: the reading takes the fullest (ties: the first along the opponent's
        // path), then the fullest left, extra_holes times.
        const bool after = rules_.extra_holes_after == ExtraHolesAfter::kAnyCapture
                               ? inner + outer > 0
                               : inner > 0 && outer > 0;
        if constexpr (has(W::kFeatures, feature::kOptionalStop)) {
          // Misoro Tsoro (Additional Capture) (issue 38, fourrow2), out of line.
          if (rules_.extra_holes_spare_stops) [[unlikely]] {
            if (after) fx.captured += extra_holes_sparing_stops(s, p, watch);
            break;
          }
        }
        for (int n = after ? rules_.extra_holes : 0; n > 0; --n) {
          int best = -1;
          for (int k = 0; k < rules_.holes_per_player; ++k) {
            const int pos = global(1 - p, k);
            if (s.sink[pos] == kNobody && s.holes[pos] > (best < 0 ? 0 : s.holes[best])) best = pos;
          }
          if (best < 0) break;
          fx.captured += take_watched(s, best, p, watch);
        }
      }
      break;
    }
    case Capture::kNextAfterEmpty: {
      // Pallankuli: "If sowing ends in an empty hole, the contents of the next hole are captured
      // and the turn ends."
      if (last >= kMaxHoles || s.sink[last] != kNobody || s.holes[last] != 1) break;
      fx.captured += take_watched(s, step(s, p, c.reverse, last), p, watch);
      break;
    }
    case Capture::kNone:  // the seed games' captures: capture_by_rule makes them
    case Capture::kEvenInOpponentRow:
    case Capture::kAfterEmptyNext:
    case Capture::kOppositeEmptyNext:
    case Capture::kOppositeLastInOwnRow:
    case Capture::kResowOppositePair:
    case Capture::kEmptyOwnHole:
    case Capture::kEmptyHole:
    case Capture::kOccupiedInnerFacing:
      break;
  }
}

}  // namespace mancala::sim
