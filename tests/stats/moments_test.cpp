// ExactSum and Moments: exactness, merge = single stream bit for bit, JSON round trip.
// Reference values marked "reference.py" come from tests/stats/reference.py (exact rational
// arithmetic with Python's fractions, converted once to the nearest double).
#include "stats/moments.h"

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <random>
#include <vector>

#include "common/error.h"
#include "tests/stats/stats_test_util.h"
#include "tests/test_support.h"

namespace mancala::stats {
namespace {

using test_support::error_of;
using testing_util::moments_of;

// Deterministic values spread over many magnitudes and both signs, built from raw random bits so
// the test does not depend on the standard library's distribution algorithms.
std::vector<double> awkward_values(std::size_t count) {
  std::mt19937_64 bits(20240611);
  std::vector<double> out;
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint64_t r = bits();
    const double unit = static_cast<double>(r >> 11) * 0x1.0p-53;  // [0, 1)
    const int exponent = static_cast<int>(r % 41) - 20;            // 2^-20 .. 2^20
    double v = std::ldexp(unit, exponent) + static_cast<double>(r % 997);
    if (r & 1) v = -v;
    out.push_back(v);
  }
  return out;
}

TEST(ExactSum, CancellationLosesNothing) {
  ExactSum s;
  s.add(1e100);
  s.add(1.0);
  s.add(-1e100);
  EXPECT_EQ(s.to_double(), 1.0);  // a double accumulator gives 0
}

TEST(ExactSum, TenTimesOneTenthRoundsOnceToOne) {
  // The exact sum of ten copies of the double 0.1 is 1.0000000000000000555..., nearest double 1.0;
  // a running double sum gives 0.9999999999999999.
  ExactSum s;
  double naive = 0;
  for (int i = 0; i < 10; ++i) {
    s.add(0.1);
    naive += 0.1;
  }
  EXPECT_EQ(s.to_double(), 1.0);
  EXPECT_NE(naive, 1.0);
}

TEST(ExactSum, RoundsHalfwayCasesToEven) {
  ExactSum a;  // 2^53 + 1 lies halfway between 2^53 and 2^53 + 2: the even mantissa wins
  a.add(0x1.0p53);
  a.add(1.0);
  EXPECT_EQ(a.to_double(), 9007199254740992.0);
  ExactSum b;  // 2^53 + 3 lies halfway between 2^53 + 2 and 2^53 + 4: 2^53 + 4 is even
  b.add(0x1.0p53);
  b.add(3.0);
  EXPECT_EQ(b.to_double(), 9007199254740996.0);
  ExactSum c;  // just above halfway rounds up
  c.add(0x1.0p53);
  c.add(1.0);
  c.add(0x1.0p-60);
  EXPECT_EQ(c.to_double(), 9007199254740994.0);
}

TEST(ExactSum, CoversSubnormalsAndValuesPastTheDoubleRange) {
  ExactSum tiny;
  tiny.add(5e-324);
  tiny.add(5e-324);
  EXPECT_EQ(tiny.to_double(), 1e-323);
  ExactSum huge;
  huge.add(DBL_MAX);
  huge.add(DBL_MAX);
  EXPECT_EQ(huge.to_double(), INFINITY);
  EXPECT_EQ(huge.divided_by(2), DBL_MAX);  // the sum itself overflowed nothing
  huge.add(-DBL_MAX, 2);
  EXPECT_TRUE(huge.is_zero());
}

TEST(ExactSum, NegativeSumsAndDivision) {
  ExactSum s;
  s.add(-3.0);
  s.add(1.0);
  EXPECT_EQ(s.to_double(), -2.0);
  EXPECT_EQ(s.sign(), -1);
  ExactSum third;
  third.add(1.0);
  EXPECT_EQ(third.divided_by(3), 1.0 / 3.0);  // IEEE division is correctly rounded too
  ExactSum big;
  big.add(0x1.0p53);
  big.add(1.0);
  // (2^53 + 1) / 3 = 3002399751580331 exactly; rounding the sum first gives 3002399751580330.5.
  EXPECT_EQ(big.divided_by(3), 3002399751580331.0);
  EXPECT_EQ(big.to_double() / 3, 3002399751580330.5);
}

TEST(ExactSum, SumsOfSquaresAreExact) {
  ExactSum s;
  s.add_square(1e9 + 1);  // (1e9 + 1)^2 = 1000000002000000001 needs 60 bits
  s.add(-1e18);
  s.add(-2e9);
  EXPECT_EQ(s.to_double(), 1.0);
}

TEST(ExactSum, AgreesWithIntegerArithmeticAcrossSignChanges) {
  // Oracle: values m * 2^e with e >= -40 are integers in units of 2^-40, so a 128-bit integer
  // sums them exactly; GCC's __int128_t -> double conversion rounds to nearest, ties to even.
  std::mt19937_64 bits(7);
  ExactSum sum;
  __int128_t oracle = 0;
  const int steps = std::getenv("MANCALA_SANITIZED") != nullptr ? 2000 : 20000;
  for (int i = 0; i < steps; ++i) {
    const std::uint64_t r = bits();
    const auto mantissa = static_cast<std::int64_t>(r >> 11);  // < 2^53
    const int exponent = static_cast<int>(r % 61) - 40;        // -40 .. 20
    const double x = std::ldexp(static_cast<double>((r & 1) ? -mantissa : mantissa), exponent);
    sum.add(x);
    oracle += static_cast<__int128_t>((r & 1) ? -mantissa : mantissa) << (exponent + 40);
    ASSERT_EQ(sum.to_double(), std::ldexp(static_cast<double>(oracle), -40)) << "step " << i;
    ASSERT_EQ(sum.sign(), oracle > 0 ? 1 : oracle < 0 ? -1 : 0) << "step " << i;
  }
}

TEST(ExactSum, BorrowsAndCarriesRippleThroughZeroLimbs) {
  // 2^200 - 1 turns limbs 0..2 into all ones and borrows from limb 3; taking 2^200 away must
  // leave exactly -1. The mirror image checks the carry.
  ExactSum borrow;
  borrow.add(0x1.0p200);
  borrow.add(-1.0);
  borrow.add(-0x1.0p200);
  EXPECT_EQ(borrow.to_double(), -1.0);
  ExactSum carry;
  carry.add(-0x1.0p200);
  carry.add(1.0);
  carry.add(0x1.0p200);
  EXPECT_EQ(carry.to_double(), 1.0);
  // 2^200 - 1 + 1 carries from limb 0 through the all-ones limbs 1 and 2 into limb 3.
  ExactSum ones;
  ones.add(0x1.0p200);
  ones.add(-1.0);
  ones.add(1.0);
  ones.add(-0x1.0p200);
  EXPECT_TRUE(ones.is_zero());
  ExactSum merged;  // the same through merge()
  ExactSum big;
  big.add(0x1.0p200);
  ExactSum minus_one;
  minus_one.add(-1.0);
  merged.merge(big);
  merged.merge(minus_one);
  big.add(-0x1.0p201);
  merged.merge(big);
  EXPECT_EQ(merged.to_double(), -1.0);
}

TEST(ExactSum, JsonIsCanonicalAndRoundTrips) {
  ExactSum one;
  one.add(1.0);
  EXPECT_EQ(one.to_json().dump(), R"({"base":0,"limbs":["0000000000000001","0000000000000000"]})");
  ExactSum minus_one;
  minus_one.add(-1.0);
  EXPECT_EQ(minus_one.to_json().dump(),
            R"({"base":0,"limbs":["ffffffffffffffff","ffffffffffffffff"]})");
  ExactSum half;
  half.add(0.5);
  // 0.5 = 2^63 * 2^-64 needs two limbs as a signed number, then one sign limb.
  EXPECT_EQ(half.to_json().dump(),
            R"({"base":-1,"limbs":["8000000000000000","0000000000000000","0000000000000000"]})");
  EXPECT_EQ(ExactSum().to_json().dump(), R"({"base":0,"limbs":[]})");
  for (const ExactSum& s : {one, minus_one, half, ExactSum()}) {
    EXPECT_EQ(ExactSum::from_json(s.to_json()), s);
  }
}

TEST(ExactSum, MalformedJsonIsRefusedWithItsKey) {
  const auto text = nlohmann::json::parse(R"({"base":0,"limbs":["12345"]})");
  EXPECT_EQ(error_of([&] { ExactSum::from_json(text, "run.json: sum"); }),
            "run.json: sum: limbs[0]: must be a string of 16 hex digits");
  const auto base = nlohmann::json::parse(R"({"base":1000,"limbs":[]})");
  EXPECT_EQ(error_of([&] { ExactSum::from_json(base, "run.json: sum"); }),
            "run.json: sum: base: must be between -64 and 64, got 1000");
}

TEST(Moments, KnownAnswerSmallSample) {
  // By hand: mean 40 / 8 = 5, squared deviations 9+1+1+1+0+0+4+16 = 32, sample variance 32 / 7.
  const Moments m = moments_of({2, 4, 4, 4, 5, 5, 7, 9});
  EXPECT_EQ(m.count(), 8u);
  EXPECT_EQ(m.sum(), 40.0);
  EXPECT_EQ(m.mean(), 5.0);
  EXPECT_EQ(m.variance(), 32.0 / 7.0);
  EXPECT_EQ(m.population_variance(), 4.0);
  EXPECT_EQ(m.sd(), 2.138089935299395);  // reference.py
  EXPECT_EQ(m.standard_error(), m.sd() / std::sqrt(8.0));
  EXPECT_EQ(m.min(), 2.0);
  EXPECT_EQ(m.max(), 9.0);
}

TEST(Moments, LargeOffsetDoesNotCancel) {
  // By hand: deviations from 1e9 + 10 are -6, -3, 3, 6: variance (36 + 9 + 9 + 36) / 3 = 30.
  const Moments m = moments_of({1e9 + 4, 1e9 + 7, 1e9 + 13, 1e9 + 16});
  EXPECT_EQ(m.mean(), 1e9 + 10);
  EXPECT_EQ(m.variance(), 30.0);
}

TEST(Moments, ResultsAreTheExactValuesRoundedOnce) {
  const Moments tenths = moments_of({0.1, 0.2, 0.3, 0.4});  // reference.py
  EXPECT_EQ(tenths.mean(), 0.25);
  EXPECT_EQ(tenths.variance(), 0.016666666666666666);
  EXPECT_EQ(tenths.sd(), 0.12909944487358055);
  const Moments mixed = moments_of({1e16, 1.0, -1e16, 3.5, 0.25, -7.0});  // reference.py
  EXPECT_EQ(mixed.mean(), -0.375);
  EXPECT_EQ(mixed.variance(), 4e+31);
}

TEST(Moments, EmptyAndSingleValueAreNaNWhereUndefined) {
  const Moments empty;
  EXPECT_EQ(empty.count(), 0u);
  EXPECT_TRUE(std::isnan(empty.mean()));
  EXPECT_TRUE(std::isnan(empty.variance()));
  EXPECT_TRUE(std::isnan(empty.population_variance()));
  EXPECT_TRUE(std::isnan(empty.min()));
  EXPECT_TRUE(std::isnan(empty.max()));
  const Moments one = moments_of({7.5});
  EXPECT_EQ(one.mean(), 7.5);
  EXPECT_EQ(one.population_variance(), 0.0);
  EXPECT_TRUE(std::isnan(one.variance()));
  EXPECT_TRUE(std::isnan(one.sd()));
}

TEST(Moments, MergingShardsInJobOrderEqualsOneStreamBitForBit) {
  const std::size_t count = std::getenv("MANCALA_SANITIZED") != nullptr ? 2000 : 20000;
  const std::vector<double> values = awkward_values(count);
  const Moments single = moments_of(values);
  // Shards of uneven sizes, as jobs of a batch run would produce.
  std::vector<Moments> shards;
  std::size_t start = 0;
  for (std::size_t size = 1; start < values.size(); size = size * 3 + 1) {
    Moments shard;
    for (std::size_t i = start; i < std::min(values.size(), start + size); ++i)
      shard.add(values[i]);
    shards.push_back(shard);
    start += size;
  }
  ASSERT_GT(shards.size(), 3u);
  Moments in_order;
  for (const Moments& shard : shards) in_order.merge(shard);
  EXPECT_EQ(in_order, single);
  EXPECT_EQ(in_order.mean(), single.mean());
  EXPECT_EQ(in_order.variance(), single.variance());
  EXPECT_EQ(in_order.sd(), single.sd());
  // Any other order or grouping gives the same bits too.
  Moments reversed;
  for (std::size_t i = shards.size(); i-- > 0;) reversed.merge(shards[i]);
  EXPECT_EQ(reversed, single);
  Moments pairs;
  for (std::size_t i = 0; i + 1 < shards.size(); i += 2) {
    Moments pair = shards[i + 1];
    pair.merge(shards[i]);
    pairs.merge(pair);
  }
  if (shards.size() % 2 == 1) pairs.merge(shards.back());
  EXPECT_EQ(pairs, single);
  EXPECT_EQ(pairs.variance(), single.variance());
}

TEST(Moments, AddingWithACountEqualsAddingRepeatedly) {
  Moments repeated;
  for (int i = 0; i < 5; ++i) repeated.add(0.3);
  repeated.add(-2.25);
  Moments counted;
  counted.add(0.3, 5);
  counted.add(-2.25, 1);
  EXPECT_EQ(counted, repeated);
}

TEST(Moments, NegativeZeroDoesNotMakeMinDependOnOrder) {
  Moments a;
  a.add(-0.0);
  a.add(0.0);
  Moments b;
  b.add(0.0);
  b.add(-0.0);
  EXPECT_EQ(a, b);
  EXPECT_FALSE(std::signbit(a.min()));
}

TEST(Moments, NonFiniteValuesAreRefused) {
  Moments m;
  EXPECT_EQ(error_of([&] { m.add(NAN); }), "non-finite value nan cannot be added to a statistic");
  EXPECT_EQ(error_of([&] { m.add(-INFINITY); }),
            "non-finite value -inf cannot be added to a statistic");
  EXPECT_EQ(m.count(), 0u);
}

TEST(Moments, JsonRoundTripKeepsMergesExact) {
  const std::vector<double> values = awkward_values(500);
  Moments first;
  Moments second;
  for (std::size_t i = 0; i < values.size(); ++i) (i < 200 ? first : second).add(values[i]);
  // Shards written as text by separate processes and merged later equal the single run.
  Moments merged = Moments::from_json(nlohmann::json::parse(first.to_json().dump()));
  merged.merge(Moments::from_json(nlohmann::json::parse(second.to_json().dump())));
  EXPECT_EQ(merged, moments_of(values));
  EXPECT_EQ(Moments::from_json(Moments().to_json()), Moments());
  EXPECT_EQ(Moments().to_json()["mean"], nullptr);
}

TEST(Moments, TamperedJsonIsRefused) {
  nlohmann::json text = moments_of({1, 2, 3}).to_json();
  EXPECT_EQ(text["mean"], 2.0);
  text["mean"] = 2.5;
  EXPECT_EQ(error_of([&] { Moments::from_json(text, "shard-3.json"); }),
            "shard-3.json: mean: does not match the exact sums");
  text = moments_of({1, 2, 3}).to_json();
  text["count"] = -1;
  EXPECT_EQ(error_of([&] { Moments::from_json(text, "shard-3.json"); }),
            "shard-3.json: count: must be a non-negative integer");
  text = moments_of({1, 2, 3}).to_json();
  text["count"] = 100;  // sums 6 and 14 could come from 100 values, but their mean is 0.06, not 2
  EXPECT_EQ(error_of([&] { Moments::from_json(text, "shard-3.json"); }),
            "shard-3.json: mean: does not match the exact sums");
  text = moments_of({1, 2, 3}).to_json();
  text["count"] = 1;  // 1 * 14 - 36 < 0: no set of one value has these sums
  text.erase("mean");
  text.erase("sd");
  EXPECT_EQ(error_of([&] { Moments::from_json(text, "shard-3.json"); }),
            "shard-3.json: sum_squares: inconsistent sums: n * sum of squares is less than the "
            "squared sum");
  text = moments_of({1, 2, 3}).to_json();
  text["sum"]["limbs"][0] = "xyz";
  EXPECT_EQ(error_of([&] { Moments::from_json(text, "shard-3.json"); }),
            "shard-3.json: sum: limbs[0]: must be a string of 16 hex digits");
}

}  // namespace
}  // namespace mancala::stats
