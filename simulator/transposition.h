// TranspositionTable: a fixed-size table of packed 16-byte entries (key, value, bound, depth, best
// move, work, generation), allocated once, with one slot per key (the agents) or a bucket of four
// slots in one cache line (the solver). What a search learnt about a position
// (its value or a bound on it, to what depth, and the best move found) is kept here and used when
// the position comes again by another order of moves, and to try the best move first.
//
// Generations: an entry belongs to one game (or one solve); new_generation() makes every older
// entry invisible without clearing the table (a full clear only when the 16-bit counter wraps),
// so what a player does in a game never depends on the games its thread played before.
//
// Replacement, one slot per key: a slot is overwritten by a newer generation, by a search at least
// as deep, or by an exact value; otherwise the deeper entry stays. Four slots per key (the solver,
// whose searches all go to the end, so depth tells nothing): a key's own slot is updated; a new
// key takes a slot of an older generation if there is one, else the one whose search cost least
// (`work`, the bit length of the nodes its search visited), so costly results outlive cheap ones.
#pragma once

#include <sys/mman.h>

#include <bit>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>

#include "simulator/state.h"

namespace mancala::sim {

enum class Bound : uint8_t { kNone, kUpper, kLower, kExact };

struct TtEntry {
  uint64_t key = 0;
  int16_t value = 0;
  uint8_t depth = 0;  // plies searched below the position; 255: to the end of the game
  Bound bound = Bound::kNone;
  uint8_t move = kNoMove;  // best move: hole | reverse << 7 (see pack), or kNoMove
  uint8_t work = 0;        // bit length of the number of nodes the search of this entry visited
  uint16_t generation = 0;

  static constexpr uint8_t kNoMove = 0xFF;
  // A move without an optional stop: hole (below 64) | reverse << 7. With one (issue 38,
  // fourrow2; a side of at most 16 holes, which finalize requires of optional_stop_holes): 0x40 |
  // (stop - 1) << 4 | hole | reverse << 7, for stops 1-3; a later stop is kept as kNoMove (no best
  // move: the table orders nothing for it), so that no code is kNoMove's.
  static uint8_t pack(Move m) {
    if (m.stop == 0) [[likely]]
      return static_cast<uint8_t>(m.hole | (m.reverse ? 0x80 : 0));
    if (m.stop > 3 || m.hole > 15) return kNoMove;
    return static_cast<uint8_t>(0x40 | (m.stop - 1) << 4 | m.hole | (m.reverse ? 0x80 : 0));
  }
  static Move unpack(uint8_t code) {
    if (code & 0x40)
      return Move{static_cast<uint8_t>(code & 0x0F), (code & 0x80) != 0,
                  static_cast<uint8_t>((code >> 4 & 3) + 1)};
    return Move{static_cast<uint8_t>(code & 0x3F), (code & 0x80) != 0};
  }
};
static_assert(sizeof(TtEntry) == 16, "entries are packed into 16 bytes");

class TranspositionTable {
 public:
  // 2^bits entries (16 bytes each), zero. A table of 2 MiB or more is mapped from the kernel,
  // whose pages come zeroed when first touched, so making it costs nothing however large it is
  // (writing 2 GiB of zeros took 10-20 s, outside the solver's deadline); it is aligned to 2 MiB
  // and asks for huge pages (madvise; Linux's default "madvise" mode grants them): a probe of a
  // large table then misses the cache but rarely the TLB, which makes the solver about twice as
  // fast. Throws std::bad_alloc when the memory cannot be had.
  // ways: 1 (a slot per key) or 4 (a bucket per key; bits >= 2).
  explicit TranspositionTable(int bits, int ways = 1)
      : mask_(((uint64_t{1} << bits) - 1) & ~static_cast<uint64_t>(ways - 1)),
        size_(size_t{1} << bits),
        ways_(ways) {
    const size_t bytes = size_ * sizeof(TtEntry);
    if (bytes >= kHugePage) {
      mapped_ = bytes + kHugePage;
      void* base =
          mmap(nullptr, mapped_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (base == MAP_FAILED) throw std::bad_alloc();
      base_ = base;
      const uintptr_t aligned =
          (reinterpret_cast<uintptr_t>(base) + kHugePage - 1) & ~(uintptr_t{kHugePage} - 1);
      entries_ = reinterpret_cast<TtEntry*>(aligned);
      madvise(entries_, bytes, MADV_HUGEPAGE);
    } else {
      void* p = std::aligned_alloc(64, bytes);
      if (!p) throw std::bad_alloc();
      std::memset(p, 0, bytes);
      base_ = p;
      entries_ = static_cast<TtEntry*>(p);
    }
  }
  ~TranspositionTable() {
    if (mapped_ > 0) {
      munmap(base_, mapped_);
    } else {
      std::free(base_);
    }
  }
  TranspositionTable(const TranspositionTable&) = delete;
  TranspositionTable& operator=(const TranspositionTable&) = delete;

  void new_generation() {
    if (++generation_ == 0) {
      std::memset(static_cast<void*>(entries_), 0, size_ * sizeof(TtEntry));
      generation_ = 1;
    }
  }

  // The entry for `key` of this generation, or nullptr.
  const TtEntry* probe(uint64_t key) const {
    const TtEntry* e = &entries_[key & mask_];
    for (int w = 0; w < ways_; ++w, ++e) {
      if (e->key == key && e->generation == generation_ && e->bound != Bound::kNone) return e;
    }
    return nullptr;
  }

  // Starts loading the slot of `key` into the cache (a probe soon after finds it there).
  void prefetch(uint64_t key) const { __builtin_prefetch(&entries_[key & mask_]); }

  // `work`: the nodes the search of `key` visited (kept as its bit length; four-way tables only).
  void store(uint64_t key, int value, int depth, Bound bound, uint8_t move, uint64_t work = 0) {
    TtEntry* e = &entries_[key & mask_];
    const uint8_t d = static_cast<uint8_t>(depth > 255 ? 255 : depth);
    if (ways_ == 1) {
      if (e->generation == generation_ && e->key != key && e->depth > d && bound != Bound::kExact)
        return;
    } else {
      e = victim(e, key);
    }
    // The same position searched again keeps its best move when the new search found none.
    if (e->generation == generation_ && e->key == key && move == TtEntry::kNoMove) move = e->move;
    e->key = key;
    e->value = static_cast<int16_t>(value);
    e->depth = d;
    e->bound = bound;
    e->move = move;
    e->work = static_cast<uint8_t>(std::bit_width(work));
    e->generation = generation_;
  }

  size_t size() const { return size_; }

 private:
  static constexpr size_t kHugePage = size_t{2} << 20;
  // The slot of a four-way bucket that `key` goes into.
  TtEntry* victim(TtEntry* bucket, uint64_t key) const {
    TtEntry* cheapest = bucket;
    for (int w = 0; w < ways_; ++w) {
      TtEntry* e = bucket + w;
      if (e->key == key || e->generation != generation_ || e->bound == Bound::kNone) return e;
      if (e->work < cheapest->work) cheapest = e;
    }
    return cheapest;
  }
  uint64_t mask_;
  size_t size_;
  int ways_;
  void* base_ = nullptr;  // what was allocated or mapped
  size_t mapped_ = 0;     // the mapping's length; 0 when allocated
  TtEntry* entries_ = nullptr;
  uint16_t generation_ = 1;
};

}  // namespace mancala::sim
