#include "stats/tested.h"

#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <vector>

#include "common/error.h"
#include "stats/compare_stats.h"
#include "stats/internal.h"

namespace mancala::stats {
namespace {

using internal::kNaN;
constexpr double kInf = std::numeric_limits<double>::infinity();

using internal::normal_two_sided;

double t_two_sided(double t, double df) {
  if (!std::isfinite(t)) return std::isnan(t) ? 1.0 : 0.0;
  const boost::math::students_t dist(df);
  return 2 * boost::math::cdf(boost::math::complement(dist, std::fabs(t)));
}

// A difference whose standard error is 0: a point, and a test that is certain either way.
TestedDifference certain(double estimate) {
  TestedDifference out;
  out.estimate = estimate;
  out.interval = {estimate, estimate};
  out.statistic = estimate == 0 ? 0 : (estimate > 0 ? kInf : -kInf);
  out.p_value = estimate == 0 ? 1 : 0;
  return out;
}

// The mean of the linearised values of a ratio of sums and their sample variance divided by the
// number of clusters (the squared standard error of the ratio); `ratio` receives the ratio.
struct Linearised {
  double ratio = kNaN;
  double mean_trials = kNaN;
};
Linearised linearise(std::span<const Cluster> c) {
  std::uint64_t k = 0, n = 0;
  for (const Cluster& x : c) {
    k += x.k;
    n += x.n;
  }
  if (n == 0 || c.empty()) return {};
  return {static_cast<double>(k) / static_cast<double>(n),
          static_cast<double>(n) / static_cast<double>(c.size())};
}
double linear_value(const Cluster& x, const Linearised& l) {
  return (static_cast<double>(x.k) - l.ratio * static_cast<double>(x.n)) / l.mean_trials;
}
// The sample variance of values, in a fixed order (deterministic).
double sample_variance(const std::vector<double>& v) {
  double mean = 0;
  for (double x : v) mean += x;
  mean /= static_cast<double>(v.size());
  double ss = 0;
  for (double x : v) ss += (x - mean) * (x - mean);
  return ss / static_cast<double>(v.size() - 1);
}

}  // namespace

bool TestedDifference::excludes_zero() const {
  return std::isfinite(interval.low) && std::isfinite(interval.high) &&
         (interval.low > 0 || interval.high < 0);
}

TestedDifference paired_proportion_difference(std::uint64_t b, std::uint64_t c, std::uint64_t n,
                                              double confidence) {
  if (b + c > n) throw Error("paired_proportion_difference: more discordant pairs than pairs");
  TestedDifference out;
  if (n == 0) return out;
  const Advantage a = first_player_advantage(b, c, n - b - c, confidence);
  out.estimate = a.estimate;
  out.interval = a.interval;
  out.statistic = a.z;
  out.p_value = a.p_value;
  return out;
}

TestedDifference mean_difference(const Moments& d, double confidence) {
  TestedDifference out;
  if (d.count() == 0) return out;
  out.estimate = d.mean();
  if (d.count() < 2) return out;
  const double se = d.standard_error();
  if (!(se > 0)) return certain(d.mean());
  out.interval = mean_interval(d, confidence);
  out.statistic = d.mean() / se;
  out.p_value = t_two_sided(out.statistic, static_cast<double>(d.count() - 1));
  return out;
}

TestedDifference welch_mean_difference(const Moments& b, const Moments& a, double confidence) {
  TestedDifference out;
  if (b.count() == 0 || a.count() == 0) return out;
  out.estimate = b.mean() - a.mean();
  if (b.count() < 2 || a.count() < 2) return out;
  const Welch w = welch_difference(b, a, confidence);
  out.estimate = w.difference;
  out.interval = w.interval;
  out.statistic = w.t;
  out.p_value = w.p_value;
  return out;
}

double inverted_p_value(const std::function<Interval(double)>& interval_at) {
  const auto excludes = [&](double alpha) {
    const Interval i = interval_at(1 - alpha);
    return i.low > 0 || i.high < 0;
  };
  constexpr double kFloor = 1e-15;
  if (!excludes(1 - 1e-9)) return 1;  // holds 0 even as a point: no evidence at all
  if (excludes(kFloor)) return kFloor;
  // excludes(lo) is false, excludes(hi) true; the intervals shrink as alpha grows.
  double lo = std::log(kFloor), hi = std::log(1 - 1e-9);
  for (int i = 0; i < 80; ++i) {
    const double mid = (lo + hi) / 2;
    (excludes(std::exp(mid)) ? hi : lo) = mid;
  }
  return std::exp(hi);
}

TestedDifference independent_proportion_difference(std::uint64_t k_b, std::uint64_t n_b,
                                                   std::uint64_t k_a, std::uint64_t n_a,
                                                   double confidence) {
  TestedDifference out;
  if (n_a == 0 || n_b == 0) return out;
  const Difference d = newcombe_difference(k_b, n_b, k_a, n_a, confidence);
  out.estimate = d.estimate;
  out.interval = d.interval;
  out.p_value = inverted_p_value(
      [&](double c) { return newcombe_difference(k_b, n_b, k_a, n_a, c).interval; });
  out.statistic = d.estimate;
  return out;
}

TestedDifference independent_advantage_difference(std::uint64_t wins1_b, std::uint64_t wins2_b,
                                                  std::uint64_t draws_b, std::uint64_t wins1_a,
                                                  std::uint64_t wins2_a, std::uint64_t draws_a,
                                                  double confidence) {
  TestedDifference out;
  if (wins1_a + wins2_a + draws_a == 0 || wins1_b + wins2_b + draws_b == 0) return out;
  const auto at = [&](double c) {
    return advantage_difference(wins1_b, wins2_b, draws_b, wins1_a, wins2_a, draws_a, c);
  };
  const AdvantageDifference d = at(confidence);
  out.estimate = d.estimate;
  out.interval = d.interval;
  out.statistic = d.z;
  out.p_value = inverted_p_value([&](double c) { return at(c).interval; });
  return out;
}

TestedDifference ratio_difference(std::span<const Cluster> b, std::span<const Cluster> a,
                                  bool paired, double confidence) {
  if (paired && a.size() != b.size())
    throw Error("ratio_difference: paired samples of different sizes");
  TestedDifference out;
  const Linearised la = linearise(a), lb = linearise(b);
  if (!std::isfinite(la.ratio) || !std::isfinite(lb.ratio)) return out;
  out.estimate = lb.ratio - la.ratio;
  if (a.size() < 2 || b.size() < 2) return out;
  double variance = 0;
  if (paired) {
    std::vector<double> w;
    w.reserve(a.size());
    for (std::size_t i = 0; i < a.size(); ++i)
      w.push_back(linear_value(b[i], lb) - linear_value(a[i], la));
    variance = sample_variance(w) / static_cast<double>(w.size());
  } else {
    std::vector<double> ua, ub;
    for (const Cluster& x : a) ua.push_back(linear_value(x, la));
    for (const Cluster& x : b) ub.push_back(linear_value(x, lb));
    variance = sample_variance(ua) / static_cast<double>(ua.size()) +
               sample_variance(ub) / static_cast<double>(ub.size());
  }
  const double se = std::sqrt(variance);
  if (!(se > 0)) return certain(out.estimate);
  const double z = z_for_confidence(confidence);
  out.interval = {out.estimate - z * se, out.estimate + z * se};
  out.statistic = out.estimate / se;
  out.p_value = normal_two_sided(out.statistic);
  return out;
}

}  // namespace mancala::stats
