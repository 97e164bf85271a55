// Issue 38, branch fourrow1: the legal moves of the four-row games of southern and central Africa
// (run once a move, out of the engine's pinned unity group): Chiana wa Bwalo's rearmost hole and
// the direction Chisolo's and Namudilakunze's players choose once.
#include <bit>

#include "simulator/engine.h"

namespace mancala::sim {

HoleBits Game::rearmost_holes(const State& s, int player, HoleBits bits) const {
  // Chiana wa Bwalo: "Sowing occurs from the player's rearmost hole": the rear hole of a run of
  // counters along his path (the hole before it, against the direction, empty). His counters
  // start as one run in the outer row; a capture can break them into several, each with its rear
  // hole. When every hole of his holds counters there is no rear: any may be played.
  HoleBits rear = 0;
  for (HoleBits b = bits; b != 0; b &= b - 1) {
    const int k = std::countr_zero(b);
    const int before = next_[player][1][global(player, k)];
    if (s.holes[before] == 0) rear |= HoleBits{1} << k;
  }
  return rear != 0 ? rear : bits;
}

void Game::chosen_once_moves(const State& s, int player, HoleBits bits, Move* moves, int& n) const {
  // Chisolo: "On the first turn, sowing occurs in a clockwise direction. On the second turn, the
  // player may sow in either direction, but must continue in the chosen direction for the rest
  // of the game." Clockwise is against the ruleset's anticlockwise (Move::reverse); State::way
  // holds the way each player chose on his second move (begin_move sets it).
  const uint8_t way = s.way(player);
  if (first_move(s) || way != 0) {
    const bool reverse = first_move(s) || way == 2;
    for (; bits != 0; bits &= bits - 1)
      moves[n++] = Move{static_cast<uint8_t>(std::countr_zero(bits)), reverse};
    return;
  }
  either_way_moves(bits, moves, n);
}

bool Game::facing_rule_allows(const State& s, int last, bool& take_outer) const {
  // Chiana wa Bwalo (no relay): "When the final counter lands in an empty hole in the inner row";
  // Lisolo's captures are made at an occupied hole (capture_at_occupied_landing): an empty one
  // ends the turn.
  if (rules_.inner_facing_when == InnerFacingWhen::kEmpty && s.holes[last] != 1) return false;
  if (rules_.inner_facing_when == InnerFacingWhen::kOccupiedAnyRow) return false;
  const int in = s.holes[opposite(last)], out = s.holes[opposite_outer(last)];
  // Ngolo: "if one of the two opposite holes is empty, no capture is made".
  if (rules_.capture_outer == CaptureOuter::kBothRequired) {
    if (in == 0 || out == 0) return false;
    take_outer = true;
  }
  return true;
}

}  // namespace mancala::sim
