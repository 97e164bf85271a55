// random_playout: plays a round on to its end with uniformly random moves, the floor under every
// search agent (MCTS playouts) and benchmark. One tight loop, no allocation: the move list lives on
// the stack and the engine's apply() is the whole work.
//
// Joint turns (simultaneous.h): each player who has a move picks one uniformly; when the ruleset
// draws the order (Game::draws_order) and both play, the order is drawn from the same stream.
// Every random number comes from `rng`, so a playout is a function of (state, rng).
#pragma once

#include <array>
#include <cstdint>

#include "simulator/engine.h"
#include "simulator/rng.h"

namespace mancala::sim {

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

// The move a random player draws in an alternating turn, as Player::choose does from the legal
// moves' list (one rng.below(list size)), without building the list when the ruleset's moves
// are the playable holes (Game::plain_moves): the k-th legal move is the k-th set bit.
inline Move random_move(const Game& game, const State& s, Rng& rng, MoveList& moves) {
  if (game.plain_moves()) {
    const uint32_t bits = game.playable(s, s.to_move);  // holes_per_player <= 16 bits
    return Move{static_cast<uint8_t>(select_bit16(bits, rng.below(count_bits16(bits)))), false};
  }
  game.legal_moves(s, moves);
  return moves[static_cast<int>(rng.below(static_cast<uint32_t>(moves.size)))];
}

// Plays `s` to the end of its round (s.over); returns the plies played.
inline int random_playout(const Game& game, State& s, Rng& rng) {
  MoveList moves;
  int plies = 0;
  while (!s.over) {
    if (game.joint_turn(s)) {
      JointMove jm;
      for (int p = 0; p < 2; ++p) {
        game.legal_moves(s, p, moves);
        if (moves.size == 0) continue;
        jm.plays[p] = true;
        jm.move[p] = moves[static_cast<int>(rng.below(static_cast<uint32_t>(moves.size)))];
      }
      if (game.draws_order() && jm.plays[0] && jm.plays[1])
        jm.first = static_cast<uint8_t>(rng.below(2));
      game.apply_joint(s, jm);
    } else {
      game.apply(s, random_move(game, s, rng, moves));
    }
    ++plies;
  }
  return plies;
}

}  // namespace mancala::sim
