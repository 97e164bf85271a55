// TranspositionTable: a fixed-size table of packed 16-byte entries (key, value, bound, depth, best
// move, generation), one probe slot per key, allocated once. What a search learnt about a position
// (its value or a bound on it, to what depth, and the best move found) is kept here and used when
// the position comes again by another order of moves, and to try the best move first.
//
// Generations: an entry belongs to one game (or one solve); new_generation() makes every older
// entry invisible without clearing the table (a full clear only when the 16-bit counter wraps),
// so what a player does in a game never depends on the games its thread played before.
//
// Replacement: a slot is overwritten by a newer generation, by a search at least as deep, or
// by an exact value; otherwise the deeper entry stays.
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

#include "simulator/state.h"

namespace mancala::sim {

enum class Bound : uint8_t { kNone, kUpper, kLower, kExact };

struct TtEntry {
  uint64_t key = 0;
  int16_t value = 0;
  uint8_t depth = 0;  // plies searched below the position; 255: to the end of the game
  Bound bound = Bound::kNone;
  uint8_t move = kNoMove;  // best move: hole | reverse << 7, or kNoMove
  uint8_t unused = 0;
  uint16_t generation = 0;

  static constexpr uint8_t kNoMove = 0xFF;
  static uint8_t pack(Move m) { return static_cast<uint8_t>(m.hole | (m.reverse ? 0x80 : 0)); }
  static Move unpack(uint8_t code) {
    return Move{static_cast<uint8_t>(code & 0x7F), (code & 0x80) != 0};
  }
};
static_assert(sizeof(TtEntry) == 16, "entries are packed into 16 bytes");

class TranspositionTable {
 public:
  // 2^bits entries (16 bytes each).
  explicit TranspositionTable(int bits)
      : mask_((uint64_t{1} << bits) - 1), entries_(size_t{1} << bits) {}

  void new_generation() {
    if (++generation_ == 0) {
      std::memset(static_cast<void*>(entries_.data()), 0, entries_.size() * sizeof(TtEntry));
      generation_ = 1;
    }
  }

  // The entry for `key` of this generation, or nullptr.
  const TtEntry* probe(uint64_t key) const {
    const TtEntry& e = entries_[key & mask_];
    return e.key == key && e.generation == generation_ && e.bound != Bound::kNone ? &e : nullptr;
  }

  // Starts loading the slot of `key` into the cache (a probe soon after finds it there).
  void prefetch(uint64_t key) const { __builtin_prefetch(&entries_[key & mask_]); }

  void store(uint64_t key, int value, int depth, Bound bound, uint8_t move) {
    TtEntry& e = entries_[key & mask_];
    const uint8_t d = static_cast<uint8_t>(depth > 255 ? 255 : depth);
    if (e.generation == generation_ && e.key != key && e.depth > d && bound != Bound::kExact)
      return;
    // The same position searched again keeps its best move when the new search found none.
    if (e.generation == generation_ && e.key == key && move == TtEntry::kNoMove) move = e.move;
    e.key = key;
    e.value = static_cast<int16_t>(value);
    e.depth = d;
    e.bound = bound;
    e.move = move;
    e.generation = generation_;
  }

  size_t size() const { return entries_.size(); }

 private:
  uint64_t mask_;
  std::vector<TtEntry> entries_;
  uint16_t generation_ = 1;
};

}  // namespace mancala::sim
