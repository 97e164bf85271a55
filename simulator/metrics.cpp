#include "simulator/metrics.h"

namespace mancala::sim {
namespace {

int winner_of(const GameResult& g, int round) { return g.round[static_cast<size_t>(round)].winner; }
const RoundPlay& play_of(const GameResult& g, int round) {
  return g.play[static_cast<size_t>(round)];
}

std::int64_t decisiveness(const GameResult& g, int round) {
  const int w = winner_of(g, round);
  const int after = play_of(g, round).majority_ply[static_cast<size_t>(w)];
  const int plies = g.round[static_cast<size_t>(round)].plies;
  if (after == RoundPlay::kNever || after >= plies) return 0;
  return static_cast<std::int64_t>(1000) * (plies - after) / plies;
}
std::int64_t lead_changes(const GameResult& g, int round) { return play_of(g, round).lead_changes; }
std::int64_t drama(const GameResult& g, int round) {
  return play_of(g, round).deficit_of(winner_of(g, round));
}
std::int64_t stability(const GameResult& g, int round) { return play_of(g, round).stability; }
stats::Estimate balance(std::uint64_t wins1, std::uint64_t wins2, std::uint64_t draws) {
  return stats::balance_estimate(wins1, wins2, draws);
}
stats::Estimate drawishness(std::uint64_t wins1, std::uint64_t wins2, std::uint64_t draws) {
  return stats::rate_estimate(draws, wins1 + wins2 + draws);
}

std::vector<MetricInfo> make_registry() {
  std::vector<MetricInfo> r;
  r.push_back({.key = "balance",
               .name = "balance",
               .what = "1 - |P1 win rate - P2 win rate|, finished {units}",
               .definition =
                   "1 \xE2\x88\x92 |W1/F \xE2\x88\x92 W2/F| = 1 \xE2\x88\x92 |first-player "
                   "advantage|: 1 when both seats win equally often",
               .interval = "1 minus the interval of |advantage| given by Tango's score interval "
                           "of the advantage (when that interval holds 0: [1 \xE2\x88\x92 "
                           "max(|low|, |high|), 1])",
               .interval_name = "Tango score",
               .kind = MetricKind::kOutcome,
               .format = MetricFormat::kShare,
               .decimals = 1,
               .outcome = balance});
  r.push_back({.key = "drawishness",
               .name = "drawishness",
               .what = "share of finished {units} drawn",
               .definition = "D / F: the share of finished games drawn",
               .interval = "Wilson",
               .interval_name = "Wilson",
               .kind = MetricKind::kOutcome,
               .format = MetricFormat::kShare,
               .decimals = 1,
               .outcome = drawishness});
  r.push_back(
      {.key = "decisiveness",
       .name = "decisiveness",
       .what = "mean share of a decided {unit}'s plies played after its winner held more than "
               "half of all counters",
       .definition =
           "the mean over decided units (won by a player) of (plies \xE2\x88\x92 k) / plies, where "
           "k is the ply after which the eventual winner first held more than half of all "
           "counters (`total_counters`); 0 when he never did, or when plies is 0. Each unit's "
           "share is kept in thousandths rounded down, so the mean is exact to 0.001",
       .interval = "Student t, clipped to [0, 1]",
       .interval_name = "Student t",
       .kind = MetricKind::kUnitMean,
       .format = MetricFormat::kShare,
       .decimals = 1,
       .scale = 0.001,
       .max_value = 1000,
       .decided_only = true,
       .unit_value = decisiveness});
  r.push_back({.key = "lead_changes",
               .name = "lead changes",
               .what = "mean times per {unit} the player ahead in counters held changed",
               .definition =
                   "the mean, over all units, of the number of times the sign of the lead flips "
                   "from one non-zero sign to the other (a tie in between does not count as a "
                   "change: + 0 \xE2\x88\x92 is one change, + 0 + none); the sign at the deal "
                   "counts as the first sign",
               .interval = "Student t, clipped at 0",
               .interval_name = "Student t",
               .kind = MetricKind::kUnitMean,
               .format = MetricFormat::kNumber,
               .decimals = 2,
               .unit_value = lead_changes});
  r.push_back({.key = "drama",
               .name = "drama",
               .what = "mean largest deficit (counters) the winner of a decided {unit} came back "
                       "from",
               .definition = "the mean, over decided units, of the winner's largest deficit: "
                             "max(0, \xE2\x88\x92min lead) for a P1 win, max(0, max lead) for a P2 "
                             "win, in counters",
               .interval = "Student t, clipped at 0",
               .interval_name = "Student t",
               .kind = MetricKind::kUnitMean,
               .format = MetricFormat::kNumber,
               .decimals = 2,
               .decided_only = true,
               .unit_value = drama});
  r.push_back(
      {.key = "stability",
       .name = "stability",
       .what = "mean standard deviation of the lead over a {unit}'s positions, as a share of all "
               "counters (low: a steady lead)",
       .definition =
           "after Ludii's Stability (the variance of each player's evaluation over a game): the "
           "mean, over all units, of the standard deviation of the lead over the unit's "
           "positions (after the deal and after every ply, each position once), divided by "
           "`total_counters`. Each unit's figure is kept in thousandths rounded down (computed "
           "exactly from the integer sums of the lead and of its square), so the mean is exact "
           "to 0.001. Low: the lead stays where it is; high: it swings, or runs away",
       .interval = "Student t, clipped to [0, 1]",
       .interval_name = "Student t",
       .kind = MetricKind::kUnitMean,
       .format = MetricFormat::kShare,
       .decimals = 1,
       .scale = 0.001,
       .max_value = 1000,
       .absent_in_older_runs = true,
       .unit_value = stability});
  r.push_back({.key = "snowball",
               .name = "snowball",
               .what = "P(win round r+1 | won round r) - P(win round r+1 | lost round r)",
               .definition =
                   "P(win round r+1 | won round r) \xE2\x88\x92 P(win round r+1 | lost round "
                   "r), over every pair of consecutive recorded rounds (r, r+1) of a match with "
                   "round r won by a player: (won_next \xE2\x88\x92 lost_next) / pairs, where "
                   "won_next counts pairs whose round r+1 the winner of r won again and "
                   "lost_next those the loser of r won. Positive: winning a round helps win the "
                   "next (the match snowballs); negative: the handicaps even it out",
               .interval = "Tango's score interval (the two outcomes are from the same pairs)",
               .interval_name = "Tango score",
               .kind = MetricKind::kRoundPairs,
               .format = MetricFormat::kPoints,
               .decimals = 1,
               .matches_only = true});
  return r;
}

}  // namespace

const std::vector<MetricInfo>& metric_registry() {
  static const std::vector<MetricInfo> registry = make_registry();
  return registry;
}

const MetricInfo* find_metric(std::string_view key) {
  for (const MetricInfo& m : metric_registry())
    if (m.key == key) return &m;
  return nullptr;
}

const std::vector<const MetricInfo*>& unit_metrics() {
  static const std::vector<const MetricInfo*> units = [] {
    std::vector<const MetricInfo*> out;
    for (const MetricInfo& m : metric_registry())
      if (m.kind == MetricKind::kUnitMean) out.push_back(&m);
    return out;
  }();
  return units;
}

int unit_metric_index(std::string_view key) {
  const std::vector<const MetricInfo*>& units = unit_metrics();
  for (std::size_t i = 0; i < units.size(); ++i)
    if (units[i]->key == key) return static_cast<int>(i);
  return -1;
}

std::string metric_what(const MetricInfo& m, bool match) {
  std::string text = m.what;
  for (const auto& [from, to] :
       {std::pair<std::string, std::string>{"{units}", match ? "matches" : "games"},
        std::pair<std::string, std::string>{"{unit}", match ? "round" : "game"}}) {
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at))
      text.replace(at, from.size(), to);
  }
  return text;
}

std::string metrics_doc_table() {
  const auto cell = [](const std::string& text) {
    std::string out;
    for (char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
    return out;
  };
  std::string out = "| Key | Definition | Interval |\n|---|---|---|\n";
  for (const MetricInfo& m : metric_registry()) {
    out += "| `" + m.key + "`" + (m.matches_only ? " (matches)" : "") + " | " + cell(m.definition) +
           " | " + cell(m.interval) + " |\n";
  }
  return out;
}

}  // namespace mancala::sim
