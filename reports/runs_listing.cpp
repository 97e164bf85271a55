#include "reports/runs_listing.h"

#include "analysis/run_figures.h"
#include "analysis/stability.h"
#include "reports/evidence_pages.h"
#include "reports/report.h"
#include "reports/runs_table.h"

namespace mancala::reports {

using nlohmann::json;

namespace {

// The fields of a stored run both listings show.
json run_fields(const archive::RunRecord& r) {
  return {{"id", r.id},
          {"ruleset", r.ruleset},
          {"rules_hash", r.rules_hash},
          {"engine_version", r.engine_version},
          {"agent", r.agent},
          {"seed", r.seed},
          {"games", r.games},
          {"partial", r.partial}};
}

// The games a partial run's statistics cover (its first K), none for a complete run.
std::optional<int64_t> partial_games(const archive::RunRecord& r, const json& stats) {
  if (!r.partial || !stats.contains("games") || !stats["games"].is_number_integer())
    return std::nullopt;
  return stats["games"].get<int64_t>();
}

// A stored run's stability verdict (docs/terms.md), nullopt when its statistics do not read.
std::optional<analysis::Stability> record_stability(const archive::RunRecord& r) {
  try {
    return analysis::stored_stability(json::parse(r.stats_json), r.ruleset);
  } catch (const std::exception&) {
    return std::nullopt;  // a listing shows what it can; 'runs show' names the problem
  }
}

}  // namespace

json run_records_json(const std::vector<archive::RunRecord>& records) {
  json all = json::array();
  for (const auto& r : records) {
    all.push_back(run_fields(r));
    all.back()["created_at"] = r.created_at;
    const std::optional<analysis::Stability> s = record_stability(r);
    all.back()["stability"] = s ? json(s->verdict) : json(nullptr);
    all.back()["rests_on_stops"] = s ? json(s->rests_on_stops) : json(nullptr);
    // The headline figures a listing shows: the advantage and how games ended.
    all.back()["first_player_advantage"] = nullptr;
    // The share ended by the text's rule (docs/terms.md, "Endings") and by the source's rule
    // alone, as fractions with their intervals; a run stored with the old "own_rule" is read into
    // the classes (sim::run_stats_from_json).
    all.back()["text_rule"] = nullptr;
    all.back()["source_rule"] = nullptr;
    try {
      const json stats = json::parse(r.stats_json);
      if (stats.contains("first_player_advantage"))
        all.back()["first_player_advantage"] = stats["first_player_advantage"];
      if (stats.contains("completion")) {
        const analysis::RunFigures f = analysis::run_figures(stats);
        const auto rate = [](const analysis::Rate& e, std::uint64_t games) {
          return json{{"games", games}, {"value", e.value}, {"ci95", {e.low, e.high}}};
        };
        all.back()["text_rule"] = rate(f.completion.text, f.completion.text_games);
        all.back()["source_rule"] = rate(f.completion.share_of(sim::Completion::kSourceRule),
                                         f.completion.of(sim::Completion::kSourceRule));
      }
    } catch (const std::exception&) {
      // a listing shows what it can; 'runs show' names the problem
    }
  }
  return all;
}

void print_run_records(std::ostream& out, const std::vector<archive::RunRecord>& records) {
  // Each run's seats, for the advantage's column and the lines under the table.
  std::vector<std::pair<std::string, std::string>> seats;
  for (const auto& r : records) {
    const json stats = json::parse(r.stats_json, nullptr, false);
    const bool named = stats.is_object() && stats.contains("seats") && stats["seats"].is_string();
    seats.emplace_back(r.ruleset, named ? stats["seats"].get<std::string>() : std::string());
  }
  std::vector<std::vector<std::string>> rows = {{"id", "created", "ruleset", "agent", "seed",
                                                 "games", "P1 win rate", advantage_column(seats),
                                                 "text's rule [95% CI]", "stability"}};
  bool marked = false;
  for (const auto& r : records) {
    std::string rate = "-", advantage = "-", own_rule = "-";
    std::string games = std::to_string(r.games);
    try {
      const json stats = json::parse(r.stats_json);
      rate = percent_of(stats["first_player_win_rate"]["value"]);
      advantage = advantage_cell(stats);
      own_rule = text_rule_cell(stats);
      marked = marked || own_rule.find('!') != std::string::npos;
      // A partial run counts the games played before it was stopped, of those asked for.
      if (r.partial)
        games = std::to_string(stats["games"].get<uint64_t>()) + " of " + games + " (partial)";
    } catch (const json::exception&) {
      rate = advantage = own_rule = "?";  // a listing shows what it can; 'runs show' says why
      if (r.partial) games += " (partial)";
    }
    rows.push_back({std::to_string(r.id), r.created_at, r.ruleset, r.agent, std::to_string(r.seed),
                    games, rate, advantage, own_rule,
                    record_stability(r) ? analysis::stability_summary(*record_stability(r)) : "?"});
  }
  print_table(out, "rlllrrrrrl", rows);
  out << text_rule_footer(marked) << seats_footer(seats);
}

std::string run_record_citation(const archive::RunRecord& r, const json& stats) {
  return run_citation(r.ruleset, r.rules_hash, r.engine_version, r.seed, r.agent, r.games, r.id,
                      partial_games(r, stats));
}

json run_record_json(const archive::RunRecord& record, const json& stats) {
  json j = run_fields(record);
  j["created_at"] = record.created_at;
  j["citation"] = run_record_citation(record, stats);
  j["stats"] = stats;
  return j;
}

void print_run_record(std::ostream& out, const archive::RunRecord& record, const json& stats) {
  const std::optional<int64_t> played = partial_games(record, stats);
  out << "run " << record.id << ": " << record.ruleset << ", " << record.agent << " agent, seed "
      << record.seed << ", "
      << (played
              ? std::to_string(*played) + " of " + std::to_string(record.games) + " games (partial)"
              : std::to_string(record.games) + " games" + (record.partial ? " (partial)" : ""))
      << ", " << record.created_at << "\n"
      << "rules hash " << record.rules_hash << ", engine " << record.engine_version << "\n"
      << "cite as: " << run_record_citation(record, stats) << "\n\n";
  std::vector<std::vector<std::string>> rows = {{"statistic", "value", "95% CI"}};
  for (const TidyStatistic& row : tidy_statistics(stats)) {
    const std::string value = row.value.is_null() ? "-"
                              : row.value.is_number_integer()
                                  ? row.value.dump()
                                  : fixed_point(row.value.get<double>(), 4);
    const std::string ci = row.ci_low.is_number() && row.ci_high.is_number()
                               ? "[" + fixed_point(row.ci_low.get<double>(), 4) + ", " +
                                     fixed_point(row.ci_high.get<double>(), 4) + "]"
                               : "";
    std::string facets;  // what the statistic is broken down by (runs.csv's columns)
    for (const auto& [name, facet] :
         {std::pair<const char*, const std::string&>{"round", row.round},
          {"level", row.level},
          {"state", row.state},
          {"holes_p1", row.holes_p1},
          {"holes_p2", row.holes_p2},
          {"tribute_to", row.tribute_to},
          {"bha", row.bha},
          {"favoured", row.favoured},
          {"player", row.player}}) {
      if (!facet.empty()) facets += (facets.empty() ? "" : ", ") + std::string(name) + " " + facet;
    }
    rows.push_back({row.statistic + (facets.empty() ? "" : " (" + facets + ")"), value, ci});
  }
  print_table(out, "lrl", rows);
}

json speed_json(const std::vector<analysis::SpeedMeasurement>& measurements) {
  json results = json::array();
  for (const analysis::SpeedMeasurement& m : measurements) {
    results.push_back({{"ruleset", m.ruleset},
                       {"threads", m.threads},
                       {"games", m.games},
                       {"seconds", m.seconds},
                       {"games_per_second", static_cast<double>(m.games) / m.seconds},
                       {"plies_per_second", m.plies / m.seconds},
                       {"ns_per_ply", m.seconds * 1e9 / m.plies},
                       {"speedup", m.speedup}});
  }
  return results;
}

void print_speed(std::ostream& out, const std::vector<analysis::SpeedMeasurement>& measurements) {
  std::vector<std::vector<std::string>> rows = {
      {"ruleset", "threads", "games", "seconds", "games/s", "plies/s", "ns/ply", "speedup"}};
  for (const analysis::SpeedMeasurement& m : measurements) {
    rows.push_back({m.ruleset, std::to_string(m.threads), std::to_string(m.games),
                    fixed_point(m.seconds, 3),
                    fixed_point(static_cast<double>(m.games) / m.seconds, 0),
                    fixed_point(m.plies / m.seconds, 0), fixed_point(m.seconds * 1e9 / m.plies, 1),
                    fixed_point(m.speedup, 2) + "x"});
  }
  print_table(out, "lrrrrrrr", rows);
}

}  // namespace mancala::reports
