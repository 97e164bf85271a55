// Known answers for stats/compare_stats.h. Reference values: R's t.test(1:10)$conf.int for the
// mean; exact binomial sums (sum of choose(n, i) p^i (1-p)^(n-i), worked out with integer
// arithmetic) for the order-statistic ranks; the Wilson intervals of stats.h, written out by hand
// for the no-draw case, for the difference of advantages.
#include "stats/compare_stats.h"

#include <gtest/gtest.h>

#include <cmath>

#include "common/error.h"
#include "tests/test_support.h"

namespace mancala::stats {
namespace {

using test_support::error_of;

IntHistogram one_to(int n) {
  IntHistogram h;
  for (int v = 1; v <= n; ++v) h.add(v);
  return h;
}

TEST(MeanInterval, MatchesRsTTestOnOneToTen) {
  Moments m;
  for (int v = 1; v <= 10; ++v) m.add(v);
  const Interval ci = mean_interval(m);
  EXPECT_NEAR(ci.low, 3.334149, 1e-6);
  EXPECT_NEAR(ci.high, 7.665851, 1e-6);
}

TEST(MeanInterval, IsAPointForAConstantSampleAndAbsentBelowTwoValues) {
  Moments constant;
  constant.add(7, 5);
  EXPECT_EQ(mean_interval(constant), (Interval{7, 7}));
  Moments one;
  one.add(3);
  EXPECT_TRUE(std::isnan(mean_interval(one).low));
  EXPECT_TRUE(std::isnan(mean_interval(one).high));
  EXPECT_EQ(error_of([&] { mean_interval(constant, 1.0); }),
            "mean_interval: confidence must be between 0 and 1, got 1.000000");
}

TEST(QuantileInterval, MedianOfAHundredUsesOrderStatisticsFortyAndSixtyOne) {
  // F(39) = 0.0176 <= 0.025 < F(40) = 0.0284; F(59) = 0.9716 < 0.975 <= F(60) = 0.9824.
  const QuantileInterval q = quantile_interval(one_to(100), 0.5);
  EXPECT_EQ(q.lower_rank, 40u);
  EXPECT_EQ(q.upper_rank, 61u);
  EXPECT_EQ(q.interval, (Interval{40, 61}));
  EXPECT_DOUBLE_EQ(q.estimate, 50.5);
  EXPECT_NEAR(q.coverage, 0.9647997997822946, 1e-12);
}

TEST(QuantileInterval, FifthPercentileOfAHundredRunsFromTheFirstToTheEleventh) {
  // Binomial(100, 0.05): F(0) = 0.00592 <= 0.025 < F(1) = 0.0371; F(9) = 0.9718 < 0.975 <= F(10) =
  // 0.9885.
  const QuantileInterval q = quantile_interval(one_to(100), 0.05);
  EXPECT_EQ(q.lower_rank, 1u);
  EXPECT_EQ(q.upper_rank, 11u);
  EXPECT_EQ(q.interval, (Interval{1, 11}));
  EXPECT_NEAR(q.coverage, 0.9826070607121773, 1e-12);
}

TEST(QuantileInterval, MedianOfTenIsTheClassicSecondToNinthWithCoverage97Point9) {
  // F(1) = 11/1024, F(2) = 56/1024, F(8) = 1013/1024.
  IntHistogram h;
  for (int v : {3, 5, 5, 8, 13, 21, 34, 55, 89, 144}) h.add(v);
  const QuantileInterval q = quantile_interval(h, 0.5);
  EXPECT_EQ(q.lower_rank, 2u);
  EXPECT_EQ(q.upper_rank, 9u);
  EXPECT_EQ(q.interval, (Interval{5, 89}));
  EXPECT_NEAR(q.coverage, 1002.0 / 1024.0, 1e-12);
}

TEST(QuantileInterval, FiveValuesCannotBoundTheMedianAtNinetyFivePercent) {
  // F(0) = 1/32 > 0.025 and F(4) = 31/32 < 0.975: neither end exists.
  const QuantileInterval q = quantile_interval(one_to(5), 0.5);
  EXPECT_EQ(q.lower_rank, 0u);
  EXPECT_EQ(q.upper_rank, 0u);
  EXPECT_TRUE(std::isnan(q.interval.low));
  EXPECT_TRUE(std::isnan(q.interval.high));
  EXPECT_DOUBLE_EQ(q.coverage, 1.0);
  EXPECT_DOUBLE_EQ(q.estimate, 3.0);
}

TEST(QuantileInterval, RefusesAnEmptySampleAndPOutsideTheOpenInterval) {
  EXPECT_EQ(error_of([] { quantile_interval(IntHistogram{}, 0.5); }),
            "quantile_interval: empty sample");
  EXPECT_EQ(error_of([] { quantile_interval(one_to(3), 0.0); }),
            "quantile_interval: p must be between 0 and 1, got 0.000000");
  EXPECT_EQ(error_of([] { quantile_interval(one_to(3), 1.0); }),
            "quantile_interval: p must be between 0 and 1, got 1.000000");
}

TEST(AdvantageDifference, WithoutDrawsMatchesTheHandComputedMoverAndWaldValues) {
  // a: 60-40 (advantage 0.2), b: 45-55 (-0.1). Tango without draws = 2 * Wilson - 1:
  // a in [0.0040051735821236, 0.3811974271350822], b in [-0.2877092404097604, 0.0951079400511572].
  // se = sqrt(0.96 / 100 + 0.99 / 100).
  const AdvantageDifference d = advantage_difference(60, 40, 0, 45, 55, 0);
  EXPECT_DOUBLE_EQ(d.estimate, 0.30000000000000004);
  EXPECT_NEAR(d.interval.low, 0.023447870639947077, 1e-12);
  EXPECT_NEAR(d.interval.high, 0.5608970420215275, 1e-12);
  EXPECT_NEAR(d.z, 2.148344622118299, 1e-12);
  EXPECT_NEAR(d.p_value, 0.031686388539793775, 1e-12);
}

TEST(AdvantageDifference, WithDrawsCombinesTheTwoTangoIntervals) {
  const Advantage a = first_player_advantage(50, 30, 20);
  const Advantage b = first_player_advantage(40, 45, 15);
  const AdvantageDifference d = advantage_difference(50, 30, 20, 40, 45, 15);
  const double diff = a.estimate - b.estimate;  // 0.2 - (-0.05)
  EXPECT_DOUBLE_EQ(d.estimate, diff);
  EXPECT_DOUBLE_EQ(d.interval.low,
                   diff - std::hypot(a.estimate - a.interval.low, b.interval.high - b.estimate));
  EXPECT_DOUBLE_EQ(d.interval.high,
                   diff + std::hypot(a.interval.high - a.estimate, b.estimate - b.interval.low));
  // Per-game variances: 0.8 - 0.04 = 0.76 and 0.85 - 0.0025 = 0.8475.
  EXPECT_NEAR(d.z, 0.25 / std::sqrt(0.76 / 100 + 0.8475 / 100), 1e-12);
  EXPECT_GT(d.interval.low, -2);
  EXPECT_LT(d.interval.high, 2);
}

TEST(AdvantageDifference, SetsWithoutVariationGiveZeroOrInfiniteZ) {
  const AdvantageDifference same = advantage_difference(100, 0, 0, 50, 0, 0);
  EXPECT_EQ(same.estimate, 0);
  EXPECT_EQ(same.z, 0);
  EXPECT_EQ(same.p_value, 1);
  EXPECT_LT(same.interval.low, 0);  // the Tango intervals keep it from collapsing
  const AdvantageDifference opposite = advantage_difference(100, 0, 0, 0, 50, 0);
  EXPECT_EQ(opposite.estimate, 2);
  EXPECT_TRUE(std::isinf(opposite.z) && opposite.z > 0);
  EXPECT_EQ(opposite.p_value, 0);
  EXPECT_EQ(error_of([] { advantage_difference(0, 0, 0, 1, 0, 0); }),
            "advantage_difference: a set of games is empty");
}

}  // namespace
}  // namespace mancala::stats
