// Statistics for simulation runs: proportions with intervals, two-sample tests on histograms,
// multiple-comparison adjustment, and the Welch interval for a difference of means.
//
// Including this header gives the whole statistics API: Moments (moments.h), IntHistogram
// (histogram.h) and the functions below. Normal and Student t quantiles come from Boost.Math.
// Every function is deterministic and throws mancala::Error (message "<function>: <what>") on
// impossible input (k > n, an empty sample, a confidence outside (0, 1)); none returns garbage.
#pragma once

#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "stats/histogram.h"
#include "stats/moments.h"

namespace mancala::stats {

// A two-sided interval [low, high].
struct Interval {
  double low = 0;
  double high = 0;
  friend bool operator==(const Interval&, const Interval&) = default;
};

// The standard normal quantile z with P(|Z| <= z) = confidence, e.g. 1.959963984540054 for 0.95.
// Throws mancala::Error unless 0 < confidence < 1.
double z_for_confidence(double confidence);

// Wilson score interval for a binomial proportion k / n (Wilson 1927; method 3 of Newcombe 1998,
// "Two-sided confidence intervals for the single proportion", Stat. Med. 17:857-872). Unlike the
// Wald interval it stays inside [0, 1] and keeps its coverage near 0 and 1. low is exactly 0 when
// k == 0 and high exactly 1 when k == n. n == 0 gives [0, 1] (no information). Throws if k > n.
Interval wilson_interval(std::uint64_t k, std::uint64_t n, double confidence = 0.95);

// The first-player advantage of a set of games: estimate = P(first player wins) - P(second wins)
// = (wins1 - wins2) / n, n = wins1 + wins2 + draws, in [-1, 1].
//
// Each game is one trinomial draw (first wins / second wins / draw), so this is the difference
// of two proportions from the SAME games (multinomial variance (p1 + p2 - (p1 - p2)^2) / n),
// which is exactly the paired-proportions problem with the draws as concordant pairs. The
// interval is Tango's score interval for that problem (T. Tango 1998, Stat. Med. 17:891-908): the
// Wilson construction carried over (invert the score test, with the variance at the restricted
// maximum-likelihood estimate), so it stays inside [-1, 1] and does not collapse to a point when
// every game is won by one side or drawn. With no draws it equals 2 * wilson_interval(wins1, n)
// - 1. z and p_value are the score test of "no advantage" (McNemar's test without continuity
// correction: z = (wins1 - wins2) / sqrt(wins1 + wins2)); z = 0 and p_value = 1 when there are no
// wins at all. n == 0 gives estimate 0, interval [-1, 1], z 0, p_value 1.
struct Advantage {
  double estimate = 0;
  Interval interval;
  double z = 0;
  double p_value = 1;
};
Advantage first_player_advantage(std::uint64_t wins1, std::uint64_t wins2, std::uint64_t draws,
                                 double confidence = 0.95);

// A z statistic with its two-sided p-value.
struct ZTest {
  double z = 0;
  double p_value = 1;
};

// Two-proportion z test with the pooled variance: z = (p1 - p2) / sqrt(p (1 - p) (1/n1 + 1/n2)),
// p = (k1 + k2) / (n1 + n2). z^2 is R's prop.test(c(k1, k2), c(n1, n2), correct = FALSE)
// X-squared and p_value its p-value. When p is 0 or 1 (no variation at all) z = 0 and p_value = 1.
// Throws if n1 or n2 is 0 or k > n.
ZTest two_proportion_z_test(std::uint64_t k1, std::uint64_t n1, std::uint64_t k2, std::uint64_t n2);

// p1 - p2 for two INDEPENDENT samples with Newcombe's hybrid score interval (method 10 of
// Newcombe 1998, "Interval estimation for the difference between independent proportions",
// Stat. Med. 17:873-890): from the Wilson intervals [l1, u1], [l2, u2],
// low = d - sqrt((p1 - l1)^2 + (u2 - p2)^2), high = d + sqrt((u1 - p1)^2 + (p2 - l2)^2).
// Throws if n1 or n2 is 0 or k > n.
struct Difference {
  double estimate = 0;
  Interval interval;
};
Difference newcombe_difference(std::uint64_t k1, std::uint64_t n1, std::uint64_t k2,
                               std::uint64_t n2, double confidence = 0.95);

// Mann-Whitney U (Wilcoxon rank-sum) test of two samples given as histograms, computed exactly
// from the counts (no list of values is needed), with the normal approximation and the tie
// correction: var(U) = n1 n2 / 12 * ((N + 1) - sum(t^3 - t) / (N (N - 1))), t = size of each group
// of equal values, N = n1 + n2.
//   u:       R's W = #(x > y) + #(x == y) / 2 over all n1 * n2 pairs.
//   z:       (u - n1 n2 / 2 [- 0.5 sign, with continuity_correction]) / sd(U); positive when x
//            tends to be larger.
//   p_value: two-sided, 2 * (1 - Phi(|z|)). Equals R's wilcox.test(x, y, exact = FALSE,
//            correct = continuity_correction)$p.value.
//   effect:  P(X < Y) + P(X = Y) / 2 = 1 - u / (n1 n2), 0.5 when neither tends to be larger.
// When every value is tied (sd(U) = 0): z = 0, p_value = 1. Throws if either histogram is empty.
struct MannWhitney {
  double u = 0;
  double z = 0;
  double p_value = 1;
  double effect = 0.5;
};
MannWhitney mann_whitney(const IntHistogram& x, const IntHistogram& y,
                         bool continuity_correction = false);

// Two-sample Kolmogorov-Smirnov test from histograms: d = max over v |F_x(v) - F_y(v)| computed
// exactly from the counts, and the asymptotic p-value Q(sqrt(n1 n2 / (n1 + n2)) * d) of the
// Kolmogorov distribution (kolmogorov_survival), as R's ks.test(x, y, exact = FALSE). Boost 1.74
// has no Kolmogorov-Smirnov distribution (it arrived in 1.75), hence the series. With ties (always
// the case for integer data) the p-value is conservative (too large). Throws if either is empty.
struct KolmogorovSmirnov {
  double d = 0;
  double p_value = 1;
};
KolmogorovSmirnov kolmogorov_smirnov(const IntHistogram& x, const IntHistogram& y);

// Q(lambda) = P(K > lambda) for the Kolmogorov distribution K, from its two series:
// 1 - sqrt(2 pi) / lambda * sum_{k>=1} exp(-(2k-1)^2 pi^2 / (8 lambda^2)) for lambda < 1 and
// 2 * sum_{k>=1} (-1)^(k-1) exp(-2 k^2 lambda^2) otherwise; each converges fast where it is used.
// Q(lambda) = 1 for lambda <= 0.
double kolmogorov_survival(double lambda);

// Holm-Bonferroni step-down adjusted p-values, in the input order (R's p.adjust(p, "holm")):
// with p sorted ascending as p(1) <= ... <= p(m), adjusted p(i) = min(1, max_{j <= i} (m - j + 1)
// p(j)). Reject the hypotheses whose adjusted p-value is <= alpha. Equal p-values keep their input
// order. Throws if a p-value is NaN or outside [0, 1].
std::vector<double> holm_adjust(std::span<const double> p_values);

// mean(a) - mean(b) with Welch's t interval (unequal variances) and Welch-Satterthwaite degrees of
// freedom df = se^4 / ((va/na)^2/(na-1) + (vb/nb)^2/(nb-1)); t = difference / se and the two-sided
// p-value, as R's t.test(a, b) (var.equal = FALSE). When both samples are constant (se = 0) the
// interval is the point [difference, difference], df is NaN, t is 0 (equal means) or +-infinity
// and p_value is 1 or 0. Throws if either sample has fewer than 2 values.
struct Welch {
  double difference = 0;
  Interval interval;
  double df = 0;
  double t = 0;
  double p_value = 1;
};
Welch welch_difference(const Moments& a, const Moments& b, double confidence = 0.95);

// A figure of a run with its 95% interval, as a run's JSON gives it (sim::run_stats_to_json) and
// the report shows it: NaN where it is undefined (no games) or has no interval.
struct Estimate {
  double value = std::numeric_limits<double>::quiet_NaN();
  double low = std::numeric_limits<double>::quiet_NaN();
  double high = std::numeric_limits<double>::quiet_NaN();
};
// k / n with its Wilson interval; all NaN when n is 0.
Estimate rate_estimate(std::uint64_t k, std::uint64_t n);
// The balance of a set of games, 1 - |P(first player wins) - P(second wins)| over the finished
// games, with 1 minus the interval of |advantage| that Tango's interval of the advantage
// (first_player_advantage) gives; all NaN without a finished game.
Estimate balance_estimate(std::uint64_t wins1, std::uint64_t wins2, std::uint64_t draws);
// scale times the mean of a histogram's values with its Student t 95% interval: a point when every
// value is equal, NaN ends with fewer than two values, all NaN when empty.
Estimate mean_estimate(const IntHistogram& h, double scale = 1);

}  // namespace mancala::stats
