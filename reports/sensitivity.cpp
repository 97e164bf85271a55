#include "reports/sensitivity.h"

#include "reports/html.h"
#include "reports/report_format.h"

namespace mancala::reports {

Table sensitivity_table(const std::vector<SensitivityRun>& runs, const sim::SeatWords& seats) {
  const bool rounds = !runs.empty() && runs.front().figures.match.has_value();
  std::vector<Column> columns = {{"threshold", Align::kLeft},   {"setting", Align::kLeft},
                                 {"value", Align::kRight},      {"P1 wins", Align::kRight},
                                 {seats.column, Align::kRight}, {"draws", Align::kRight},
                                 {"mean plies", Align::kRight}};
  if (rounds) columns.push_back({"mean rounds", Align::kRight});
  // The three rules of the game together: a variant changes a stopping threshold, never the
  // standing of the game's rules (docs/terms.md, "Endings").
  columns.push_back({"ended by a rule of the game", Align::kRight});
  columns.push_back({"stopped by a stopping rule", Align::kRight});
  columns.push_back({"unfinished (safety bound)", Align::kRight});
  if (rounds) columns.push_back({"rounds ended by a rule of the game", Align::kRight});
  Table table(columns);
  for (const SensitivityRun& r : runs) {
    const analysis::RunFigures& f = r.figures;
    std::vector<Cell> row = {Cell(r.key.empty() ? std::string("(all as set)") : r.key),
                             Cell(r.setting),
                             r.key.empty() ? Cell("") : Cell::integer(r.value),
                             percent(f.p1.value),
                             advantage_text({f.advantage.value}),
                             percent(f.draw.value),
                             number_text(f.length.mean, 1)};
    if (rounds) row.push_back(number_text(f.match ? f.match->rounds_mean : analysis::kNaN, 1));
    row.push_back(percent(f.completion.rule.value));
    row.push_back(percent(f.completion.share_of(sim::Completion::kStoppingRule).value));
    row.push_back(percent(f.completion.share_of(sim::Completion::kSafetyBound).value));
    if (rounds) row.push_back(percent(f.match ? f.match->round_ended_by[0].share : analysis::kNaN));
    table.add_row(std::move(row));
  }
  return table;
}

std::string sensitivity_games_text(long long games, std::uint64_t main_games) {
  const std::string each = std::to_string(games) + " games each";
  const std::string above = std::to_string(main_games) + " above";
  const auto n = static_cast<std::uint64_t>(games);
  if (n == main_games) return each + ", as above, so the row as set repeats the figures above";
  return each + ", " + (n < main_games ? "fewer" : "more") + " than the " + above +
         ", so the row as set differs a little from the figures above; compare the rows with one "
         "another";
}

std::string sensitivity_section_html(const std::vector<SensitivityRun>& runs,
                                     const std::vector<SensitivityVerdict>& verdicts,
                                     long long games, std::uint64_t main_games,
                                     const sim::SeatWords& seats) {
  if (runs.empty()) return {};
  std::string html =
      "<section id=\"sensitivity\">\n<h2>Sensitivity to the thresholds that end games</h2>\n"
      "<p>The main figures again with each threshold of the reconstruction that ends games "
      "halved and doubled (within its allowed range), with the report's seed and agent: " +
      sensitivity_games_text(games, main_games) +
      ". Every run plays the same random numbers, so each change is measured game by game against "
      "the run as set (paired differences with 95% intervals).</p>\n";
  html += "<div class=\"wide\">\n" + sensitivity_table(runs, seats).to_html() + "</div>\n";
  html += "<ul>\n";
  for (const SensitivityVerdict& v : verdicts) html += "<li>" + html_escape(v.text) + "</li>\n";
  html += "</ul>\n</section>\n";
  return html;
}

std::string sensitivity_section_markdown(const std::string& ruleset_id,
                                         const std::vector<SensitivityRun>& runs,
                                         const std::vector<SensitivityVerdict>& verdicts,
                                         long long games, const sim::SeatWords& seats) {
  if (runs.empty()) return {};
  std::string md = "### Sensitivity: " + ruleset_id + " (" + std::to_string(games) +
                   " games per run)\n\n" + sensitivity_table(runs, seats).to_markdown() + "\n";
  for (const SensitivityVerdict& v : verdicts) md += "- " + markdown_escape(v.text, " ") + "\n";
  return md + "\n";
}

}  // namespace mancala::reports
