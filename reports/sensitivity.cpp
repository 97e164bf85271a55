#include "reports/sensitivity.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "common/error.h"
#include "reports/html.h"
#include "reports/table.h"

namespace mancala::reports {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double number_or_nan(const nlohmann::json& value) {
  return value.is_number() ? value.get<double>() : kNaN;
}

Cell percent_cell(double fraction) {
  return std::isfinite(fraction) ? Cell::percent(fraction, 1) : Cell("n/a");
}

Cell number_cell(double value) {
  return std::isfinite(value) ? Cell::number(value, 1) : Cell("n/a");
}

std::string points(double fraction) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", 100.0 * fraction);
  return text;
}

bool has_rounds(const std::vector<SensitivityRun>& runs) {
  return std::any_of(runs.begin(), runs.end(), [](const SensitivityRun& r) {
    return std::isfinite(sensitivity_figures(r.run).rounds_mean);
  });
}

Table sensitivity_table(const std::vector<SensitivityRun>& runs) {
  const bool rounds = has_rounds(runs);
  std::vector<Column> columns = {{"threshold", Align::kLeft},     {"setting", Align::kLeft},
                                 {"value", Align::kRight},        {"P1 wins", Align::kRight},
                                 {"P1 advantage", Align::kRight}, {"draws", Align::kRight},
                                 {"mean plies", Align::kRight}};
  if (rounds) columns.push_back({"mean rounds", Align::kRight});
  columns.push_back({"finished", Align::kRight});
  columns.push_back({"ended by no-progress or stop", Align::kRight});
  if (rounds) columns.push_back({"rounds ended by no-progress", Align::kRight});
  Table table(columns);
  for (const SensitivityRun& r : runs) {
    const SensitivityFigures f = sensitivity_figures(r.run);
    std::vector<Cell> row = {Cell(r.key.empty() ? std::string("(all as set)") : r.key),
                             Cell(r.setting),
                             r.key.empty() ? Cell("") : Cell::integer(r.value),
                             percent_cell(f.p1_win_rate),
                             std::isfinite(f.advantage)
                                 ? Cell((f.advantage >= 0 ? "+" : "") + points(f.advantage) + " pp")
                                 : Cell("n/a"),
                             percent_cell(f.draw_rate),
                             number_cell(f.plies_mean)};
    if (rounds) row.push_back(number_cell(f.rounds_mean));
    row.push_back(percent_cell(f.finished));
    row.push_back(percent_cell(f.no_progress_share));
    if (rounds) row.push_back(percent_cell(f.rounds_no_progress_share));
    table.add_row(std::move(row));
  }
  return table;
}

// One line per threshold: how far the first player's win rate moves when it is halved or doubled,
// against the half-width of the interval of the run as set.
std::vector<std::string> verdicts(const std::vector<SensitivityRun>& runs) {
  std::vector<std::string> lines;
  if (runs.empty()) return lines;
  const SensitivityFigures base = sensitivity_figures(runs.front().run);
  const double half_width = (base.p1_ci_high - base.p1_ci_low) / 2;
  for (std::size_t i = 1; i < runs.size(); ++i) {
    if (runs[i].key == runs[i - 1].key) continue;
    double shift = 0;
    double finished_shift = 0;
    for (std::size_t j = i; j < runs.size() && runs[j].key == runs[i].key; ++j) {
      const SensitivityFigures f = sensitivity_figures(runs[j].run);
      shift = std::max(shift, std::fabs(f.p1_win_rate - base.p1_win_rate));
      finished_shift = std::max(finished_shift, std::fabs(f.finished - base.finished));
    }
    const bool within = std::isfinite(shift) && std::isfinite(half_width) && shift <= half_width;
    lines.push_back(runs[i].key + ": the first player's win rate moves by at most " +
                    points(shift) + " points (95% interval of the run as set: ±" +
                    points(half_width) + "), the share finished by at most " +
                    points(finished_shift) + " points: " +
                    (within ? "within the noise, the figures do not rest on this threshold"
                            : "beyond the noise, the figures depend on this threshold"));
  }
  return lines;
}

}  // namespace

SensitivityFigures sensitivity_figures(const nlohmann::json& run) {
  SensitivityFigures f;
  f.rounds_mean = kNaN;
  f.rounds_no_progress_share = kNaN;
  for (const TidyStatistic& t : tidy_statistics(run)) {
    const double v = number_or_nan(t.value);
    if (t.statistic == "first_player_win_rate") {
      f.p1_win_rate = v;
      f.p1_ci_low = number_or_nan(t.ci_low);
      f.p1_ci_high = number_or_nan(t.ci_high);
    } else if (t.statistic == "first_player_advantage") {
      f.advantage = v;
    } else if (t.statistic == "draw_rate") {
      f.draw_rate = v;
    } else if (t.statistic == "plies_mean") {
      f.plies_mean = v;
    } else if (t.statistic == "rounds_mean") {
      f.rounds_mean = v;
    } else if (t.statistic == "unfinished_rate") {
      f.finished = 1 - v;
    } else if (t.statistic == "ended_by_no_progress_share") {
      f.no_progress_share = v;
    } else if (t.statistic == "round_ended_by_no_progress_share") {
      f.rounds_no_progress_share = v;
    }
  }
  return f;
}

std::string sensitivity_section_html(const std::vector<SensitivityRun>& runs, long long games) {
  if (runs.empty()) return {};
  std::string html =
      "<section id=\"sensitivity\">\n<h2>Sensitivity to the thresholds that end games</h2>\n"
      "<p>The main figures again with each threshold of the reconstruction that ends games "
      "halved and doubled (within its allowed range), " +
      std::to_string(games) +
      " games per run with the report's seed and agent: fewer games than above, so the row as set "
      "differs a little from the figures above; compare the rows with one another.</p>\n";
  html += sensitivity_table(runs).to_html();
  html += "<ul>\n";
  for (const std::string& line : verdicts(runs)) html += "<li>" + html_escape(line) + "</li>\n";
  html += "</ul>\n</section>\n";
  return html;
}

std::string sensitivity_section_markdown(const std::string& ruleset_id,
                                         const std::vector<SensitivityRun>& runs, long long games) {
  if (runs.empty()) return {};
  std::string md = "### Sensitivity: " + ruleset_id + " (" + std::to_string(games) +
                   " games per run)\n\n" + sensitivity_table(runs).to_markdown() + "\n";
  for (const std::string& line : verdicts(runs)) md += "- " + line + "\n";
  return md + "\n";
}

}  // namespace mancala::reports
