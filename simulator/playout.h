// random_playout: plays a round on to its end with uniformly random moves, the floor under every
// search agent (MCTS playouts) and benchmark. One tight loop per rule profile, no allocation: the
// move list lives on the stack and the profile's move is the whole work.
//
// Joint turns (simultaneous.h): each player who has a move picks one uniformly; when the ruleset
// draws the order (Game::draws_order) and both play, the order is drawn from the same stream.
// Every random number comes from `rng`, so a playout is a function of (state, rng).
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "simulator/engine.h"
#include "simulator/rng.h"

namespace mancala::sim {

// The contract broken: the player to move has no legal move in a position that is not over.
[[noreturn, gnu::cold, gnu::noinline]] inline void playout_no_move(const Game& game,
                                                                   const State& s) {
  throw EngineFault(game.rules().id, "ply " + std::to_string(s.ply) + ": P" +
                                         std::to_string(s.to_move + 1) +
                                         " has no legal move in a position that is not over");
}

namespace detail {
// For each byte value: its set bits, and the position of its k-th set bit (k from 0).
struct ByteBits {
  std::array<uint8_t, 256> count{};
  std::array<std::array<uint8_t, 8>, 256> select{};
  constexpr ByteBits() {
    for (int b = 0; b < 256; ++b) {
      for (int i = 0; i < 8; ++i) {
        if (b >> i & 1) select[b][count[b]++] = static_cast<uint8_t>(i);
      }
    }
  }
};
inline constexpr ByteBits kByteBits{};
}  // namespace detail

// The number of set bits of a 16-bit mask (without -mpopcnt, __builtin_popcount is a call).
inline uint32_t count_bits16(uint32_t bits) {
  return detail::kByteBits.count[bits & 0xFF] + detail::kByteBits.count[bits >> 8 & 0xFF];
}
// The position of the k-th set bit (k from 0) of a 16-bit mask with more than k bits set:
// branch-free (k is random: a loop on it would miss its exit nearly every time).
inline int select_bit16(uint32_t bits, uint32_t k) {
  const uint32_t low = bits & 0xFF, in_low = detail::kByteBits.count[low];
  const bool high = k >= in_low;
  const uint32_t byte = high ? bits >> 8 & 0xFF : low;
  return (high ? 8 : 0) + detail::kByteBits.select[byte][high ? k - in_low : k];
}

// The same for a mask of a side of more than 16 holes (4x16, 2x40: Game::playable_wide), out of
// the small boards' way: the k-th set bit counted off from the lowest.
[[gnu::noinline]] inline Move random_wide_move(const Game& game, const State& s, HoleBits bits,
                                               Rng& rng) {
  const auto n = static_cast<uint32_t>(std::popcount(bits));
  if (n == 0) [[unlikely]]
    playout_no_move(game, s);  // never hand out a stale move (issue 12)
  for (uint32_t k = rng.below(n); k > 0; --k) bits &= bits - 1;
  return Move{static_cast<uint8_t>(std::countr_zero(bits)), false};
}

// The move a random player draws in an alternating turn, as Player::choose does from the legal
// moves' list (one rng.below(list size)), without building the list when the ruleset's moves
// are the playable holes (Game::plain_moves): the k-th legal move is the k-th set bit.
inline Move random_move(const Game& game, const State& s, Rng& rng, MoveList& moves) {
  if (game.plain_moves()) {
    const HoleBits bits = game.playable(s, s.to_move);
    if (bits > 0xFFFF) [[unlikely]]
      return random_wide_move(game, s, bits, rng);
    const uint32_t n = count_bits16(static_cast<uint32_t>(bits));
    if (n == 0) [[unlikely]]
      playout_no_move(game, s);  // never hand out a stale move (issue 12)
    return Move{static_cast<uint8_t>(select_bit16(static_cast<uint32_t>(bits), rng.below(n))),
                false};
  }
  game.legal_moves(s, moves);
  if (moves.size == 0) [[unlikely]]
    playout_no_move(game, s);
  return moves[static_cast<int>(rng.below(static_cast<uint32_t>(moves.size)))];
}

// The joint move of a simultaneous turn: each player with a legal move picks one with
// `choose(player, moves)`, neither seeing the other's choice; whose counter comes first is drawn
// when the rules draw it and both play. Neither playing (a defect) is the caller's to report.
template <class Choose>
inline JointMove choose_joint_move(const Game& game, const State& s, MoveList& moves, Rng& rng,
                                   Choose&& choose) {
  JointMove jm;
  for (int p = 0; p < 2; ++p) {
    game.legal_moves(s, p, moves);
    if (moves.size == 0) continue;
    jm.plays[p] = true;
    jm.move[p] = choose(p, moves);
  }
  if (game.draws_order() && jm.plays[0] && jm.plays[1])
    jm.first = static_cast<uint8_t>(rng.below(2));
  return jm;
}

// Hooks called by random_playout after each move: none by default (MCTS playouts, benchmarks);
// play_game passes its round tracker (the playability metrics) with the same two members.
struct NoPlayoutHooks {
  void after_move(const State&, int /*mover*/, bool /*extra_move*/) {}
  void after_joint(const State&, const JointMove&, const JointEffect&) {}
};

// Plays `s` to the end of its round (s.over); returns the plies played. The loop is the game's
// rule profile's own (Game::playout, engine_playout.cpp: profile.h), each move drawn as
// random_move draws it and each joint turn as choose_joint_move, `hooks` seeing every move:
// NoPlayoutHooks, or play_game's round tracker (round_tracker.h), the two kinds it is compiled for.
inline int random_playout(const Game& game, State& s, Rng& rng) {
  NoPlayoutHooks hooks;
  return game.playout(s, rng, hooks);
}
template <class Hooks>
inline int random_playout(const Game& game, State& s, Rng& rng, Hooks& hooks) {
  return game.playout(s, rng, hooks);
}

}  // namespace mancala::sim
