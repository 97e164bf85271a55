// Zobrist keys of a position: one random 64-bit word per (feature, value), xored together. The key
// covers every part of State that can change what happens next: holes, stores, sinks (tuzdyks,
// a bha, toll holes), wegs (and the wegs whose first toll was spared), holes out of play, holes
// closed to a player, counters set aside, extra numbers, the tribute's receiver, whose turn and a
// solo move; the quiet-turn counter when the rules have a no-progress rule; the ply when an opening
// rule or the max_plies bound can still matter. Two states with the same key are treated as the
// same position by the search, so anything left out must not change the game's future (the round
// index and relay-bound counter do not).
//
// Keys are computed whole, not updated incrementally: a move can change any number of holes
// (laps, relay chains), and a table read a hole costs less than tracking them.
#pragma once

#include <array>
#include <cstdint>

#include "simulator/engine.h"
#include "simulator/state.h"

namespace mancala::sim {

class Zobrist {
 public:
  // `game` decides which optional features count (no-progress rule, opening rules). Without
  // `with_stores` the stores are left out: for a search whose table holds values relative to
  // the counters already captured (AlphaBeta's exact-margin mode), positions that differ only
  // in their stores have the same future.
  explicit Zobrist(const Game& game, bool with_stores = true);

  uint64_t key(const State& s) const {
    uint64_t k = turn_[s.to_move & 1] ^ solo_[(s.solo + 1) & 3];
    for (int pos = 0; pos < total_holes_; ++pos) k ^= holes_[pos][s.holes[pos]];
    if (with_stores_) {
      k ^= store_[0][static_cast<uint16_t>(s.store[0]) & kValueMask] ^
           store_[1][static_cast<uint16_t>(s.store[1]) & kValueMask];
    }
    // The rare parts: one branch when a game has none of them.
    if (s.out_of_play | s.closed_to[0] | s.closed_to[1] | s.aside[0] | s.aside[1] |
            s.extra_number[0] | s.extra_number[1] | static_cast<uint8_t>(s.tribute_to + 1) |
            has_sinks(s) ||
        s.wegs() != 0) {
      k ^= rare(s);
    }
    // Issue 38, ownership: holes that changed owner for the round (hole_ownership).
    if (s.ceded != 0) [[unlikely]]
      k ^= mix(0x0Eu, uint64_t{s.ceded});
    if (quiet_) k ^= mix(0x71u, s.quiet_turns);
    if (chosen_once_) k ^= mix(0xC3u, s.way(0) | s.way(1) << 2);
    if (s.ply < ply_below_ || s.ply >= ply_from_) k ^= mix(0x9Bu, s.ply);
    return k;
  }

 private:
  static constexpr int kValueMask = 1023;  // stores hold at most kMaxCounters (320) counters
  static uint64_t mix(uint64_t tag, uint64_t v) {
    uint64_t z = (v + 1) * 0x9E3779B97F4A7C15ULL ^ tag * 0xD6E8FEB86659FD93ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  bool has_sinks(const State& s) const {
    return s.tuzdyk[0] != kNobody || s.tuzdyk[1] != kNobody || sinks_possible_;
  }
  uint64_t rare(const State& s) const;

  int total_holes_ = 0;
  bool with_stores_ = true;
  bool quiet_ = false;           // the no-progress rule counts quiet turns
  bool chosen_once_ = false;     // direction_chosen_once: each player's way (State::way) counts
  bool sinks_possible_ = false;  // a bha or toll hole can make a hole a sink
  int ply_below_ = 0;            // plies before this are distinct (opening rules)
  int ply_from_ = 0;             // plies from this are distinct (near max_plies)
  uint64_t no_handicaps_ = 0;    // rare()'s first part when none of its handicaps is set
  std::array<std::array<uint64_t, kMaxHoles>, 2> sink_keys_{};  // mix(8 + player, pos)
  std::array<uint64_t, 2> turn_{};
  std::array<uint64_t, 4> solo_{};
  std::array<std::array<uint64_t, kMaxCounters + 1>, kMaxHoles> holes_{};
  std::array<std::array<uint64_t, kValueMask + 1>, 2> store_{};
};

}  // namespace mancala::sim
