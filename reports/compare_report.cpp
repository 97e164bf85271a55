#include "reports/compare_report.h"

#include <algorithm>
#include <map>

#include "analysis/compare_builder.h"
#include "common/error.h"
#include "reports/compare_render.h"
#include "reports/handicap_render.h"
#include "reports/html.h"
#include "simulator/run_stats.h"

namespace mancala::reports {
namespace {

using analysis::compare_runs;
using analysis::ComparedRun;
using analysis::Comparison;
using analysis::HandicapResult;
using analysis::is_default_ruleset;
using analysis::kVerdictDefinition;
using analysis::measure_handicaps;
using analysis::PairComparison;
using analysis::verdict_with_numbers;

ReportFile* find_file(std::vector<ReportFile>& files, const std::string& path) {
  for (ReportFile& f : files) {
    if (f.path == path) return &f;
  }
  return nullptr;
}

void insert_before_body_end(ReportFile& file, const std::string& html) {
  const std::size_t at = file.content.rfind("</body>");
  if (at == std::string::npos)
    throw Error(where("report", file.path, "no </body> to add the comparison before"));
  file.content.insert(at, html);
}

// The game's rulesets with their runs, in report order.
struct GameGroup {
  std::string game;
  std::vector<std::size_t> members;
};

std::vector<GameGroup> group_by_game(const std::vector<sim::RuleSet>& rulesets) {
  std::vector<GameGroup> groups;
  std::map<std::string, std::size_t> index;
  for (std::size_t i = 0; i < rulesets.size(); ++i) {
    const auto [it, fresh] = index.emplace(rulesets[i].game, groups.size());
    if (fresh) groups.push_back({rulesets[i].game, {}});
    groups[it->second].members.push_back(i);
  }
  // As 'mancala compare --game' orders them: the game's default ruleset first, then by id.
  for (GameGroup& g : groups) {
    std::stable_sort(g.members.begin(), g.members.end(), [&](std::size_t x, std::size_t y) {
      const bool dx = is_default_ruleset(rulesets[x].id), dy = is_default_ruleset(rulesets[y].id);
      if (dx != dy) return dx;
      return rulesets[x].id < rulesets[y].id;
    });
  }
  return groups;
}

bool same_draws(const std::vector<sim::RunStats>& runs, const GameGroup& g) {
  const sim::RunStats& first = runs[g.members.front()];
  for (std::size_t i : g.members) {
    const sim::RunStats& r = runs[i];
    if (r.seed != first.seed || r.agent != first.agent ||
        r.games_requested != first.games_requested)
      return false;
  }
  return true;
}

}  // namespace

std::string comparison_page_path(const std::string& game) {
  std::string name;
  for (char c : game) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                       c == '_' || c == '-';
    name += plain ? c : '_';
  }
  return "compare/" + name + ".html";
}

void add_comparisons_to_report(std::vector<ReportFile>& report,
                               const std::vector<sim::RuleSet>& rulesets,
                               const std::vector<nlohmann::json>& runs_json,
                               const ReportExtrasOptions& options) {
  std::vector<ReportFile> files = report;  // all or nothing: `report` changes only at the end
  if (rulesets.size() != runs_json.size())
    throw Error("report: comparisons: one run per ruleset expected");
  std::vector<sim::RunStats> runs;
  for (std::size_t i = 0; i < rulesets.size(); ++i)
    runs.push_back(sim::run_stats_from_json(runs_json[i], rulesets[i].id));
  std::vector<ReportFile*> pages;
  for (const sim::RuleSet& r : rulesets) {
    ReportFile* page = find_file(files, ruleset_page_path(r.id));
    if (!page) throw Error(where("report", r.id, "no ruleset page to add the comparison to"));
    pages.push_back(page);
  }
  std::string index_html, markdown;
  std::vector<ReportFile> added;

  if (options.comparisons) {
    for (const GameGroup& g : group_by_game(rulesets)) {
      if (g.members.size() < 2) continue;
      std::vector<ComparedRun> compared;
      for (std::size_t i : g.members) compared.push_back({rulesets[i].id, rulesets[i], runs[i]});
      const Comparison c = compare_runs(std::move(compared), same_draws(runs, g));
      const std::string path = comparison_page_path(g.game);
      const std::string title = "Reconstructions of " + game_display_name(g.game) + " compared";
      added.push_back(
          {path,
           html_page(title, "<p><a href=\"../index.html\">\xE2\x86\x90 All rulesets</a></p>\n<h1>" +
                                html_escape(title) + "</h1>\n" + comparison_html_fragment(c))});
      index_html += "<li><a href=\"" + html_escape(path) + "\">" + html_escape(title) + "</a> (" +
                    std::to_string(g.members.size()) + " rulesets, " +
                    std::to_string(c.pairs.size()) + " pairs)</li>\n";
      markdown += "\n### " + title + "\n\nSee " + path + ".\n\n";
      for (const PairComparison& p : c.pairs) markdown += "- " + p.summary + "\n";
      for (std::size_t k = 0; k < g.members.size(); ++k) {
        std::string section =
            "<section class=\"comparison-links\">\n<h2 id=\"comparison\">Compared with the other "
            "reconstructions</h2>\n"
            "<p><a href=\"../" +
            html_escape(path) + "\">" + html_escape(title) +
            "</a>: every statistic side by side, the rule differences with their provenance, and "
            "tests of each reconstruction's differences from the game's default.</p>\n<ul>\n";
        for (const PairComparison& p : c.pairs) {
          if (p.a == k || p.b == k) section += "<li>" + html_escape(p.summary) + "</li>\n";
        }
        insert_before_body_end(*pages[g.members[k]], section + "</ul>\n</section>\n");
      }
    }
  }

  std::string handicap_index;
  if (options.handicaps) {
    for (std::size_t i = 0; i < rulesets.size(); ++i) {
      if (!rulesets[i].match) continue;
      const HandicapResult h = measure_handicaps(rulesets[i], options.handicap);
      insert_before_body_end(
          *pages[i], "<div id=\"handicap-curves\">\n" + handicap_html_fragment(h) + "</div>\n");
      const std::string verdict = verdict_with_numbers(h.matches);
      handicap_index += "<li><a href=\"" + html_escape(ruleset_page_path(rulesets[i].id)) +
                        "#handicap-curves\">" + html_escape(rulesets[i].id) + "</a>" +
                        (options.handicap.matches ? ": " + html_escape(verdict) : "") + "</li>\n";
      markdown += "\n" + handicap_markdown(h, 3);
    }
  }

  if (!index_html.empty() || !handicap_index.empty()) {
    ReportFile* index = find_file(files, "index.html");
    if (!index) throw Error("report: index.html: missing");
    std::string section = "<section class=\"comparisons\">\n";
    if (!index_html.empty())
      section +=
          "<h2 id=\"comparisons\">Reconstructions compared</h2>\n<ul>\n" + index_html + "</ul>\n";
    if (!handicap_index.empty()) {
      section +=
          "<h2 id=\"handicap-effects\">Handicap effects of the multi-round rulesets</h2>\n<p>" +
          html_escape(kVerdictDefinition) + "</p>\n<ul>\n" + handicap_index + "</ul>\n";
    }
    insert_before_body_end(*index, section + "</section>\n");
  }
  if (!markdown.empty()) {
    if (ReportFile* md = find_file(files, "report.md"))
      md->content += "\n## Comparisons and handicap effects\n" + markdown;
  }
  for (ReportFile& f : added) files.push_back(std::move(f));
  report = std::move(files);
}

}  // namespace mancala::reports
