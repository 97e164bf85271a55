// Statistics the comparison of rule reconstructions needs beyond stats.h: an interval for a mean,
// distribution-free intervals for quantiles of a histogram, and the difference of two
// first-player advantages.
//
// Each builds on stats.h (Interval, first_player_advantage, z_for_confidence) and Boost.Math; the
// formulas are stated here so that the tests in tests/stats/compare_stats_test.cpp can check
// them against values worked out by hand.
#pragma once

#include <cstdint>

#include "stats/histogram.h"
#include "stats/moments.h"
#include "stats/stats.h"

namespace mancala::stats {

// Student t interval for the mean of a sample: mean +- t(1 - (1 - confidence) / 2, n - 1) * sd /
// sqrt(n), as R's t.test(x)$conf.int. With fewer than 2 values both ends are NaN (no interval);
// a constant sample gives the point [mean, mean]. Throws mancala::Error unless 0 < confidence < 1.
Interval mean_interval(const Moments& sample, double confidence = 0.95);

// A distribution-free interval for the p-quantile of the distribution a histogram was drawn
// from, from two of its order statistics (the classical binomial construction, e.g. Conover,
// "Practical Nonparametric Statistics", 3rd ed., section 3.2). With B ~ Binomial(n, p) and F its
// distribution function:
//   lower_rank = the largest r >= 1 with F(r - 1) <= (1 - confidence) / 2,
//   upper_rank = the smallest s <= n with F(s - 1) >= 1 - (1 - confidence) / 2,
// and the interval is [x(lower_rank), x(upper_rank)] (1-based order statistics). Its coverage
// F(s - 1) - F(r - 1) is at least `confidence` for continuous data and stays conservative with
// ties. When the sample is too small for an end (no such r, or no such s), that rank is 0 and that
// end is NaN: the data cannot bound the quantile on that side at this confidence. Throws
// mancala::Error when the histogram is empty, p is outside (0, 1) or confidence outside (0, 1).
struct QuantileInterval {
  double estimate = 0;  // the type-7 quantile (IntHistogram::quantile)
  Interval interval;    // [x(lower_rank), x(upper_rank)]; NaN ends as described above
  std::uint64_t lower_rank = 0;
  std::uint64_t upper_rank = 0;
  double coverage = 0;  // F(upper_rank - 1) - F(lower_rank - 1) (with F(-1) = 0, F(n) = 1)
};
QuantileInterval quantile_interval(const IntHistogram& sample, double p, double confidence = 0.95);

// The difference a - b of the first-player advantages of two INDEPENDENT sets of games, each given
// as (first-player wins, second-player wins, draws).
//
// Interval: MOVER (method of variance estimates recovery, Zou & Donner 2008, Stat. Med.
// 27:1693-1702), the construction newcombe_difference uses with Wilson intervals, here with each
// set's Tango interval [l, u] from first_player_advantage:
//   low  = d - sqrt((a - l_a)^2 + (u_b - b)^2),   high = d + sqrt((u_a - a)^2 + (b - l_b)^2).
// It stays inside [-2, 2] and does not collapse when one set has no variation.
// Test: Wald z = d / sqrt(v_a / n_a + v_b / n_b), with v = w1/n + w2/n - (advantage)^2 the variance
// of one game's score (+1 first player wins, -1 second wins, 0 draw), and the two-sided normal
// p-value. When both variances are 0: z = 0 and p_value = 1 if d == 0, else z = +-infinity and
// p_value = 0. Throws mancala::Error when either set has no games.
struct AdvantageDifference {
  double estimate = 0;
  Interval interval;
  double z = 0;
  double p_value = 1;
};
AdvantageDifference advantage_difference(std::uint64_t wins1_a, std::uint64_t wins2_a,
                                         std::uint64_t draws_a, std::uint64_t wins1_b,
                                         std::uint64_t wins2_b, std::uint64_t draws_b,
                                         double confidence = 0.95);

}  // namespace mancala::stats
