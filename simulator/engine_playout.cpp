// The move loop compiled once per rule profile (profile.h, issue 37): Game::apply's instances and
// random play's loops, the profile of a Game chosen once, when it is built.
#include "simulator/engine_steps.h"
#include "simulator/playout.h"
#include "simulator/round_tracker.h"

namespace mancala::sim {

// flatten: the whole move is inlined into the instance (no call per step).
template <Features F>
[[gnu::flatten]] MoveEffect Game::apply_as(State& s, Move m) const {
  assert(!s.over && !joint_turn(s) && is_legal(s, m));
  Sowing c;
  const NoWatchOf<F> watch;
  begin_move(s, s.to_move, m, c, watch);
  run_move(s, c, watch);
  end_turn<F>(s, c.fx, nullptr);
  return c.fx;
}

// A move alone, its turn not ended (Game::try_move): the profile's steps, as apply_as plays them.
template <Features F>
[[gnu::flatten]] MoveEffect Game::try_as(State& s, int player, Move m) const {
  Sowing c;
  const NoWatchOf<F> watch;
  begin_move(s, player, m, c, watch);
  run_move(s, c, watch);
  return c.fx;
}

// Whether a move captures (Game::try_captures): try_as, stopped at the first capture.
template <Features F>
[[gnu::flatten]] bool Game::try_captures_as(State& s, int player, Move m) const {
  Sowing c;
  const NoWatchOf<F> watch;
  begin_move(s, player, m, c, watch);
  return run_move_to_capture(s, c, watch);
}

// The move a random player draws in an alternating turn, as Player::choose does from the legal
// moves' list (one rng.below(list size)), without building the list when the ruleset's moves are
// the playable holes: the k-th legal move is the k-th set bit.
template <Features F>
Move Game::random_move_as(const State& s, Rng& rng, MoveList& moves) const {
  if (!has(F, feature::kMoveRules) || plain_moves_) {
    const HoleBits wide = playable_as<F>(s, s.to_move);
    if constexpr (has(F, feature::kWideSide)) {
      if (wide > 0xFFFF) [[unlikely]]
        return random_wide_move(*this, s, wide, rng);
    }
    const auto bits = static_cast<uint32_t>(wide);  // a side of at most 16 holes: 16 bits
    const uint32_t n = count_bits16(bits);
    if (n == 0) [[unlikely]]
      playout_no_move(*this, s);  // never hand out a stale move (issue 12)
    return Move{static_cast<uint8_t>(select_bit16(bits, rng.below(n))), false};
  }
  legal_moves(s, moves);
  if (moves.size == 0) [[unlikely]]
    playout_no_move(*this, s);
  return moves[static_cast<int>(rng.below(static_cast<uint32_t>(moves.size)))];
}

// Plays `s` to the end of its round with random moves, as random_playout (playout.h) describes.
template <Features F, class Hooks>
[[gnu::flatten]] int Game::playout_as(State& s, Rng& rng, Hooks& hooks) const {
  MoveList moves;
  int plies = 0;
  while (!s.over) {
    if constexpr (has(F, feature::kJointTurns)) {
      if (joint_turn(s)) {
        const JointMove jm = choose_joint_move(*this, s, moves, rng, [&](int, const MoveList& m) {
          return m[static_cast<int>(rng.below(static_cast<uint32_t>(m.size)))];
        });
        if (!jm.plays[0] && !jm.plays[1]) [[unlikely]]
          playout_no_move(*this, s);
        const JointEffect fx = apply_joint(s, jm);
        hooks.after_joint(s, jm, fx);
        ++plies;
        continue;
      }
    }
    const int mover = s.to_move;
    const bool extra = apply_as<F>(s, random_move_as<F>(s, rng, moves)).extra_move;
    hooks.after_move(s, mover, extra);
    ++plies;
  }
  return plies;
}

namespace {

// Calls f.template operator()<kProfiles[i]>() for the profile index i.
template <class Fn, size_t... I>
decltype(auto) with_profile(int index, Fn&& f, std::index_sequence<I...>) {
  using R = decltype(f.template operator()<kProfiles[0]>());
  R result{};
  ((index == static_cast<int>(I) ? (void)(result = f.template operator()<kProfiles[I]>()) : void()),
   ...);
  return result;
}

template <class Fn>
decltype(auto) with_profile(int index, Fn&& f) {
  return with_profile(index, f, std::make_index_sequence<kProfiles.size()>{});
}

}  // namespace

int Game::playout(State& s, Rng& rng, NoPlayoutHooks& hooks) const {
  if (bao_) return bao_playout(s, rng, hooks);
  return with_profile(profile_,
                      [&]<Features F>() { return playout_as<F, NoPlayoutHooks>(s, rng, hooks); });
}

int Game::playout(State& s, Rng& rng, RoundTracker& hooks) const {
  if (bao_) return bao_playout(s, rng, hooks);
  return with_profile(profile_,
                      [&]<Features F>() { return playout_as<F, RoundTracker>(s, rng, hooks); });
}

void Game::choose_profile(int forced) {
  features_ = features_of(rules_);
  profile_ = forced >= 0 ? forced : profile_of(features_);
  if (profile_ >= static_cast<int>(kProfiles.size()) ||
      (kProfiles[static_cast<size_t>(profile_)] & features_) != features_) {
    throw Error(rules_.id + ": rule profile " + std::to_string(profile_) +
                " does not hold every feature of the ruleset");
  }
  apply_ = with_profile(profile_, [&]<Features F>() {
    return static_cast<MoveEffect (Game::*)(State&, Move) const>(&Game::apply_as<F>);
  });
  try_ = with_profile(profile_, [&]<Features F>() {
    return static_cast<MoveEffect (Game::*)(State&, int, Move) const>(&Game::try_as<F>);
  });
  try_captures_ = with_profile(profile_, [&]<Features F>() {
    return static_cast<bool (Game::*)(State&, int, Move) const>(&Game::try_captures_as<F>);
  });
  if (bao_) {
    apply_ = &Game::bao_apply;
    try_ = &Game::bao_try;
    try_captures_ = &Game::bao_try_captures;
  }
}

}  // namespace mancala::sim
