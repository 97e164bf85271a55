// Known-answer tests for every statistic in stats/stats.h.
//
// Where the values come from (R and SciPy are not available here):
//   "Newcombe 1998"  published 4-decimal values (Stat. Med. 17:857-872 Table I for Wilson, and
//                    17:873-890 Table II method 10 for the hybrid score difference);
//   "R sleep"        R's printed t.test(extra ~ group, data = sleep): t = -1.8608, df = 17.776,
//                    p-value = 0.07939, 95 percent CI -3.3654832 0.2054832;
//   "reference.py"   tests/stats/reference.py, which recomputes each statistic from its
//                    definition with mpmath at 40 digits, by a different route than the C++ code
//                    (mid-ranks from explicit lists, numeric maximum likelihood, series sums);
//   "by hand"        derived in the comment next to the check.
#include "stats/stats.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "common/error.h"
#include "tests/stats/stats_test_util.h"
#include "tests/test_support.h"

namespace mancala::stats {
namespace {

using test_support::error_of;
using testing_util::histogram_of;
using testing_util::moments_of;

// Mann-Whitney and Kolmogorov-Smirnov sample (reference.py uses the same lists).
const std::vector<std::int64_t> kX = {12, 15, 15, 18, 20, 20, 20, 25, 31};
const std::vector<std::int64_t> kY = {14, 15, 19, 20, 22, 26, 26, 28, 33, 35, 40};

TEST(NormalQuantile, ZForConfidence) {
  EXPECT_NEAR(z_for_confidence(0.95), 1.9599639845400539, 1e-15);  // reference.py
  EXPECT_NEAR(z_for_confidence(0.99), 2.5758293035489005, 1e-15);  // reference.py
  EXPECT_EQ(error_of([] { z_for_confidence(1.0); }),
            "confidence must be strictly between 0 and 1, got 1");
  EXPECT_EQ(error_of([] { z_for_confidence(NAN); }),
            "confidence must be strictly between 0 and 1, got nan");
}

TEST(Wilson, MatchesNewcombesExamples) {
  // Newcombe 1998 (4 decimals), reference.py (all digits).
  const struct {
    std::uint64_t k, n;
    double low, high;
  } cases[] = {{81, 263, 0.25528851987827424, 0.36620957698280006},
               {15, 148, 0.062386399530736286, 0.16048724172330803},
               {0, 20, 0.0, 0.16112515805281933},
               {1, 29, 0.0061132142927626622, 0.17175521879320284},
               {29, 29, 0.88303020150025927, 1.0}};
  for (const auto& c : cases) {
    const Interval w = wilson_interval(c.k, c.n);
    EXPECT_NEAR(w.low, c.low, 1e-14) << c.k << "/" << c.n;
    EXPECT_NEAR(w.high, c.high, 1e-14) << c.k << "/" << c.n;
  }
  const Interval w99 = wilson_interval(81, 263, 0.99);  // reference.py
  EXPECT_NEAR(w99.low, 0.2401369026876077, 1e-14);
  EXPECT_NEAR(w99.high, 0.38528250231822984, 1e-14);
}

TEST(Wilson, EndsAreExactAtZeroAndAllAndEmptyIsUninformative) {
  EXPECT_EQ(wilson_interval(0, 20).low, 0.0);
  EXPECT_EQ(wilson_interval(29, 29).high, 1.0);
  EXPECT_EQ(wilson_interval(0, 0), (Interval{0, 1}));
  EXPECT_EQ(error_of([] { wilson_interval(5, 3); }),
            "wilson_interval: k = 5 is greater than n = 3");
}

TEST(FirstPlayerAdvantage, TangoScoreIntervalKnownAnswers) {
  const struct {
    std::uint64_t w1, w2, d;
    double low, high, z, p;
  } cases[] = {// reference.py
               {520, 430, 50, 0.029620758761198753, 0.14970863308601364, 2.9199855803537257,
                0.0035004758217558289},
               {30, 10, 60, 0.079484434227379088, 0.31696048861278697, 3.1622776601683793,
                0.0015654022580025497},
               {3, 1, 2, -0.31107378462422439, 0.75395666356386964, 1.0, 0.3173105078629141}};
  for (const auto& c : cases) {
    const Advantage a = first_player_advantage(c.w1, c.w2, c.d);
    const double n = static_cast<double>(c.w1 + c.w2 + c.d);
    EXPECT_EQ(a.estimate, (static_cast<double>(c.w1) - static_cast<double>(c.w2)) / n);
    EXPECT_NEAR(a.interval.low, c.low, 1e-12) << c.w1 << "/" << c.w2 << "/" << c.d;
    EXPECT_NEAR(a.interval.high, c.high, 1e-12) << c.w1 << "/" << c.w2 << "/" << c.d;
    EXPECT_NEAR(a.z, c.z, 1e-14);
    EXPECT_NEAR(a.p_value, c.p, 1e-14);
  }
}

TEST(FirstPlayerAdvantage, WithoutDrawsItIsTheWilsonIntervalRescaled) {
  // By hand: with no draws P1 - P2 = 2 P1 - 1, and the score test is Wilson's.
  for (const auto& [w1, w2] : {std::pair<std::uint64_t, std::uint64_t>{60, 40}, {7, 0}, {1, 12}}) {
    const Advantage a = first_player_advantage(w1, w2, 0);
    const Interval w = wilson_interval(w1, w1 + w2);
    EXPECT_NEAR(a.interval.low, 2 * w.low - 1, 1e-12) << w1 << "/" << w2;
    EXPECT_NEAR(a.interval.high, 2 * w.high - 1, 1e-12) << w1 << "/" << w2;
  }
  EXPECT_EQ(first_player_advantage(7, 0, 0).interval.high, 1.0);
}

TEST(FirstPlayerAdvantage, AllDrawsGiveASymmetricNonDegenerateInterval) {
  // By hand: b = c = 0 gives q = 0 for delta > 0 and |Z| = sqrt(n delta / (1 - delta)), so the
  // limits are +-z^2 / (n + z^2).
  const double z = z_for_confidence(0.95);
  const Advantage a = first_player_advantage(0, 0, 10);
  EXPECT_EQ(a.estimate, 0.0);
  EXPECT_NEAR(a.interval.high, z * z / (10 + z * z), 1e-12);
  EXPECT_NEAR(a.interval.low, -z * z / (10 + z * z), 1e-12);
  EXPECT_EQ(a.z, 0.0);
  EXPECT_EQ(a.p_value, 1.0);
  const Advantage none = first_player_advantage(0, 0, 0);
  EXPECT_EQ(none.interval, (Interval{-1, 1}));
}

TEST(TwoProportionZTest, KnownAnswers) {
  // reference.py; z^2 is R's prop.test(correct = FALSE) X-squared.
  const ZTest a = two_proportion_z_test(56, 70, 48, 80);
  EXPECT_NEAR(a.z, 2.6501719512585326, 1e-13);
  EXPECT_NEAR(a.p_value, 0.0080450813681965847, 1e-15);
  const ZTest b = two_proportion_z_test(120, 200, 90, 200);
  EXPECT_NEAR(b.z, 3.0037570459305532, 1e-13);
  EXPECT_NEAR(b.p_value, 0.0026666817936140935, 1e-15);
  const ZTest swapped = two_proportion_z_test(48, 80, 56, 70);
  EXPECT_EQ(swapped.z, -a.z);
  EXPECT_EQ(swapped.p_value, a.p_value);
}

TEST(TwoProportionZTest, NoVariationMeansNoEvidence) {
  EXPECT_EQ(two_proportion_z_test(0, 10, 0, 20).z, 0.0);
  EXPECT_EQ(two_proportion_z_test(10, 10, 20, 20).p_value, 1.0);
  EXPECT_EQ(error_of([] { two_proportion_z_test(1, 0, 0, 5); }),
            "two_proportion_z_test: k = 1 is greater than n = 0");
  EXPECT_EQ(error_of([] { two_proportion_z_test(0, 0, 0, 5); }),
            "two_proportion_z_test: a sample is empty (n = 0)");
}

TEST(NewcombeDifference, MatchesNewcombesMethod10) {
  // Newcombe 1998 Table II method 10: 56/70 - 48/80 -> 0.0524, 0.3339; 9/10 - 3/10 -> 0.1705,
  // 0.8090; 5/56 - 0/29 -> -0.0381, 0.1926. All digits: reference.py.
  const struct {
    std::uint64_t k1, n1, k2, n2;
    double low, high;
  } cases[] = {{56, 70, 48, 80, 0.052431472402364907, 0.33387265403690595},
               {9, 10, 3, 10, 0.17052272393450296, 0.80901797353548796},
               {5, 56, 0, 29, -0.038137147903536864, 0.1925600138551116}};
  for (const auto& c : cases) {
    const Difference d = newcombe_difference(c.k1, c.n1, c.k2, c.n2);
    EXPECT_EQ(d.estimate, static_cast<double>(c.k1) / static_cast<double>(c.n1) -
                              static_cast<double>(c.k2) / static_cast<double>(c.n2));
    EXPECT_NEAR(d.interval.low, c.low, 1e-14);
    EXPECT_NEAR(d.interval.high, c.high, 1e-14);
  }
}

TEST(MannWhitney, KnownAnswerWithTies) {
  // reference.py (mid-ranks over the explicit lists): W = 28.5, effect = 47/66.
  const MannWhitney plain = mann_whitney(histogram_of(kX), histogram_of(kY));
  EXPECT_EQ(plain.u, 28.5);
  EXPECT_NEAR(plain.z, -1.6045217819134259, 1e-14);
  EXPECT_NEAR(plain.p_value, 0.10859908712621271, 1e-14);
  EXPECT_EQ(plain.effect, 47.0 / 66.0);
  const MannWhitney corrected = mann_whitney(histogram_of(kX), histogram_of(kY), true);
  EXPECT_EQ(corrected.u, 28.5);
  EXPECT_NEAR(corrected.z, -1.5663188823440586, 1e-14);
  EXPECT_NEAR(corrected.p_value, 0.11727398263314396, 1e-14);
}

TEST(MannWhitney, SwappingTheSamplesMirrorsTheResult) {
  const MannWhitney xy = mann_whitney(histogram_of(kX), histogram_of(kY));
  const MannWhitney yx = mann_whitney(histogram_of(kY), histogram_of(kX));
  EXPECT_EQ(yx.u, 9.0 * 11.0 - xy.u);
  EXPECT_EQ(yx.z, -xy.z);
  EXPECT_EQ(yx.p_value, xy.p_value);
  EXPECT_DOUBLE_EQ(yx.effect, 1 - xy.effect);
}

TEST(MannWhitney, SeparatedAndTiedSamples) {
  // By hand: every x below every y gives W = 0 and effect 1.
  const MannWhitney separated = mann_whitney(histogram_of({1, 2, 3}), histogram_of({4, 5}));
  EXPECT_EQ(separated.u, 0.0);
  EXPECT_EQ(separated.effect, 1.0);
  EXPECT_LT(separated.z, 0.0);
  // Every value equal: no variance, no evidence.
  const MannWhitney tied = mann_whitney(histogram_of({4, 4}), histogram_of({4, 4, 4}));
  EXPECT_EQ(tied.u, 3.0);
  EXPECT_EQ(tied.effect, 0.5);
  EXPECT_EQ(tied.z, 0.0);
  EXPECT_EQ(tied.p_value, 1.0);
  EXPECT_EQ(error_of([] { mann_whitney(IntHistogram(), histogram_of({1})); }),
            "mann_whitney: a sample is empty");
}

TEST(KolmogorovSmirnov, KnownAnswer) {
  // reference.py: D = 43/99 from the explicit lists, p = Q(sqrt(99/20) D) to 40 digits.
  const KolmogorovSmirnov ks = kolmogorov_smirnov(histogram_of(kX), histogram_of(kY));
  EXPECT_EQ(ks.d, 43.0 / 99.0);
  EXPECT_NEAR(ks.p_value, 0.30782533558480186, 1e-14);
  const KolmogorovSmirnov same = kolmogorov_smirnov(histogram_of(kX), histogram_of(kX));
  EXPECT_EQ(same.d, 0.0);
  EXPECT_EQ(same.p_value, 1.0);
  // By hand: disjoint samples have D = 1.
  EXPECT_EQ(kolmogorov_smirnov(histogram_of({1, 2}), histogram_of({5, 6, 7})).d, 1.0);
}

TEST(KolmogorovSmirnov, SurvivalFunctionOfTheKolmogorovDistribution) {
  // reference.py (alternating series at 40 digits); 1.36 and 1.628 are the classic 5% and 1%
  // critical values.
  EXPECT_NEAR(kolmogorov_survival(0.5), 0.96394524366487509, 1e-14);
  EXPECT_NEAR(kolmogorov_survival(1.0), 0.26999967167735452, 1e-14);
  EXPECT_NEAR(kolmogorov_survival(1.36), 0.04948587675537791, 1e-15);
  EXPECT_NEAR(kolmogorov_survival(1.628), 0.0099755224311810491, 1e-16);
  EXPECT_NEAR(kolmogorov_survival(2.0), 0.00067092525577969535, 1e-17);
  EXPECT_EQ(kolmogorov_survival(0.0), 1.0);
  EXPECT_EQ(kolmogorov_survival(0.05), 1.0);
}

TEST(Holm, AdjustedValuesInInputOrder) {
  // By hand: sorted 0.005 0.01 0.03 0.04 times 4 3 2 1 = 0.02 0.03 0.06 0.04, running maximum
  // 0.02 0.03 0.06 0.06; back in input order:
  const std::vector<double> p = {0.01, 0.04, 0.03, 0.005};
  const std::vector<double> adjusted = holm_adjust(p);
  ASSERT_EQ(adjusted.size(), 4u);
  EXPECT_DOUBLE_EQ(adjusted[0], 0.03);
  EXPECT_DOUBLE_EQ(adjusted[1], 0.06);
  EXPECT_DOUBLE_EQ(adjusted[2], 0.06);
  EXPECT_DOUBLE_EQ(adjusted[3], 0.02);
  // Capped at 1 (0.5 * 2 = 1, then the running maximum).
  EXPECT_EQ(holm_adjust(std::vector<double>{0.6, 0.5}), (std::vector<double>{1.0, 1.0}));
  EXPECT_TRUE(holm_adjust(std::vector<double>{}).empty());
  EXPECT_EQ(error_of([] {
              holm_adjust(std::vector<double>{0.1, 1.5});
            }),
            "holm_adjust: p-value 2 is 1.5, not in [0, 1]");
}

TEST(Welch, MatchesRsSleepExample) {
  // Student's sleep data as in R's datasets::sleep.
  const Moments group1 = moments_of({0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0});
  const Moments group2 = moments_of({1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4});
  const Welch w = welch_difference(group1, group2);
  EXPECT_NEAR(w.difference, -1.58, 1e-14);
  EXPECT_NEAR(w.interval.low, -3.3654832307117106, 1e-12);   // R sleep: -3.3654832
  EXPECT_NEAR(w.interval.high, 0.20548323071171058, 1e-12);  // R sleep: 0.2054832
  EXPECT_NEAR(w.df, 17.77647351617849, 1e-11);               // R sleep: 17.776
  EXPECT_NEAR(w.t, -1.8608134674868531, 1e-13);              // R sleep: -1.8608
  EXPECT_NEAR(w.p_value, 0.079394140187358138, 1e-13);       // R sleep: 0.07939
}

TEST(Welch, ConstantSamplesGiveAPointInterval) {
  const Welch equal = welch_difference(moments_of({3, 3}), moments_of({3, 3, 3}));
  EXPECT_EQ(equal.interval, (Interval{0, 0}));
  EXPECT_TRUE(std::isnan(equal.df));
  EXPECT_EQ(equal.t, 0.0);
  EXPECT_EQ(equal.p_value, 1.0);
  const Welch apart = welch_difference(moments_of({5, 5}), moments_of({3, 3}));
  EXPECT_EQ(apart.interval, (Interval{2, 2}));
  EXPECT_EQ(apart.t, INFINITY);
  EXPECT_EQ(apart.p_value, 0.0);
  EXPECT_EQ(error_of([] {
              welch_difference(moments_of({1}), moments_of({1, 2}));
            }),
            "welch_difference: each sample needs at least 2 values, got 1 and 2");
}

}  // namespace
}  // namespace mancala::stats
