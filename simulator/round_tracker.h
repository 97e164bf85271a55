// RoundTracker: what the play loop records of a round for the playability metrics (RoundPlay,
// play.h; docs/metrics.md), the hooks play_game gives the random play loop (Game::playout,
// instantiated for it in engine_playout.cpp) and its own loop.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

#include "simulator/engine.h"
#include "simulator/play.h"

namespace mancala::sim {

// floor(sqrt(x)), exactly: the double's root, one Newton step where x is past 2^64 (a double holds
// x to 53 bits, so that root may be off by thousands), then integer steps to the floor. Once a
// round (the stability metric): it took 18 instructions a ply of Toguz Kumalak bit by bit.
inline __uint128_t isqrt(__uint128_t x) {
  using u128 = __uint128_t;
  u128 r = static_cast<u128>(std::sqrt(static_cast<double>(x)));
  if (r >> 32) r = (r + x / r) / 2;
  while (r * r > x) --r;
  while ((r + 1) * (r + 1) <= x) ++r;
  return r;
}

// Follows one round for its RoundPlay (docs/metrics.md): a few integer operations per ply, no
// allocation, so the playout loop keeps its speed.
class RoundTracker {
 public:
  // Where captured counters are sown again on the capturer's side (Otep's re-sowing capture)
  // nothing is stored: a player's material is then every counter on his side, and holding more
  // than half decides nothing (it can all be taken back), so no majority is recorded.
  explicit RoundTracker(const Game& game)
      : total_(game.rules().total_counters),
        holes_(game.rules().holes_per_player),
        on_side_(game.material_on_side()) {}

  // The round as dealt.
  void start(const State& s) {
    const int lead = held(s, 0) - held(s, 1);
    lead_ = lead;
    first_ply_ = lead_since_ = s.ply;
    lead_sum_ = lead_square_sum_ = 0;
    play_.turns = 0;
    play_.lead_changes = 0;
    play_.max_lead = play_.min_lead = static_cast<int16_t>(lead);
    sign_ = (lead > 0) - (lead < 0);
    last_stores_ = stores(s);
    for (int p = 0; p < 2; ++p)
      play_.majority_ply[p] = !on_side_ && 2 * held(s, p) > total_ ? 0 : RoundPlay::kNever;
    owed_ = kNobody;
    extra_moves_ = 0;
  }
  // After a ply of `mover` alone: an extra move when his previous ply earned him one
  // (MoveEffect::extra_move); a turn is any other ply.
  [[gnu::always_inline]] void after_move(const State& s, int mover, bool extra_move) {
    if ((owed_ != kNobody) | extra_move) [[unlikely]] {
      if (owed_ == mover) ++extra_moves_;
      owed_ = extra_move ? static_cast<int8_t>(mover) : kNobody;
    }
    update(s);
  }
  // After a joint ply (simultaneous.h): always a turn of its own; a player who alone earned
  // another move plays it next, alone.
  void after_joint(const State& s, const JointMove& jm, const JointEffect& fx) {
    const bool e0 = jm.plays[0] && fx.fx[0].extra_move, e1 = jm.plays[1] && fx.fx[1].extra_move;
    owed_ = e0 == e1 ? kNobody : static_cast<int8_t>(e0 ? 0 : 1);
    update(s);
  }
  // The round's record, once it is over (`s` as it ended).
  const RoundPlay& finish(const State& s) {
    play_.turns = static_cast<uint16_t>(s.ply - extra_moves_);
    hold_lead_until(s.ply + 1);
    play_.stability = stability(s.ply + 1 - first_ply_);
    return play_;
  }

 private:
  // Both stores as one word: one comparison tells whether either moved.
  static uint32_t stores(const State& s) {
    uint32_t word;
    static_assert(sizeof(word) == sizeof(s.store));
    std::memcpy(&word, s.store.data(), sizeof(word));
    return word;
  }
  int held(const State& s, int p) const {
    int n = s.store[static_cast<size_t>(p)] + s.aside[static_cast<size_t>(p)];
    if (on_side_) {
      for (int k = p * holes_; k < (p + 1) * holes_; ++k) n += s.holes[static_cast<size_t>(k)];
    }
    return n;
  }
  // The lead moves only when a store does (aside is fixed through a round): most plies stop
  // here, inlined; the rest is out of line.
  [[gnu::always_inline]] void update(const State& s) {
    if (stores(s) != last_stores_ || on_side_) changed(s);
  }
  [[gnu::noinline]] void changed(const State& s) {
    last_stores_ = stores(s);
    const int h0 = held(s, 0), h1 = held(s, 1);
    const int lead = h0 - h1;
    hold_lead_until(s.ply);
    lead_ = lead;
    track_lead(lead);
    if (on_side_) return;
    if (2 * h0 > total_ && play_.majority_ply[0] == RoundPlay::kNever)
      play_.majority_ply[0] = s.ply;
    if (2 * h1 > total_ && play_.majority_ply[1] == RoundPlay::kNever)
      play_.majority_ply[1] = s.ply;
  }
  // The positions before ply `ply` held the last lead since it was set: their sums.
  void hold_lead_until(int ply) {
    const int64_t positions = ply - lead_since_;
    lead_sum_ += positions * lead_;
    lead_square_sum_ += positions * lead_ * lead_;
    lead_since_ = ply;
  }
  // floor(1000 sd / total) of the lead over `n` positions, exactly from the integer sums: sd =
  // sqrt(n S2 - S1^2) / n.
  uint16_t stability(int64_t n) const {
    if (n <= 0 || total_ <= 0) return 0;
    using u128 = __uint128_t;
    const __int128_t spread = static_cast<__int128_t>(n) * lead_square_sum_ -
                              static_cast<__int128_t>(lead_sum_) * lead_sum_;
    const u128 x = static_cast<u128>(spread) * 1000000u;
    const u128 value = isqrt(x) / static_cast<u128>(n * total_);
    return static_cast<uint16_t>(value > 1000 ? 1000 : value);
  }
  void track_lead(int lead) {
    if (lead > play_.max_lead) play_.max_lead = static_cast<int16_t>(lead);
    if (lead < play_.min_lead) play_.min_lead = static_cast<int16_t>(lead);
    const int sign = (lead > 0) - (lead < 0);
    if (sign != 0 && sign != sign_) {
      if (sign_ != 0) ++play_.lead_changes;
      sign_ = sign;
    }
  }

  int total_;
  int holes_;
  bool on_side_;
  int sign_ = 0;           // of the last non-zero lead
  int8_t owed_ = kNobody;  // the player the last ply earned another move, if any
  int extra_moves_ = 0;
  uint32_t last_stores_ = 0;  // both stores after the last ply (stores())
  // The lead and the sums of it and its square over the positions so far (stability): the lead
  // `lead_` has held since position `lead_since_`, the round's first position is `first_ply_`.
  int lead_ = 0, lead_since_ = 0, first_ply_ = 0;
  int64_t lead_sum_ = 0, lead_square_sum_ = 0;
  RoundPlay play_{};
};

}  // namespace mancala::sim
