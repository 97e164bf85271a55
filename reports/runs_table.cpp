#include "reports/runs_table.h"

#include <algorithm>
#include <iomanip>
#include <sstream>

#include "analysis/run_figures.h"
#include "analysis/stability.h"
#include "common/text.h"
#include "reports/report.h"
#include "simulator/seat_words.h"

namespace mancala::reports {

using nlohmann::json;

std::string fixed_point(double x, int digits) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(digits) << x;
  return out.str();
}

std::string percent_of(const json& x) {
  return x.is_number() ? fixed_point(100 * x.get<double>(), 1) + "%" : "-";
}

namespace {

std::string rate_cell(const json& rate) {
  if (!rate["value"].is_number()) return "-";
  return percent_of(rate["value"]) + " [" + fixed_point(100 * rate["ci95"][0].get<double>(), 1) +
         ", " + fixed_point(100 * rate["ci95"][1].get<double>(), 1) + "]";
}

// A difference of two proportions in percentage points, as every table shows the first-player
// advantage: "+9.3 pp [+5.0, +13.6]".
std::string points_cell(const json& value) {
  if (!value["value"].is_number()) return "-";
  const auto sign = [](double x) {
    const std::string text = fixed_point(100 * x, 1);
    return (text[0] == '-' || text == "0.0" ? "" : "+") + (text == "-0.0" ? "0.0" : text);
  };
  return sign(value["value"].get<double>()) + " pp [" + sign(value["ci95"][0].get<double>()) +
         ", " + sign(value["ci95"][1].get<double>()) + "]";
}

std::string number_cell(const json& x, int digits) {
  return x.is_number() ? fixed_point(x.get<double>(), digits) : "-";
}

// Columns separated by two spaces, each aligned as `align` says: 'l' left, 'r' right.

// The report's runs.csv rows (tidy_csv); run_id is empty: the runs are printed before they are
// stored.
void print_csv(std::ostream& out, const std::vector<json>& runs) {
  std::vector<TidyRun> tidy;
  for (const json& run : runs)
    tidy.push_back({&run, std::nullopt, game_of_ruleset(run["ruleset"].get<std::string>())});
  out << tidy_csv(tidy);
}

}  // namespace

std::string advantage_cell(const json& run) {
  return run.contains("first_player_advantage") ? points_cell(run["first_player_advantage"]) : "-";
}

std::string text_rule_footer(bool marked) {
  return marked ? "! under half of the games (of a match: of its rounds) ended by the text's rule "
                  "(the source's or the paraphrase's): the figures rest on assumed endings, the "
                  "reconstruction's stopping rules or the safety bound\n"
                : "";
}

std::string text_rule_cell(const json& run) {
  if (!run.contains("completion")) return "-";  // stored before completion was written
  analysis::RunFigures f;
  try {
    f = analysis::run_figures(run);
  } catch (const std::exception&) {
    return "?";  // counts that do not add up: 'runs show' names the problem
  }
  if (f.games == 0) return "-";
  const auto pct = [](double x) { return fixed_point(100 * x, 1); };
  const analysis::Rate& text = f.completion.text;
  std::string cell = pct(text.value) + "% [" + pct(text.low) + ", " + pct(text.high) + "]" +
                     (f.text_minority() ? " !" : "") + "; source " +
                     pct(f.completion.share_of(sim::Completion::kSourceRule).value) + "%";
  if (f.match && f.match->rounds_recorded > 0) {
    cell += "; rounds " + pct(f.match->round_text.value) + "%" +
            (f.match->round_text_minority() ? " !" : "");
  }
  return cell;
}

std::string advantage_column(const std::vector<std::pair<std::string, std::string>>& runs) {
  const auto simultaneous = std::count_if(runs.begin(), runs.end(),
                                          [](const auto& r) { return r.second == "simultaneous"; });
  return sim::seat_words_for(static_cast<std::size_t>(simultaneous), runs.size()).column +
         " [95% CI]";
}

std::string seats_footer(const std::vector<std::pair<std::string, std::string>>& runs) {
  // Where the column says "P1 advantage" (some runs have a first player), the line says what it
  // is for the ruleset; where it says "seat advantage", it already does.
  const bool column_says = advantage_column(runs).starts_with("seat");
  std::string out;
  std::vector<std::string> said;
  for (const auto& [ruleset, seats] : runs) {
    if (seats != "simultaneous" || std::find(said.begin(), said.end(), ruleset) != said.end())
      continue;
    said.push_back(ruleset);
    out += printable_line(ruleset) +
           ": every turn is simultaneous, so nobody moves first: P1 and P2 are seat 1 and seat 2" +
           (column_says ? std::string()
                        : ", and the P1 advantage is the " + sim::seat_words_for(true).advantage) +
           "\n";
  }
  return out;
}

namespace {

void print_runs_table(std::ostream& out, const std::vector<json>& runs) {
  std::vector<std::pair<std::string, std::string>> seats;
  for (const json& run : runs)
    seats.emplace_back(run["ruleset"].get<std::string>(), run.value("seats", ""));
  std::vector<std::vector<std::string>> rows = {
      {"ruleset", "games", "P1 wins", "P2 wins", "draws", "unfinished", "P1 win rate [95% CI]",
       advantage_column(seats), "text's rule [95% CI]", "plies mean", "median"}};
  // With --stability (runs that carry the verdict), a last column: the advantage's verdict.
  const bool checked = std::any_of(runs.begin(), runs.end(),
                                   [](const json& run) { return run.contains("stability"); });
  if (checked) rows.front().push_back("stability");
  bool marked = false;
  for (const json& run : runs) {
    const std::string text_rule = text_rule_cell(run);
    marked = marked || text_rule.find('!') != std::string::npos;
    rows.push_back({run["ruleset"].get<std::string>(),
                    std::to_string(run["games"].get<uint64_t>()) +
                        (run["partial"].get<bool>() ? " (partial)" : ""),
                    std::to_string(run["wins"][0].get<uint64_t>()),
                    std::to_string(run["wins"][1].get<uint64_t>()),
                    std::to_string(run["draws"].get<uint64_t>()),
                    std::to_string(run["unfinished"].get<uint64_t>()),
                    rate_cell(run["first_player_win_rate"]), advantage_cell(run), text_rule,
                    number_cell(run["plies"]["mean"], 1), number_cell(run["plies"]["median"], 1)});
    if (checked) {
      const std::string ruleset = run["ruleset"].get<std::string>();
      rows.back().push_back(analysis::stability_summary(analysis::stored_stability(run, ruleset)));
    }
  }
  print_table(out, checked ? "lrrrrrrrrrrl" : "lrrrrrrrrrr", rows);
  out << text_rule_footer(marked);
  out << seats_footer(seats);
}

// The JSON document of a set of runs: the run itself when there is one, else an object with the

// shared seed, agent and games and the runs in order.

json runs_document(const std::vector<json>& runs) {
  if (runs.size() == 1) return runs.front();
  bool partial = false;
  for (const json& run : runs) partial = partial || run["partial"].get<bool>();
  return {{"seed", runs.front()["seed"]},
          {"agent", runs.front()["agent"]},
          {"agents", runs.front()["agents"]},
          {"games", runs.front()["games_requested"]},
          {"partial", partial},
          {"runs", runs}};
}

}  // namespace

void print_table(std::ostream& out, const std::string& align,
                 const std::vector<std::vector<std::string>>& given) {
  // A cell safe to print (issue 41): a ruleset id made from a file name may hold an escape.
  std::vector<std::vector<std::string>> rows;
  for (const auto& row : given) {
    rows.emplace_back();
    for (const std::string& cell : row) rows.back().push_back(printable_line(cell));
  }
  std::vector<size_t> width;
  for (const auto& row : rows) {
    width.resize(std::max(width.size(), row.size()));
    for (size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
  }
  for (const auto& row : rows) {
    std::string line;
    for (size_t c = 0; c < row.size(); ++c) {
      const std::string pad(width[c] - row[c].size(), ' ');
      line += (c == 0 ? "" : "  ") + (align[c] == 'l' ? row[c] + pad : pad + row[c]);
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out << line << "\n";
  }
}

void print_runs(std::ostream& out, const std::string& format, const std::vector<json>& runs) {
  if (runs.empty()) return;
  if (format == "json") {
    out << runs_document(runs).dump(2) << "\n";
  } else if (format == "csv") {
    print_csv(out, runs);
  } else {
    print_runs_table(out, runs);
  }
}

}  // namespace mancala::reports
