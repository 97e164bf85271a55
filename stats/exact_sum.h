// ExactSum: an exact, order-independent sum of finite doubles, the storage behind Moments.
#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

namespace mancala::stats {

// An exact sum of finite doubles (and of their squares), each optionally multiplied by a count.
//
// Every finite double is an integer multiple of 2^-1074, so any sum of doubles is a binary
// fixed-point number, possibly a long one. ExactSum keeps that number exactly, as a
// two's-complement integer in 64-bit limbs over a window of bit positions that grows only as far
// as the values added need (a sum of game lengths fits in two limbs). Nothing is ever rounded, so
// add() and merge() are associative and commutative: the same values, split into any shards and
// merged in any order, give the identical state, and the readers round that state once, to the
// nearest double (ties to even).
//
// The state is canonical (no zero limbs at the bottom, exactly one sign limb at the top, zero is
// empty), so operator== compares values and to_json() writes one text per value.
class ExactSum {
 public:
  // Adds x * times exactly. Throws mancala::Error if x is infinite or NaN.
  void add(double x, std::uint64_t times = 1);
  // Adds x * x * times exactly. Throws mancala::Error if x is infinite or NaN.
  void add_square(double x, std::uint64_t times = 1);
  // Adds the other sum exactly.
  void merge(const ExactSum& other);

  bool is_zero() const { return limbs_.empty(); }
  // -1, 0 or +1.
  int sign() const;
  // The sum rounded to the nearest double (ties to even); +-infinity past the double range.
  double to_double() const;
  // The sum divided by divisor (which must be > 0), rounded once to the nearest double.
  double divided_by(std::uint64_t divisor) const;

  // {"base": <int>, "limbs": ["<16 hex digits>", ...]}: limb i weighs 2^(64 * (base + i)), limbs
  // little-endian, two's complement. from_json accepts any such text (not only canonical ones) and
  // throws mancala::Error "<context>: <key>: <what is wrong>" on a malformed one.
  nlohmann::json to_json() const;
  static ExactSum from_json(const nlohmann::json& json, const std::string& context = "");

  friend bool operator==(const ExactSum&, const ExactSum&) = default;

  // (n * sum_squares - sum^2) / (n * (n - ddof)), computed exactly and rounded once: the variance
  // of n values whose exact sum and sum of squares are given (ddof 1: sample, 0: population).
  // Returns NaN when n <= ddof. Throws mancala::Error if the sums cannot come from the same values
  // (the numerator would be negative), which only a corrupted JSON can cause.
  friend double exact_variance(const ExactSum& sum, const ExactSum& sum_squares, std::uint64_t n,
                               std::uint64_t ddof);

 private:
  // Adds (or subtracts) the little-endian magnitude words * 2^exponent.
  void add_magnitude(const std::uint64_t* words, int count, std::int64_t exponent, bool negative);
  void normalize();

  std::vector<std::uint64_t>
      limbs_;              // two's complement, little-endian; the top limb is a sign limb
  std::int32_t base_ = 0;  // limb i weighs 2^(64 * (base_ + i))
};

}  // namespace mancala::stats
