#include "reports/report_index.h"

#include <algorithm>
#include <map>

#include "reports/glossary.h"
#include "reports/html.h"
#include "reports/reconstruct_report.h"
#include "reports/report_tables.h"

namespace mancala::reports {
namespace {

using analysis::ReportModel;
using analysis::RulesetSection;

// The text of an HTML fragment without its tags.
std::string without_tags(std::string_view html) {
  std::string out;
  bool in_tag = false;
  for (char c : html) {
    if (c == '<') in_tag = true;
    if (!in_tag) out += c;
    if (c == '>') in_tag = false;
  }
  return out;
}

// A cell's lines ("\n" between them): the first as is, each further one on a smaller line.
std::string lines_html(const std::string& text) {
  std::string out;
  std::size_t start = 0;
  for (bool first = true;; first = false) {
    const std::size_t end = text.find('\n', start);
    const std::string line = text.substr(start, end == std::string::npos ? end : end - start);
    out += first ? h(line) : "<span class=\"sub\">" + h(line) + "</span>";
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return out;
}

bool has_family(const ReportModel& model) {
  return std::any_of(model.rulesets.begin(), model.rulesets.end(),
                     [](const RulesetSection& s) { return s.entry.ruleset.family; });
}

// The links of a seed game's row: its default reading's page, then the game's comparison, the
// default's skill ladder and the readings of its source, where the report has them.
std::string game_links(const ReportModel& model, std::size_t first, const std::string& page) {
  const std::string& game = model.rulesets[first].entry.ruleset.game;
  std::vector<std::string> links = {"<a href=\"" + h(page) + "\">ruleset</a>"};
  for (const analysis::GameComparison& g : model.comparisons)
    if (g.game == game)
      links.push_back("<a href=\"" + h(comparison_page_path(game)) + "\">comparison</a>");
  for (const analysis::GameLadder& l : model.ladders)
    if (l.ruleset == first)
      links.push_back("<a href=\"" + h(page) + "#skill-ladder\">skill ladder</a>");
  for (const analysis::GameReadings& r : model.readings)
    if (r.reconstruction.space.readings.game == game)
      links.push_back("<a href=\"" + h(readings_page_path(game)) + "\">readings</a>");
  return joined(links, " \xC2\xB7 ");
}

// One group of the family: its heading and its rows (indices into model.rulesets).
struct FamilyGroup {
  std::string label;
  std::vector<std::size_t> rows;
};

std::string region_of(const analysis::RulesetInfo& rs, const ReportOptions& options) {
  for (const std::string& id : rs.evidence) {
    const auto it = options.record_regions.find(id);
    if (it != options.record_regions.end() && !it->second.empty()) return it->second.front();
  }
  return "";
}

std::string groups_html(const ReportModel& model, const std::vector<FamilyGroup>& groups,
                        const std::vector<std::string>& page_paths, bool open) {
  std::string out;
  for (const FamilyGroup& g : groups) {
    std::vector<std::string> hrefs;
    std::vector<std::string> games;
    for (std::size_t i : g.rows) {
      hrefs.push_back(page_paths[i]);
      const std::string& game = model.rulesets[i].entry.ruleset.game;
      if (std::find(games.begin(), games.end(), game) == games.end()) games.push_back(game);
    }
    const std::size_t readings = g.rows.size();
    out += std::string("<details") + (open ? " open=\"open\"" : "") + ">\n<summary>" + h(g.label) +
           " (" + std::to_string(readings) + (readings == 1 ? " reading" : " readings") + " of " +
           std::to_string(games.size()) + (games.size() == 1 ? " game" : " games") +
           ")</summary>\n" +
           linked_table_html(index_table(model.rulesets, g.rows), hrefs, {},
                             marked_rows(model.rulesets, g.rows), "index family") +
           "</details>\n";
  }
  return out;
}

}  // namespace

std::string board_words(int rows_per_player, int holes_per_row) {
  const int rows = 2 * rows_per_player;
  return std::to_string(rows) + " rows of " + std::to_string(holes_per_row) +
         (holes_per_row == 1 ? " hole" : " holes");
}

void fill_contents(std::string& page) {
  const std::size_t at = page.find(kContentsMarker);
  if (at == std::string::npos) return;
  std::string items;
  for (std::size_t pos = page.find("<h2 id=\"", at); pos != std::string::npos;
       pos = page.find("<h2 id=\"", pos + 1)) {
    const std::size_t id_start = pos + 8;
    const std::size_t id_end = page.find('"', id_start);
    const std::size_t text_start = page.find('>', id_end) + 1;
    const std::size_t text_end = page.find("</h2>", text_start);
    if (id_end == std::string::npos || text_end == std::string::npos) break;
    // The heading's text is already escaped: it goes into the link as it is.
    items += "<li><a href=\"#" + page.substr(id_start, id_end - id_start) + "\">" +
             without_tags(page.substr(text_start, text_end - text_start)) + "</a></li>\n";
  }
  const std::string contents =
      items.empty() ? std::string()
                    : "<nav class=\"contents\" aria-label=\"Contents\">\n<p><strong>Contents"
                      "</strong></p>\n<ol>\n" +
                          items + "</ol>\n</nav>\n";
  page.replace(at, kContentsMarker.size(), contents);
}

std::string seed_games_section(const ReportModel& model, const std::vector<std::string>& page_paths,
                               const ReportOptions& options) {
  std::vector<std::size_t> order;
  std::vector<GroupStart> groups;
  std::string rows;
  bool control = false;
  for (const auto& [game, members] : group_by_game(model.rulesets)) {
    const std::size_t first = members.front();
    const RulesetSection& s = model.rulesets[first];
    if (s.entry.ruleset.family) continue;
    control = control || game == "kalah";
    const std::string name = game_name(options, game);
    groups.push_back({order.size(), game, name});
    order.insert(order.end(), members.begin(), members.end());
    const RunFigures& f = s.figures;
    rows += std::string(f.text_or_rounds_minority() ? "<tr class=\"marked\">" : "<tr>") +
            "<td><a href=\"" + h(page_paths[first]) + "\">" + h(name) + "</a></td><td>" +
            h(s.entry.ruleset.name) + "</td><td class=\"num\">" +
            lines_html(advantage_text(f.advantage, s.stability)) + "<span class=\"sub\">" +
            h(s.entry.ruleset.seats.advantage) + "</span></td><td class=\"num\">" +
            lines_html(completion_text(f)) + "</td><td>" +
            game_links(model, first, page_paths[first]) + "</td></tr>\n";
  }
  if (order.empty()) return "";
  std::vector<std::string> hrefs;
  for (std::size_t i : order) hrefs.push_back(page_paths[i]);
  const std::string title = control ? "The seed games and the control" : "The seed games";
  std::string b = "<h2 id=\"seed-games\">" + h(title) + "</h2>\n<p>" +
                  (control ? "The games of the curated sources, and Kalah, a modern game solved "
                             "for small boards, kept as a control: "
                           : "The games of the curated sources: ") +
                  "each game's default reading in one line (the advantage with its stability "
                  "verdict, and the share of games its text's rule ended), with its pages.</p>\n";
  b += "<table class=\"seeds\">\n<thead>\n<tr><th>Game</th><th>Default reading</th><th "
       "class=\"num\">Advantage</th><th class=\"num\">Ended by the text's rule</th><th>Pages</th>"
       "</tr>\n</thead>\n<tbody>\n" +
       rows + "</tbody>\n</table>\n";
  b += "<h2 id=\"rulesets\">" + h(has_family(model) ? "Rulesets of the seed games" : "Rulesets") +
       "</h2>\n<p class=\"note\">" + h(kCompletionNote) + " (" +
       glossary_link("text-rule", "the endings' terms", 0) + ")" +
       "</p>\n<p class=\"note narrow\">In a window this narrow the Status and Evidence columns "
       "are left out (each ruleset's page gives them); the table scrolls sideways.</p>\n" +
       linked_table_html(index_table(model.rulesets, order), hrefs, groups,
                         marked_rows(model.rulesets, order));
  return b;
}

std::string family_section(const ReportModel& model, const std::vector<std::string>& page_paths,
                           const ReportOptions& options) {
  std::map<std::string, std::vector<std::size_t>> by_region;
  std::map<std::pair<int, int>, std::vector<std::size_t>> by_board;
  std::vector<std::size_t> unplaced;
  std::size_t readings = 0;
  for (std::size_t i = 0; i < model.rulesets.size(); ++i) {
    const analysis::RulesetInfo& rs = model.rulesets[i].entry.ruleset;
    if (!rs.family) continue;
    ++readings;
    const std::string region = region_of(rs, options);
    (region.empty() ? unplaced : by_region[region]).push_back(i);
    by_board[{2 * rs.rows_per_player, rs.holes_per_row}].push_back(i);
  }
  if (readings == 0) return "";
  std::vector<FamilyGroup> regions, boards;
  for (auto& [region, rows] : by_region) regions.push_back({region, rows});
  if (!unplaced.empty()) regions.push_back({"Place not known", unplaced});
  for (auto& [board, rows] : by_board)
    boards.push_back({board_words(board.first / 2, board.second), rows});
  const bool open = std::none_of(model.rulesets.begin(), model.rulesets.end(),
                                 [](const RulesetSection& s) { return !s.entry.ruleset.family; });
  std::string b =
      "<h2 id=\"family\">The family: readings of the DLP's rules paraphrases</h2>\n<p>" +
      std::to_string(readings) + (readings == 1 ? " reading" : " readings") +
      " of the Digital Ludeme Project's rules paraphrases, each a game of the archive read "
      "from the DLP's words (its status says how: described where the reading follows them "
      "closely, reconstructed where it fills gaps by assumption or rests on an added stopping "
      "rule). Grouped by the world region of their evidence "
      "or by board; open a group to see its readings.</p>\n"
      "<div class=\"grouping\">\n<input type=\"radio\" name=\"family-grouping\" "
      "id=\"family-by-region\" checked=\"checked\" /><label for=\"family-by-region\">By "
      "region</label>\n<input type=\"radio\" name=\"family-grouping\" id=\"family-by-board\" "
      "/><label for=\"family-by-board\">By board</label>\n<div class=\"by-region\">\n" +
      groups_html(model, regions, page_paths, open) + "</div>\n<div class=\"by-board\">\n" +
      groups_html(model, boards, page_paths, open) + "</div>\n</div>\n";
  return b;
}

}  // namespace mancala::reports
