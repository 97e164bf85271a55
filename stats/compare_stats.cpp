#include "stats/compare_stats.h"

#include <boost/math/distributions/binomial.hpp>
#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <limits>
#include <string>

#include "common/error.h"
#include "stats/internal.h"

namespace mancala::stats {
namespace {

using internal::kNaN;

void check_confidence(const char* function, double confidence) {
  if (!(confidence > 0 && confidence < 1)) {
    throw Error(std::string(function) + ": confidence must be between 0 and 1, got " +
                std::to_string(confidence));
  }
}

}  // namespace

Interval mean_interval(const Moments& sample, double confidence) {
  check_confidence("mean_interval", confidence);
  if (sample.count() < 2) return {kNaN, kNaN};
  const double mean = sample.mean();
  const double se = sample.standard_error();
  if (se == 0) return {mean, mean};
  const boost::math::students_t t_dist(static_cast<double>(sample.count() - 1));
  const double t = boost::math::quantile(boost::math::complement(t_dist, (1 - confidence) / 2));
  return {mean - t * se, mean + t * se};
}

QuantileInterval quantile_interval(const IntHistogram& sample, double p, double confidence) {
  check_confidence("quantile_interval", confidence);
  if (!(p > 0 && p < 1))
    throw Error("quantile_interval: p must be between 0 and 1, got " + std::to_string(p));
  if (sample.empty()) throw Error("quantile_interval: empty sample");
  const std::uint64_t n = sample.total();
  const boost::math::binomial_distribution<double> binomial(static_cast<double>(n), p);
  // F(k) for k in -1..n, exact at the ends.
  const auto cdf = [&](std::int64_t k) -> double {
    if (k < 0) return 0;
    if (static_cast<std::uint64_t>(k) >= n) return 1;
    return boost::math::cdf(binomial, static_cast<double>(k));
  };
  const double tail = (1 - confidence) / 2;

  QuantileInterval out;
  out.estimate = sample.quantile(p);
  // Largest r in [1, n] with F(r - 1) <= tail: F is increasing, so bisect.
  if (cdf(0) <= tail) {
    std::uint64_t lo = 1, hi = n;  // F(lo - 1) <= tail holds; find the last such
    while (lo < hi) {
      const std::uint64_t mid = lo + (hi - lo + 1) / 2;
      if (cdf(static_cast<std::int64_t>(mid) - 1) <= tail) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    out.lower_rank = lo;
  }
  // Smallest s in [1, n] with F(s - 1) >= 1 - tail.
  if (cdf(static_cast<std::int64_t>(n) - 1) >= 1 - tail) {
    std::uint64_t lo = 1, hi = n;  // F(hi - 1) >= 1 - tail holds; find the first such
    while (lo < hi) {
      const std::uint64_t mid = lo + (hi - lo) / 2;
      if (cdf(static_cast<std::int64_t>(mid) - 1) >= 1 - tail) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    out.upper_rank = lo;
  }
  out.interval.low =
      out.lower_rank > 0 ? static_cast<double>(sample.order_statistic(out.lower_rank)) : kNaN;
  out.interval.high =
      out.upper_rank > 0 ? static_cast<double>(sample.order_statistic(out.upper_rank)) : kNaN;
  const double upper_cdf =
      out.upper_rank > 0 ? cdf(static_cast<std::int64_t>(out.upper_rank) - 1) : 1.0;
  const double lower_cdf =
      out.lower_rank > 0 ? cdf(static_cast<std::int64_t>(out.lower_rank) - 1) : 0.0;
  out.coverage = upper_cdf - lower_cdf;
  return out;
}

AdvantageDifference advantage_difference(std::uint64_t wins1_a, std::uint64_t wins2_a,
                                         std::uint64_t draws_a, std::uint64_t wins1_b,
                                         std::uint64_t wins2_b, std::uint64_t draws_b,
                                         double confidence) {
  check_confidence("advantage_difference", confidence);
  const std::uint64_t n_a = wins1_a + wins2_a + draws_a;
  const std::uint64_t n_b = wins1_b + wins2_b + draws_b;
  if (n_a == 0 || n_b == 0) throw Error("advantage_difference: a set of games is empty");
  const Advantage a = first_player_advantage(wins1_a, wins2_a, draws_a, confidence);
  const Advantage b = first_player_advantage(wins1_b, wins2_b, draws_b, confidence);

  AdvantageDifference out;
  out.estimate = a.estimate - b.estimate;
  out.interval.low =
      out.estimate - std::hypot(a.estimate - a.interval.low, b.interval.high - b.estimate);
  out.interval.high =
      out.estimate + std::hypot(a.interval.high - a.estimate, b.estimate - b.interval.low);

  // Variance of one game's score in {+1, -1, 0}: E[X^2] - E[X]^2.
  const auto variance = [](std::uint64_t w1, std::uint64_t w2, std::uint64_t n, double advantage) {
    const double dn = static_cast<double>(n);
    return static_cast<double>(w1) / dn + static_cast<double>(w2) / dn - advantage * advantage;
  };
  const double se = std::sqrt(
      std::max(0.0, variance(wins1_a, wins2_a, n_a, a.estimate)) / static_cast<double>(n_a) +
      std::max(0.0, variance(wins1_b, wins2_b, n_b, b.estimate)) / static_cast<double>(n_b));
  if (se == 0) {
    out.z = out.estimate == 0
                ? 0
                : std::copysign(std::numeric_limits<double>::infinity(), out.estimate);
    out.p_value = out.estimate == 0 ? 1 : 0;
    return out;
  }
  out.z = out.estimate / se;
  out.p_value =
      2 * boost::math::cdf(boost::math::complement(boost::math::normal(), std::fabs(out.z)));
  return out;
}

}  // namespace mancala::stats
