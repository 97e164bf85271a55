#include "reports/report.h"

#include <fcntl.h>  // AT_FDCWD
#include <stdio.h>  // renameat2, RENAME_EXCHANGE (glibc)
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <map>
#include <set>

#include "common/error.h"
#include "common/file_write.h"
#include "common/world.h"
#include "reports/evidence_pages.h"
#include "reports/render.h"
#include "simulator/run_stats.h"
#include "stats/histogram.h"
#include "stats/stats.h"

namespace mancala::reports {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr int kHistogramBins = 40;
constexpr int kChartWidth = 720;
constexpr std::string_view kMarkerText =
    "This folder was written by 'mancala report'. The next report written here replaces it "
    "whole.\n";

// ---- reading a run's JSON -------------------------------------------------------------------

// A proportion (or mean) with its 95% interval; NaN when undefined.
using Rate = stats::Estimate;

// How many games (or rounds) ended one way.
struct EndCount {
  std::string name;  // rule | no_progress | safety_bound | ...
  std::uint64_t count = 0;
  double share = kNaN;
};

// The rounds dealt at one handicap level and each player's win rate in them.
struct HandicapLevel {
  int level = 0;  // P1's holes in play minus P2's when the round was dealt
  std::uint64_t rounds = 0;
  Rate win_rate[2];
};

// The rounds dealt in one whole handicap state (holes in play of each row and the perks) and
// each player's win rate in them.
struct HandicapStateFigures {
  int holes[2] = {0, 0};
  int tribute_to = 0, bha = 0, favoured = 0;  // player 1 or 2; 0: nobody
  std::uint64_t rounds = 0;
  Rate win_rate[2];
};

// The multi-round part of a run (present only for rulesets that play matches).
struct MatchFigures {
  stats::IntHistogram rounds;  // rounds per match
  // Recorded rounds by their result for the round's first mover.
  std::uint64_t rounds_recorded = 0, first_mover_wins = 0, second_mover_wins = 0, draws = 0,
                unfinished = 0;
  Rate first_mover_win_rate;
  Rate first_mover_advantage;
  std::vector<EndCount> round_ended_by;
  std::vector<HandicapLevel> handicap;
  std::vector<HandicapStateFigures> states;  // empty for runs stored before states were kept
};

// How games (matches) ended in the three completion classes (docs/metrics.md): by the game's own
// rule, by a stopping rule of the reconstruction, at the safety bound.
struct CompletionFigures {
  std::uint64_t games[3] = {0, 0, 0};
  Rate share[3];  // of all games, Wilson 95% intervals
};

// The playability metrics (docs/metrics.md); NaN where undefined or not kept (older runs).
struct MetricFigures {
  bool per_round = false;  // lead changes, drama and decisiveness are per round (matches)
  Rate balance, drawishness, decisiveness, lead_changes, drama, snowball;
  bool kept = false;  // the run kept the tallies (turns and the rest); older runs did not
  stats::DistributionSummary turns;
  std::optional<std::uint64_t> snowball_pairs;
};

// What the report shows of one run, read and checked once.
struct RunFigures {
  std::string ruleset;
  std::string agent;
  std::string engine_version;
  std::string rules_hash;
  std::uint64_t seed = 0;
  std::uint64_t games_requested = 0;
  std::uint64_t games = 0;
  bool partial = false;
  std::uint64_t wins[2] = {0, 0};
  std::uint64_t draws = 0;
  std::uint64_t unfinished = 0;
  Rate p1, p2, draw, unfinished_rate, advantage;
  double advantage_p = kNaN;
  std::vector<EndCount> ended_by;
  CompletionFigures completion;
  MetricFigures metrics;
  stats::IntHistogram plies;
  stats::DistributionSummary length;
  std::uint64_t relay_moves = 0;
  std::uint64_t relay_games = 0;
  std::optional<MatchFigures> match;
};

// ---- a run's figures, from its counts ------------------------------------------------------
// The one reader of a run's JSON is sim::run_stats_from_json; every figure below is computed from
// the counts it reads back, with the functions run_stats_to_json writes them with (stats::
// rate_estimate, balance_estimate, mean_estimate, first_player_advantage), so the figures are
// those of the run's JSON.

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
                 .handicap = {},
                 .states = {}};
  constexpr const char* kRoundEnds[3] = {"rule", "no_progress", "safety_bound"};
  for (std::size_t i = 0; i < 3; ++i) {
    m.round_ended_by.push_back({kRoundEnds[i], stats.round_ended_by[i],
                                share(stats.round_ended_by[i], m.rounds_recorded)});
  }
  for (const auto& [difference, level] : stats.by_holes_difference) {
    HandicapLevel h;
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

// The playability metrics (docs/metrics.md); a run stored before they were kept has only balance
// and drawishness (from its wins and draws).
MetricFigures metric_figures(const sim::GameTally& t) {
  MetricFigures m;
  m.per_round = t.match.enabled;
  m.balance = stats::balance_estimate(t.wins[0], t.wins[1], t.draws);
  m.drawishness = stats::rate_estimate(t.draws, t.wins[0] + t.wins[1] + t.draws);
  if (!t.metrics.recorded(t.games)) return m;
  m.kept = true;
  m.turns = t.metrics.turns.summary();
  m.decisiveness = stats::mean_estimate(t.metrics.decisiveness, 0.001);
  m.lead_changes = stats::mean_estimate(t.metrics.lead_changes);
  m.drama = stats::mean_estimate(t.metrics.drama);
  if (t.match.enabled) {
    const sim::MetricTally& mt = t.metrics;
    m.snowball = advantage_rate(mt.won_next, mt.lost_next, mt.pairs - mt.won_next - mt.lost_next);
    m.snowball_pairs = mt.pairs;
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
  for (int i = 0; i < 3; ++i) {
    c.games[i] = t.completed(static_cast<sim::Completion>(i));
    c.share[i] = stats::rate_estimate(c.games[i], t.games);
  }
  return c;
}

RunFigures read_run(const json& run) {
  if (!run.is_object()) throw Error("report: a run is not a JSON object");
  const sim::RunStats stats = sim::run_stats_from_json(run, "");
  const sim::GameTally& t = stats.tally;
  const std::uint64_t finished = t.wins[0] + t.wins[1] + t.draws;
  return RunFigures{
      .ruleset = stats.ruleset,
      .agent = stats.agent,
      .engine_version = stats.engine_version,
      .rules_hash = stats.rules_hash,
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

// ---- formatting -----------------------------------------------------------------------------

constexpr std::string_view kDash = "\xE2\x80\x93";  // en dash: no value

std::string percent(double fraction, int decimals = 1) {
  if (!std::isfinite(fraction)) return std::string(kDash);
  return format_number(100 * fraction, decimals) + "%";
}

// "52.9% [52.2, 53.6]"
std::string rate_text(const Rate& r, int decimals = 1) {
  if (!std::isfinite(r.value)) return std::string(kDash);
  std::string out = percent(r.value, decimals);
  if (std::isfinite(r.low) && std::isfinite(r.high)) {
    out += " [" + format_number(100 * r.low, decimals) + ", " +
           format_number(100 * r.high, decimals) + "]";
  }
  return out;
}

std::string signed_points(double fraction) {
  const std::string text = format_number(100 * fraction, 1);
  return (text[0] == '-' || text == "0.0") ? text : "+" + text;
}

// The first-player advantage in percentage points: "+8.2 pp [+6.8, +9.5]".
std::string advantage_text(const Rate& r) {
  if (!std::isfinite(r.value)) return std::string(kDash);
  std::string out = signed_points(r.value) + " pp";
  if (std::isfinite(r.low) && std::isfinite(r.high))
    out += " [" + signed_points(r.low) + ", " + signed_points(r.high) + "]";
  return out;
}

std::string number_text(double value, int decimals) {
  return std::isfinite(value) ? format_number(value, decimals) : std::string(kDash);
}

std::string games_text(const RunFigures& f) {
  return std::to_string(f.games) +
         (f.partial ? " of " + std::to_string(f.games_requested) + " (partial)" : "");
}

// True when the game's own rule ended fewer than half of the run's games (the index marks it).
bool own_rule_minority(const RunFigures& f) {
  return f.games > 0 && 2 * f.completion.games[0] < f.games;
}

// The index's completion cell: the share the game's own rule ended, marked when under half.
std::string completion_text(const RunFigures& f) {
  if (f.games == 0) return std::string(kDash);
  return (own_rule_minority(f) ? "\xE2\x9A\xA0 " : "") + rate_text(f.completion.share[0]);
}

std::string join(const std::vector<std::string>& items, std::string_view separator) {
  std::string out;
  for (const std::string& item : items) out += (out.empty() ? "" : std::string(separator)) + item;
  return out;
}

// How a game, a match or a round (`what`) ended. A match's "no_progress" is the reconstruction's
// stopping rule (stop_after_rounds), a game's or a round's the no-progress rule.
std::string end_label(const std::string& name, const std::string& what) {
  if (name == "rule") return "by a rule of the " + std::string(what == "match" ? "game" : what);
  if (name == "no_progress")
    return what == "match" ? "by a stopping rule of the reconstruction (no_progress: stored "
                             "before stop_after_rounds had its own name)"
                           : "by the no-progress rule (a stopping rule of the reconstruction)";
  if (name == "stop_after_rounds")
    return "by the reconstruction's stop after a number of rounds (stop_after_rounds)";
  if (name == "safety_bound")
    return what == "round" ? "cut off at the safety bound"
                           : "cut off at the safety bound (unfinished)";
  return name;
}

std::string status_meaning(const std::string& status) {
  if (status == "observed") return "rules as played and recorded";
  if (status == "described") return "rules as a source describes them";
  if (status == "reconstructed") return "a reading that fills gaps the evidence leaves";
  return "";
}

// A JSON number, or null when not finite.
json json_number(double x) { return std::isfinite(x) ? json(x) : json(nullptr); }

// ---- groups ---------------------------------------------------------------------------------

struct Prepared {
  const ReportEntry* entry;
  RunFigures figures;
};

// Entries grouped by game in order of first appearance: game -> indices.
std::vector<std::pair<std::string, std::vector<std::size_t>>> group_by_game(
    const std::vector<Prepared>& items) {
  std::vector<std::pair<std::string, std::vector<std::size_t>>> groups;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string& game = items[i].entry->ruleset.game;
    auto it =
        std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == game; });
    if (it == groups.end()) {
      groups.push_back({game, {}});
      it = groups.end() - 1;
    }
    it->second.push_back(i);
  }
  return groups;
}

// ---- tables ---------------------------------------------------------------------------------

// The index row of each ruleset (one table per game).
Table index_table(const std::vector<Prepared>& items, const std::vector<std::size_t>& rows) {
  Table table({{"Ruleset", Align::kLeft},
               {"Status", Align::kLeft},
               {"Evidence", Align::kLeft},
               {"Games", Align::kRight},
               {"P1 wins", Align::kRight},
               {"P2 wins", Align::kRight},
               {"Draws", Align::kRight},
               {"P1 advantage", Align::kRight},
               {"Mean plies", Align::kRight},
               {"Ended by own rule", Align::kRight},
               {"Unfinished", Align::kRight}});
  for (std::size_t i : rows) {
    const ReportRuleset& rs = items[i].entry->ruleset;
    const RunFigures& f = items[i].figures;
    table.add_row({rs.name, rs.status, join(rs.evidence, ", "), games_text(f), rate_text(f.p1),
                   rate_text(f.p2), rate_text(f.draw), advantage_text(f.advantage),
                   number_text(f.length.mean, 1), completion_text(f),
                   percent(f.unfinished_rate.value, 2)});
  }
  return table;
}

// The index rows to mark: those whose games the game's own rule ended fewer than half of.
std::vector<bool> marked_rows(const std::vector<Prepared>& items,
                              const std::vector<std::size_t>& rows) {
  std::vector<bool> marked;
  for (std::size_t i : rows) marked.push_back(own_rule_minority(items[i].figures));
  return marked;
}

// How games ended, by completion class.
Table completion_table(const RunFigures& f) {
  const std::string column = f.match ? "Matches" : "Games";
  Table table({{"Ended", Align::kLeft},
               {column, Align::kRight},
               {"Share of all " + std::string(f.match ? "matches" : "games") + " [95% CI]",
                Align::kRight}});
  const char* labels[3] = {"by the game's own rule", "by a stopping rule of the reconstruction",
                           "at the safety bound (unfinished)"};
  for (int i = 0; i < 3; ++i) {
    table.add_row({labels[i], Cell::integer(static_cast<std::int64_t>(f.completion.games[i])),
                   rate_text(f.completion.share[i])});
  }
  return table;
}

// "0.431 [0.424, 0.445]": a mean or share with its interval, `decimals` digits.
std::string mean_text(const Rate& r, int decimals) {
  if (!std::isfinite(r.value)) return std::string(kDash);
  std::string out = format_number(r.value, decimals);
  if (std::isfinite(r.low) && std::isfinite(r.high))
    out += " [" + format_number(r.low, decimals) + ", " + format_number(r.high, decimals) + "]";
  return out;
}

// The playability metrics (docs/metrics.md).
Table metrics_table(const RunFigures& f) {
  const MetricFigures& m = f.metrics;
  const std::string unit = m.per_round ? "round" : "game";
  Table table(
      {{"Metric", Align::kLeft}, {"Value [95% CI]", Align::kRight}, {"What it is", Align::kLeft}});
  table.add_row(
      {"balance", mean_text(m.balance, 3),
       "1 - |P1 win rate - P2 win rate|, finished " + std::string(f.match ? "matches" : "games")});
  table.add_row({"drawishness", mean_text(m.drawishness, 3),
                 "share of finished " + std::string(f.match ? "matches" : "games") + " drawn"});
  table.add_row(
      {"duration (turns)",
       number_text(m.turns.mean, 1) + " (sd " + number_text(m.turns.sd, 1) + ", median " +
           number_text(m.turns.median, 1) + ")",
       "turns per " + std::string(f.match ? "match" : "game") + ": plies less the extra moves"});
  table.add_row({"decisiveness", mean_text(m.decisiveness, 3),
                 "mean share of a decided " + unit +
                     "'s plies played after its winner held more than half of all counters"});
  table.add_row({"lead changes", mean_text(m.lead_changes, 2),
                 "mean times per " + unit + " the player ahead in counters held changed"});
  table.add_row(
      {"drama", mean_text(m.drama, 2),
       "mean largest deficit (counters) the winner of a decided " + unit + " came back from"});
  if (f.match) {
    table.add_row({"snowball", mean_text(m.snowball, 3),
                   "P(win round r+1 | won round r) - P(win round r+1 | lost round r)"});
  }
  return table;
}

Table results_table(const RunFigures& f) {
  Table table({{"Outcome", Align::kLeft},
               {"Games", Align::kRight},
               {"Share of finished games [95% CI]", Align::kRight}});
  table.add_row({"first player (P1) wins", Cell::integer(static_cast<std::int64_t>(f.wins[0])),
                 rate_text(f.p1)});
  table.add_row({"second player (P2) wins", Cell::integer(static_cast<std::int64_t>(f.wins[1])),
                 rate_text(f.p2)});
  table.add_row({"draws", Cell::integer(static_cast<std::int64_t>(f.draws)), rate_text(f.draw)});
  table.add_row({"first-player advantage (P1 minus P2)", "", advantage_text(f.advantage)});
  return table;
}

Table length_table(const stats::DistributionSummary& s) {
  Table table({{"Mean", Align::kRight},
               {"SD", Align::kRight},
               {"Min", Align::kRight},
               {"5%", Align::kRight},
               {"Median", Align::kRight},
               {"95%", Align::kRight},
               {"Max", Align::kRight}});
  table.add_row({number_text(s.mean, 1), number_text(s.sd, 1), number_text(s.min, 0),
                 number_text(s.p5, 1), number_text(s.median, 1), number_text(s.p95, 1),
                 number_text(s.max, 0)});
  return table;
}

// `what`: "game", "match" or "round".
Table ended_table(const std::vector<EndCount>& ended, const std::string& what) {
  const std::string column = what == "game" ? "Games" : what == "match" ? "Matches" : "Rounds";
  Table table({{"Ended", Align::kLeft}, {column, Align::kRight}, {"Share", Align::kRight}});
  for (const EndCount& e : ended) {
    table.add_row({end_label(e.name, what), Cell::integer(static_cast<std::int64_t>(e.count)),
                   percent(e.share, 2)});
  }
  return table;
}

Table round_results_table(const MatchFigures& m) {
  const auto share = [&](std::uint64_t k) {
    return m.rounds_recorded == 0
               ? std::string(kDash)
               : percent(static_cast<double>(k) / static_cast<double>(m.rounds_recorded));
  };
  Table table({{"Rounds", Align::kLeft}, {"Count", Align::kRight}, {"Share", Align::kRight}});
  table.add_row({"recorded", Cell::integer(static_cast<std::int64_t>(m.rounds_recorded)), ""});
  table.add_row({"won by the round's first mover",
                 Cell::integer(static_cast<std::int64_t>(m.first_mover_wins)),
                 rate_text(m.first_mover_win_rate)});
  table.add_row({"won by the other player",
                 Cell::integer(static_cast<std::int64_t>(m.second_mover_wins)),
                 share(m.second_mover_wins)});
  table.add_row({"drawn", Cell::integer(static_cast<std::int64_t>(m.draws)), share(m.draws)});
  table.add_row({"unfinished (safety bound)",
                 Cell::integer(static_cast<std::int64_t>(m.unfinished)), share(m.unfinished)});
  table.add_row({"first-mover advantage", "", advantage_text(m.first_mover_advantage)});
  return table;
}

std::string handicap_label(int level) {
  if (level == 0) return "even (0)";
  return (level > 0 ? "P1 +" : "P2 +") + std::to_string(level > 0 ? level : -level) + " holes (" +
         (level > 0 ? "+" : "") + std::to_string(level) + ")";
}

Table handicap_table(const std::vector<HandicapLevel>& levels) {
  Table table({{"Holes in play, P1 minus P2", Align::kLeft},
               {"Rounds", Align::kRight},
               {"P1 win rate [95% CI]", Align::kRight},
               {"P2 win rate [95% CI]", Align::kRight}});
  for (const HandicapLevel& h : levels) {
    table.add_row({handicap_label(h.level), Cell::integer(static_cast<std::int64_t>(h.rounds)),
                   rate_text(h.win_rate[0]), rate_text(h.win_rate[1])});
  }
  return table;
}

// "5 v 3; P2 receives the 1-4 tribute; P1 has a bha; P1 favoured (toll and remainder holes)"
std::string state_label(const HandicapStateFigures& st) {
  std::string out = std::to_string(st.holes[0]) + " v " + std::to_string(st.holes[1]);
  if (st.tribute_to) out += "; P" + std::to_string(st.tribute_to) + " receives the 1-4 tribute";
  if (st.bha) out += "; P" + std::to_string(st.bha) + " has a bha";
  if (st.favoured)
    out += "; P" + std::to_string(st.favoured) + " favoured by the previous round's win";
  return out;
}

// A machine name for the same: "5v3_tribute_p2_bha_p1_favoured_p1".
std::string state_key(const HandicapStateFigures& st) {
  std::string out = std::to_string(st.holes[0]) + "v" + std::to_string(st.holes[1]);
  if (st.tribute_to) out += "_tribute_p" + std::to_string(st.tribute_to);
  if (st.bha) out += "_bha_p" + std::to_string(st.bha);
  if (st.favoured) out += "_favoured_p" + std::to_string(st.favoured);
  return out;
}

Table handicap_state_table(const std::vector<HandicapStateFigures>& states) {
  Table table({{"Holes in play (P1 v P2) and perks", Align::kLeft},
               {"Rounds", Align::kRight},
               {"P1 win rate [95% CI]", Align::kRight},
               {"P2 win rate [95% CI]", Align::kRight}});
  for (const HandicapStateFigures& st : states) {
    table.add_row({state_label(st), Cell::integer(static_cast<std::int64_t>(st.rounds)),
                   rate_text(st.win_rate[0]), rate_text(st.win_rate[1])});
  }
  return table;
}

std::string provenance_text(const ReportRule& rule) {
  if (!rule.evidence.empty()) return "evidence: \u201C" + rule.evidence + "\u201D";
  if (!rule.assumption.empty()) return "assumption: " + rule.assumption;
  return "default (no provenance)";
}

// The rules of one group (consecutive rules with the same group).
Table rules_table(const std::vector<ReportRule>& rules, std::size_t begin, std::size_t end) {
  Table table({{"Rule", Align::kLeft}, {"Value", Align::kLeft}, {"Provenance", Align::kLeft}});
  for (std::size_t i = begin; i < end; ++i)
    table.add_row({rules[i].key, rules[i].value, provenance_text(rules[i])});
  return table;
}

// [begin, end) ranges of rules with the same group.
std::vector<std::pair<std::size_t, std::size_t>> rule_groups(const std::vector<ReportRule>& rules) {
  std::vector<std::pair<std::size_t, std::size_t>> out;
  for (std::size_t i = 0; i < rules.size(); ++i) {
    if (i == 0 || rules[i].group != rules[i - 1].group) out.push_back({i, i});
    out.back().second = i + 1;
  }
  return out;
}

// A row of the index table that starts a group: a full-width heading row before it.
struct GroupStart {
  std::size_t row = 0;
  std::string id;     // anchor
  std::string label;  // heading text
};

// Table::to_html with the cells of column 0 made links (hrefs[row]; empty: no link), the
// "[low, high]" interval of a right-aligned cell on a line of its own, and a full-width heading
// row before each group. One table keeps the columns aligned across groups. Text is escaped
// exactly as Table does; hrefs are the report's own relative paths.
std::string linked_table_html(const Table& table, const std::vector<std::string>& hrefs,
                              const std::vector<GroupStart>& groups,
                              const std::vector<bool>& marked = {}) {
  const auto right = [&](std::size_t column) {
    return table.columns()[column].align == Align::kRight;
  };
  std::string out = "<table class=\"index\">\n<thead>\n<tr>";
  for (std::size_t i = 0; i < table.columns().size(); ++i) {
    out += right(i) ? "<th class=\"num\">" : "<th>";
    out += html_escape(table.columns()[i].name) + "</th>";
  }
  out += "</tr>\n</thead>\n<tbody>\n";
  std::size_t next_group = 0;
  for (std::size_t r = 0; r < table.rows().size(); ++r) {
    for (; next_group < groups.size() && groups[next_group].row == r; ++next_group) {
      out += "<tr class=\"group\"><th colspan=\"" + std::to_string(table.columns().size()) +
             "\" id=\"" + html_escape(groups[next_group].id) + "\">" +
             html_escape(groups[next_group].label) + "</th></tr>\n";
    }
    out += r < marked.size() && marked[r] ? "<tr class=\"marked\">" : "<tr>";
    const auto& row = table.rows()[r];
    for (std::size_t i = 0; i < row.size(); ++i) {
      out += right(i) ? "<td class=\"num\">" : "<td>";
      const std::string& text = row[i].display();
      const std::size_t interval = text.find(" [");
      if (i == 0 && r < hrefs.size() && !hrefs[r].empty()) {
        out += "<a href=\"" + html_escape(hrefs[r]) + "\">" + html_escape(text) + "</a>";
      } else if (interval != std::string::npos && right(i)) {
        // The interval on its own smaller line keeps ten columns within a page's width.
        out += html_escape(text.substr(0, interval)) + "<span class=\"ci\">" +
               html_escape(text.substr(interval)) + "</span>";
      } else if (table.columns()[i].name == "Evidence") {
        // Ids like "DLP.Evidence.1450" may break after a dot, not inside a word.
        for (char c : html_escape(text))
          out += c == '.' ? std::string(".<wbr />") : std::string(1, c);
      } else {
        out += html_escape(text);
      }
      out += "</td>";
    }
    out += "</tr>\n";
  }
  out += "</tbody>\n</table>\n";
  return out;
}

// ---- charts ---------------------------------------------------------------------------------

Estimate estimate(const Rate& r) { return {r.value, r.low, r.high}; }

std::string figure(const std::string& svg, const std::string& caption) {
  return "<figure>\n" + svg + "\n<figcaption>" + html_escape(caption) +
         "</figcaption>\n</figure>\n";
}

std::string outcome_chart(const RunFigures& f) {
  ChartOptions o;
  o.title = "Outcomes of finished games";
  o.x_label = "share of finished games (bars: 95% interval)";
  o.width = kChartWidth;
  o.x_min = 0;
  o.x_max = 1;
  o.x_percent = true;
  return svg_bar_chart({"P1 wins", "P2 wins", "draws"},
                       {{"share", {estimate(f.p1), estimate(f.p2), estimate(f.draw)}}}, o);
}

std::string length_chart(const RunFigures& f) {
  ChartOptions o;
  o.title = f.match ? "Match length" : "Game length";
  o.x_label = f.match ? "plies (moves) per match, every round" : "plies (moves) per game";
  o.y_label = f.match ? "matches" : "games";
  o.width = kChartWidth;
  return svg_histogram(f.plies, kHistogramBins, o);
}

std::string overview_chart(const std::vector<Prepared>& items) {
  std::vector<std::string> categories;
  BarSeries p1{"P1 wins", {}}, p2{"P2 wins", {}}, draws{"draws", {}};
  for (const Prepared& item : items) {
    categories.push_back(item.entry->ruleset.name);
    p1.values.push_back(estimate(item.figures.p1));
    p2.values.push_back(estimate(item.figures.p2));
    draws.values.push_back(estimate(item.figures.draw));
  }
  ChartOptions o;
  o.title = "Outcomes by ruleset";
  o.x_label = "share of finished games (bars: 95% interval)";
  o.width = 900;
  o.x_min = 0;
  o.x_max = 1;
  o.x_percent = true;
  return svg_bar_chart(categories, {p1, p2, draws}, o);
}

std::string advantage_chart(const std::vector<Prepared>& items) {
  std::vector<std::string> categories;
  BarSeries advantage{"first-player advantage", {}};
  for (const Prepared& item : items) {
    categories.push_back(item.entry->ruleset.name);
    advantage.values.push_back(estimate(item.figures.advantage));
  }
  ChartOptions o;
  o.title = "First-player advantage by ruleset";
  o.x_label = "P(P1 wins) minus P(P2 wins) (bars: 95% interval)";
  o.width = 900;
  o.x_percent = true;
  return svg_bar_chart(categories, {advantage}, o);
}

std::string rounds_chart(const MatchFigures& m) {
  ChartOptions o;
  o.title = "Rounds per match";
  o.x_label = "rounds";
  o.y_label = "matches";
  o.width = kChartWidth;
  return svg_histogram(m.rounds, kHistogramBins, o);
}

std::string handicap_chart(const MatchFigures& m) {
  LineSeries p1{"P1 wins the round", {}}, p2{"P2 wins the round", {}};
  for (const HandicapLevel& h : m.handicap) {
    const double x = h.level;
    p1.points.push_back({x, h.win_rate[0].value, h.win_rate[0].low, h.win_rate[0].high});
    p2.points.push_back({x, h.win_rate[1].value, h.win_rate[1].low, h.win_rate[1].high});
  }
  ChartOptions o;
  o.title = "Round win rate by handicap";
  o.x_label = "P1's holes in play minus P2's when the round was dealt";
  o.y_label = "share of finished rounds";
  o.width = kChartWidth;
  o.y_min = 0;
  o.y_max = 1;
  o.y_percent = true;
  return svg_line_chart({p1, p2}, o);
}

// ---- pages ----------------------------------------------------------------------------------

// Style rules the report adds to html_page's sheet: a wider page for the ten-column index, and
// figures with their intervals kept on one line.
constexpr std::string_view kReportStyle = R"(body { max-width: 84em; }
td.num { white-space: nowrap; }
td .ci { display: block; font-size: 0.8em; color: #666; }
td:first-child { min-width: 10em; }
tr.group th { background: #f1f1f1; font-size: 1.1em; padding-top: 0.5em; border-bottom: 1px solid #888; }
td a { font-weight: 600; }
tr.marked td { background: #fff4d6; }
h2#rules ~ table { width: 100%; }
h2#rules ~ table th:nth-child(1) { width: 14em; }
h2#rules ~ table th:nth-child(2) { width: 11em; }
)";

// html_page with the report's style rules appended to its embedded style sheet.
std::string report_page(std::string_view title, std::string_view body) {
  std::string page = html_page(title, body);
  const std::size_t end = page.find("</style>");
  if (end != std::string::npos) page.insert(end, kReportStyle);
  return page;
}

std::string h(std::string_view text) { return html_escape(text); }

// A run's agents in words: "random agent on both sides", or "alphabeta:3 (P1) against random
// (P2)" when the seats play different agents (the run's "agent" label: "SPEC" or "SPEC1,SPEC2").
std::string agents_text(const std::string& label) {
  const std::size_t comma = label.find(',');
  if (comma == std::string::npos) return label + " agent on both sides";
  return label.substr(0, comma) + " (P1) against " + label.substr(comma + 1) + " (P2)";
}

// The seats' agents of a label, for runs.csv.
std::string seat_agent(const std::string& label, int seat) {
  const std::size_t comma = label.find(',');
  if (comma == std::string::npos) return label;
  return seat == 0 ? label.substr(0, comma) : label.substr(comma + 1);
}

std::string run_facts(const RunFigures& f, const ReportEntry& e) {
  std::string out = "<p class=\"note\">" + h(games_text(f)) + " games, " + h(agents_text(f.agent)) +
                    ", seed " + std::to_string(f.seed) + ", engine " + h(f.engine_version) +
                    ", rules hash <code>" + h(f.rules_hash) + "</code>";
  if (e.stored_as) out += ", stored in the archive as run " + std::to_string(*e.stored_as);
  out += ".</p>\n";
  if (f.partial) {
    out += "<p><strong>Partial run:</strong> interrupted after " + std::to_string(f.games) +
           " of " + std::to_string(f.games_requested) +
           " games; the figures cover the games played.</p>\n";
  }
  return out;
}

std::string ruleset_page(const Prepared& item, const std::map<std::string, std::string>& pages,
                         const ReportOptions& options) {
  const ReportRuleset& rs = item.entry->ruleset;
  const RunFigures& f = item.figures;
  std::string b;
  b += "<p><a href=\"../index.html\">\xE2\x86\x90 All rulesets</a></p>\n";
  b += "<h1>" + h(rs.name) + "</h1>\n";
  b += "<p><code>" + h(rs.id) + "</code> \xC2\xB7 " + h(game_display_name(rs.game)) +
       " \xC2\xB7 status: <strong>" + h(rs.status) + "</strong>";
  if (const std::string meaning = status_meaning(rs.status); !meaning.empty())
    b += " (" + h(meaning) + ")";
  b += " \xC2\xB7 evidence: " + evidence_links_html(rs.evidence, options.evidence_pages, "../");
  if (!rs.extends.empty()) {
    const auto it = pages.find(rs.extends);
    b += " \xC2\xB7 extends ";
    b += it == pages.end() ? "<code>" + h(rs.extends) + "</code>"
                           : "<a href=\"" + h(fs::path(it->second).filename().string()) + "\">" +
                                 h(rs.extends) + "</a>";
  }
  b += "</p>\n";
  if (!rs.summary.empty()) b += "<p>" + h(rs.summary) + "</p>\n";

  b += "<h2 id=\"results\">Results</h2>\n" + run_facts(f, *item.entry);
  b += results_table(f).to_html();
  b += "<p class=\"note\">Rates are shares of finished games with Wilson 95% intervals; the "
       "advantage is in percentage "
       "points with Tango's score interval";
  if (std::isfinite(f.advantage_p)) {
    b += " (test of no advantage: p " +
         h(f.advantage_p < 0.0001 ? "< 0.0001" : "= " + format_number(f.advantage_p, 4)) + ")";
  }
  b += ".</p>\n";
  b += figure(outcome_chart(f), "Bars: share of finished games; whiskers: 95% intervals.");

  const std::string unit = f.match ? "match" : "game";
  b += "<h2 id=\"length\">" + h(f.match ? "Match length" : "Game length") + "</h2>\n" +
       length_table(f.length).to_html("Plies per " + unit + (f.match ? " (every round)" : ""));
  b += figure(length_chart(f),
              "Histogram of " + unit + " length in plies (one ply is one player's move).");

  b += std::string("<h2 id=\"endings\">How ") + (f.match ? "matches" : "games") + " ended</h2>\n" +
       completion_table(f).to_html("Completion") +
       ended_table(f.ended_by, f.match ? "match" : "game").to_html("By end condition");
  b += "<p class=\"note\">Unfinished games: " + h(rate_text(f.unfinished_rate, 2)) +
       " of all games.";
  if (f.relay_moves > 0) {
    b += " Relay chains cut at the bound on sowings per move: " + std::to_string(f.relay_moves) +
         " moves in " + std::to_string(f.relay_games) + " games.";
  }
  b += "</p>\n";
  b += "<h2 id=\"metrics\">Playability metrics</h2>\n" + metrics_table(f).to_html();
  b += "<p class=\"note\">Definitions and formulas: docs/metrics.md. Intervals are 95%: Wilson "
       "for shares, Student t for means, Tango's score interval for balance and snowball.";
  if (!f.metrics.kept)
    b += " This run was stored before the metrics were kept: only balance and drawishness.";
  b += "</p>\n";

  if (f.match) {
    const MatchFigures& m = *f.match;
    b += "<h2 id=\"matches\">Matches</h2>\n" +
         length_table(m.rounds.summary()).to_html("Rounds per match");
    b += figure(rounds_chart(m), "Histogram of the number of rounds a match lasted.");
    b += round_results_table(m).to_html("Rounds of every match");
    b += ended_table(m.round_ended_by, "round").to_html("How rounds ended");
    if (!m.handicap.empty()) {
      b += "<h2 id=\"handicap\">Handicap effects</h2>\n" + handicap_table(m.handicap).to_html();
      b += "<p class=\"note\">A round's handicap level: the holes P1 had in play minus P2's when "
           "it was dealt "
           "(holes left unfilled by the previous round's loser are out of play). Rates are shares "
           "of the finished "
           "rounds at that level, which the matches themselves reached.</p>\n";
      b += figure(handicap_chart(m),
                  "Points: share of finished rounds each player won at that level; whiskers: 95% "
                  "intervals.");
    }
    if (!m.states.empty()) {
      b += handicap_state_table(m.states).to_html("Rounds by their whole handicap state");
      b += "<p class=\"note\">The same rounds by the whole state they were dealt with: each row's "
           "holes in play and "
           "the perks the settlement gave (the 1-4 tribute, a bha, the perks of the previous "
           "round's winner).</p>\n";
    }
  }

  b += "<h2 id=\"cite\">How to cite</h2>\n<p>The reconstruction: " +
       h(reconstruction_citation(rs.id, rs.name, rs.status, rs.rules_hash, rs.evidence)) +
       "</p>\n<p>This run: " +
       h(run_citation(rs.id, f.rules_hash, f.engine_version, f.seed, f.agent,
                      static_cast<std::int64_t>(f.games_requested), item.entry->stored_as)) +
       "</p>\n";
  b += "<h2 id=\"rules\">Rules and their provenance</h2>\n<p class=\"note\">Every rule key of the "
       "resolved ruleset: the evidence "
       "phrase it implements, the assumption it makes, or the vocabulary's default.</p>\n";
  for (const auto& [begin, end] : rule_groups(rs.rules))
    b += rules_table(rs.rules, begin, end).to_html(rs.rules[begin].group);
  return report_page(rs.name + " \xE2\x80\x94 " + options.title, b);
}

std::string common_settings(const std::vector<Prepared>& items) {
  const RunFigures& first = items.front().figures;
  bool same = true;
  for (const Prepared& item : items) {
    const RunFigures& f = item.figures;
    same = same && f.agent == first.agent && f.seed == first.seed &&
           f.games_requested == first.games_requested;
  }
  if (!same) return "Runs with different settings (see each ruleset's page).";
  return std::to_string(first.games_requested) + " games per ruleset, " + agents_text(first.agent) +
         ", seed " + std::to_string(first.seed) + ", engine " + first.engine_version + ".";
}

constexpr std::string_view kCompletionNote =
    "Ended by own rule: the share of games (matches) ended by the game's own rule, the ending the "
    "evidence gives; the rest were ended by a stopping rule of the reconstruction (no-progress "
    "turns, a stop after a number of rounds) or cut off at the safety bound. \xE2\x9A\xA0 marks "
    "the rulesets whose own rule ended fewer than half: their figures rest mostly on the "
    "reconstruction's stopping rules. Each ruleset's page gives the three classes and the "
    "playability metrics (docs/metrics.md).";

std::string index_page(const std::vector<Prepared>& items,
                       const std::vector<std::string>& page_paths, const ReportOptions& options) {
  std::string b = "<h1>" + h(options.title) + "</h1>\n";
  b += "<p>" + h(common_settings(items)) +
       " One row per ruleset, grouped by game; each ruleset's page gives its "
       "rules with their provenance, its game-length distribution and how its games ended.</p>\n";
  b += "<p class=\"note\">P1 moves first. Rates are shares of finished games with Wilson 95% "
       "intervals [low, high]; "
       "the first-player advantage is P(P1 wins) minus P(P2 wins) in percentage points with "
       "Tango's score interval. "
       "Mean plies: mean game length (a ply is one player's move). Unfinished: share of games "
       "stopped by the safety "
       "bound on their length. Status: observed (rules as played and recorded), described (as a "
       "source describes them), reconstructed (a "
       "reading that fills gaps the evidence leaves).</p>\n";
  if (!options.command.empty())
    b += "<p class=\"note\">Made by <code>" + h(options.command) + "</code></p>\n";
  b += "<p>Data: <a href=\"report.md\">report.md</a> \xC2\xB7 <a href=\"runs.csv\">runs.csv</a> "
       "(tidy: one row per "
       "ruleset and statistic) \xC2\xB7 <a href=\"runs.json\">runs.json</a> (every run as "
       "JSON).</p>\n";
  std::vector<std::size_t> order;
  std::vector<GroupStart> groups;
  for (const auto& [game, rows] : group_by_game(items)) {
    groups.push_back({order.size(), game, game_display_name(game)});
    order.insert(order.end(), rows.begin(), rows.end());
  }
  std::vector<std::string> hrefs;
  for (std::size_t i : order) hrefs.push_back(page_paths[i]);
  b += "<h2 id=\"rulesets\">Rulesets by game</h2>\n" +
       linked_table_html(index_table(items, order), hrefs, groups, marked_rows(items, order)) +
       "<p class=\"note\">" + h(kCompletionNote) + "</p>\n";
  b += "<h2 id=\"comparison\">Comparison</h2>\n";
  b += figure(overview_chart(items), "Bars: share of finished games; whiskers: 95% intervals.");
  b += figure(advantage_chart(items),
              "Bars: first-player advantage; whiskers: 95% intervals. Zero: no advantage.");
  b += options.evidence_section;
  return report_page(options.title, b);
}

// ---- Markdown -------------------------------------------------------------------------------

std::string markdown(const std::vector<Prepared>& items, const std::vector<std::string>& page_paths,
                     const ReportOptions& options) {
  std::string md = "# " + options.title + "\n\n" + common_settings(items) +
                   " P1 moves first. Rates are shares of finished games with Wilson 95% intervals "
                   "[low, high]; the "
                   "first-player advantage is P(P1 wins) minus P(P2 wins) in percentage points "
                   "with Tango's score "
                   "interval. Charts: index.html and the pages under rulesets/.\n\n";
  if (!options.command.empty()) md += "Made by `" + options.command + "`\n\n";
  for (const auto& [game, rows] : group_by_game(items)) {
    md += "## " + game_display_name(game) + "\n\n" + index_table(items, rows).to_markdown() + "\n";
  }
  md += std::string(kCompletionNote) + "\n\n";
  for (std::size_t i = 0; i < items.size(); ++i) {
    const ReportRuleset& rs = items[i].entry->ruleset;
    const RunFigures& f = items[i].figures;
    md += "## " + rs.name + "\n\n`" + rs.id + "` (" + page_paths[i] + "), status: " + rs.status +
          ", evidence: " + (rs.evidence.empty() ? std::string("none") : join(rs.evidence, ", ")) +
          (rs.extends.empty() ? "" : ", extends `" + rs.extends + "`") + ", rules hash `" +
          rs.rules_hash + "`\n\n";
    if (!rs.summary.empty()) md += rs.summary + "\n\n";
    md += games_text(f) + " games, " + agents_text(f.agent) + ", seed " + std::to_string(f.seed) +
          ", engine " + f.engine_version +
          (items[i].entry->stored_as
               ? ", stored in the archive as run " + std::to_string(*items[i].entry->stored_as)
               : std::string()) +
          ".\n\n";
    md += results_table(f).to_markdown() +
          (f.match ? "\nPlies per match (every round):\n\n" : "\nPlies per game:\n\n") +
          length_table(f.length).to_markdown() + "\n" + completion_table(f).to_markdown() + "\n" +
          ended_table(f.ended_by, f.match ? "match" : "game").to_markdown() + "\n" +
          "Playability metrics (docs/metrics.md):\n\n" + metrics_table(f).to_markdown() + "\n";
    if (f.match) {
      const MatchFigures& m = *f.match;
      md += "Rounds per match:\n\n" + length_table(m.rounds.summary()).to_markdown() + "\n";
      md += round_results_table(m).to_markdown() + "\n" +
            ended_table(m.round_ended_by, "round").to_markdown() + "\n";
      if (!m.handicap.empty())
        md += "Handicap effects:\n\n" + handicap_table(m.handicap).to_markdown() + "\n";
      if (!m.states.empty())
        md += "Rounds by their whole handicap state:\n\n" +
              handicap_state_table(m.states).to_markdown() + "\n";
    }
    md += "Rules and their provenance:\n\n";
    Table rules({{"Group", Align::kLeft},
                 {"Rule", Align::kLeft},
                 {"Value", Align::kLeft},
                 {"Provenance", Align::kLeft}});
    for (const ReportRule& rule : rs.rules)
      rules.add_row({rule.group, rule.key, rule.value, provenance_text(rule)});
    md += rules.to_markdown() + "\n";
  }
  return md;
}

}  // namespace

std::string game_display_name(std::string_view game) {
  std::string out;
  bool start = true;
  for (char c : game) {
    if (c == '_' || c == '-') {
      out += ' ';
      start = true;
    } else {
      out += start && c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
      start = false;
    }
  }
  return out;
}

std::string ruleset_page_path(std::string_view ruleset_id) {
  std::string name;
  for (char c : ruleset_id) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                       c == '_' || c == '-';
    name += c == '/' ? '.' : plain ? c : '_';
  }
  return "rulesets/" + name + ".html";
}

std::vector<TidyStatistic> tidy_statistics(const json& run) {
  const RunFigures f = read_run(run);
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
    for (const HandicapLevel& hl : mf.handicap) {
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
    const RunFigures f = read_run(*item.run);
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

ReportFile* find_report_file(std::vector<ReportFile>& files, std::string_view path) {
  for (ReportFile& f : files) {
    if (f.path == path) return &f;
  }
  return nullptr;
}

void insert_before_body_end(ReportFile& file, const std::string& html, const std::string& what) {
  const std::size_t at = file.content.rfind("</body>");
  if (at == std::string::npos)
    throw Error(where("report", file.path, "no </body> to add " + what + " before"));
  file.content.insert(at, html);
}

std::vector<ReportFile> render_report(const std::vector<ReportEntry>& entries,
                                      const ReportOptions& options) {
  if (entries.empty()) throw Error("report: no runs to report");
  std::vector<Prepared> items;
  std::map<std::string, std::string> pages;  // ruleset id -> page path
  std::vector<std::string> page_paths;
  std::set<std::string> paths;
  for (const ReportEntry& e : entries) {
    items.push_back({&e, read_run(e.run)});
    if (items.back().figures.ruleset != e.ruleset.id) {
      throw Error(where("report", e.ruleset.id,
                        "the run is of another ruleset (" + items.back().figures.ruleset + ")"));
    }
    const std::string path = ruleset_page_path(e.ruleset.id);
    if (!pages.emplace(e.ruleset.id, path).second || !paths.insert(path).second) {
      throw Error(where("report", e.ruleset.id, "given twice"));
    }
    page_paths.push_back(path);
  }

  std::vector<ReportFile> files;
  files.push_back({"index.html", index_page(items, page_paths, options)});
  for (std::size_t i = 0; i < items.size(); ++i)
    files.push_back({page_paths[i], ruleset_page(items[i], pages, options)});
  files.push_back({"report.md", markdown(items, page_paths, options)});

  std::vector<TidyRun> tidy;
  for (const Prepared& item : items)
    tidy.push_back({&item.entry->run, item.entry->stored_as, item.entry->ruleset.game});
  files.push_back({"runs.csv", tidy_csv(tidy)});
  json runs = json::array();
  for (const ReportEntry& e : entries) runs.push_back(e.run);
  files.push_back({"runs.json", runs.dump(2) + "\n"});
  files.push_back({std::string(ReportFolder::kMarkerFile), std::string(kMarkerText)});
  return files;
}

// ---- the folder -----------------------------------------------------------------------------

ReportFolder::ReportFolder(fs::path out) : out_(std::move(out)) {
  if (out_.filename().empty() && out_.has_parent_path())
    out_ = out_.parent_path();  // "reports/out/" -> "reports/out"
  const auto fail = [&](const std::string& reason) {
    throw Error(where(out_.string(), "", "cannot write the report here (" + reason + ")"));
  };
  std::error_code ec;
  // Renames need the folder's own name and its parent: "." and ".." become real names.
  place_ = fs::absolute(out_, ec).lexically_normal();
  if (ec) fail(ec.message());
  if (place_.filename().empty()) place_ = place_.parent_path();
  if (place_ == place_.root_path()) fail("it is the root folder");
  const fs::file_status status = fs::status(place_, ec);
  if (fs::exists(status)) {
    if (!fs::is_directory(status))
      throw Error(where(out_.string(), "", "exists and is not a folder"));
    const bool ours = fs::exists(place_ / kMarkerFile, ec);
    const bool empty = fs::is_empty(place_, ec);
    if (!ours && !empty) {
      throw Error(where(out_.string(), "",
                        "is a folder that is not a mancala report (no .mancala-report file in it): "
                        "choose another "
                        "folder or empty it"));
    }
  }
  const fs::path parent = place_.parent_path();
  fs::create_directories(parent, ec);
  if (ec) fail(ec.message());
  // The leftovers of killed reports go; a live report's folder is locked (common/file_write.h).
  files::remove_stale_temporaries(parent, place_.filename().string());
  tmp_ = files::temporary_beside(place_);
  if (!fs::create_directory(tmp_, ec) || ec) {
    tmp_.clear();
    fail((ec ? ec : std::make_error_code(std::errc::file_exists)).message());
  }
  lock_fd_ = ::open(tmp_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (lock_fd_ >= 0) ::flock(lock_fd_, LOCK_EX);
}

ReportFolder::~ReportFolder() {
  if (lock_fd_ >= 0) ::close(lock_fd_);
  if (committed_ || tmp_.empty()) return;
  std::error_code ec;
  fs::remove_all(tmp_, ec);
}

void ReportFolder::write(const std::string& path, std::string_view content) {
  if (committed_) throw Error(where(out_.string(), path, "the report is already in place"));
  const fs::path file = tmp_ / path;
  const auto fail = [&](const std::string& reason) {
    throw Error(where(out_.string(), path, "cannot write (" + reason + ")"));
  };
  std::error_code ec;
  fs::create_directories(file.parent_path(), ec);
  if (ec) fail(ec.message());
  std::ofstream stream(file, std::ios::binary | std::ios::trunc);
  if (!stream) fail(std::strerror(errno));
  stream.write(content.data(), static_cast<std::streamsize>(content.size()));
  stream.close();
  if (!stream) fail(std::strerror(errno));
}

void ReportFolder::commit() {
  if (committed_) return;
  if (!world::writer()) return;  // MPI: only rank 0 puts the report in place (common/world.h)
  const auto fail = [&](const std::string& reason) {
    throw Error(where(out_.string(), "", "cannot put the report in place (" + reason + ")"));
  };
  std::error_code ec;
  if (!fs::exists(place_, ec)) {
    fs::rename(tmp_, place_, ec);
    if (ec) fail(ec.message());
    committed_ = true;
    return;
  }
  // Swap the new folder with the previous report in one step; the old one is then at tmp_.
  if (::renameat2(AT_FDCWD, tmp_.c_str(), AT_FDCWD, place_.c_str(), RENAME_EXCHANGE) != 0) {
    if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP) fail(std::strerror(errno));
    // No exchange on this file system: move the old report aside, the new one in, the old one back
    // on failure.
    const fs::path old = tmp_.string() + ".old";
    fs::rename(place_, old, ec);
    if (ec) fail(ec.message());
    fs::rename(tmp_, place_, ec);
    if (ec) {
      std::error_code ignored;
      fs::rename(old, place_, ignored);
      fail(ec.message());
    }
    fs::remove_all(old, ec);
    committed_ = true;
    return;
  }
  committed_ = true;
  fs::remove_all(tmp_, ec);  // the previous report; failing to delete it loses nothing new
}

void write_report(const std::vector<ReportEntry>& entries, ReportFolder& folder,
                  const ReportOptions& options) {
  for (const ReportFile& file : render_report(entries, options))
    folder.write(file.path, file.content);
  folder.commit();
}

void write_report(const std::vector<ReportEntry>& entries, const fs::path& out,
                  const ReportOptions& options) {
  ReportFolder folder(out);
  write_report(entries, folder, options);
}

}  // namespace mancala::reports
