// Moments: streaming count, mean, variance, standard deviation, minimum and maximum.
#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>

#include "stats/exact_sum.h"

namespace mancala::stats {

// Streaming summary of a stream of finite doubles (game lengths, scores, seconds per game...):
// count, mean, variance, standard deviation, minimum and maximum, in O(1) memory.
//
// Why not Welford/Chan: their updates round at every step, so merging shards reproduces a single
// run only when the grouping is identical, and even then Chan's merge of a shard differs in the
// last bits from feeding the same values one by one. Moments instead keeps the sum and the sum of
// squares EXACTLY (ExactSum), so add() and merge() are associative and commutative:
//
//   * merging shards in job order, in any other order, or feeding every value to one object all
//     give the identical object (operator== holds) and bit-identical mean(), variance(), sd();
//   * mean() and variance() are the exact rational values rounded once to the nearest double
//     (no cancellation, whatever the offset of the data); sd() is the correctly rounded square
//     root of variance().
//
// The cost is a few integer additions per value (see bench/) and, per reader call, a small
// big-integer division: read the results once per report, not inside a loop.
class Moments {
 public:
  // Adds x (times copies of it). Throws mancala::Error if x is not finite or the count would
  // overflow 2^64 - 1. -0.0 is recorded as 0.0, so min() and max() do not depend on order.
  void add(double x, std::uint64_t times = 1);
  // Adds every value of other; exact, see the class comment.
  void merge(const Moments& other);

  std::uint64_t count() const { return count_; }
  // Exact sum rounded once to the nearest double.
  double sum() const { return sum_.to_double(); }
  // NaN when count() == 0.
  double mean() const;
  // Sample variance (divisor n - 1); NaN when count() < 2.
  double variance() const;
  // Population variance (divisor n); NaN when count() == 0.
  double population_variance() const;
  // sqrt(variance()); NaN when count() < 2.
  double sd() const;
  // sd() / sqrt(count()); NaN when count() < 2.
  double standard_error() const;
  // Smallest and largest value added; NaN when count() == 0.
  double min() const;
  double max() const;

  // {"count", "mean", "sd", "min", "max", "sum", "sum_squares"}: the exact sums (ExactSum JSON)
  // make the round trip exact, so shards written by different processes merge exactly. mean, sd,
  // min and max are null when undefined. from_json checks that mean and sd, when present, equal
  // the values the sums give (a hand-edited or corrupted file is refused, not silently used), and
  // throws mancala::Error "<context>: <key>: <what is wrong>".
  nlohmann::json to_json() const;
  static Moments from_json(const nlohmann::json& json, const std::string& context = "");

  friend bool operator==(const Moments&, const Moments&) = default;

 private:
  std::uint64_t count_ = 0;
  ExactSum sum_;
  ExactSum sum_squares_;
  double min_ = 0;  // meaningful only when count_ > 0
  double max_ = 0;
};

}  // namespace mancala::stats
