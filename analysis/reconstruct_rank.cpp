#include "analysis/reconstruct_rank.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <map>
#include <numeric>
#include <utility>

#include "common/format.h"

namespace mancala::analysis {
namespace {

// An interval with finite ends that lies wholly on one side of 0.
bool excludes_zero(const stats::Interval& ci) {
  return std::isfinite(ci.low) && std::isfinite(ci.high) && (ci.low > 0 || ci.high < 0);
}

constexpr double kZ95 = 1.959963984540054;

bool finite(const stats::Estimate& e) {
  return std::isfinite(e.value) && std::isfinite(e.low) && std::isfinite(e.high);
}

// The standard error a figure's 95% interval implies (half its width over z); NaN without one.
double standard_error(const stats::Estimate& e) {
  if (!finite(e)) return kNaN;
  return (e.high - e.low) / (2 * kZ95);
}

// A linear combination of candidates' figures: sum of weight * value, variance from the
// standard errors (the runs taken as independent).
struct Contrast {
  std::map<size_t, double> weights;  // candidate -> weight
  size_t pairs = 0;
  void add(size_t candidate, double w) { weights[candidate] += w; }
};

struct Value {
  double value = kNaN;
  double low = kNaN, high = kNaN;
};

Value evaluate(const Contrast& c, const std::vector<Figures>& figures, Criterion k, double z) {
  Value out;
  if (c.pairs == 0) return out;
  double sum = 0, variance = 0;
  bool interval = true;
  for (const auto& [candidate, weight] : c.weights) {
    const stats::Estimate& e = figures[candidate][k];
    sum += weight * e.value;
    const double se = standard_error(e);
    if (weight != 0) {
      if (std::isfinite(se)) {
        variance += weight * weight * se * se;
      } else {
        interval = false;
      }
    }
  }
  out.value = sum / static_cast<double>(c.pairs);
  if (interval) {
    const double half = z * std::sqrt(variance) / static_cast<double>(c.pairs);
    out.low = out.value - half;
    out.high = out.value + half;
    // A share lies in [0, 1], so the combination can reach no further than its negative and
    // positive weights allow (a difference of two shares: [-1, 1]; a difference of differences:
    // [-2, 2]); the normal interval is clipped to that range.
    if (criterion_info(k).share) {
      double lowest = 0, highest = 0;
      for (const auto& [candidate, weight] : c.weights) (weight < 0 ? lowest : highest) += weight;
      out.low = std::max(out.low, lowest / static_cast<double>(c.pairs));
      out.high = std::min(out.high, highest / static_cast<double>(c.pairs));
    }
  }
  return out;
}

// The candidate of a combination when it was played and has the figure; else -1.
int usable(const Space& space, const std::vector<Figures>& figures, size_t combination,
           Criterion k) {
  const int c = space.candidate_of[combination];
  if (c < 0) return -1;
  const Figures& f = figures[static_cast<size_t>(c)];
  if (!f.played || !std::isfinite(f[k].value)) return -1;
  return c;
}

// The combinations of a space by mixed-radix index (reconstruct_readings.h: the last choice
// varies fastest), and the work done over them: measure_effects visits only the combinations a
// contrast uses, one step each, never a loop over the whole space per contrast.
class Combinations {
 public:
  Combinations(const Space& space, const EffectsLimits& limits) : limits_(limits) {
    const auto& choices = space.readings.choices;
    sizes_.resize(choices.size());
    strides_.resize(choices.size());
    size_t stride = 1;
    for (size_t c = choices.size(); c-- > 0;) {
      sizes_[c] = choices[c].alternatives.size();
      strides_[c] = stride;
      stride *= sizes_[c];
    }
  }
  size_t stride(size_t choice) const { return strides_[choice]; }
  size_t size(size_t choice) const { return sizes_[choice]; }

  // Calls f(index) for every combination whose choice fixed[i].first reads as alternative
  // fixed[i].second, in index order: exactly those, counted in visits(). Returns false (having
  // called f for some of them only) once the limits say stop.
  template <class F>
  bool for_each(std::initializer_list<std::pair<size_t, size_t>> fixed, F&& f) {
    size_t index = 0;
    std::vector<size_t> free;
    for (size_t c = 0; c < sizes_.size(); ++c) {
      bool is_fixed = false;
      for (const auto& [choice, alternative] : fixed) {
        if (choice == c) {
          index += alternative * strides_[c];
          is_fixed = true;
        }
      }
      if (!is_fixed) free.push_back(c);
    }
    std::vector<size_t> digit(free.size(), 0);
    while (true) {
      if (stopped()) return false;
      f(index);
      ++visits_;
      // The odometer over the free choices, the last fastest.
      size_t k = free.size();
      while (k-- > 0) {
        const size_t c = free[k];
        index += strides_[c];
        if (++digit[k] < sizes_[c]) break;
        index -= sizes_[c] * strides_[c];
        digit[k] = 0;
      }
      if (k == static_cast<size_t>(-1)) return true;
    }
  }

  // Counts `n` steps of work done otherwise (comparing two readings over n settings).
  void add(uint64_t n) { visits_ += n; }
  // True once the interrupt flag is set or the budget spent (checked every 4,096 steps, and so
  // within microseconds).
  bool stopped() {
    if (!stopped_ && visits_ >= next_check_) {
      next_check_ = visits_ + 4096;
      stopped_ = visits_ > limits_.budget ||
                 (limits_.stop != nullptr && limits_.stop->load(std::memory_order_relaxed));
    }
    return stopped_;
  }
  uint64_t visits() const { return visits_; }

 private:
  std::vector<size_t> sizes_, strides_;
  const EffectsLimits& limits_;
  uint64_t visits_ = 0, next_check_ = 0;
  bool stopped_ = false;
};

// The matched contrast "choice read as x minus choice read as y", over every setting of the
// other choices where both combinations are usable.
Contrast matched(const Space& space, const std::vector<Figures>& figures, Combinations& all,
                 size_t choice, size_t x, size_t y, Criterion k) {
  Contrast c;
  const size_t stride = all.stride(choice);
  all.for_each({{choice, x}}, [&](size_t index) {
    const int a = usable(space, figures, index, k);
    const int b = usable(space, figures, index - x * stride + y * stride, k);
    if (a < 0 || b < 0) return;
    c.add(static_cast<size_t>(a), 1);
    c.add(static_cast<size_t>(b), -1);
    ++c.pairs;
  });
  return c;
}

// The pair of readings of `choice` whose matched difference on k is the largest (the spread),
// as (high, low); (ref, ref) when no pair has both readings usable anywhere. Linear in the
// space when every combination is usable: the matched difference of x and y is then the
// difference of their means over the other choices, largest between the highest mean and the
// lowest. Otherwise each pair is compared over the settings where both are usable, from one
// table of the figures (alternatives x settings of the other choices: the space's size), the
// alternatives times the space's size in all.
std::pair<size_t, size_t> farthest_pair(const Space& space, const std::vector<Figures>& figures,
                                        Combinations& all, size_t choice, Criterion k) {
  const size_t n = all.size(choice), ref = space.readings.choices[choice].reference;
  const size_t settings = space.generated / n;
  std::vector<double> table(n * settings, kNaN);  // [alternative * settings + setting]
  bool complete = true;
  for (size_t a = 0; a < n; ++a) {
    size_t s = 0;
    all.for_each({{choice, a}}, [&](size_t index) {
      const int c = usable(space, figures, index, k);
      if (c >= 0) {
        table[a * settings + s] = figures[static_cast<size_t>(c)][k].value;
      } else {
        complete = false;
      }
      ++s;
    });
  }
  if (all.stopped()) return {ref, ref};
  // The pairs in the order x, then y, the first of the largest kept (as comparing every pair
  // in that order would keep it), a difference below zero never.
  double best = kNaN;
  std::pair<size_t, size_t> pair{ref, ref};
  if (complete) {
    std::vector<double> mean(n, 0);
    for (size_t a = 0; a < n; ++a) {
      for (size_t s = 0; s < settings; ++s) mean[a] += table[a * settings + s];
      mean[a] /= static_cast<double>(settings);
    }
    if (n < 2) return pair;
    const size_t high =
        static_cast<size_t>(std::max_element(mean.begin(), mean.end()) - mean.begin());
    size_t low = high == 0 ? 1 : 0;
    for (size_t y = 0; y < n; ++y) {
      if (y != high && mean[y] < mean[low]) low = y;
    }
    return {high, low};
  }
  for (size_t x = 0; x < n; ++x) {
    for (size_t y = 0; y < n; ++y) {
      if (x == y) continue;
      double sum = 0;
      size_t pairs = 0;
      for (size_t s = 0; s < settings; ++s) {
        const double a = table[x * settings + s], b = table[y * settings + s];
        if (std::isnan(a) || std::isnan(b)) continue;
        sum += a - b;
        ++pairs;
      }
      all.add(settings);
      if (pairs == 0) continue;
      const double v = sum / static_cast<double>(pairs);
      if (!std::isfinite(v) || v < 0) continue;
      if (std::isnan(best) || v > best) {
        best = v;
        pair = {x, y};
      }
    }
    if (all.stopped()) break;
  }
  return pair;
}

}  // namespace

const std::array<CriterionInfo, kCriteria>& criteria() {
  static const std::array<CriterionInfo, kCriteria> table = {{
      {Criterion::kCompletion, "completion", "text's rule", true, true, "",
       "the share of games (matches) ended by the text's rule (the source's rule or the "
       "paraphrase's rule), not by an assumed rule, a stopping rule of the reconstruction or the "
       "safety bound; for matches the smaller of that share and the share of rounds ended by a "
       "rule of the game (not by the no-progress rule or the safety bound)"},
      {Criterion::kBalance, "balance", "balance", true, true, "",
       "1 - |P(P1 wins) - P(P2 wins)| (the first-player advantage, or the seat advantage where "
       "every turn is simultaneous): 1 when both seats win equally often"},
      {Criterion::kDecisiveness, "decisiveness", "decisiveness", false, true, "",
       "the mean share of a decided game (a match: of a round) played after its winner first held "
       "a majority of the counters: lower is better, less play after the result is settled"},
      {Criterion::kDrama, "drama", "drama", true, false, "counters",
       "the winner's mean largest deficit, in counters: higher is better, comebacks happen"},
      {Criterion::kDuration, "duration", "duration", false, false, "plies",
       "the mean plies of a game (a match: of all its rounds): shorter is better"},
  }};
  return table;
}

const CriterionInfo& criterion_info(Criterion c) { return criteria()[static_cast<size_t>(c)]; }

stats::Estimate criterion_estimate(const sim::GameTally& t, Criterion c) {
  switch (c) {
    case Criterion::kCompletion: {
      // A match ended by the text's rule after rounds the no-progress rule ended was not played
      // to its end by the text: its rounds count against it (issue 36, item 2).
      const stats::Estimate by_text = stats::rate_estimate(t.completed_by_text(), t.games);
      if (!t.match.enabled) return by_text;
      const auto& by = t.match.round_ended_by;
      const uint64_t rounds = by[0] + by[1] + by[2];
      if (rounds == 0) return by_text;
      const stats::Estimate rounds_by_rule = stats::rate_estimate(by[0], rounds);
      return rounds_by_rule.value < by_text.value ? rounds_by_rule : by_text;
    }
    case Criterion::kBalance:
      return stats::balance_estimate(t.wins[0], t.wins[1], t.draws);
    case Criterion::kDecisiveness:
      return sim::metric_estimate(*sim::find_metric("decisiveness"), t);  // the registry's
    case Criterion::kDrama:
      return sim::metric_estimate(*sim::find_metric("drama"), t);
    case Criterion::kDuration:
      return stats::mean_estimate(t.plies);
  }
  return {};
}

CompletionClass completion_class(const stats::Estimate& text_rule) {
  if (std::isfinite(text_rule.low) && text_rule.low > 0.5) return CompletionClass::kTextRule;
  if (std::isfinite(text_rule.high) && text_rule.high < 0.5) return CompletionClass::kNotTextRule;
  return CompletionClass::kUndecided;
}

const char* completion_class_name(CompletionClass c) {
  switch (c) {
    case CompletionClass::kTextRule:
      return "text's rule";
    case CompletionClass::kUndecided:
      return "undecided";
    case CompletionClass::kNotTextRule:
      return "assumed rule or stop";
  }
  return "?";
}

const char* completion_class_key(CompletionClass c) {
  switch (c) {
    case CompletionClass::kTextRule:
      return "text_rule";
    case CompletionClass::kUndecided:
      return "undecided";
    case CompletionClass::kNotTextRule:
      return "assumed_or_stop";
  }
  return "?";
}

Figures figures_of(const sim::GameTally& t) {
  Figures f;
  f.played = t.games > 0;
  f.games = t.games;
  for (const CriterionInfo& c : criteria())
    f.criteria[static_cast<size_t>(c.id)] = criterion_estimate(t, c.id);
  f.text_rule = stats::rate_estimate(t.completed_by_text(), t.games);
  f.source_rule = stats::rate_estimate(t.completed(sim::Completion::kSourceRule), t.games);
  f.assumed_rule = stats::rate_estimate(t.completed(sim::Completion::kAssumedRule), t.games);
  f.stopping_rule = stats::rate_estimate(t.completed(sim::Completion::kStoppingRule), t.games);
  f.safety_bound = stats::rate_estimate(t.completed(sim::Completion::kSafetyBound), t.games);
  if (t.match.enabled) {
    const auto& by = t.match.round_ended_by;
    f.rounds_stopping_rule = stats::rate_estimate(by[1], by[0] + by[1] + by[2]);
  }
  f.completion = completion_class(f[Criterion::kCompletion]);
  f.source_completion = completion_class(f.source_rule);
  return f;
}

bool separated_better(const stats::Estimate& a, const stats::Estimate& b, const CriterionInfo& c) {
  if (!finite(a) || !finite(b)) return false;
  return c.higher_is_better ? a.low > b.high : a.high < b.low;
}

std::vector<Standing> rank_figures(const std::vector<Figures>& figures,
                                   std::vector<size_t>& order) {
  std::vector<Standing> standings(figures.size());
  order.clear();
  for (size_t i = 0; i < figures.size(); ++i) {
    if (!figures[i].played) continue;
    standings[i].completion = figures[i].completion;
    order.push_back(i);
  }
  // Groups tied so far, refined criterion by criterion: a group's members are compared only with
  // each other, so each split is by a whole number visible in the output.
  using Key = std::vector<int>;
  const auto key_of = [&](size_t i, size_t upto) {
    Key key = {static_cast<int>(standings[i].completion)};
    for (size_t k = 0; k < upto; ++k) key.push_back(standings[i].behind[k]);
    return key;
  };
  for (size_t k = 0; k < kCriteria; ++k) {
    const CriterionInfo& info = criteria()[k];
    std::map<Key, std::vector<size_t>> groups;
    for (size_t i : order) groups[key_of(i, k)].push_back(i);
    for (const auto& [key, members] : groups) {
      for (size_t i : members) {
        int behind = 0;
        for (size_t j : members) {
          if (j != i && separated_better(figures[j].criteria[k], figures[i].criteria[k], info))
            ++behind;
        }
        standings[i].behind[k] = behind;
      }
    }
  }
  const auto point_better = [&](size_t a, size_t b) {
    for (const CriterionInfo& c : criteria()) {
      const double x = figures[a][c.id].value, y = figures[b][c.id].value;
      if (std::isnan(x) || std::isnan(y) || x == y) {
        if (std::isnan(x) != std::isnan(y)) return std::isnan(y);
        continue;
      }
      return c.higher_is_better ? x > y : x < y;
    }
    return a < b;
  };
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    const Key ka = key_of(a, kCriteria), kb = key_of(b, kCriteria);
    if (ka != kb) return ka < kb;
    return point_better(a, b);
  });
  for (size_t pos = 0; pos < order.size(); ++pos) {
    const bool tied = pos > 0 && key_of(order[pos], kCriteria) == key_of(order[pos - 1], kCriteria);
    standings[order[pos]].rank = tied ? standings[order[pos - 1]].rank : static_cast<int>(pos) + 1;
  }
  return standings;
}

std::vector<bool> pareto_front(const std::vector<Figures>& figures) {
  std::vector<bool> front(figures.size(), false);
  const auto dominates = [&](const Figures& b, const Figures& a) {
    bool strictly = false;
    for (const CriterionInfo& c : criteria()) {
      const double x = b[c.id].value, y = a[c.id].value;
      if (std::isnan(x) && std::isnan(y)) continue;
      if (std::isnan(x) || std::isnan(y)) return false;
      if (c.higher_is_better ? x < y : x > y) return false;
      strictly = strictly || separated_better(b[c.id], a[c.id], c);
    }
    return strictly;
  };
  for (size_t i = 0; i < figures.size(); ++i) {
    if (!figures[i].played) continue;
    front[i] = true;
    for (size_t j = 0; j < figures.size() && front[i]; ++j) {
      if (j != i && figures[j].played && dominates(figures[j], figures[i])) front[i] = false;
    }
  }
  return front;
}

const Spread* largest_spread(const Effects& effects, Criterion criterion) {
  const Spread* largest = nullptr;
  for (const Spread& s : effects.spreads) {
    if (s.criterion != criterion || std::isnan(s.spread)) continue;
    if (!largest || s.spread > largest->spread) largest = &s;
  }
  return largest;
}

Effects measure_effects(const Space& space, const std::vector<Figures>& figures,
                        const EffectsLimits& limits) {
  Effects out;
  Combinations all(space, limits);
  const auto& choices = space.readings.choices;
  for (const CriterionInfo& info : criteria()) {
    const Criterion k = info.id;
    for (size_t c = 0; c < choices.size(); ++c) {
      const size_t ref = choices[c].reference;
      for (size_t a = 0; a < choices[c].alternatives.size(); ++a) {
        Effect e{
            .choice = c, .alternative = a, .criterion = k, .effect = 0, .ci95 = {0, 0}, .pairs = 0};
        if (a != ref) {
          const Contrast contrast = matched(space, figures, all, c, a, ref, k);
          const Value v = evaluate(contrast, figures, k, kZ95);
          e.effect = v.value;
          e.ci95 = {v.low, v.high};
          e.significant = excludes_zero(e.ci95);
          e.pairs = contrast.pairs;
        }
        out.main.push_back(e);
      }
      // The spread: the pair of readings farthest apart, with the interval of their contrast.
      Spread s{.choice = c,
               .criterion = k,
               .low = ref,
               .high = ref,
               .spread = kNaN,
               .ci95 = {kNaN, kNaN}};
      const auto [high, low] = farthest_pair(space, figures, all, c, k);
      if (high != low) {
        const Value v = evaluate(matched(space, figures, all, c, high, low, k), figures, k, kZ95);
        if (std::isfinite(v.value) && v.value >= 0) {
          s.spread = v.value;
          s.high = high;
          s.low = low;
          s.ci95 = {v.low, v.high};
          s.significant = excludes_zero(s.ci95);
        }
      }
      out.spreads.push_back(s);
    }
    // Two-way interactions against both references, over the settings of the other choices.
    struct Candidate2 {
      Interaction interaction;
      Contrast contrast;
    };
    std::vector<Candidate2> tested;
    for (size_t c1 = 0; c1 < choices.size(); ++c1) {
      for (size_t c2 = c1 + 1; c2 < choices.size(); ++c2) {
        const size_t r1 = choices[c1].reference, r2 = choices[c2].reference;
        const size_t s1 = all.stride(c1), s2 = all.stride(c2);
        for (size_t a1 = 0; a1 < choices[c1].alternatives.size(); ++a1) {
          for (size_t a2 = 0; a2 < choices[c2].alternatives.size(); ++a2) {
            if (a1 == r1 || a2 == r2) continue;
            Contrast contrast;
            // Every setting of the other choices, from its combination with both references.
            all.for_each({{c1, r1}, {c2, r2}}, [&](size_t none_index) {
              const size_t first_index = none_index + a1 * s1 - r1 * s1;
              const size_t second_index = none_index + a2 * s2 - r2 * s2;
              const size_t both_index = first_index + a2 * s2 - r2 * s2;
              const int both = usable(space, figures, both_index, k);
              const int first = usable(space, figures, first_index, k);
              const int second = usable(space, figures, second_index, k);
              const int none = usable(space, figures, none_index, k);
              if (both < 0 || first < 0 || second < 0 || none < 0) return;
              contrast.add(static_cast<size_t>(both), 1);
              contrast.add(static_cast<size_t>(first), -1);
              contrast.add(static_cast<size_t>(second), -1);
              contrast.add(static_cast<size_t>(none), 1);
              ++contrast.pairs;
            });
            if (contrast.pairs == 0) continue;
            tested.push_back({{.choice_a = c1,
                               .alternative_a = a1,
                               .choice_b = c2,
                               .alternative_b = a2,
                               .criterion = k,
                               .effect = 0,
                               .ci = {},
                               .pairs = contrast.pairs},
                              std::move(contrast)});
          }
        }
      }
    }
    out.interactions_tested[static_cast<size_t>(k)] = tested.size();
    if (tested.empty()) continue;
    const double z = stats::z_for_confidence(1 - 0.05 / static_cast<double>(tested.size()));
    std::vector<Interaction> shown;
    for (Candidate2& t : tested) {
      const Value v = evaluate(t.contrast, figures, k, z);
      t.interaction.effect = v.value;
      t.interaction.ci = {v.low, v.high};
      if (std::isfinite(v.low) && (v.low > 0 || v.high < 0)) shown.push_back(t.interaction);
    }
    std::stable_sort(shown.begin(), shown.end(), [](const Interaction& a, const Interaction& b) {
      return std::fabs(a.effect) > std::fabs(b.effect);
    });
    if (shown.size() > kMaxInteractionsShown) shown.resize(kMaxInteractionsShown);
    out.interactions.insert(out.interactions.end(), shown.begin(), shown.end());
  }
  out.visits = all.visits();
  if (all.stopped()) {  // a contrast cut short would mislead: nothing is kept
    Effects none;
    none.complete = false;
    none.visits = all.visits();
    return none;
  }
  return out;
}

}  // namespace mancala::analysis
