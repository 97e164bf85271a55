// IntHistogram: quantiles on hand cases, exact moments, merging, bins, JSON round trip, errors.
#include "stats/histogram.h"

#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <vector>

#include "common/error.h"
#include "tests/stats/stats_test_util.h"
#include "tests/test_support.h"

namespace mancala::stats {
namespace {

using test_support::error_of;
using testing_util::histogram_of;

TEST(IntHistogram, Type7QuantilesOfOneToTwenty) {
  // By hand (and R's quantile(1:20, c(.05, .5, .95)) = 1.95 10.50 19.05): index = 1 + 19 p,
  // p5 = x1 + 0.95 (x2 - x1), median = (x10 + x11) / 2, p95 = x19 + 0.05 (x20 - x19).
  IntHistogram h;
  for (int v = 1; v <= 20; ++v) h.add(v);
  EXPECT_DOUBLE_EQ(h.quantile(0.05), 1.95);
  EXPECT_EQ(h.median(), 10.5);
  EXPECT_DOUBLE_EQ(h.quantile(0.95), 19.05);
  EXPECT_EQ(h.quantile(0), 1.0);
  EXPECT_EQ(h.quantile(1), 20.0);
}

TEST(IntHistogram, QuantilesWithRepeatedValues) {
  // Sorted: 3 3 7 10 10 10 (n = 6). Type 7: median index 3.5 -> (7 + 10) / 2; p = 0.2 -> index 2
  // -> 3; p = 0.5 nearest rank ceil(3) = 3rd -> 7; p = 0.34 -> ceil(2.04) = 3rd -> 7.
  const IntHistogram h = histogram_of({10, 3, 7, 10, 3, 10});
  EXPECT_EQ(h.median(), 8.5);
  EXPECT_EQ(h.quantile(0.2), 3.0);
  EXPECT_EQ(h.quantile(0.9), 10.0);  // index 5.5 between two 10s
  EXPECT_EQ(h.nearest_rank(0.5), 7);
  EXPECT_EQ(h.nearest_rank(0.34), 7);
  EXPECT_EQ(h.nearest_rank(0), 3);
  EXPECT_EQ(h.nearest_rank(1), 10);
  EXPECT_EQ(h.order_statistic(1), 3);
  EXPECT_EQ(h.order_statistic(4), 10);
  EXPECT_EQ(h.min(), 3);
  EXPECT_EQ(h.max(), 10);
  EXPECT_EQ(h.count(10), 3u);
  EXPECT_EQ(h.count(4), 0u);
  EXPECT_EQ(h.count(-1), 0u);
}

TEST(IntHistogram, SummaryOfASingleValue) {
  IntHistogram h;
  h.add(42, 5);
  const DistributionSummary s = h.summary();
  EXPECT_EQ(s.count, 5u);
  EXPECT_EQ(s.mean, 42.0);
  EXPECT_EQ(s.sd, 0.0);
  EXPECT_EQ(s.min, 42.0);
  EXPECT_EQ(s.p5, 42.0);
  EXPECT_EQ(s.median, 42.0);
  EXPECT_EQ(s.p95, 42.0);
  EXPECT_EQ(s.max, 42.0);
}

TEST(IntHistogram, MomentsEqualAMomentsFedTheSameValues) {
  // By hand: 2 4 4 4 5 5 7 9 has mean 5 and sample variance 32 / 7.
  const IntHistogram h = histogram_of({2, 4, 4, 4, 5, 5, 7, 9});
  Moments m;
  for (double v : {2, 4, 4, 4, 5, 5, 7, 9}) m.add(v);
  EXPECT_EQ(h.moments(), m);
  EXPECT_EQ(h.mean(), 5.0);
  EXPECT_EQ(h.moments().variance(), 32.0 / 7.0);
}

TEST(IntHistogram, MergeEqualsSingleStreamInAnyOrder) {
  std::vector<IntHistogram> shards(4);
  IntHistogram single;
  for (int i = 0; i < 1000; ++i) {
    const int value = (i * 37) % 211 + (i % 7 == 0 ? 500 : 0);
    single.add(value);
    shards[static_cast<std::size_t>(i) % shards.size()].add(value);
  }
  IntHistogram forward;
  for (const IntHistogram& s : shards) forward.merge(s);
  IntHistogram backward;
  for (auto it = shards.rbegin(); it != shards.rend(); ++it) backward.merge(*it);
  EXPECT_EQ(forward, single);
  EXPECT_EQ(backward, single);
  EXPECT_EQ(forward.summary().p95, single.summary().p95);
  IntHistogram empty;
  empty.merge(IntHistogram());
  EXPECT_TRUE(empty.empty());
}

TEST(IntHistogram, BinsHaveOneCommonWidthAndKeepEveryCount) {
  IntHistogram h;
  for (int v = 10; v <= 29; ++v) h.add(v, static_cast<std::uint64_t>(v));
  EXPECT_EQ(h.bins(4),
            (std::vector<HistogramBin>{{10, 14, 60}, {15, 19, 85}, {20, 24, 110}, {25, 29, 135}}));
  // Range 3..9 (7 values) in at most 3 bins: width ceil(7 / 3) = 3, the last bin reaches 11.
  const IntHistogram small = histogram_of({3, 4, 6, 9, 9});
  EXPECT_EQ(small.bins(3), (std::vector<HistogramBin>{{3, 5, 2}, {6, 8, 1}, {9, 11, 2}}));
  // Fewer values than bins: one bin per value.
  EXPECT_EQ(histogram_of({5, 7}).bins(10),
            (std::vector<HistogramBin>{{5, 5, 1}, {6, 6, 0}, {7, 7, 1}}));
  EXPECT_TRUE(IntHistogram().bins(5).empty());
  EXPECT_EQ(error_of([&] { h.bins(0); }), "histogram bins: need at least 1 bin, got 0");
}

TEST(IntHistogram, JsonRoundTrip) {
  IntHistogram h = histogram_of({3, 3, 7, 10, 10, 10});
  EXPECT_EQ(h.to_json().dump(), R"({"counts":[2,0,0,0,1,0,0,3],"first":3})");
  EXPECT_EQ(IntHistogram::from_json(h.to_json()), h);
  EXPECT_EQ(IntHistogram().to_json().dump(), R"({"counts":[],"first":0})");
  EXPECT_EQ(IntHistogram::from_json(IntHistogram().to_json()), IntHistogram());
  // Leading and trailing zeros are accepted and dropped.
  EXPECT_EQ(IntHistogram::from_json(nlohmann::json::parse(R"({"first":1,"counts":[0,0,2,0]})")),
            histogram_of({3, 3}));
}

TEST(IntHistogram, MalformedJsonIsRefusedWithItsKey) {
  auto parse = [](const char* text) {
    return error_of(
        [&] { IntHistogram::from_json(nlohmann::json::parse(text), "runs.json: plies"); });
  };
  EXPECT_EQ(parse(R"({"first":0,"counts":[1,2,-1]})"),
            "runs.json: plies: counts[2]: must be a non-negative integer");
  EXPECT_EQ(parse(R"({"first":0,"counts":[1.5]})"),
            "runs.json: plies: counts[0]: must be a non-negative integer");
  EXPECT_EQ(parse(R"({"first":-4,"counts":[]})"),
            "runs.json: plies: first: must be an integer from 0 to 1000000");
  EXPECT_EQ(parse(R"({"first":999999,"counts":[0,0,1]})"),
            "runs.json: plies: counts[2]: value 1000001 is above 1000000");
  EXPECT_EQ(parse(R"({"first":0})"),
            "runs.json: plies: counts: must be an array of non-negative integers");
  EXPECT_EQ(parse(R"([1,2])"), "runs.json: plies: a histogram must be a JSON object");
}

TEST(IntHistogram, OutOfRangeValuesAndEmptyQueriesAreRefused) {
  IntHistogram h;
  EXPECT_EQ(error_of([&] { h.add(-1); }), "histogram value -1 is outside 0..1000000");
  EXPECT_EQ(error_of([&] { h.add(1'000'001); }), "histogram value 1000001 is outside 0..1000000");
  EXPECT_TRUE(h.empty());
  EXPECT_EQ(error_of([&] { h.quantile(0.5); }), "quantile: the histogram is empty");
  EXPECT_EQ(error_of([&] { h.min(); }), "an empty histogram has no minimum");
  h.add(1);
  EXPECT_EQ(error_of([&] { h.quantile(1.5); }), "quantile: probability must be in [0, 1], got 1.5");
  EXPECT_EQ(error_of([&] { h.order_statistic(2); }), "order statistic 2 is outside 1..1");
  const DistributionSummary empty = IntHistogram().summary();
  EXPECT_EQ(empty.count, 0u);
  EXPECT_TRUE(std::isnan(empty.median));
}

TEST(IntHistogram, MemoryFollowsTheLargestValueNotTheCount) {
  IntHistogram h;
  h.add(7, 1'000'000'000'000ULL);
  h.add(9, 3);
  EXPECT_EQ(h.total(), 1'000'000'000'003ULL);
  EXPECT_EQ(h.to_json()["counts"].size(), 3u);
  EXPECT_EQ(h.median(), 7.0);
}

}  // namespace
}  // namespace mancala::stats
