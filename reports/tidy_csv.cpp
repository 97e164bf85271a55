#include "reports/tidy_csv.h"

#include <cmath>
#include <limits>

#include "analysis/run_figures.h"
#include "reports/report_format.h"
#include "reports/report_tables.h"
#include "reports/table.h"
#include "simulator/ruleset_io.h"

namespace mancala::reports {
namespace {

using analysis::Rate;
using analysis::RunFigures;
using nlohmann::json;

// A number as runs.csv writes it (JSON's shortest round trip); empty when it is not finite.
std::string csv_number(double x) { return std::isfinite(x) ? nlohmann::json(x).dump() : ""; }

}  // namespace

std::vector<TidyStatistic> tidy_statistics(const json& run) {
  const RunFigures f = analysis::run_figures(run);
  std::vector<TidyStatistic> rows;
  // Where the next rows belong: round, level, state and player (see TidyStatistic).
  struct Facets {
    std::string round, level, state, player;
  };
  const auto push = [&](const std::string& name, json value, json low, json high,
                        const Facets& at) {
    rows.push_back({name, std::move(value), std::move(low), std::move(high), at.round, at.level,
                    at.state, at.player});
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
  for (const EndCount& e : f.ended_by) value("ended_by_share", e.share, {"", "", e.name, ""});
  for (int i = 0; i < 3; ++i)
    rate("completion", f.completion.share[i],
         {"", "", sim::completion_name(static_cast<sim::Completion>(i)), ""});
  summary("plies", f.length);
  count("relay_bound_hits", f.relay_moves);
  count("games_with_relay_bound_hits", f.relay_games);
  const MetricFigures& m = f.metrics;
  const Facets per_unit{m.per_round ? "all" : "", "", "", ""};
  rate("balance", m.balance);
  rate("drawishness", m.drawishness);
  summary("turns", m.turns);
  rate("decisiveness", m.decisiveness, per_unit);
  rate("lead_changes", m.lead_changes, per_unit);
  rate("drama", m.drama, per_unit);
  if (f.match) {
    const MatchFigures& mf = *f.match;
    const Facets all{"all", "", "", ""};
    rate("snowball", m.snowball, all);
    summary("rounds", mf.rounds.summary());
    count("rounds_recorded", mf.rounds_recorded, all);
    rate("first_mover_win_rate", mf.first_mover_win_rate, all);
    rate("first_mover_advantage", mf.first_mover_advantage, all);
    for (const EndCount& e : mf.round_ended_by)
      value("ended_by_share", e.share, {"all", "", e.name, ""});
    for (const LevelFigures& hl : mf.handicap) {
      const std::string level = std::to_string(hl.level);
      count("handicap_rounds", hl.rounds, {"all", level, "", ""});
      rate("handicap_win_rate", hl.win_rate[0], {"all", level, "", "1"});
      rate("handicap_win_rate", hl.win_rate[1], {"all", level, "", "2"});
    }
    for (const HandicapStateFigures& st : mf.states) {
      const std::string state = state_key(st);
      const std::string level = std::to_string(st.holes[0] - st.holes[1]);
      count("handicap_state_rounds", st.rounds, {"all", level, state, ""});
      rate("handicap_state_win_rate", st.win_rate[0], {"all", level, state, "1"});
      rate("handicap_state_win_rate", st.win_rate[1], {"all", level, state, "2"});
    }
  }
  return rows;
}

std::string game_of_ruleset(std::string_view ruleset_id) {
  return std::string(ruleset_id.substr(0, ruleset_id.find('/')));
}

std::string tidy_csv(const std::vector<TidyRun>& runs) {
  Table csv({{"run_id"},
             {"ruleset"},
             {"game"},
             {"agent_p1"},
             {"agent_p2"},
             {"seed"},
             {"rules_hash"},
             {"statistic"},
             {"round"},
             {"level"},
             {"state"},
             {"player"},
             {"value"},
             {"ci_low"},
             {"ci_high"}});
  const auto cell = [](const json& x) { return x.is_null() ? Cell() : Cell::text(x.dump()); };
  const auto text = [](const std::string& x) { return x.empty() ? Cell() : Cell::text(x); };
  for (const TidyRun& item : runs) {
    const RunFigures f = analysis::run_figures(*item.run);
    const Cell id = item.run_id ? Cell::text(std::to_string(*item.run_id)) : Cell();
    for (const TidyStatistic& s : tidy_statistics(*item.run)) {
      csv.add_row({id, f.ruleset, item.game, seat_agent(f.agent, 0), seat_agent(f.agent, 1),
                   Cell::text(std::to_string(f.seed)), f.rules_hash, s.statistic, text(s.round),
                   text(s.level), text(s.state), text(s.player), cell(s.value), cell(s.ci_low),
                   cell(s.ci_high)});
    }
  }
  return csv.to_csv();
}

// The handicap curves as runs.csv rows (issue 14: "and the handicap curves in it"), in its tidy
// columns: the statistic, the level (the handicapped side's deficit) and the state (the side:
// handicapped or other); run_id empty (the curves are measured by games of their own, not by the
// stored run). Lines end in CRLF, as Table::to_csv writes them (RFC 4180). docs/report.md lists
// them.
std::string handicap_csv_rows(const analysis::HandicapResult& h) {
  const sim::RuleSet& rules = h.rules;
  const std::string head = "," + rules.id + "," + rules.game + "," +
                           h.options.agents.seat[0].name() + "," + h.options.agents.seat[1].name() +
                           "," + std::to_string(h.options.seed) + "," + sim::rules_hash(rules) +
                           ",";
  std::string out;
  const auto row = [&](const std::string& statistic, const std::string& level,
                       const std::string& state, double value, double low, double high) {
    out += head + statistic + ",," + level + "," + state + ",," + csv_number(value) + "," +
           csv_number(low) + "," + csv_number(high) + "\r\n";
  };
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (const auto& l : h.levels) {
    const std::string level = std::to_string(l.deficit);
    out += head + "handicap_curve_rounds,," + level + ",,," + std::to_string(l.rounds) + ",,\r\n";
    const uint64_t decided = l.wins + l.losses + l.draws;  // finished rounds
    const auto share = [&](const std::string& statistic, const std::string& state, uint64_t k) {
      if (decided == 0) return row(statistic, level, state, nan, nan, nan);
      const stats::Interval ci = stats::wilson_interval(k, decided);
      row(statistic, level, state, static_cast<double>(k) / static_cast<double>(decided), ci.low,
          ci.high);
    };
    share("handicap_curve_win_rate", "handicapped", l.wins);
    share("handicap_curve_win_rate", "other", l.losses);
    share("handicap_curve_draw_rate", "", l.draws);
    const double plies = !l.plies.empty() ? l.plies.mean() : nan;
    row("handicap_curve_plies_mean", level, "", plies, nan, nan);
    row("handicap_curve_captured_mean", level, "handicapped",
        !l.captured_h.empty() ? l.captured_h.mean() : nan, nan, nan);
    row("handicap_curve_captured_mean", level, "other",
        !l.captured_o.empty() ? l.captured_o.mean() : nan, nan, nan);
  }
  if (h.options.matches && h.matches.matches > 0) {
    const stats::Interval ci = h.matches.behind_change_interval();
    row("handicap_behind_change_mean", "", "", h.matches.behind_change_mean(), ci.low, ci.high);
    if (h.matches.transitions > 0) {
      const stats::Interval w =
          stats::wilson_interval(h.matches.loser_won_next, h.matches.transitions);
      row("handicap_loser_wins_next_rate", "", "",
          static_cast<double>(h.matches.loser_won_next) /
              static_cast<double>(h.matches.transitions),
          w.low, w.high);
    }
  }
  return out;
}

}  // namespace mancala::reports
