// How the candidates of a reconstruction are judged (docs/reconstruct.md): the criteria, the
// ranking, the Pareto front and the effects of each choice point. Nothing here plays a game: the
// figures come from the runs' integer tallies.
//
// The criteria, in ranking order: completion (the share of games ended by the text's rule: the
// source's rule or the paraphrase's, classes 1 and 2 of docs/terms.md, "Endings"), balance,
// decisiveness, drama and duration, each with its 95% interval as a run gives it
// (docs/metrics.md). The ranking is lexicographic and never a hidden score. First the completion
// class, judged on the interval: a candidate whose text's-rule share lies above one half ranks
// above one whose interval holds one half, which ranks above one whose games mostly end by an
// assumed rule, a stopping rule or the safety bound. The share ended by the source's rule alone
// (class 1) is shown beside it, not ranked on. Then, within a group of candidates tied so far, each
// criterion in turn splits the group by how many of its members are better with intervals that do
// not overlap
// ("behind"): 0 first. Candidates tied on every criterion share their rank.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "analysis/reconstruct_readings.h"
#include "simulator/run_stats.h"
#include "stats/stats.h"

namespace mancala::analysis {

enum class Criterion : uint8_t { kCompletion, kBalance, kDecisiveness, kDrama, kDuration };
inline constexpr size_t kCriteria = 5;

// One criterion: its key in the JSON and CSV, its name, which way is better, and its unit.
struct CriterionInfo {
  Criterion id;
  const char* key;   // "completion", "balance", "decisiveness", "drama", "duration"
  const char* name;  // "text's rule", "balance", ...
  bool higher_is_better;
  bool share;        // a share (printed as a percentage), else a plain number
  const char* unit;  // "", "counters", "plies"
  const char* meaning;
};
// The criteria in ranking order.
const std::array<CriterionInfo, kCriteria>& criteria();
const CriterionInfo& criterion_info(Criterion c);

// The criterion's estimate from a tally (docs/metrics.md): completion is the text's-rule share
// (Wilson; for matches the smaller of it and the share of recorded rounds ended by a rule of the
// game, so that rounds the no-progress rule ended count against it), balance 1 - |first-player
// advantage| (Tango), decisiveness the mean share of a decided game played after its winner held a
// majority (lower is better: less play after the result is settled), drama the winner's mean
// largest deficit, duration the mean plies of a game (a match: of all its rounds; lower is better).
stats::Estimate criterion_estimate(const sim::GameTally& tally, Criterion c);

// Completion judged on its interval.
enum class CompletionClass : uint8_t { kTextRule, kUndecided, kNotTextRule };
CompletionClass completion_class(const stats::Estimate& text_rule);
// "text's rule", "undecided", "assumed rule or stop"
const char* completion_class_name(CompletionClass c);
// "text_rule", "undecided", "assumed_or_stop"
const char* completion_class_key(CompletionClass c);

// One candidate's figures under one agent (every game it played with that agent).
struct Figures {
  bool played = false;
  uint64_t games = 0;
  std::array<stats::Estimate, kCriteria> criteria{};
  // The share of games (matches) ended by the text's rule: the completion criterion of a single
  // game; a match's completion criterion is at most this (criterion_estimate).
  stats::Estimate text_rule;
  // The share ended by the source's rule alone (class 1, within the completion criterion's
  // share); how the rest of the games ended: by an assumed rule, by a stopping rule of the
  // reconstruction (no-progress turns, stop after rounds) or at the safety bound; and, for
  // matches, the share of recorded rounds the no-progress rule ended (NaN for single games).
  stats::Estimate source_rule, assumed_rule, stopping_rule, safety_bound, rounds_stopping_rule;
  CompletionClass completion = CompletionClass::kUndecided;
  // The completion class of the source's rule alone (its share judged on its interval).
  CompletionClass source_completion = CompletionClass::kUndecided;
  const stats::Estimate& operator[](Criterion c) const { return criteria[static_cast<size_t>(c)]; }
};
Figures figures_of(const sim::GameTally& tally);

// True when a's interval lies entirely on the better side of b's (both intervals finite).
bool separated_better(const stats::Estimate& a, const stats::Estimate& b, const CriterionInfo& c);

// A candidate's place in a ranking.
struct Standing {
  CompletionClass completion = CompletionClass::kUndecided;
  // Per criterion: within the group tied on the class and the criteria before it, how many
  // members are better on this criterion with intervals that do not overlap.
  std::array<int, kCriteria> behind{};
  int rank = 0;  // 1-based; tied candidates share it
};

// Ranks candidates by their figures (those not played are left out: rank 0). Returns one
// Standing per candidate; `order` receives the played candidates best first (ties by their point
// estimates in criterion order, then by index).
std::vector<Standing> rank_figures(const std::vector<Figures>& figures, std::vector<size_t>& order);

// The Pareto front: a played candidate is on it unless another is at least as good on every
// criterion's point estimate and better on one with intervals that do not overlap.
std::vector<bool> pareto_front(const std::vector<Figures>& figures);

// The effect of reading a choice point one way rather than the reference way (the base's),
// averaged over every combination of the other choices in which both readings are allowed.
// Its 95% interval treats the candidates' runs as independent; they share their random numbers
// (common random numbers), which makes the interval conservative.
struct Effect {
  size_t choice = 0, alternative = 0;
  Criterion criterion = Criterion::kCompletion;
  double effect = 0;         // NaN when no pair of combinations has both values
  stats::Interval ci95;      // NaN ends when a figure has no interval
  size_t pairs = 0;          // combinations of the other choices averaged over
  bool significant = false;  // ci95 has finite ends and excludes 0 (the pages' '*')
};
// The largest difference between two readings of one choice on one criterion, with its interval:
// how much the ambiguity changes the game.
struct Spread {
  size_t choice = 0;
  Criterion criterion = Criterion::kCompletion;
  size_t low = 0, high = 0;  // the readings with the smallest and largest mean
  double spread = 0;         // mean(high) - mean(low), >= 0; NaN when unknown
  stats::Interval ci95;
  bool significant = false;  // ci95 has finite ends and excludes 0
};
// A two-way interaction: how much reading choice b as alternative b changes the effect of reading
// choice a as alternative a (both against their references); its interval is simultaneous over
// every interaction tested for the criterion (Bonferroni).
struct Interaction {
  size_t choice_a = 0, alternative_a = 0, choice_b = 0, alternative_b = 0;
  Criterion criterion = Criterion::kCompletion;
  double effect = 0;
  stats::Interval ci;  // simultaneous 95%
  size_t pairs = 0;
};
struct Effects {
  // False when measure_effects stopped before the end (EffectsLimits): then nothing else is
  // filled in (an effect cut short would mislead).
  bool complete = true;
  // The combinations looked at: the work done, near-linear in the space (tests count it).
  uint64_t visits = 0;
  std::vector<Effect> main;     // every choice, every alternative (the reference's is 0), criterion
  std::vector<Spread> spreads;  // every choice and criterion
  // Per criterion, the interactions whose simultaneous interval excludes zero, at most the ten
  // largest in size, largest first.
  std::vector<Interaction> interactions;
  std::array<size_t, kCriteria> interactions_tested{};
  // Interactions left out of `interactions` because one of their two choices is void given the
  // other (evaluate_reconstruction: its reading plays exactly as the reference's wherever the
  // other is read so): the figure is then only the other choice's effect, seen through a
  // choice that means nothing there (Sonka's `together` under alternating turns).
  std::vector<Interaction> void_left_out;
};
inline constexpr size_t kMaxInteractionsShown = 10;

// When measure_effects gives up: at Ctrl-C or SIGTERM (`stop`, read every few thousand
// combinations), or after `budget` combinations looked at (a bound the tests set on the work).
struct EffectsLimits {
  const std::atomic<bool>* stop = nullptr;
  uint64_t budget = UINT64_MAX;
};

// The effects over a space, from one agent's figures per candidate (`figures[k]` for candidate
// k; a candidate not played counts as missing). The work is near-linear in the space: each main
// effect and interaction visits only the combinations it compares, a spread the space once (and,
// where some combinations are refused, compares every pair of the choice's readings over a table
// of the space's size).
Effects measure_effects(const Space& space, const std::vector<Figures>& figures,
                        const EffectsLimits& limits = {});
// The spread of `criterion` with the largest value (the choice whose ambiguity changes it most):
// the first of equal ones; nullptr when no spread of it is known. Its spread is 0 when no choice
// changes the criterion. The one model of the readings pages' and the index's "largest effect"
// (issue 36, item 5).
const Spread* largest_spread(const Effects& effects, Criterion criterion);

}  // namespace mancala::analysis
