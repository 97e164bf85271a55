#include "simulator/run_stats.h"

#include <algorithm>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <map>

#include "common/error.h"
#include "stats/stats.h"

namespace mancala::sim {
namespace {

using nlohmann::json;

// How rounds end (MatchStats::round_ended_by): a round is never stopped by stop_after_rounds.
constexpr std::array<const char*, 3> kEndNames = {"rule", "no_progress", "safety_bound"};
constexpr std::array<const char*, kEndConditions> kEndConditionNames = {
    "rule", "no_progress", "stop_after_rounds", "safety_bound"};

// The index in rule_ended of an ending by a rule of the game: its class; an ending that names no
// rule (a result made by hand) or no class of a rule counts as assumed.
size_t rule_class_index(RuleEnd rule, Completion c) {
  const Completion known = rule != RuleEnd::kNone && by_rule(c) ? c : Completion::kAssumedRule;
  return static_cast<size_t>(known);
}

// A double for JSON: null when it is not a number (an empty sample).
json number(double x) { return std::isfinite(x) ? json(x) : json(nullptr); }

json interval_json(const stats::Interval& ci) { return json::array({ci.low, ci.high}); }

// {"value": x, "ci95": [low, high]}: value null when undefined, ci95 null without an interval.
json estimate_json(const stats::Estimate& e) {
  return {{"value", number(e.value)},
          {"ci95", std::isnan(e.low) ? json(nullptr) : json::array({e.low, e.high})}};
}

// A proportion k / n with its Wilson 95% interval; value and interval null when n is 0.
json rate_json(uint64_t k, uint64_t n) { return estimate_json(stats::rate_estimate(k, n)); }

// Mean, sd, extremes, quantiles and the histogram itself (for exact merges); figures null when
// empty.
json distribution_json(const stats::IntHistogram& h) {
  const stats::DistributionSummary d = h.summary();
  const auto extreme = [&](bool lowest) {
    return h.empty() ? json(nullptr) : json(lowest ? h.min() : h.max());
  };
  return {{"mean", number(d.mean)}, {"sd", number(d.sd)},         {"min", extreme(true)},
          {"max", extreme(false)},  {"median", number(d.median)}, {"p5", number(d.p5)},
          {"p95", number(d.p95)},   {"histogram", h.to_json()}};
}

json advantage_json(uint64_t wins1, uint64_t wins2, uint64_t draws) {
  if (wins1 + wins2 + draws == 0)
    return {{"value", nullptr}, {"ci95", nullptr}, {"z", nullptr}, {"p_value", nullptr}};
  const stats::Advantage adv = stats::first_player_advantage(wins1, wins2, draws);
  return {{"value", adv.estimate},
          {"ci95", interval_json(adv.interval)},
          {"z", adv.z},
          {"p_value", adv.p_value}};
}

json share_json(uint64_t k, uint64_t n) {
  return n == 0 ? json(nullptr) : json(static_cast<double>(k) / static_cast<double>(n));
}

// A unit metric's mean with its Student t 95% interval (a point when every value is equal; null
// with fewer than two values), clipped to the values a unit can take ([0, max_value]): a mean of
// nonnegative counts cannot be below 0, and the clipped interval still holds the true mean
// whenever the unclipped one does.
stats::Estimate unit_mean_estimate(const MetricInfo& m, const stats::IntHistogram& h) {
  stats::Estimate e = stats::mean_estimate(h, m.scale);
  e.low = std::max(e.low, 0.0);
  if (m.max_value > 0) e.high = std::min(e.high, static_cast<double>(m.max_value) * m.scale);
  return e;
}

// A unit metric's estimate (unit_mean_estimate) and its distribution, with the sample size under
// `count_key`.
json mean_json(const MetricInfo& m, const stats::IntHistogram& h, const char* count_key) {
  const double scale = m.scale;
  json j = estimate_json(unit_mean_estimate(m, h));
  const uint64_t n = h.total();
  j["sd"] = n == 0 ? json(nullptr) : number(scale * h.moments().sd());
  j["median"] = n == 0 ? json(nullptr) : number(scale * h.median());
  j["max"] = n == 0 ? json(nullptr) : number(scale * static_cast<double>(h.max()));
  j[count_key] = n;
  j["histogram"] = h.to_json();
  return j;
}

// A distribution's summary figures without its histogram (kept once, elsewhere in the JSON).
json summary_json(const stats::IntHistogram& h) {
  json j = distribution_json(h);
  j.erase("histogram");
  return j;
}

// Readers of run_stats_from_json: each names the key it failed on.
const json& member(const json& j, const std::string& key, const std::string& context) {
  if (!j.is_object()) throw Error(where(context, "", "expected a JSON object"));
  const auto it = j.find(key);
  if (it == j.end()) throw Error(where(context, key, "missing"));
  return *it;
}

uint64_t count_of(const json& v, const std::string& key, const std::string& context) {
  if (!v.is_number_unsigned() && !(v.is_number_integer() && v.get<int64_t>() >= 0)) {
    throw Error(where(context, key, "expected a count (an integer 0 or more)"));
  }
  return v.get<uint64_t>();
}

uint64_t count_at(const json& j, const std::string& key, const std::string& context) {
  return count_of(member(j, key, context), key, context);
}

std::string string_at(const json& j, const std::string& key, const std::string& context) {
  const json& v = member(j, key, context);
  if (!v.is_string()) throw Error(where(context, key, "expected a string"));
  return v.get<std::string>();
}

bool bool_at(const json& j, const std::string& key, const std::string& context) {
  const json& v = member(j, key, context);
  if (!v.is_boolean()) throw Error(where(context, key, "expected true or false"));
  return v.get<bool>();
}

// A handicap level's (or state's) counts and each side's win rate of its finished rounds.
void level_json(const MatchStats::Level& level, json& entry) {
  const uint64_t finished = level.rounds - level.unfinished;
  entry["rounds"] = level.rounds;
  entry["wins"] = json::array({level.wins[0], level.wins[1]});
  entry["draws"] = level.draws;
  entry["unfinished"] = level.unfinished;
  entry["win_rate"] =
      json::array({rate_json(level.wins[0], finished), rate_json(level.wins[1], finished)});
}

// "wins": an array of the two players' counts.
template <class Wins>
void read_wins(const json& j, const std::string& ctx, Wins& wins) {
  const json& w = member(j, "wins", ctx);
  if (!w.is_array() || w.size() != 2)
    throw Error(where(ctx, "wins", "expected an array of two counts"));
  for (int p = 0; p < 2; ++p) wins[p] = count_of(w[p], "wins", ctx);
}

MatchStats::Level level_from_json(const json& entry, const std::string& ctx) {
  MatchStats::Level level;
  level.rounds = count_at(entry, "rounds", ctx);
  read_wins(entry, ctx, level.wins);
  level.draws = count_at(entry, "draws", ctx);
  level.unfinished = count_at(entry, "unfinished", ctx);
  if (level.wins[0] + level.wins[1] + level.draws + level.unfinished != level.rounds) {
    throw Error(where(ctx, "rounds", "wins, draws and unfinished do not add up to rounds"));
  }
  return level;
}

}  // namespace

void MatchStats::add(const GameResult& result) {
  if (!enabled) return;
  rounds.add(result.rounds);
  const int recorded = std::min(result.rounds, kMaxRounds);
  for (int i = 0; i < recorded; ++i) {
    const RoundRecord& r = result.round[static_cast<size_t>(i)];
    const HandicapState state{r.setup.holes_in_play, r.setup.tribute_to, r.setup.bha_owner,
                              r.setup.favoured};
    Level& level = by_holes_difference[r.setup.holes_in_play[0] - r.setup.holes_in_play[1]];
    level.add(r.winner);
    by_state[state].add(r.winner);
    if (r.winner == 0 || r.winner == 1) {
      ++(r.winner == r.setup.starter ? first_mover_wins : second_mover_wins);
    } else if (r.winner == kDraw) {
      ++round_draws;
    } else {
      ++round_unfinished;
    }
    ++round_ended_by[r.reason == EndReason::kRule ? 0 : r.reason == EndReason::kNoProgress ? 1 : 2];
    if (r.reason == EndReason::kRule)
      ++round_rule_ended[rule_class_index(r.rule_end, r.completion)];
  }
}

uint64_t MatchStats::round_completed(Completion c) const {
  switch (c) {
    case Completion::kSourceRule:
    case Completion::kParaphraseRule:
    case Completion::kAssumedRule:
      return round_rule_ended[static_cast<size_t>(c)];
    case Completion::kStoppingRule:
      return round_ended_by[1];
    case Completion::kSafetyBound:
      return round_ended_by[2];
  }
  return 0;
}

void MatchStats::merge(const MatchStats& other) {
  enabled = enabled || other.enabled;
  rounds.merge(other.rounds);
  first_mover_wins += other.first_mover_wins;
  second_mover_wins += other.second_mover_wins;
  round_draws += other.round_draws;
  round_unfinished += other.round_unfinished;
  for (size_t i = 0; i < round_ended_by.size(); ++i) round_ended_by[i] += other.round_ended_by[i];
  for (size_t i = 0; i < round_rule_ended.size(); ++i)
    round_rule_ended[i] += other.round_rule_ended[i];
  for (const auto& [difference, theirs] : other.by_holes_difference)
    by_holes_difference[difference].merge(theirs);
  for (const auto& [state, theirs] : other.by_state) by_state[state].merge(theirs);
}

void MatchStats::to_json(json& run) const {
  if (!enabled) return;
  const uint64_t recorded = first_mover_wins + second_mover_wins + round_draws + round_unfinished;
  run["rounds"] = distribution_json(rounds);
  run["round_results"] = {{"rounds", recorded},
                          {"first_mover_wins", first_mover_wins},
                          {"second_mover_wins", second_mover_wins},
                          {"draws", round_draws},
                          {"unfinished", round_unfinished}};
  run["round_first_mover_win_rate"] = rate_json(first_mover_wins, recorded - round_unfinished);
  run["round_first_mover_advantage"] =
      advantage_json(first_mover_wins, second_mover_wins, round_draws);
  json ended = json::object();
  for (size_t i = 0; i < kEndNames.size(); ++i) {
    ended[kEndNames[i]] = {{"rounds", round_ended_by[i]},
                           {"share", share_json(round_ended_by[i], recorded)}};
  }
  run["round_ended_by"] = ended;
  json completion = json::object();
  for (int i = 0; i < kCompletions; ++i) {
    const uint64_t n = round_completed(static_cast<Completion>(i));
    completion[completion_name(static_cast<Completion>(i))] = {{"rounds", n},
                                                               {"share", share_json(n, recorded)}};
  }
  run["round_completion"] = completion;
  json levels = json::array();
  for (const auto& [difference, level] : by_holes_difference) {
    json entry = {{"holes_difference", difference}};
    level_json(level, entry);
    levels.push_back(entry);
  }
  run["handicap"] = levels;
  json states = json::array();
  const auto player = [](int8_t p) { return p == 0 || p == 1 ? json(p + 1) : json(nullptr); };
  for (const auto& [state, level] : by_state) {
    json entry = {{"holes_in_play", json::array({state.holes_in_play[0], state.holes_in_play[1]})},
                  {"tribute_to", player(state.tribute_to)},
                  {"bha", player(state.bha_owner)},
                  {"favoured", player(state.favoured)}};
    level_json(level, entry);
    states.push_back(entry);
  }
  run["handicap_states"] = states;
}

MatchStats MatchStats::from_json(const json& run, const std::string& context,
                                 Completion stored_class) {
  MatchStats m;
  if (!run.contains("rounds")) return m;
  m.enabled = true;
  m.rounds = stats::IntHistogram::from_json(
      member(member(run, "rounds", context), "histogram", where(context, "rounds", "")),
      where(context, "rounds", "histogram"));
  const std::string results_ctx = where(context, "round_results", "");
  const json& results = member(run, "round_results", context);
  const uint64_t recorded = count_at(results, "rounds", results_ctx);
  m.first_mover_wins = count_at(results, "first_mover_wins", results_ctx);
  m.second_mover_wins = count_at(results, "second_mover_wins", results_ctx);
  m.round_draws = count_at(results, "draws", results_ctx);
  m.round_unfinished = count_at(results, "unfinished", results_ctx);
  const json& ended = member(run, "round_ended_by", context);
  for (size_t i = 0; i < kEndNames.size(); ++i) {
    m.round_ended_by[i] =
        count_at(member(ended, kEndNames[i], where(context, "round_ended_by", "")), "rounds",
                 where(context, "round_ended_by", kEndNames[i]));
  }
  if (run.contains("round_completion")) {
    const json& completion = run["round_completion"];
    const std::string ctx = where(context, "round_completion", "");
    for (int i = 0; i < kRuleClasses; ++i) {
      const char* name = completion_name(static_cast<Completion>(i));
      m.round_rule_ended[static_cast<size_t>(i)] = count_at(
          member(completion, name, ctx), "rounds", where(context, "round_completion", name));
    }
  } else {
    // Stored before the classes: every round ended by a rule is read into the ruleset's class.
    m.round_rule_ended[static_cast<size_t>(stored_class)] = m.round_ended_by[0];
  }
  const json& levels = member(run, "handicap", context);
  if (!levels.is_array()) throw Error(where(context, "handicap", "expected an array of levels"));
  uint64_t level_rounds = 0;
  for (size_t i = 0; i < levels.size(); ++i) {
    const std::string ctx = where(context, "handicap[" + std::to_string(i) + "]", "");
    const json& difference = member(levels[i], "holes_difference", ctx);
    if (!difference.is_number_integer())
      throw Error(where(ctx, "holes_difference", "expected an integer"));
    Level& level = m.by_holes_difference[difference.get<int>()];
    level = level_from_json(levels[i], ctx);
    level_rounds += level.rounds;
  }
  // Runs stored before handicap states were kept have none; when present they add up too.
  if (run.contains("handicap_states")) {
    const json& states = run["handicap_states"];
    if (!states.is_array())
      throw Error(where(context, "handicap_states", "expected an array of states"));
    uint64_t state_rounds = 0;
    for (size_t i = 0; i < states.size(); ++i) {
      const std::string ctx = where(context, "handicap_states[" + std::to_string(i) + "]", "");
      const json& holes = member(states[i], "holes_in_play", ctx);
      if (!holes.is_array() || holes.size() != 2 || !holes[0].is_number_unsigned() ||
          !holes[1].is_number_unsigned() || holes[0].get<uint64_t>() > 255 ||
          holes[1].get<uint64_t>() > 255) {
        throw Error(where(ctx, "holes_in_play", "expected an array of two counts"));
      }
      const auto player = [&](const char* key) -> int8_t {
        const json& v = member(states[i], key, ctx);
        if (v.is_null()) return kNobody;
        if (!v.is_number_integer() || (v.get<int>() != 1 && v.get<int>() != 2))
          throw Error(where(ctx, key, "expected 1, 2 or null"));
        return static_cast<int8_t>(v.get<int>() - 1);
      };
      const HandicapState state{{holes[0].get<uint8_t>(), holes[1].get<uint8_t>()},
                                player("tribute_to"),
                                player("bha"),
                                player("favoured")};
      Level& level = m.by_state[state];
      level = level_from_json(states[i], ctx);
      state_rounds += level.rounds;
    }
    if (state_rounds != recorded)
      throw Error(where(context, "handicap_states", "the states do not add up to the rounds"));
  }
  if (m.first_mover_wins + m.second_mover_wins + m.round_draws + m.round_unfinished != recorded) {
    throw Error(where(context, "round_results", "the results do not add up to rounds"));
  }
  if (m.round_ended_by[0] + m.round_ended_by[1] + m.round_ended_by[2] != recorded) {
    throw Error(where(context, "round_ended_by", "the counts do not add up to the rounds"));
  }
  if (m.round_rule_ended[0] + m.round_rule_ended[1] + m.round_rule_ended[2] !=
      m.round_ended_by[0]) {
    throw Error(where(context, "round_completion",
                      "the rules' classes do not add up to the rounds ended by a rule"));
  }
  if (level_rounds != recorded)
    throw Error(where(context, "handicap", "the levels do not add up to the rounds"));
  return m;
}

GameOutcome outcome_of(const GameResult& result) {
  GameOutcome o;
  o.winner = result.winner;
  o.end = static_cast<uint8_t>(end_condition_index(result.reason));
  o.relay_cut = result.relay_bound_hits > 0 ? 1 : 0;
  o.plies = result.plies;
  o.rounds = result.rounds;
  const int recorded = std::min(result.rounds, kMaxRounds);
  o.rounds_recorded = static_cast<uint8_t>(recorded);
  for (int i = 0; i < recorded; ++i) {
    const RoundRecord& r = result.round[static_cast<size_t>(i)];
    if (r.winner == 0 || r.winner == 1 || r.winner == kDraw) ++o.decided_rounds;
    if ((r.winner == 0 || r.winner == 1) && r.winner == r.setup.starter) ++o.first_mover_wins;
    if (r.reason == EndReason::kNoProgress) ++o.no_progress_rounds;
    if (r.reason == EndReason::kRule) ++o.own_rule_rounds;
  }
  return o;
}

void GameTally::add(const GameResult& result) {
  if (keep_outcomes) outcomes.push_back(outcome_of(result));
  ++games;
  if (result.winner == 0 || result.winner == 1) {
    ++wins[result.winner];
  } else if (result.winner == kDraw) {
    ++draws;
  } else {
    ++unfinished;
  }
  ++ended_by[static_cast<size_t>(end_condition_index(result.reason))];
  if (result.reason == EndReason::kRule)
    ++rule_ended[rule_class_index(result.rule_end, result.completion)];
  relay_bound_hits += result.relay_bound_hits;
  if (result.relay_bound_hits > 0) ++games_with_relay_bound_hits;
  plies.add(result.plies);
  metrics.add(result);
  match.add(result);
}

uint64_t GameTally::completed(Completion c) const {
  switch (c) {
    case Completion::kSourceRule:
    case Completion::kParaphraseRule:
    case Completion::kAssumedRule:
      return rule_ended[static_cast<size_t>(c)];
    case Completion::kStoppingRule:
      return ended_by[1] + ended_by[2];
    case Completion::kSafetyBound:
      return ended_by[3];
  }
  return 0;
}

void MetricTally::add(const GameResult& result) {
  turns.add(result.turns);
  const std::vector<const MetricInfo*>& metrics = unit_metrics();
  const int recorded = std::min(result.rounds, kMaxRounds);
  for (int i = 0; i < recorded; ++i) {
    const int w = result.round[static_cast<size_t>(i)].winner;
    const bool decided = w == 0 || w == 1;
    for (size_t k = 0; k < metrics.size(); ++k) {
      if (decided || !metrics[k]->decided_only) units[k].add(metrics[k]->unit_value(result, i));
    }
    if (decided && i + 1 < recorded) {
      ++pairs;
      const int next = result.round[static_cast<size_t>(i + 1)].winner;
      if (next == w) ++won_next;
      if (next == 1 - w) ++lost_next;
    }
  }
}

void MetricTally::merge(const MetricTally& other) {
  turns.merge(other.turns);
  for (size_t k = 0; k < units.size(); ++k) {
    units[k].merge(other.units[k]);
    kept[k] = kept[k] && other.kept[k];
  }
  pairs += other.pairs;
  won_next += other.won_next;
  lost_next += other.lost_next;
}

const stats::IntHistogram& MetricTally::unit(std::string_view key) const {
  const int k = unit_metric_index(key);
  if (k < 0) throw Error("metrics: " + std::string(key) + ": not a metric of units");
  return units[static_cast<size_t>(k)];
}

void GameTally::merge(const GameTally& other) {
  games += other.games;
  for (int p = 0; p < 2; ++p) wins[p] += other.wins[p];
  draws += other.draws;
  unfinished += other.unfinished;
  for (size_t i = 0; i < ended_by.size(); ++i) ended_by[i] += other.ended_by[i];
  for (size_t i = 0; i < rule_ended.size(); ++i) rule_ended[i] += other.rule_ended[i];
  relay_bound_hits += other.relay_bound_hits;
  games_with_relay_bound_hits += other.games_with_relay_bound_hits;
  plies.merge(other.plies);
  metrics.merge(other.metrics);
  match.merge(other.match);
  keep_outcomes = keep_outcomes || other.keep_outcomes;
  outcomes.insert(outcomes.end(), other.outcomes.begin(), other.outcomes.end());
}

int end_condition_index(EndReason reason) {
  switch (reason) {
    case EndReason::kRule:
      return 0;
    case EndReason::kNoProgress:
      return 1;
    case EndReason::kStopAfterRounds:
      return 2;
    case EndReason::kSafetyBound:
    case EndReason::kNone:  // play_game only returns ended games; count a stray one as cut off
      return 3;
  }
  return 3;
}

const char* end_condition_name(int index) { return kEndConditionNames[static_cast<size_t>(index)]; }

namespace {

// The run's agents as a label (agents.h): from "agents" [P1, P2]; a run written before seats had
// their own agents has only "agent", one spec for both players.
std::string agents_at(const json& j, const std::string& ctx) {
  AgentPair pair;
  if (j.contains("agents")) {
    const json& a = j["agents"];
    if (!a.is_array() || a.size() != 2 || !a[0].is_string() || !a[1].is_string() ||
        !try_parse_agent(a[0].get<std::string>(), pair.seat[0]) ||
        !try_parse_agent(a[1].get<std::string>(), pair.seat[1])) {
      throw Error(where(ctx, "agents", "expected an array of two agent specs [P1, P2]"));
    }
    if (j.contains("agent") && string_at(j, "agent", ctx) != pair.label())
      throw Error(where(ctx, "agent", "differs from agents " + pair.label()));
    return pair.label();
  }
  const std::string label = string_at(j, "agent", ctx);
  if (!try_parse_agent_pair(label, pair))
    throw Error(where(ctx, "agent", "'" + label + "' is not an agent spec"));
  return pair.label();
}

}  // namespace

namespace {

// A match's unit (its rounds, for the metrics) or a game's, as the JSON names their counts.
const char* unit_count_key(const GameTally& t) { return t.match.enabled ? "rounds" : "games"; }

// The "metrics" object (docs/metrics.md): each metric of the registry (metrics.h). A run stored
// before the metrics were kept has only the kOutcome ones (from its wins and draws); the rest is
// null, with no histograms.
json metrics_json(const GameTally& t) {
  const MetricTally& m = t.metrics;
  const bool recorded = m.recorded(t.games);
  json j;
  j["unit"] = t.match.enabled ? "round" : "game";
  json duration = {{"plies", summary_json(t.plies)}};
  duration["turns"] = recorded ? distribution_json(m.turns) : json(nullptr);
  if (t.match.enabled) duration["rounds"] = summary_json(t.match.rounds);
  j["duration"] = duration;
  for (const MetricInfo& info : metric_registry()) {
    if (info.matches_only && !t.match.enabled) continue;
    switch (info.kind) {
      case MetricKind::kOutcome:
        j[info.key] = estimate_json(metric_estimate(info, t));
        break;
      case MetricKind::kUnitMean: {
        const size_t k = static_cast<size_t>(unit_metric_index(info.key));
        if (!recorded || !m.kept[k]) {
          // A metric the run never kept (added since it was stored) is left out, as it was.
          if (!info.absent_in_older_runs || m.kept[k]) j[info.key] = nullptr;
          break;
        }
        j[info.key] = mean_json(info, m.units[k], unit_count_key(t));
        break;
      }
      case MetricKind::kRoundPairs: {
        if (!recorded) {
          j[info.key] = nullptr;
          break;
        }
        json pairs = advantage_json(m.won_next, m.lost_next, m.pairs - m.won_next - m.lost_next);
        pairs.erase("z");
        pairs.erase("p_value");
        pairs["pairs"] = m.pairs;
        pairs["won_next"] = m.won_next;
        pairs["lost_next"] = m.lost_next;
        j[info.key] = pairs;
        break;
      }
    }
  }
  return j;
}

// Reads back what metrics_json wrote: the tallies when they were kept, else nothing.
MetricTally metrics_from_json(const json& run, bool match, const std::string& ctx, bool& kept) {
  MetricTally m;
  kept = false;
  if (!run.contains("metrics")) return m;
  const std::string mctx = where(ctx, "metrics", "");
  const json& metrics = member(run, "metrics", ctx);
  const json& turns =
      member(member(metrics, "duration", mctx), "turns", where(mctx, "duration", ""));
  if (turns.is_null()) return m;
  kept = true;
  const auto histogram = [&](const json& parent, const std::string& key, const std::string& c) {
    return stats::IntHistogram::from_json(
        member(member(parent, key, c), "histogram", where(c, key, "")), where(c, key, "histogram"));
  };
  m.turns = histogram(metrics["duration"], "turns", where(mctx, "duration", ""));
  const std::vector<const MetricInfo*>& units = unit_metrics();
  const MetricInfo* first_decided = nullptr;  // the counts of the units they measure must agree
  const MetricInfo* first_all = nullptr;
  for (size_t k = 0; k < units.size(); ++k) {
    const MetricInfo& info = *units[k];
    if (info.matches_only && !match) continue;
    if (info.absent_in_older_runs && (!metrics.contains(info.key) || metrics[info.key].is_null())) {
      m.kept[k] = 0;
      continue;
    }
    m.units[k] = histogram(metrics, info.key, mctx);
    if (info.max_value > 0 && !m.units[k].empty() && m.units[k].max() > info.max_value) {
      throw Error(where(mctx, info.key,
                        "a value above " + std::to_string(info.max_value) + " (thousandths)"));
    }
    const MetricInfo*& first = info.decided_only ? first_decided : first_all;
    if (!first) {
      first = &info;
    } else if (m.units[k].total() != m.unit(first->key).total()) {
      throw Error(where(mctx, info.key, "counts other rounds than " + first->key));
    }
    if (info.decided_only && first_all && m.units[k].total() > m.unit(first_all->key).total())
      throw Error(where(mctx, info.key, "counts more rounds than " + first_all->key));
  }
  if (match) {
    const json& snowball = member(metrics, "snowball", mctx);
    const std::string sctx = where(mctx, "snowball", "");
    m.pairs = count_at(snowball, "pairs", sctx);
    m.won_next = count_at(snowball, "won_next", sctx);
    m.lost_next = count_at(snowball, "lost_next", sctx);
    if (m.won_next + m.lost_next > m.pairs)
      throw Error(where(mctx, "snowball", "won_next and lost_next add up to more than pairs"));
  }
  return m;
}

}  // namespace

stats::Estimate metric_estimate(const MetricInfo& m, const GameTally& t) {
  switch (m.kind) {
    case MetricKind::kOutcome:
      return m.outcome(t.wins[0], t.wins[1], t.draws);
    case MetricKind::kUnitMean: {
      const size_t k = static_cast<size_t>(unit_metric_index(m.key));
      if (!t.metrics.recorded(t.games) || !t.metrics.kept[k]) return {};
      return unit_mean_estimate(m, t.metrics.units[k]);
    }
    case MetricKind::kRoundPairs: {
      const MetricTally& mt = t.metrics;
      if (!t.metrics.recorded(t.games) || mt.pairs == 0) return {};
      const stats::Advantage a = stats::first_player_advantage(
          mt.won_next, mt.lost_next, mt.pairs - mt.won_next - mt.lost_next);
      return {a.estimate, a.interval.low, a.interval.high};
    }
  }
  return {};
}

json run_stats_to_json(const RunStats& run) {
  const GameTally& t = run.tally;
  const uint64_t finished = t.wins[0] + t.wins[1] + t.draws;
  json j;
  j["ruleset"] = run.ruleset;
  j["rules_hash"] = run.rules_hash;
  if (!run.seats.empty()) j["seats"] = run.seats;
  j["engine_version"] = run.engine_version;
  j["agent"] = run.agent;
  AgentPair agents;
  if (try_parse_agent_pair(run.agent, agents)) {
    j["agents"] = json::array({agents.seat[0].name(), agents.seat[1].name()});
  }
  j["seed"] = run.seed;
  j["games_requested"] = run.games_requested;
  j["shard"] = {{"index", run.shard.index},
                {"count", run.shard.count},
                {"first_game", run.range.begin},
                {"end_game", run.range.end}};
  j["partial"] = run.partial;
  j["games"] = t.games;
  j["wins"] = json::array({t.wins[0], t.wins[1]});
  j["draws"] = t.draws;
  j["unfinished"] = t.unfinished;
  j["first_player_win_rate"] = rate_json(t.wins[0], finished);
  j["second_player_win_rate"] = rate_json(t.wins[1], finished);
  j["draw_rate"] = rate_json(t.draws, finished);
  j["unfinished_rate"] = rate_json(t.unfinished, t.games);
  j["first_player_advantage"] = advantage_json(t.wins[0], t.wins[1], t.draws);
  json ended = json::object();
  for (int i = 0; i < kEndConditions; ++i) {
    // stop_after_rounds only where it can happen: in a match.
    if (i == end_condition_index(EndReason::kStopAfterRounds) && !t.match.enabled) continue;
    const uint64_t n = t.ended_by[static_cast<size_t>(i)];
    ended[end_condition_name(i)] = {{"games", n}, {"share", share_json(n, t.games)}};
  }
  j["ended_by"] = ended;
  json completion = json::object();
  for (int i = 0; i < kCompletions; ++i) {
    const auto c = static_cast<Completion>(i);
    json entry = rate_json(t.completed(c), t.games);
    entry["games"] = t.completed(c);
    completion[completion_name(c)] = entry;
  }
  j["completion"] = completion;
  j["plies"] = distribution_json(t.plies);
  j["relay_bound_hits"] = {{"moves", t.relay_bound_hits}, {"games", t.games_with_relay_bound_hits}};
  j["metrics"] = metrics_json(t);
  t.match.to_json(j);
  return j;
}

RunStats run_stats_from_json(const json& j, const std::string& context) {
  RunStats run;
  run.ruleset = string_at(j, "ruleset", context);
  const std::string ctx = where(context, run.ruleset, "");
  run.rules_hash = string_at(j, "rules_hash", ctx);
  if (j.contains("seats")) {  // runs stored before it have none
    run.seats = string_at(j, "seats", ctx);
    if (run.seats != "alternating" && run.seats != "simultaneous")
      throw Error(
          where(ctx, "seats", "'" + run.seats + "' is neither alternating nor simultaneous"));
  }
  run.engine_version = string_at(j, "engine_version", ctx);
  run.agent = agents_at(j, ctx);
  run.seed = count_at(j, "seed", ctx);
  run.games_requested = static_cast<int64_t>(count_at(j, "games_requested", ctx));
  const json& shard = member(j, "shard", ctx);
  const std::string shard_ctx = where(ctx, "shard", "");
  run.shard.index = static_cast<int>(count_at(shard, "index", shard_ctx));
  run.shard.count = static_cast<int>(count_at(shard, "count", shard_ctx));
  run.range.begin = static_cast<int64_t>(count_at(shard, "first_game", shard_ctx));
  run.range.end = static_cast<int64_t>(count_at(shard, "end_game", shard_ctx));
  if (run.shard.count < 1 || run.shard.index < 1 || run.shard.index > run.shard.count ||
      run.range != shard_range(run.games_requested, run.shard)) {
    throw Error(where(ctx, "shard",
                      "not a shard of a run of " + std::to_string(run.games_requested) + " games"));
  }
  run.partial = bool_at(j, "partial", ctx);

  GameTally& t = run.tally;
  t.games = count_at(j, "games", ctx);
  read_wins(j, ctx, t.wins);
  t.draws = count_at(j, "draws", ctx);
  t.unfinished = count_at(j, "unfinished", ctx);
  const json& ended = member(j, "ended_by", ctx);
  for (int i = 0; i < kEndConditions; ++i) {
    // Runs stored before stop_after_rounds had its own key counted it under no_progress: the
    // same completion class (stopping rule), so their completion is exact.
    const char* name = end_condition_name(i);
    if (i == end_condition_index(EndReason::kStopAfterRounds) && !ended.contains(name)) continue;
    t.ended_by[static_cast<size_t>(i)] = count_at(member(ended, name, where(ctx, "ended_by", "")),
                                                  "games", where(ctx, "ended_by", name));
  }
  const json& relay = member(j, "relay_bound_hits", ctx);
  t.relay_bound_hits = count_at(relay, "moves", where(ctx, "relay_bound_hits", ""));
  t.games_with_relay_bound_hits = count_at(relay, "games", where(ctx, "relay_bound_hits", ""));
  t.plies = stats::IntHistogram::from_json(
      member(member(j, "plies", ctx), "histogram", where(ctx, "plies", "")),
      where(ctx, "plies", "histogram"));
  // Runs stored before the ending classes have "own_rule" in their completion.
  const json* completion = j.contains("completion") ? &j["completion"] : nullptr;
  const bool classes_stored = completion && completion->is_object() &&
                              completion->contains(completion_name(Completion::kSourceRule));
  if (classes_stored) {
    for (int i = 0; i < kRuleClasses; ++i) {
      const char* name = completion_name(static_cast<Completion>(i));
      t.rule_ended[static_cast<size_t>(i)] =
          count_at(member(*completion, name, where(ctx, "completion", "")), "games",
                   where(ctx, "completion", name));
    }
  }
  const bool in_match = j.contains("rounds");
  const Completion stored_game_class =
      classes_stored ? Completion::kAssumedRule : stored_rule_class(run.ruleset, in_match);
  if (!classes_stored) t.rule_ended[static_cast<size_t>(stored_game_class)] = t.ended_by[0];
  const bool round_classes_stored = j.contains("round_completion");
  t.match = MatchStats::from_json(j, ctx,
                                  in_match && !round_classes_stored
                                      ? stored_rule_class(run.ruleset, false)
                                      : Completion::kAssumedRule);
  bool metrics_kept = false;
  t.metrics = metrics_from_json(j, t.match.enabled, ctx, metrics_kept);

  const auto check = [&](bool ok, const std::string& key, const std::string& what) {
    if (!ok) throw Error(where(ctx, key, what));
  };
  check(t.wins[0] + t.wins[1] + t.draws + t.unfinished == t.games, "games",
        "wins, draws and unfinished do not add up to games");
  check(t.ended_by[0] + t.ended_by[1] + t.ended_by[2] + t.ended_by[3] == t.games, "ended_by",
        "the counts do not add up to games");
  check(t.ended_by[3] == t.unfinished, "ended_by", "safety_bound differs from unfinished");
  check(t.rule_ended[0] + t.rule_ended[1] + t.rule_ended[2] == t.ended_by[0], "completion",
        "the rules' classes do not add up to the games ended by a rule");
  check(!metrics_kept || t.metrics.recorded(t.games), "metrics",
        "the turns histogram does not count every game");
  const uint64_t recorded_rounds = t.match.enabled
                                       ? t.match.first_mover_wins + t.match.second_mover_wins +
                                             t.match.round_draws + t.match.round_unfinished
                                       : t.games;
  for (const MetricInfo* info : unit_metrics()) {
    const size_t k = static_cast<size_t>(unit_metric_index(info->key));
    if (!metrics_kept || info->decided_only || !t.metrics.kept[k]) continue;
    check(t.metrics.units[k].total() == recorded_rounds, "metrics",
          info->key + " does not count every recorded round");
  }
  check(t.plies.total() == t.games, "plies", "the histogram does not count every game");
  check(!t.match.enabled || t.match.rounds.total() == t.games, "rounds",
        "the histogram does not count every match");
  check(t.games_with_relay_bound_hits <= t.games &&
            t.games_with_relay_bound_hits <= t.relay_bound_hits,
        "relay_bound_hits", "more games than games played or than moves cut");
  const auto planned = static_cast<uint64_t>(run.range.size());
  check(run.partial ? t.games <= planned : t.games == planned, "games",
        run.partial ? "more games than the shard plays"
                    : "a complete run must count every game of its shard");
  return run;
}

}  // namespace mancala::sim
