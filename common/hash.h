// FNV-1a, 64 bits (Fowler, Noll and Vo): the one implementation of the hashes the toolkit keeps,
// the rules hash of a ruleset (ruleset_write.cpp), the play hash of the rulesets that play alike
// (plays_as.cpp) and the golden traces' hash (tests/simulator/golden_test_util.h).
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace mancala {

// The published offset basis of FNV-1a 64 (the golden traces' hash; the test vectors of
// tests/simulator/golden_test.cpp).
inline constexpr uint64_t kFnv1aBasis = 14695981039346656037ull;
// The offset basis of the rules and play hashes: the published one with its last digit lost.
// Every stored run, exported ruleset and plays_as pair carries hashes made with it, so it stays.
inline constexpr uint64_t kRulesHashBasis = 1469598103934665603ull;

constexpr uint64_t fnv1a64(std::string_view text, uint64_t basis = kFnv1aBasis) {
  uint64_t h = basis;
  for (const char ch : text) {
    h ^= static_cast<unsigned char>(ch);
    h *= 1099511628211ull;
  }
  return h;
}

// The hash as 16 lower-case hex digits, as the rules and play hashes are written.
inline std::string fnv1a_hex(std::string_view text, uint64_t basis = kRulesHashBasis) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(fnv1a64(text, basis)));
  return buf;
}

}  // namespace mancala
