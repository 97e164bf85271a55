// The parts of the move loop that only rules of matches and handicaps use (Khutka Boia, Mawkar
// Katiya): the Kungidar's tribute, captures a single drop triggers (instant fours, extra
// numbers) and fours taken at the end of a move. Rulesets without them never reach this code:
// Game tests one flag per sowing (watch_drops_) or per move.
#include "simulator/engine.h"
#include "simulator/engine_steps.h"

namespace mancala::sim {

// Khutka Boia 1-4: "the player who has one counter will receive one counter from the hole from
// which sowing begins at the beginning of each player's turn". Called for a lifted hole of two or
// more: a lone counter is sown as usual (see the tribute key), so every move sows.
Game::Gains Game::take_tribute(State& s, int player) const {
  Gains g;
  const int k = s.tribute_to;
  if (rules_.tribute == Tribute::kNone || (rules_.tribute == Tribute::kOwnTurns && k != player))
    return g;
  // each_round: "at the commencement of each deal", a deal read as a round: the first sowing only.
  if (rules_.tribute == Tribute::kEachRound && s.ply != 0) return g;
  ++s.store[k];
  (k == player ? g.mover : g.other) = 1;
  return g;
}

// After a counter fell into `pos` in `player`'s sowing: the capture its new count triggers at
// once, if any.
Game::Gains Game::watch_drop(State& s, int pos, int player, bool last) const {
  Gains g;
  if (pos >= kMaxHoles || s.sink[pos] != kNobody) return g;
  const int n = s.holes[pos];
  const int q = 1 - player;
  int taker = kNobody;
  bool four = false;
  if (rules_.capture_fours == Fours::kInstant && n == 4 &&
      (taker = fours_taker(s, pos, player)) != kNobody) {
    four = true;
    // Obridje: "If the last counter falls into ... a hole in either row, making that hole contain
    // four counters, play ends, and the four counters are taken."
    if (last && rules_.fours_last_to_mover) taker = player;
  } else if (rules_.extra_number != ExtraNumber::kNone && s.extra_number[q] != 0 &&
             n == s.extra_number[q]) {
    // Mawkar Katiya (a): "Each player, during their opponent's turn, captures counters in any hole
    // that are made to equal the number of extra counters they had at the beginning of this round."
    taker = rules_.extra_number == ExtraNumber::kHolder ? q : player;
  }
  if (taker == kNobody) return g;
  const int got = take(s, pos, taker);
  (taker == player ? g.mover : g.other) = got;
  (four ? g.fours : g.extra)[taker == player ? 0 : 1] = got;
  return g;
}

// The rest of a sowing (as sow_rest) with each drop watched.
Game::Gains Game::sow_watched(State& s, int player, bool reverse, int from, int pos, int count,
                              bool into_from) const {
  Gains total;
  MoveEffect fx;
  HoleBits sown = 0;  // a local, kept in a register (total.sown is written once, at the end)
  auto drop_watched = [&](int at) {
    drop(s, at, fx, player);
    if (at < kMaskHoles) sown |= HoleBits{1} << at;
    total.add(watch_drop(s, at, player, count == 1));
  };
  if (into_from && count > 0) {
    pos = from;
    drop_watched(pos);
    --count;
  }
  const bool skip_origin = rules_.skip_origin_on_laps;
  const HoleBits skip = s.out_of_play | s.closed_to[player];
  while (count > 0) {
    pos = step_skipping(skip, player, reverse, pos);
    if (skip_origin && pos == from) pos = step_skipping(skip, player, reverse, pos);
    drop_watched(pos);
    --count;
  }
  total.pos = pos;
  total.sown = sown;
  total.mover += fx.captured;
  total.other += fx.opponent_captured;
  return total;
}

int Game::fours_taker(const State& s, int pos, int player) const {
  const int o = owner_in(s, pos);  // its owner in this round (hole_ownership)
  switch (rules_.fours_scope) {
    case FoursScope::kBothRows:
      // Khutka Boia: "Whenever any holes in the player's row contain four counters, they are
      // captured by the player."
      return o;
    case FoursScope::kMoverRow:
      return o == player ? player : kNobody;
    case FoursScope::kMover:
      // Hoyito: "If at any time during sowing a player drops a counter into a hole to make it
      // contain four, these are captured."
      return player;
    case FoursScope::kMoverOpponentRow:
      // Wouri: "the contents of any hole in the opponent's row which a player causes to contain
      // four counters are captured".
      return o != player ? player : kNobody;
  }
  return kNobody;
}

}  // namespace mancala::sim
