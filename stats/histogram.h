// IntHistogram: exact counts per non-negative integer value (plies per game, rounds per match).
#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "stats/moments.h"

namespace mancala::stats {

// Equal-width bin of an IntHistogram: the integers low..high (both inclusive).
struct HistogramBin {
  std::int64_t low = 0;
  std::int64_t high = 0;
  std::uint64_t count = 0;
  friend bool operator==(const HistogramBin&, const HistogramBin&) = default;
};

// The usual one-line description of a distribution. On an empty histogram count is 0 and every
// other field is NaN.
struct DistributionSummary {
  std::uint64_t count = 0;
  double mean = 0;
  double sd = 0;
  double min = 0;
  double p5 = 0;
  double median = 0;
  double p95 = 0;
  double max = 0;
};

// Counts per non-negative integer value, for quantities a run keeps whole distributions of (game
// length in plies, rounds per match, counters captured) so that medians, percentiles and rank
// tests (mann_whitney, kolmogorov_smirnov in stats.h) stay exact after merging.
//
// Memory is one 64-bit counter per value from 0 to max(), never per observation, and values are
// capped at kMaxValue (8 MB of counters). Integer counts make add() and merge() exact and
// order-free: shards merged in any order equal the single run (operator== holds).
//
// Quantiles use R's default definition ("type 7", Hyndman & Fan 1996): with the values sorted as
// x[0] <= ... <= x[n-1], h = (n - 1) * p, quantile(p) = x[floor(h)] + (h - floor(h)) *
// (x[floor(h) + 1] - x[floor(h)]). So the median of an even count is the midpoint of the two middle
// values, and quantile(0) and quantile(1) are min and max. nearest_rank(p) is the other common
// definition (R "type 1"): the smallest value whose cumulative count reaches ceil(p * n).
class IntHistogram {
 public:
  static constexpr std::int64_t kMaxValue = 1'000'000;

  // Counts value `times` times. Throws mancala::Error if value is negative or above kMaxValue, or
  // if the total would overflow 2^64 - 1.
  void add(std::int64_t value, std::uint64_t times = 1);
  // Adds every count of other.
  void merge(const IntHistogram& other);

  std::uint64_t total() const { return total_; }
  bool empty() const { return total_ == 0; }
  // How many times value was added (0 for any value never added, negative or too large).
  std::uint64_t count(std::int64_t value) const;
  // Smallest and largest value added. Throw mancala::Error when empty().
  std::int64_t min() const;
  std::int64_t max() const;

  // Exact mean, variance and sd of the values (a Moments fed the same values compares equal).
  Moments moments() const;
  double mean() const { return moments().mean(); }
  double sd() const { return moments().sd(); }

  // Type-7 quantile, p in [0, 1]. Throws mancala::Error when empty() or p is outside [0, 1].
  double quantile(double p) const;
  double median() const { return quantile(0.5); }
  // Type-1 (nearest-rank) quantile: the smallest value v with count(<= v) >= ceil(p * total()),
  // min() for p = 0. Throws like quantile().
  std::int64_t nearest_rank(double p) const;
  // The k-th smallest value, k from 1 to total(). Throws mancala::Error otherwise.
  std::int64_t order_statistic(std::uint64_t k) const;
  // Count, mean, sd, min, p5, median, p95 (type 7) and max.
  DistributionSummary summary() const;

  // At most max_bins bins of one common integer width w = ceil((max - min + 1) / max_bins), the
  // first starting at min(); the last one may reach past max(). Every value is in exactly one bin,
  // so the counts add up to total(). Small ranges give one bin per value (fewer than max_bins).
  // Empty when empty(). Throws mancala::Error if max_bins < 1.
  std::vector<HistogramBin> bins(int max_bins) const;

  // {"first": <smallest value>, "counts": [count of first, count of first + 1, ...]}; an empty
  // histogram is {"first": 0, "counts": []}. from_json accepts leading or trailing zero counts and
  // throws mancala::Error "<context>: <key>: <what is wrong>" on a malformed text.
  nlohmann::json to_json() const;
  static IntHistogram from_json(const nlohmann::json& json, const std::string& context = "");

  friend bool operator==(const IntHistogram&, const IntHistogram&) = default;

 private:
  std::vector<std::uint64_t> counts_;  // counts_[v] for v in 0..max(); empty or counts_.back() > 0
  std::uint64_t total_ = 0;
  std::int64_t min_ = 0;  // meaningful only when total_ > 0
};

}  // namespace mancala::stats
