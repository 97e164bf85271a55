// The parts of the move loop that only rules of matches and handicaps use (Khutka Boia, Mawkar
// Katiya): the Kungidar's tribute, captures a single drop triggers (instant fours, extra
// numbers) and fours taken at the end of a move. Rulesets without them never reach this code:
// Game tests one flag per sowing (watch_drops_) or per move.
#include "simulator/engine.h"

namespace mancala::sim {

// Khutka Boia 1-4: "the player who has one counter will receive one counter from the hole from
// which sowing begins at the beginning of each player's turn". A lone counter is sown as usual
// (see the tribute key): the tribute never leaves a move with nothing to sow.
void Game::take_tribute(State& s, int player, int& count, MoveEffect& fx) const {
  const int k = s.tribute_to;
  if (rules_.tribute == Tribute::kOwnTurns && k != player) return;
  if (rules_.tribute == Tribute::kNone) return;
  --count;
  ++s.store[k];
  if (k == player) {
    ++fx.captured;
  } else {
    ++fx.opponent_captured;
  }
}

// After a counter fell into `pos`: the capture its new count triggers at once, if any.
void Game::watch_drop(State& s, int pos, Sowing& c) const {
  if (pos >= kMaxHoles || s.sink[pos] != kNobody) return;
  const int n = s.holes[pos];
  const int p = c.player;
  const int q = 1 - p;
  int taker = kNobody;
  if (rules_.capture_fours == Fours::kInstant && n == 4 &&
      (rules_.fours_scope == FoursScope::kBothRows || owner(pos) == p)) {
    // Khutka Boia: "Whenever any holes in the player's row contain four counters, they are
    // captured by the player."
    taker = owner(pos);
  } else if (rules_.extra_number != ExtraNumber::kNone && s.extra_number[q] != 0 && n == s.extra_number[q]) {
    // Mawkar Katiya (a): "Each player, during their opponent's turn, captures counters in any hole
    // that are made to equal the number of extra counters they had at the beginning of this round."
    taker = rules_.extra_number == ExtraNumber::kHolder ? q : p;
  }
  if (taker == kNobody) return;
  const int got = take(s, pos, taker);
  if (taker == p) {
    c.fx.captured += got;
  } else {
    c.fx.opponent_captured += got;
  }
}

// sow_rest with each drop watched.
void Game::sow_rest_watched(State& s, Sowing& c) const {
  const int p = c.player;
  const bool rev = c.reverse;
  const int from = c.from;
  int pos = c.pos;
  int count = c.hand;
  if (c.into_from && count > 0) {
    pos = from;
    drop(s, pos, c.fx, p);
    watch_drop(s, pos, c);
    --count;
    c.into_from = false;
  }
  const bool skip_origin = rules_.skip_origin_on_laps;
  while (count > 0) {
    pos = step(s, p, rev, pos);
    if (skip_origin && pos == from) pos = step(s, p, rev, pos);
    drop(s, pos, c.fx, p);
    watch_drop(s, pos, c);
    --count;
  }
  c.pos = pos;
  c.hand = 0;
}

// Khutka Boia, fours at the end of the move: every hole then holding four goes to its row's owner
// (or, with fours_scope mover_row, only the mover's own).
void Game::take_fours(State& s, Sowing& c) const {
  const int p = c.player;
  for (int pos = 0; pos < rules_.total_holes; ++pos) {
    if (s.holes[pos] != 4 || s.sink[pos] != kNobody) continue;
    const int o = owner(pos);
    if (rules_.fours_scope == FoursScope::kMoverRow && o != p) continue;
    const int got = take(s, pos, o);
    if (o == p) {
      c.fx.captured += got;
    } else {
      c.fx.opponent_captured += got;
    }
  }
}

}  // namespace mancala::sim
