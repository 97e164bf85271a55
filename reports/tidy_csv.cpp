#include "reports/tidy_csv.h"

#include <cmath>
#include <limits>

#include "analysis/run_figures.h"
#include "analysis/stability.h"
#include "reports/report_format.h"
#include "reports/report_tables.h"
#include "reports/table.h"
#include "simulator/ruleset_io.h"
#include "simulator/seat_words.h"

namespace mancala::reports {
namespace {

using analysis::Rate;
using analysis::RunFigures;
using nlohmann::json;

// A number as runs.csv writes it (JSON's shortest round trip); empty when it is not finite.
}  // namespace

std::vector<TidyStatistic> tidy_statistics(const json& run) {
  const RunFigures f = analysis::run_figures(run);
  std::vector<TidyStatistic> rows;
  // Where the next rows belong: round, level, state and player (see TidyStatistic).
  struct Facets {
    std::string round, level, state, player;
    const HandicapStateFigures* handicap = nullptr;  // a whole handicap state, in its columns
  };
  const auto push = [&](const std::string& name, json value, json low, json high,
                        const Facets& at) {
    TidyStatistic row{name,     std::move(value), std::move(low), std::move(high),
                      at.round, at.level,         at.state,       at.player};
    if (const HandicapStateFigures* st = at.handicap) {
      row.holes_p1 = std::to_string(st->holes[0]);
      row.holes_p2 = std::to_string(st->holes[1]);
      const auto holder = [](int p) { return p ? std::to_string(p) : std::string(); };
      row.tribute_to = holder(st->tribute_to);
      row.bha = holder(st->bha);
      row.favoured = holder(st->favoured);
    }
    rows.push_back(std::move(row));
  };
  const auto count = [&](const std::string& name, std::uint64_t value, const Facets& at = {}) {
    push(name, value, nullptr, nullptr, at);
  };
  const auto value = [&](const std::string& name, double x, const Facets& at = {}) {
    push(name, json_number(x), nullptr, nullptr, at);
  };
  const auto rate = [&](const std::string& name, const Rate& r, const Facets& at = {}) {
    push(name, json_number(r.value), json_number(r.low), json_number(r.high), at);
  };
  const auto summary = [&](const std::string& prefix, const stats::DistributionSummary& s) {
    value(prefix + "_mean", s.mean);
    value(prefix + "_sd", s.sd);
    // Lengths are whole plies (rounds): their extremes are written as the integers they are.
    const auto whole = [&](const std::string& name, double x) {
      if (std::isfinite(x) && x == std::floor(x)) {
        push(name, json(static_cast<std::int64_t>(x)), nullptr, nullptr, {});
      } else {
        value(name, x);
      }
    };
    whole(prefix + "_min", s.min);
    value(prefix + "_p5", s.p5);
    value(prefix + "_median", s.median);
    value(prefix + "_p95", s.p95);
    whole(prefix + "_max", s.max);
  };
  const Facets p1{"", "", "", "1"}, p2{"", "", "", "2"};
  count("games", f.games);
  count("games_requested", f.games_requested);
  count("partial", f.partial ? 1 : 0);
  count("wins", f.wins[0], p1);
  count("wins", f.wins[1], p2);
  count("draws", f.draws);
  count("unfinished", f.unfinished);
  rate("win_rate", f.p1, p1);
  rate("win_rate", f.p2, p2);
  rate("draw_rate", f.draw);
  rate("unfinished_rate", f.unfinished_rate);
  rate("first_player_advantage", f.advantage);
  value("first_player_advantage_p_value", f.advantage_p);
  if (const std::optional<analysis::Stability> st = analysis::run_stability(run, f.ruleset)) {
    // The advantage's stability verdict (state: its key) with the range over the figure and the
    // sensitivity variants, and whether it rests on stops (docs/terms.md, docs/report.md).
    push("first_player_advantage_stability", nullptr, json_number(st->low), json_number(st->high),
         {"", "", st->verdict, ""});
    count("rests_on_stops", st->rests_on_stops ? 1 : 0);
    value("stop_share", st->stop_share);
  }
  for (const EndCount& e : f.ended_by) value("ended_by_share", e.share, {"", "", e.name, ""});
  for (int i = 0; i < sim::kCompletions; ++i)
    rate("completion", f.completion.share[i],
         {"", "", sim::completion_name(static_cast<sim::Completion>(i)), ""});
  summary("plies", f.length);
  count("relay_bound_hits", f.relay_moves);
  count("games_with_relay_bound_hits", f.relay_games);
  const MetricFigures& m = f.metrics;
  const Facets per_unit{m.per_round ? "all" : "", "", "", ""};
  // The metrics of the registry (sim::metric_registry()), the duration after the outcomes'.
  bool duration = false;
  for (const analysis::MetricValue& v : m.values) {
    if (v.info->kind == sim::MetricKind::kOutcome) {
      rate(v.info->key, v.estimate);
      continue;
    }
    if (!duration) summary("turns", m.turns);
    duration = true;
    rate(v.info->key, v.estimate, per_unit);
  }
  if (!duration) summary("turns", m.turns);
  if (f.match) {
    const MatchFigures& mf = *f.match;
    const Facets all{"all", "", "", ""};
    summary("rounds", mf.rounds.summary());
    count("rounds_recorded", mf.rounds_recorded, all);
    rate("first_mover_win_rate", mf.first_mover_win_rate, all);
    rate("first_mover_advantage", mf.first_mover_advantage, all);
    for (const EndCount& e : mf.round_ended_by)
      value("ended_by_share", e.share, {"all", "", e.name, ""});
    for (int i = 0; i < sim::kCompletions; ++i)
      rate("completion", mf.round_completion[i],
           {"all", "", sim::completion_name(static_cast<sim::Completion>(i)), ""});
    for (const LevelFigures& hl : mf.handicap) {
      const std::string level = std::to_string(hl.level);
      count("handicap_rounds", hl.rounds, {"all", level, "", ""});
      rate("handicap_win_rate", hl.win_rate[0], {"all", level, "", "1"});
      rate("handicap_win_rate", hl.win_rate[1], {"all", level, "", "2"});
    }
    for (const HandicapStateFigures& st : mf.states) {
      const std::string level = std::to_string(st.holes[0] - st.holes[1]);
      count("handicap_state_rounds", st.rounds, {"all", level, "", "", &st});
      rate("handicap_state_win_rate", st.win_rate[0], {"all", level, "", "1", &st});
      rate("handicap_state_win_rate", st.win_rate[1], {"all", level, "", "2", &st});
    }
  }
  return rows;
}

std::string game_of_ruleset(std::string_view ruleset_id) {
  return std::string(ruleset_id.substr(0, ruleset_id.find('/')));
}

std::vector<TidyRow> tidy_rows(const std::vector<TidyRun>& runs) {
  std::vector<TidyRow> rows;
  for (const TidyRun& item : runs) {
    const RunFigures f = analysis::run_figures(*item.run);
    const std::string id = item.run_id ? std::to_string(*item.run_id) : "";
    for (TidyStatistic& s : tidy_statistics(*item.run)) {
      rows.push_back({id, "run", f.ruleset, item.game, seat_agent(f.agent, 0),
                      seat_agent(f.agent, 1), std::to_string(f.seed), f.rules_hash, f.seats,
                      std::move(s)});
    }
  }
  return rows;
}

std::string tidy_table_csv(const std::vector<TidyRow>& rows) {
  Table csv({{"run_id"}, {"part"},       {"ruleset"},  {"game"},       {"agent_p1"}, {"agent_p2"},
             {"seed"},   {"rules_hash"}, {"seats"},    {"statistic"},  {"round"},    {"level"},
             {"state"},  {"holes_p1"},   {"holes_p2"}, {"tribute_to"}, {"bha"},      {"favoured"},
             {"player"}, {"value"},      {"ci_low"},   {"ci_high"}});
  const auto cell = [](const json& x) { return x.is_null() ? Cell() : Cell::text(x.dump()); };
  const auto text = [](const std::string& x) { return x.empty() ? Cell() : Cell::text(x); };
  for (const TidyRow& r : rows) {
    const TidyStatistic& s = r.statistic;
    csv.add_row({text(r.run_id),   r.part,           r.ruleset,          r.game,
                 text(r.agent_p1), text(r.agent_p2), Cell::text(r.seed), r.rules_hash,
                 text(r.seats),    s.statistic,      text(s.round),      text(s.level),
                 text(s.state),    text(s.holes_p1), text(s.holes_p2),   text(s.tribute_to),
                 text(s.bha),      text(s.favoured), text(s.player),     cell(s.value),
                 cell(s.ci_low),   cell(s.ci_high)});
  }
  return csv.to_csv();
}

std::string tidy_csv(const std::vector<TidyRun>& runs) { return tidy_table_csv(tidy_rows(runs)); }

// The handicap curves (issue 14: "and the handicap curves in it"): the statistic, the level (the
// handicapped side's deficit) and the state (the side: handicapped or other). docs/report.md lists
// them.
std::vector<TidyRow> handicap_rows(const analysis::HandicapResult& h) {
  const sim::RuleSet& rules = h.rules;
  const TidyRow head{"",
                     "handicap_curves",
                     rules.id,
                     rules.game,
                     h.options.agents.seat[0].name(),
                     h.options.agents.seat[1].name(),
                     std::to_string(h.options.seed),
                     sim::rules_hash(rules),
                     sim::seats_name(rules),
                     {}};
  std::vector<TidyRow> out;
  const auto row = [&](const std::string& statistic, const std::string& level,
                       const std::string& state, json value, double low, double high) {
    TidyRow r = head;
    r.statistic = {
        statistic, std::move(value), json_number(low), json_number(high), "", level, state, ""};
    out.push_back(std::move(r));
  };
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (const auto& l : h.levels) {
    const std::string level = std::to_string(l.deficit);
    row("handicap_curve_rounds", level, "", l.rounds, nan, nan);
    const analysis::HandicapLevelFigures& f = l.figures;
    const auto share = [&](const std::string& statistic, const std::string& state,
                           const analysis::HandicapFigure& x) {
      if (x.n == 0) return row(statistic, level, state, nullptr, nan, nan);
      row(statistic, level, state, x.value, x.low, x.high);
    };
    share("handicap_curve_win_rate", "handicapped", f.win_rate);
    share("handicap_curve_win_rate", "other", f.loss_rate);
    share("handicap_curve_draw_rate", "", f.draw_rate);
    const auto mean = [&](const analysis::HandicapFigure& x) {
      return x.n == 0 ? json(nullptr) : json_number(x.value);
    };
    row("handicap_curve_plies_mean", level, "", mean(f.plies_mean), nan, nan);
    row("handicap_curve_captured_mean", level, "handicapped", mean(f.captured_h_mean), nan, nan);
    row("handicap_curve_captured_mean", level, "other", mean(f.captured_o_mean), nan, nan);
  }
  if (h.options.matches && h.matches.matches > 0) {
    const analysis::HandicapMatchFigures& f = h.matches.figures;
    row("handicap_behind_change_mean", "", "", json_number(f.behind_change.value),
        f.behind_change.low, f.behind_change.high);
    if (f.loser_wins_next.n > 0) {
      row("handicap_loser_wins_next_rate", "", "", f.loser_wins_next.value, f.loser_wins_next.low,
          f.loser_wins_next.high);
    }
  }
  return out;
}

std::vector<TidyRow> ladder_rows(const analysis::Ladder& ladder,
                                 const analysis::LadderFigures& figures) {
  std::vector<TidyRow> out;
  const std::string game = game_of_ruleset(ladder.ruleset);
  for (const json& j : figures.run_documents) {
    for (TidyRow& r : tidy_rows({TidyRun{&j, std::nullopt, game}})) {
      r.part = "ladder";
      out.push_back(std::move(r));
    }
  }
  const std::string hash = ladder.runs.empty() ? "" : ladder.runs.front().rules_hash;
  const std::string seats = ladder.runs.empty() ? "" : ladder.runs.front().seats;
  const auto row = [&](const std::string& agent, TidyStatistic s) {
    out.push_back({"", "ladder", ladder.ruleset, game, agent, "", std::to_string(ladder.seed), hash,
                   seats, std::move(s)});
  };
  for (std::size_t i = 0; i < figures.ratings.size() && i < ladder.agents.size(); ++i) {
    const analysis::Rating& r = figures.ratings[i];
    row(ladder.agents[i].name(),
        {"ladder_rating", json_number(r.elo), json_number(r.ci95.low), json_number(r.ci95.high)});
  }
  row("", {"ladder_skill_depth", figures.skill_depth(), nullptr, nullptr});
  return out;
}

}  // namespace mancala::reports
