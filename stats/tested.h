// Differences between two runs, each with its interval and the test that interval inverts, so
// that a mark "significant" and the interval printed beside it always agree: at confidence c the
// interval excludes 0 exactly when the test's p-value is below 1 - c (up to rounding at the
// boundary). The comparisons of rule reconstructions (analysis/compare_builder.h) and the
// report's sensitivity verdicts use them, at the confidence a Bonferroni correction asks for.
//
// Two designs: paired, where the runs share their random numbers (game g of both played from
// the stream (seed, g)), so each game of one run has its partner in the other and the
// differences are taken game by game; and independent samples.
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <span>

#include "stats/moments.h"
#include "stats/stats.h"

namespace mancala::stats {

// An estimated difference, its interval at the confidence asked for, and the test of "no
// difference" that interval inverts (statistic and two-sided p-value). NaN where undefined.
struct TestedDifference {
  double estimate = std::numeric_limits<double>::quiet_NaN();
  Interval interval{std::numeric_limits<double>::quiet_NaN(),
                    std::numeric_limits<double>::quiet_NaN()};
  double statistic = std::numeric_limits<double>::quiet_NaN();
  double p_value = 1;
  // Whether the interval lies wholly on one side of 0 (the one definition of "significant").
  bool excludes_zero() const;
};

// Paired proportions over n pairs: b pairs have the event in the second run only, c in the
// first only (the rest agree). estimate = (b - c) / n, the second's rate minus the first's;
// interval: Tango's score interval for paired proportions (first_player_advantage(b, c, n - b -
// c)); test: McNemar's, z = (b - c) / sqrt(b + c), the score test Tango's interval inverts. Throws
// mancala::Error when b + c > n.
TestedDifference paired_proportion_difference(std::uint64_t b, std::uint64_t c, std::uint64_t n,
                                              double confidence);

// The mean of a sample of differences (the paired t): estimate the mean, the Student t interval
// (mean_interval), t = mean / standard error with n - 1 degrees of freedom. A constant sample
// gives the point interval and t = 0, p = 1 when it is 0, else t = +-infinity, p = 0. Fewer than
// two values: estimate only (interval NaN, p 1).
TestedDifference mean_difference(const Moments& differences, double confidence);

// mean(b) - mean(a) of two independent samples: Welch's interval and t test (welch_difference).
// Fewer than two values in either: estimate only.
TestedDifference welch_mean_difference(const Moments& b, const Moments& a, double confidence);

// p_b - p_a of two independent proportions (k of n each): Newcombe's hybrid score interval
// (newcombe_difference); the p-value is the interval's own (inverted_p_value), so the two agree.
TestedDifference independent_proportion_difference(std::uint64_t k_b, std::uint64_t n_b,
                                                   std::uint64_t k_a, std::uint64_t n_a,
                                                   double confidence);

// The difference b - a of two independent first-player advantages (advantage_difference's MOVER
// interval), with the interval's own p-value.
TestedDifference independent_advantage_difference(std::uint64_t wins1_b, std::uint64_t wins2_b,
                                                  std::uint64_t draws_b, std::uint64_t wins1_a,
                                                  std::uint64_t wins2_a, std::uint64_t draws_a,
                                                  double confidence);

// The p-value of "no difference" that an interval procedure implies: the smallest 1 - c at which
// interval_at(c) excludes 0, found by bisection on log(1 - c) between 1e-15 and 1 (a p-value
// below 1e-15 is returned as 1e-15). 1 when the interval holds 0 at every confidence.
double inverted_p_value(const std::function<Interval(double confidence)>& interval_at);

// One cluster (a match) of a ratio of sums: k events among its n trials (rounds).
struct Cluster {
  std::uint64_t k = 0;
  std::uint64_t n = 0;
};

// R_b - R_a for ratios of sums over clusters, R = sum(k) / sum(n) (the share of all rounds of the
// matches), with the delta method's normal interval and z test, clusters counted as the units
// (rounds of one match are not independent). Paired: a[i] and b[i] are the same match played
// under two rulesets (equal sizes), and the linearised differences are taken match by match;
// else the two variances add. Clusters with n = 0 count in the mean trial count. Estimate only
// when either side has no trial, or fewer than two clusters.
TestedDifference ratio_difference(std::span<const Cluster> b, std::span<const Cluster> a,
                                  bool paired, double confidence);

}  // namespace mancala::stats
