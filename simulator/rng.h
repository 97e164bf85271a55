// Rng: a small, fast, seedable generator (xoshiro256**, seeded through splitmix64).
// A game's randomness derives from (run seed, game index) only, so a batch gives the same
// results whatever the thread count or sharding.
#pragma once

#include <cstdint>

namespace mancala::sim {

class Rng {
 public:
  explicit Rng(uint64_t seed, uint64_t stream = 0) {
    uint64_t x = seed ^ (0x9E3779B97F4A7C15ULL * (stream + 1));
    for (auto& word : s_) word = splitmix64(x);
  }

  uint64_t next() {
    const uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform integer in [0, n), n > 0 (Lemire's multiply-shift with rejection: no modulo bias).
  uint32_t below(uint32_t n) {
    uint64_t m = static_cast<uint64_t>(static_cast<uint32_t>(next() >> 32)) * n;
    auto low = static_cast<uint32_t>(m);
    if (low < n) {
      const uint32_t threshold = static_cast<uint32_t>(-n) % n;
      while (low < threshold) {
        m = static_cast<uint64_t>(static_cast<uint32_t>(next() >> 32)) * n;
        low = static_cast<uint32_t>(m);
      }
    }
    return static_cast<uint32_t>(m >> 32);
  }

 private:
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  static uint64_t splitmix64(uint64_t& x) {
    uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  uint64_t s_[4];
};

}  // namespace mancala::sim
