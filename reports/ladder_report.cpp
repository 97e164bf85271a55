#include "reports/ladder_report.h"

#include "common/error.h"
#include "reports/html.h"
#include "reports/ladder_render.h"

namespace mancala::reports {

using analysis::Ladder;
using analysis::LadderFigures;
using analysis::LadderOptions;
using analysis::RealGames;

namespace {

void add_before_body_end(ReportFile& file, const std::string& html) {
  insert_before_body_end(file, html, "the skill ladder");
}

std::string agents_list(const std::vector<sim::AgentSpec>& agents) {
  std::string text;
  for (size_t i = 0; i < agents.size(); ++i) text += (i == 0 ? "" : ", ") + agents[i].name();
  return text;
}

}  // namespace

bool add_ladders_to_report(std::vector<ReportFile>& report,
                           const std::vector<sim::RuleSet>& targets, const LadderOptions& options) {
  if (targets.empty()) return true;
  std::vector<ReportFile> files = report;  // all or nothing
  ReportFile* index = find_report_file(files, "index.html");
  if (!index) throw Error("report: index.html: missing");
  const std::string scope =
      "Agents " + agents_list(options.agents) + "; " + std::to_string(options.games) +
      " games per ordered pair and per self-play level, seed " + std::to_string(options.seed) +
      ". These figures are for those agents, not for the agent of the rest of the report; the "
      "game counts are kept small so that the report stays quick: for narrower intervals run "
      "'mancala ladder RULESET --agents ... --games N'.";
  std::string items, markdown;
  for (const sim::RuleSet& rules : targets) {
    const std::string page_path = ruleset_page_path(rules.id);
    ReportFile* page = find_report_file(files, page_path);
    if (!page) throw Error(where("report", rules.id, "no ruleset page to add the skill ladder to"));
    const Ladder ladder = analysis::run_ladder(rules, options);
    if (ladder.partial()) return false;
    std::optional<RealGames> real;
    if (const std::string path = analysis::default_real_games_path(rules.game); !path.empty())
      real = analysis::read_togyz_games(path);
    const LadderFigures figures = analysis::ladder_figures(ladder, std::move(real));
    add_before_body_end(*page, "<section id=\"skill-ladder\">\n" +
                                   ladder_html_fragment(ladder, figures, 2) + "<p class=\"note\">" +
                                   html_escape(scope) + "</p>\n</section>\n");
    items += "<li><a href=\"" + html_escape(page_path) + "#skill-ladder\">" +
             html_escape(game_display_name(rules.game)) + " (" + html_escape(rules.id) +
             ")</a>: " + html_escape(ladder_summary(ladder, figures)) + "</li>\n";
    markdown += "\n" + ladder_markdown(ladder, figures);
  }
  add_before_body_end(*index,
                      "<section class=\"ladders\">\n<h2 id=\"skill-ladders\">Skill "
                      "ladders</h2>\n<p>" +
                          html_escape(scope) + "</p>\n<ul>\n" + items + "</ul>\n</section>\n");
  if (ReportFile* md = find_report_file(files, "report.md"))
    md->content += "\n## Skill ladders\n\n" + scope + "\n" + markdown;
  report = std::move(files);
  return true;
}

}  // namespace mancala::reports
