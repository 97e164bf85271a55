#include "reports/compare_report.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "analysis/compare_builder.h"
#include "common/error.h"
#include "reports/compare_render.h"
#include "reports/handicap_render.h"
#include "reports/html.h"
#include "simulator/ruleset_io.h"
#include "simulator/run_stats.h"
#include "stats/stats.h"

namespace mancala::reports {
namespace {

// A number as runs.csv writes it (JSON's shortest round trip); empty when it is not finite.
std::string csv_number(double x) { return std::isfinite(x) ? nlohmann::json(x).dump() : ""; }

// The handicap curves as runs.csv rows (issue 14: "and the handicap curves in it"), in its tidy
// columns: the statistic, the level (the handicapped side's deficit) and the state (the side:
// handicapped or other); run_id empty (the curves are measured by games of their own, not by the
// stored run). Lines end in CRLF, as Table::to_csv writes them (RFC 4180). docs/report.md lists
// them.
std::string handicap_csv_rows(const sim::RuleSet& rules, const analysis::HandicapResult& h) {
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

using analysis::compare_runs;
using analysis::ComparedRun;
using analysis::Comparison;
using analysis::HandicapResult;
using analysis::is_default_ruleset;
using analysis::kVerdictDefinition;
using analysis::measure_handicaps;
using analysis::PairComparison;
using analysis::verdict_with_numbers;

void add_before_body_end(ReportFile& file, const std::string& html) {
  insert_before_body_end(file, html, "the comparison");
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
    ReportFile* page = find_report_file(files, ruleset_page_path(r.id));
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
        add_before_body_end(*pages[g.members[k]], section + "</ul>\n</section>\n");
      }
    }
  }

  std::string handicap_index;
  std::string csv_rows;  // the handicap curves, appended to runs.csv
  if (options.handicaps) {
    for (std::size_t i = 0; i < rulesets.size(); ++i) {
      if (!rulesets[i].match) continue;
      const HandicapResult h = measure_handicaps(rulesets[i], options.handicap);
      add_before_body_end(
          *pages[i], "<div id=\"handicap-curves\">\n" + handicap_html_fragment(h) + "</div>\n");
      const std::string verdict = verdict_with_numbers(h.matches);
      handicap_index += "<li><a href=\"" + html_escape(ruleset_page_path(rulesets[i].id)) +
                        "#handicap-curves\">" + html_escape(rulesets[i].id) + "</a>" +
                        (options.handicap.matches ? ": " + html_escape(verdict) : "") + "</li>\n";
      markdown += "\n" + handicap_markdown(h, 3);
      csv_rows += handicap_csv_rows(rulesets[i], h);
    }
  }
  if (!csv_rows.empty()) {
    if (ReportFile* csv = find_report_file(files, "runs.csv")) csv->content += csv_rows;
  }

  if (!index_html.empty() || !handicap_index.empty()) {
    ReportFile* index = find_report_file(files, "index.html");
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
    add_before_body_end(*index, section + "</section>\n");
  }
  if (!markdown.empty()) {
    if (ReportFile* md = find_report_file(files, "report.md"))
      md->content += "\n## Comparisons and handicap effects\n" + markdown;
  }
  for (ReportFile& f : added) files.push_back(std::move(f));
  report = std::move(files);
}

}  // namespace mancala::reports
