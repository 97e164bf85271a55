// Issue 38, helper "ethiopia": the stylised openings of the Ethiopian two-row games
// (stylised_opening). The round's first move (opening_hole, opening_for first_player) makes its
// stylised move here, once a round and out of the move loop; its sowing then goes on by the
// usual rules (relays, fours, captures), from the hole and with the counters returned.
#include <algorithm>

#include "simulator/engine.h"

namespace mancala::sim {

Game::Opened Game::open_stylised(State& s, int player, int hole, StepObserver* seen) const {
  auto show = [&](Step::Kind kind, int pos, int count) {
    if (seen)
      seen->on_step(Step{kind, static_cast<int8_t>(player), static_cast<uint8_t>(pos),
                         static_cast<int16_t>(count), kNobody});
  };
  // `n` counters of hole `from` into hole `to`: lifted, and dropped one by one.
  auto move_into = [&](int from, int to, int n) {
    if (n <= 0) return;
    s.holes[from] = static_cast<Count>(s.holes[from] - n);
    s.holes[to] = static_cast<Count>(s.holes[to] + n);
    show(Step::Kind::kLift, from, n);
    for (int i = 0; i < n; ++i) show(Step::Kind::kDrop, to, 1);
  };
  auto next = [&](int pos) { return step(s, player, false, pos); };
  const int origin = global(player, hole);
  Opened o;
  switch (rules_.stylised_opening) {
    case StylisedOpening::kNone:
      break;
    case StylisedOpening::kPairsIntoNext: {
      // Gabata (Oromo): "One player takes the four counters in their leftmost hole and places
      // them into the next hole, moving in an anti-clockwise direction. They then take the four
      // counters in the next hole, and place them in the following holes. This continues until
      // the entire board has an alternation pattern of a hole with eight counters followed by one
      // with zero counters. The player then sows beginning from the final hole with eight
      // counters they created." Jimafesosh likewise from the rightmost hole.
      int pos = origin;
      int last = origin;
      do {
        const int to = next(pos);
        if (to == origin) break;  // an odd number of holes in play: the last one stays
        move_into(pos, to, s.holes[pos]);
        last = to;
        pos = next(to);
      } while (pos != origin);
      o.from = last;
      o.count = s.holes[last];
      s.holes[last] = 0;
      show(Step::Kind::kLift, last, o.count);
      break;
    }
    case StylisedOpening::kRowIntoOpponentRow: {
      // Lam Waladach: "The first player takes three counters from each of their holes, and sows
      // them beginning in the opponent's first hole." Gabata (Wuqro): "takes all of the counters
      // from the holes in their row. They then begin sowing these counters into the opponent's
      // row".
      // His holes are those he owns this round (hole_ownership: his row's, and those of the
      // opponent's row he has won, which follow his row along his path); the opponent's first
      // hole is the one after the last of them along his path.
      const int h = rules_.holes_per_player;
      o.from = global(player, h - 1);
      int pos = global(player, 0);
      for (int i = 0; i < rules_.total_holes; ++i, pos = next_on_path(player, false, pos)) {
        if (owner_in(s, pos) != player || in_mask(s.out_of_play, pos)) continue;
        const int after = next_on_path(player, false, pos);
        if (owner_in(s, after) != player) o.from = pos;
        const int n = rules_.opening_lift == 0 ? s.holes[pos]
                                               : std::min<int>(rules_.opening_lift, s.holes[pos]);
        if (n == 0) continue;
        s.holes[pos] = static_cast<Count>(s.holes[pos] - n);
        o.count += n;
        show(Step::Kind::kLift, pos, n);
      }
      break;
    }
    case StylisedOpening::kOnesIntoNext: {
      // Lamosh: "One player takes one counter from their rightmost hole, and holds it in their
      // hand. They then take one counter from the next hole, moving in an anti-clockwise
      // direction, and place it in the next hole. They then take a counter from the next hole
      // after that, and placing it in the next hole, continuing until there is an alternating
      // pattern of a hole with five counters followed by a hole with three counters. Upon
      // reaching the original hole, one counter is dropping in it, and then one counter in the
      // following hole, thus capturing the counters in this hole."
      o.from = origin;
      o.count = s.holes[origin] > 0 ? 1 : 0;
      s.holes[origin] = static_cast<Count>(s.holes[origin] - o.count);
      if (o.count > 0) show(Step::Kind::kLift, origin, 1);
      int pos = next(origin);
      while (pos != origin) {
        const int to = next(pos);
        move_into(pos, to, std::min<int>(1, s.holes[pos]));
        if (to == origin) break;
        pos = next(to);
      }
      break;
    }
  }
  return o;
}

}  // namespace mancala::sim
