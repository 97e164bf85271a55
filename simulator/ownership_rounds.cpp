// Issue 38, branch ownership: the holes each player owns when a round is dealt (ownership.h),
// and Game's playable holes where some hole has changed owner. Once a round or once a ply at most,
// out of the move loop's unity group.
#include <algorithm>
#include <bit>

#include "simulator/ownership.h"

namespace mancala::sim {

int holes_owned(const RuleSet& r, std::array<int, 2> holdings, int previous0, int lot) {
  const int all = r.total_holes;
  if (r.hole_ownership == HoleOwnership::kWinnerGainsHole) {
    // Whyo: "The winner of the previous round now owns seven holes - the six in his row and the
    // next hole in the opponent's row." Each round won gains one more; a drawn round none.
    const int before = previous0 < 0 ? r.holes_per_player : previous0;
    const int won = (holdings[0] > holdings[1]) - (holdings[1] > holdings[0]);
    return std::clamp(before + won, 0, all);
  }
  const int c = r.counters_per_hole;
  const int q0 = holdings[0] / c, r0 = holdings[0] % c, r1 = holdings[1] % c;
  // Rio Kadalis: "The player with more counters gains a hole from their opponent for every four
  // extra balls they've captured. If an opponent has three extra after counting in such a way,
  // they also gain a hole, but not if there are one or two extra." The two remainders fill one
  // hole between them (the total is counters_per_hole a hole).
  if (r0 == 0) return q0;
  if (r0 != r1) return r0 > r1 ? q0 + 1 : q0;
  // Equal remainders. lots: Hufesay: "if each player has two extra they draw lots to see who
  // gets an extra hole" (`lot`: the player who drew it).
  if (r.odd_hole_tie == OddHoleTie::kLots && lot >= 0) return lot == 0 ? q0 + 1 : q0;
  // keep: nobody gains the hole; it stays with its owner. Player 0's holes are nested by their
  // count (ceded_holes), so the hole after his q0 was his when he owned more than q0. Unknown (no
  // round before, or no lot drawn): to a player who would otherwise own none.
  if (previous0 < 0 || r.odd_hole_tie == OddHoleTie::kLots) return q0 == 0 ? 1 : q0;
  return previous0 > q0 ? q0 + 1 : q0;
}

bool draws_lot(const RuleSet& r, std::array<int, 2> holdings) {
  const int c = r.counters_per_hole;
  return r.hole_ownership == HoleOwnership::kByHoldings && r.odd_hole_tie == OddHoleTie::kLots &&
         holdings[0] % c != 0 && holdings[0] % c == holdings[1] % c;
}

HoleBits ceded_holes(const Game& game, int owned0) {
  const int h = game.holes_per_player();
  if (owned0 == h) return 0;
  // The player owning more than his row, and how many of the opponent's holes he owns.
  const int p = owned0 > h ? 0 : 1;
  const int extra = owned0 > h ? owned0 - h : h - owned0;
  // The opponent's first hole after his row along his sowing path.
  int pos = game.global(p, 0);
  while (pos >= kMaxHoles || game.owner(pos) == p) pos = game.next_on_path(p, false, pos);
  HoleBits ceded = 0;
  for (int i = 0; i < extra; ++i) {
    ceded |= HoleBits{1} << pos;
    do {
      pos = game.next_on_path(p, false, pos);
    } while (pos >= kMaxHoles);
  }
  return ceded;
}

int owned_by_first(const Game& game, const State& s) {
  const int h = game.holes_per_player();
  const HoleBits row = (HoleBits{1} << h) - 1;
  return h - std::popcount(s.ceded & row) + std::popcount(s.ceded >> h & row);
}

void deal_owned(const Game& game, State& s, int owned0) {
  const RuleSet& r = game.rules();
  for (int pos = 0; pos < r.total_holes; ++pos)
    s.holes[pos] = static_cast<Count>(r.counters_per_hole);
  s.store = {0, 0};
  s.aside = {0, 0};
  s.out_of_play = 0;
  s.ceded = static_cast<uint16_t>(ceded_holes(game, owned0));  // 16 holes at most (finalize)
}

HoleBits Game::owned_playable(const State& s, int player) const {
  const int h = rules_.holes_per_player;
  HoleBits bits = 0;
  for (int k = 0; k < 2 * h; ++k) {
    const int pos = move_origin(player, k);
    if (owner_in(s, pos) == player && s.holes[pos] >= rules_.min_counters_to_sow &&
        !in_mask(s.out_of_play, pos) &&
        !(rules_.weg_count > 0 && in_mask(s.wegs(), pos)))  // nor a weg
      bits |= HoleBits{1} << k;
  }
  return bits;
}

void Game::owned_moves(const State& s, int player, MoveList& out) const {
  // One direction, no opening or reverse rules with hole_ownership (finalize): the holes he owns.
  out.size = 0;
  if (s.over) return;
  for (HoleBits bits = owned_playable(s, player); bits != 0; bits &= bits - 1)
    out.push(Move{static_cast<uint8_t>(std::countr_zero(bits)), false});
}

}  // namespace mancala::sim
