#include "analysis/run_figures.h"

#include "common/error.h"

namespace mancala::analysis {
namespace {

double share(std::uint64_t k, std::uint64_t n) {
  return n == 0 ? kNaN : static_cast<double>(k) / static_cast<double>(n);
}

// The advantage of the first of two sides with its interval; NaN without a finished game.
Rate advantage_rate(std::uint64_t wins1, std::uint64_t wins2, std::uint64_t draws) {
  if (wins1 + wins2 + draws == 0) return {};
  const stats::Advantage adv = stats::first_player_advantage(wins1, wins2, draws);
  return {adv.estimate, adv.interval.low, adv.interval.high};
}

// Each player's win rate over the finished rounds of a handicap level or state.
void level_rates(const sim::MatchStats::Level& level, Rate (&win_rate)[2]) {
  for (int p = 0; p < 2; ++p)
    win_rate[p] = stats::rate_estimate(level.wins[p], level.rounds - level.unfinished);
}

// A perk's holder as the report numbers players: 1 or 2, 0 for nobody.
int player_number(std::int8_t p) { return p == 0 || p == 1 ? p + 1 : 0; }

// The multi-round part (sim::MatchStats), present only for matches.
std::optional<MatchFigures> match_figures(const sim::MatchStats& stats) {
  if (!stats.enabled) return std::nullopt;
  const std::uint64_t recorded =
      stats.first_mover_wins + stats.second_mover_wins + stats.round_draws + stats.round_unfinished;
  MatchFigures m{.rounds = stats.rounds,
                 .rounds_recorded = recorded,
                 .first_mover_wins = stats.first_mover_wins,
                 .second_mover_wins = stats.second_mover_wins,
                 .draws = stats.round_draws,
                 .unfinished = stats.round_unfinished,
                 .first_mover_win_rate = stats::rate_estimate(stats.first_mover_wins,
                                                              recorded - stats.round_unfinished),
                 .first_mover_advantage = advantage_rate(
                     stats.first_mover_wins, stats.second_mover_wins, stats.round_draws),
                 .round_ended_by = {},
                 .round_completion_count = {0, 0, 0, 0, 0},
                 .round_completion = {},
                 .round_text_count = 0,
                 .round_rule_count = 0,
                 .round_text = {},
                 .round_rule = {},
                 .handicap = {},
                 .states = {},
                 .won = stats.first_mover_wins + stats.second_mover_wins,
                 .won_share = share(stats.first_mover_wins + stats.second_mover_wins, recorded),
                 .second_mover_share = share(stats.second_mover_wins, recorded),
                 .draw_share = share(stats.round_draws, recorded),
                 .unfinished_share = share(stats.round_unfinished, recorded),
                 .rounds_mean = stats.rounds.mean()};
  constexpr const char* kRoundEnds[3] = {"rule", "no_progress", "safety_bound"};
  for (std::size_t i = 0; i < 3; ++i) {
    m.round_ended_by.push_back({kRoundEnds[i], stats.round_ended_by[i],
                                share(stats.round_ended_by[i], m.rounds_recorded)});
  }
  for (int i = 0; i < sim::kCompletions; ++i) {
    m.round_completion_count[i] = stats.round_completed(static_cast<sim::Completion>(i));
    m.round_completion[i] = stats::rate_estimate(m.round_completion_count[i], m.rounds_recorded);
  }
  m.round_text_count = m.round_completion_count[0] + m.round_completion_count[1];
  m.round_rule_count = m.round_text_count + m.round_completion_count[2];
  m.round_text = stats::rate_estimate(m.round_text_count, m.rounds_recorded);
  m.round_rule = stats::rate_estimate(m.round_rule_count, m.rounds_recorded);
  for (const auto& [difference, level] : stats.by_holes_difference) {
    LevelFigures h;
    h.level = difference;
    h.rounds = level.rounds;
    level_rates(level, h.win_rate);
    m.handicap.push_back(h);
  }
  for (const auto& [state, level] : stats.by_state) {
    HandicapStateFigures st;
    for (int p = 0; p < 2; ++p) st.holes[p] = state.holes_in_play[static_cast<std::size_t>(p)];
    st.tribute_to = player_number(state.tribute_to);
    st.bha = player_number(state.bha_owner);
    st.favoured = player_number(state.favoured);
    st.rounds = level.rounds;
    level_rates(level, st.win_rate);
    m.states.push_back(st);
  }
  return m;
}

// The playability metrics (docs/metrics.md): each of the registry's, from the run's tallies; a
// run stored before they were kept has only those from its wins and draws.
MetricFigures metric_figures(const sim::GameTally& t) {
  MetricFigures m;
  m.per_round = t.match.enabled;
  m.kept = t.metrics.recorded(t.games);
  if (m.kept) m.turns = t.metrics.turns.summary();
  for (const sim::MetricInfo& info : sim::metric_registry()) {
    if (info.matches_only && !t.match.enabled) continue;
    MetricValue v{&info, sim::metric_estimate(info, t), true};
    if (info.kind != sim::MetricKind::kOutcome) {
      const int k = sim::unit_metric_index(info.key);
      v.kept = m.kept && (k < 0 || t.metrics.kept[static_cast<std::size_t>(k)]);
    }
    m.values.push_back(v);
  }
  return m;
}

// Games by end condition (stop_after_rounds only where it can happen: in a match).
std::vector<EndCount> ended_counts(const sim::GameTally& t) {
  std::vector<EndCount> out;
  for (int i = 0; i < sim::kEndConditions; ++i) {
    if (i == sim::end_condition_index(sim::EndReason::kStopAfterRounds) && !t.match.enabled)
      continue;
    const std::uint64_t n = t.ended_by[static_cast<std::size_t>(i)];
    out.push_back({sim::end_condition_name(i), n, share(n, t.games)});
  }
  return out;
}

CompletionFigures completion_figures(const sim::GameTally& t) {
  CompletionFigures c;
  for (int i = 0; i < sim::kCompletions; ++i) {
    c.games[i] = t.completed(static_cast<sim::Completion>(i));
    c.share[i] = stats::rate_estimate(c.games[i], t.games);
  }
  c.text_games = c.games[0] + c.games[1];
  c.rule_games = c.text_games + c.games[2];
  c.text = stats::rate_estimate(c.text_games, t.games);
  c.rule = stats::rate_estimate(c.rule_games, t.games);
  return c;
}

}  // namespace

const MetricValue* MetricFigures::find(const std::string& key) const {
  for (const MetricValue& v : values)
    if (v.info->key == key) return &v;
  return nullptr;
}

RunFigures run_figures(const sim::RunStats& stats) {
  const sim::GameTally& t = stats.tally;
  const std::uint64_t finished = t.wins[0] + t.wins[1] + t.draws;
  return RunFigures{
      .ruleset = stats.ruleset,
      .agent = stats.agent,
      .engine_version = stats.engine_version,
      .rules_hash = stats.rules_hash,
      .seats = stats.seats,
      .seed = stats.seed,
      .games_requested = static_cast<std::uint64_t>(stats.games_requested),
      .games = t.games,
      .partial = stats.partial,
      .wins = {t.wins[0], t.wins[1]},
      .draws = t.draws,
      .unfinished = t.unfinished,
      .p1 = stats::rate_estimate(t.wins[0], finished),
      .p2 = stats::rate_estimate(t.wins[1], finished),
      .draw = stats::rate_estimate(t.draws, finished),
      .unfinished_rate = stats::rate_estimate(t.unfinished, t.games),
      .advantage = advantage_rate(t.wins[0], t.wins[1], t.draws),
      .advantage_p = finished > 0
                         ? stats::first_player_advantage(t.wins[0], t.wins[1], t.draws).p_value
                         : kNaN,
      .ended_by = ended_counts(t),
      .completion = completion_figures(t),
      .metrics = metric_figures(t),
      .plies = t.plies,
      .length = t.plies.summary(),
      .relay_moves = t.relay_bound_hits,
      .relay_games = t.games_with_relay_bound_hits,
      .match = match_figures(t.match)};
}

RunFigures run_figures(const nlohmann::json& run) {
  if (!run.is_object()) throw Error("report: a run is not a JSON object");
  return run_figures(sim::run_stats_from_json(run, ""));
}

}  // namespace mancala::analysis
