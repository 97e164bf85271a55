#include "simulator/zobrist.h"

#include "simulator/rng.h"

namespace mancala::sim {

Zobrist::Zobrist(const Game& game, bool with_stores) : with_stores_(with_stores) {
  const RuleSet& r = game.rules();
  total_holes_ = r.total_holes;
  quiet_ = r.no_progress_turns > 0;
  sinks_possible_ = r.match;
  // Each player's first move is special under an opening rule (engine.cpp: first_move).
  const bool opening = r.opening_hole > 0 || !r.opening_holes.empty() || r.opening_captures >= 0 ||
                       r.turns == Turns::kSimultaneousOpening;
  // direction_chosen_once (issue 38, fourrow1): the first moves are clockwise, and the way each
  // player chose on his second move is part of the position (State::way).
  chosen_once_ = r.direction_chosen_once;
  ply_below_ = opening || chosen_once_ ? 2 : 0;
  // A search of at most kMaxAlphaBetaDepth (64) plies from a position before this ply cannot
  // reach max_plies, so only later plies need telling apart.
  ply_from_ = r.max_plies > 64 ? r.max_plies - 64 : 0;
  // A fixed seed: keys are the same in every run, so searches are reproducible.
  Rng rng(0x5A0B1157ULL, 0);
  for (auto& t : turn_) t = rng.next();
  for (auto& t : solo_) t = rng.next();
  // The words of the 32-hole board's first 256 counts first, then the stores', as before boards
  // grew (issue 37): every small board's keys, and so its searches, are those of before; then
  // the larger counts and the holes past 32.
  constexpr int kOldHoles = 32, kOldCounts = 256;
  for (int pos = 0; pos < kOldHoles; ++pos)
    for (int v = 0; v < kOldCounts; ++v) holes_[pos][v] = rng.next();
  for (auto& store : store_)
    for (auto& v : store) v = rng.next();
  for (int pos = 0; pos < kMaxHoles; ++pos) {
    for (int v = pos < kOldHoles ? kOldCounts : 0; v <= kMaxCounters; ++v)
      holes_[pos][v] = rng.next();
  }
  for (int pos = 0; pos < kMaxHoles; ++pos) holes_[pos][0] = 0;  // an empty hole adds nothing
  // rare()'s parts, precomputed: the same words mix() gives.
  no_handicaps_ = mix(1, 0) ^ mix(2, 0) ^ mix(3, 0) ^ mix(4, 0) ^ mix(5, 0) ^ mix(6, 0) ^ mix(7, 0);
  for (uint64_t p = 0; p < 2; ++p) {
    for (int pos = 0; pos < kMaxHoles; ++pos) sink_keys_[p][pos] = mix(8 + p, pos);
  }
}

uint64_t Zobrist::rare(const State& s) const {
  uint64_t k = no_handicaps_;
  if (s.out_of_play | s.closed_to[0] | s.closed_to[1] | s.aside[0] | s.aside[1] |
      s.extra_number[0] | s.extra_number[1] | static_cast<uint8_t>(s.tribute_to + 1) | s.bao |
      s.takasa) {
    k = mix(1, s.out_of_play) ^ mix(2, s.closed_to[0]) ^ mix(3, s.closed_to[1]) ^
        mix(4, static_cast<uint16_t>(s.aside[0])) ^ mix(5, static_cast<uint16_t>(s.aside[1])) ^
        mix(6, s.extra_number[0] | s.extra_number[1] << 8) ^
        mix(7, static_cast<uint8_t>(s.tribute_to + 1)) ^
        mix(16, s.bao | s.takasa << 8);  // Bao's house and takasa (issue 38, bao2)
  }
  if (s.locked() != 0) k ^= mix(10, s.locked());  // short_holes_locked (Khrour)
  // Issue 38, weg: each player's wegs, and those whose first toll was spared.
  if (s.wegs() != 0) k ^= mix(0x57, s.weg(0)) ^ mix(0x58, s.weg(1)) ^ mix(0x59, s.weg_spared);
  for (int pos = 0; pos < total_holes_; ++pos) {
    const int8_t taker = s.sink[pos];
    if (taker == kNobody) continue;
    k ^= taker == 0 || taker == 1 ? sink_keys_[taker][pos]
                                  : mix(8 + static_cast<uint64_t>(taker), pos);
  }
  return k;
}

}  // namespace mancala::sim
