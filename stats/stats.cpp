#include "stats/stats.h"

#include <algorithm>
#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <limits>
#include <numbers>
#include <numeric>
#include <sstream>
#include <string>

#include "common/error.h"
#include "stats/internal.h"

namespace mancala::stats {
namespace {

using u128 = __uint128_t;
using i128 = __int128_t;

using internal::kNaN;
constexpr double kInfinity = std::numeric_limits<double>::infinity();

std::string show(double value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

void check_counts(const char* function, std::uint64_t k, std::uint64_t n) {
  if (k > n) {
    throw Error(std::string(function) + ": k = " + std::to_string(k) +
                " is greater than n = " + std::to_string(n));
  }
}

using internal::normal_two_sided;

// Tango's score statistic for "P(first wins) - P(second wins) = delta" given the observed counts:
// (b - c - n delta) / sqrt(n (2 q + delta (1 - delta))), q the restricted ML estimate of
// P(second wins). Decreasing in delta.
double tango_score(double b, double c, double n, double delta) {
  const double w = -b - c + (2 * n - b + c) * delta;
  const double product = c * delta * (1 - delta);
  const double root = std::sqrt(std::max(0.0, w * w + 8 * n * product));
  // The two algebraically equal roots of 2n q^2 + w q - product = 0, each free of cancellation.
  const double q = w > 0 ? 2 * product / (w + root) : (root - w) / (4 * n);
  const double variance = 2 * q + delta * (1 - delta);
  const double numerator = b - c - n * delta;
  if (!(variance > 0)) return numerator > 0 ? kInfinity : numerator < 0 ? -kInfinity : 0;
  return numerator / std::sqrt(n * variance);
}

// Bisection for the point where the decreasing function f crosses target within [lo, hi], where
// f(lo) > target >= f(hi) is assumed; returns the boundary itself if f never crosses.
template <typename F>
double bisect_decreasing(F f, double target, double lo, double hi) {
  for (int i = 0; i < 200; ++i) {
    const double mid = lo + (hi - lo) / 2;
    if (mid <= lo || mid >= hi) break;
    if (f(mid) > target) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return lo + (hi - lo) / 2;
}

void check_confidence(double confidence) {
  if (!(confidence > 0 && confidence < 1)) {
    throw Error("confidence must be strictly between 0 and 1, got " + show(confidence));
  }
}

}  // namespace

double z_for_confidence(double confidence) {
  check_confidence(confidence);
  return boost::math::quantile(
      boost::math::complement(boost::math::normal(), (1 - confidence) / 2));
}

Interval wilson_interval(std::uint64_t k, std::uint64_t n, double confidence) {
  check_counts("wilson_interval", k, n);
  const double z = z_for_confidence(confidence);
  if (n == 0) return {0, 1};
  const double nd = static_cast<double>(n);
  const double p = static_cast<double>(k) / nd;
  const double z2 = z * z;
  const double denominator = 1 + z2 / nd;
  const double center = (p + z2 / (2 * nd)) / denominator;
  const double half = z / denominator * std::sqrt(p * (1 - p) / nd + z2 / (4 * nd * nd));
  return {k == 0 ? 0.0 : std::max(0.0, center - half), k == n ? 1.0 : std::min(1.0, center + half)};
}

Advantage first_player_advantage(std::uint64_t wins1, std::uint64_t wins2, std::uint64_t draws,
                                 double confidence) {
  const double z = z_for_confidence(confidence);
  const u128 total = static_cast<u128>(wins1) + wins2 + draws;
  if (total > std::numeric_limits<std::uint64_t>::max()) {
    throw Error("first_player_advantage: more than 2^64 - 1 games");
  }
  Advantage out;
  if (total == 0) {
    out.interval = {-1, 1};
    return out;
  }
  const double b = static_cast<double>(wins1);
  const double c = static_cast<double>(wins2);
  const double n = static_cast<double>(total);
  out.estimate = (b - c) / n;
  auto score = [&](double delta) { return tango_score(b, c, n, delta); };
  out.interval.low = wins2 == total ? -1.0 : bisect_decreasing(score, z, -1.0, out.estimate);
  out.interval.high = wins1 == total ? 1.0 : bisect_decreasing(score, -z, out.estimate, 1.0);
  if (wins1 + wins2 > 0) {
    out.z = (b - c) / std::sqrt(b + c);
    out.p_value = normal_two_sided(out.z);
  }
  return out;
}

ZTest two_proportion_z_test(std::uint64_t k1, std::uint64_t n1, std::uint64_t k2,
                            std::uint64_t n2) {
  check_counts("two_proportion_z_test", k1, n1);
  check_counts("two_proportion_z_test", k2, n2);
  if (n1 == 0 || n2 == 0) throw Error("two_proportion_z_test: a sample is empty (n = 0)");
  const double p1 = static_cast<double>(k1) / static_cast<double>(n1);
  const double p2 = static_cast<double>(k2) / static_cast<double>(n2);
  const double pooled = (static_cast<double>(k1) + static_cast<double>(k2)) /
                        (static_cast<double>(n1) + static_cast<double>(n2));
  ZTest out;
  if (k1 + k2 == 0 || (k1 == n1 && k2 == n2)) return out;
  const double se = std::sqrt(pooled * (1 - pooled) *
                              (1 / static_cast<double>(n1) + 1 / static_cast<double>(n2)));
  out.z = (p1 - p2) / se;
  out.p_value = normal_two_sided(out.z);
  return out;
}

Difference newcombe_difference(std::uint64_t k1, std::uint64_t n1, std::uint64_t k2,
                               std::uint64_t n2, double confidence) {
  check_counts("newcombe_difference", k1, n1);
  check_counts("newcombe_difference", k2, n2);
  if (n1 == 0 || n2 == 0) throw Error("newcombe_difference: a sample is empty (n = 0)");
  const double p1 = static_cast<double>(k1) / static_cast<double>(n1);
  const double p2 = static_cast<double>(k2) / static_cast<double>(n2);
  const Interval w1 = wilson_interval(k1, n1, confidence);
  const Interval w2 = wilson_interval(k2, n2, confidence);
  Difference out;
  out.estimate = p1 - p2;
  out.interval.low = out.estimate - std::hypot(p1 - w1.low, w2.high - p2);
  out.interval.high = out.estimate + std::hypot(w1.high - p1, p2 - w2.low);
  return out;
}

MannWhitney mann_whitney(const IntHistogram& x, const IntHistogram& y, bool continuity_correction) {
  if (x.empty() || y.empty()) throw Error("mann_whitney: a sample is empty");
  const u128 n1 = x.total();
  const u128 n2 = y.total();
  const u128 big_n = n1 + n2;
  // N^3 must fit in 127 bits for the exact tie correction.
  if (big_n >= (u128{1} << 42)) throw Error("mann_whitney: more than 2^42 observations");
  const std::int64_t lo = std::min(x.min(), y.min());
  const std::int64_t hi = std::max(x.max(), y.max());
  u128 twice_u = 0;  // 2 * #(x > y) + #(x == y)
  u128 cubes = 0;    // sum of t^3 over groups of equal values
  u128 y_below = 0;  // #(y < v)
  for (std::int64_t v = lo; v <= hi; ++v) {
    const u128 cx = x.count(v);
    const u128 cy = y.count(v);
    twice_u += cx * (2 * y_below + cy);
    const u128 t = cx + cy;
    cubes += t * t * t;
    y_below += cy;
  }
  const u128 pairs = n1 * n2;
  MannWhitney out;
  out.u = static_cast<double>(twice_u) / 2;
  out.effect = static_cast<double>(2 * pairs - twice_u) / static_cast<double>(2 * pairs);
  // (N + 1) - sum(t^3 - t) / (N (N - 1)) = (N^3 - sum t^3) / (N (N - 1)), because sum t = N.
  const u128 spread = big_n * big_n * big_n - cubes;
  if (spread == 0) return out;
  const double variance = static_cast<double>(pairs) * static_cast<double>(spread) /
                          (12 * static_cast<double>(big_n) * static_cast<double>(big_n - 1));
  const i128 twice_centered = static_cast<i128>(twice_u) - static_cast<i128>(pairs);
  double centered = static_cast<double>(twice_centered) / 2;
  if (continuity_correction && twice_centered != 0) centered -= twice_centered > 0 ? 0.5 : -0.5;
  out.z = centered / std::sqrt(variance);
  out.p_value = normal_two_sided(out.z);
  return out;
}

KolmogorovSmirnov kolmogorov_smirnov(const IntHistogram& x, const IntHistogram& y) {
  if (x.empty() || y.empty()) throw Error("kolmogorov_smirnov: a sample is empty");
  const u128 n1 = x.total();
  const u128 n2 = y.total();
  const std::int64_t lo = std::min(x.min(), y.min());
  const std::int64_t hi = std::max(x.max(), y.max());
  u128 cx = 0;
  u128 cy = 0;
  u128 largest = 0;  // max |F_x n1 n2 - F_y n1 n2| = max |cx n2 - cy n1|
  for (std::int64_t v = lo; v <= hi; ++v) {
    cx += x.count(v);
    cy += y.count(v);
    const u128 a = cx * n2;
    const u128 b = cy * n1;
    largest = std::max(largest, a > b ? a - b : b - a);
  }
  KolmogorovSmirnov out;
  const double d1 = static_cast<double>(n1);
  const double d2 = static_cast<double>(n2);
  out.d = static_cast<double>(largest) / static_cast<double>(n1 * n2);
  out.p_value = kolmogorov_survival(std::sqrt(d1 * d2 / (d1 + d2)) * out.d);
  return out;
}

double kolmogorov_survival(double lambda) {
  if (std::isnan(lambda)) return kNaN;
  if (lambda <= 0) return 1;
  constexpr double kPi = std::numbers::pi;
  if (lambda < 1) {
    // CDF = sqrt(2 pi) / lambda * sum_{k odd} exp(-k^2 pi^2 / (8 lambda^2)).
    const double f = -kPi * kPi / (8 * lambda * lambda);
    double sum = 0;
    for (int k = 1; k < 200; k += 2) {
      const double term = std::exp(k * k * f);
      sum += term;
      if (term <= sum * 1e-17) break;
    }
    return std::clamp(1 - std::sqrt(2 * kPi) / lambda * sum, 0.0, 1.0);
  }
  double sum = 0;
  for (int k = 1; k < 200; ++k) {
    const double term = std::exp(-2.0 * k * k * lambda * lambda);
    sum += (k % 2 == 1) ? term : -term;
    if (term <= sum * 1e-17) break;
  }
  return std::clamp(2 * sum, 0.0, 1.0);
}

std::vector<double> holm_adjust(std::span<const double> p_values) {
  for (std::size_t i = 0; i < p_values.size(); ++i) {
    if (!(p_values[i] >= 0 && p_values[i] <= 1)) {
      throw Error("holm_adjust: p-value " + std::to_string(i + 1) + " is " + show(p_values[i]) +
                  ", not in [0, 1]");
    }
  }
  const std::size_t m = p_values.size();
  std::vector<std::size_t> order(m);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return p_values[a] < p_values[b]; });
  std::vector<double> adjusted(m);
  double running = 0;
  for (std::size_t rank = 0; rank < m; ++rank) {
    const std::size_t i = order[rank];
    running = std::max(running, std::min(1.0, static_cast<double>(m - rank) * p_values[i]));
    adjusted[i] = running;
  }
  return adjusted;
}

Welch welch_difference(const Moments& a, const Moments& b, double confidence) {
  check_confidence(confidence);
  if (a.count() < 2 || b.count() < 2) {
    throw Error("welch_difference: each sample needs at least 2 values, got " +
                std::to_string(a.count()) + " and " + std::to_string(b.count()));
  }
  const double na = static_cast<double>(a.count());
  const double nb = static_cast<double>(b.count());
  const double va = a.variance() / na;
  const double vb = b.variance() / nb;
  Welch out;
  out.difference = a.mean() - b.mean();
  const double se2 = va + vb;
  if (se2 == 0) {
    out.interval = {out.difference, out.difference};
    out.df = kNaN;
    out.t = out.difference == 0 ? 0 : std::copysign(kInfinity, out.difference);
    out.p_value = out.difference == 0 ? 1 : 0;
    return out;
  }
  const double se = std::sqrt(se2);
  out.df = se2 * se2 / (va * va / (na - 1) + vb * vb / (nb - 1));
  const boost::math::students_t t_dist(out.df);
  const double t_crit =
      boost::math::quantile(boost::math::complement(t_dist, (1 - confidence) / 2));
  out.interval = {out.difference - t_crit * se, out.difference + t_crit * se};
  out.t = out.difference / se;
  out.p_value = 2 * boost::math::cdf(boost::math::complement(t_dist, std::fabs(out.t)));
  return out;
}

Estimate rate_estimate(std::uint64_t k, std::uint64_t n) {
  if (n == 0) return {};
  const Interval ci = wilson_interval(k, n);
  return {static_cast<double>(k) / static_cast<double>(n), ci.low, ci.high};
}

Estimate balance_estimate(std::uint64_t wins1, std::uint64_t wins2, std::uint64_t draws) {
  if (wins1 + wins2 + draws == 0) return {};
  const Advantage adv = first_player_advantage(wins1, wins2, draws);
  const double lo = adv.interval.low, hi = adv.interval.high;
  const double abs_low = lo <= 0 && hi >= 0 ? 0.0 : std::min(std::fabs(lo), std::fabs(hi));
  const double abs_high = std::max(std::fabs(lo), std::fabs(hi));
  return {1 - std::fabs(adv.estimate), 1 - abs_high, 1 - abs_low};
}

Estimate mean_estimate(const IntHistogram& h, double scale) {
  Estimate e;
  const std::uint64_t n = h.total();
  if (n == 0) return e;
  const Moments m = h.moments();
  e.value = scale * m.mean();
  if (n < 2) return e;
  const double half = m.sd() == 0
                          ? 0.0
                          : boost::math::quantile(boost::math::complement(
                                boost::math::students_t(static_cast<double>(n - 1)), 0.025)) *
                                m.sd() / std::sqrt(static_cast<double>(n));
  e.low = scale * (m.mean() - half);
  e.high = scale * (m.mean() + half);
  return e;
}

}  // namespace mancala::stats
