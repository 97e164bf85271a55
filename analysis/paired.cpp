#include "analysis/paired.h"

#include <algorithm>
#include <cmath>

#include "common/error.h"
#include "common/format.h"

namespace mancala::analysis {

bool pairable(const sim::GameTally& a, const sim::GameTally& b) {
  return a.keep_outcomes && b.keep_outcomes && a.outcomes.size() == a.games &&
         b.outcomes.size() == b.games && a.games == b.games && a.games > 0;
}

bool finished(const GameOutcome& g) { return g.winner != sim::kNobody; }

int first_player_score(const GameOutcome& g) { return g.winner == 0 ? 1 : g.winner == 1 ? -1 : 0; }

stats::TestedDifference paired_rate(const Outcomes& a, const Outcomes& b,
                                    bool (*trial)(const GameOutcome&),
                                    bool (*event)(const GameOutcome&), double confidence) {
  if (a.size() != b.size()) throw Error("paired_rate: runs of different sizes");
  std::uint64_t n = 0, b_only = 0, a_only = 0;
  for (std::size_t g = 0; g < a.size(); ++g) {
    if (!trial(a[g]) || !trial(b[g])) continue;
    ++n;
    const bool ea = event(a[g]), eb = event(b[g]);
    if (eb && !ea) ++b_only;
    if (ea && !eb) ++a_only;
  }
  return stats::paired_proportion_difference(b_only, a_only, n, confidence);
}

stats::TestedDifference paired_advantage(const Outcomes& a, const Outcomes& b, double confidence) {
  if (a.size() != b.size()) throw Error("paired_advantage: runs of different sizes");
  stats::Moments d;
  for (std::size_t g = 0; g < a.size(); ++g) {
    if (finished(a[g]) && finished(b[g]))
      d.add(first_player_score(b[g]) - first_player_score(a[g]));
  }
  return stats::mean_difference(d, confidence);
}

stats::TestedDifference paired_mean(const Outcomes& a, const Outcomes& b,
                                    std::int64_t (*value)(const GameOutcome&), double confidence) {
  if (a.size() != b.size()) throw Error("paired_mean: runs of different sizes");
  stats::Moments d;
  for (std::size_t g = 0; g < a.size(); ++g) d.add(static_cast<double>(value(b[g]) - value(a[g])));
  return stats::mean_difference(d, confidence);
}

std::vector<stats::Cluster> clusters(const Outcomes& games,
                                     std::uint64_t (*events)(const GameOutcome&),
                                     std::uint64_t (*trials)(const GameOutcome&)) {
  std::vector<stats::Cluster> out;
  out.reserve(games.size());
  for (const GameOutcome& g : games) out.push_back({events(g), trials(g)});
  return out;
}

namespace {

// The digits interval_end prints `v` (already scaled) with.
int end_digits(double v, int decimals) {
  int digits = decimals;
  while (digits < 6 && v != 0 && std::isfinite(v) &&
         format_number(std::fabs(v), digits) == format_number(0.0, digits))
    ++digits;
  return digits;
}

}  // namespace

std::string interval_end(double x, double scale, int decimals) {
  const double v = scale * x;
  return format_signed(v, end_digits(v, decimals));
}

PrintedInterval printed_interval(double estimate, const stats::Interval& interval, double scale,
                                 int decimals) {
  const int digits = std::max(end_digits(scale * interval.low, decimals),
                              end_digits(scale * interval.high, decimals));
  return {format_signed(scale * estimate, digits), interval_end(interval.low, scale, decimals),
          interval_end(interval.high, scale, decimals)};
}

}  // namespace mancala::analysis
