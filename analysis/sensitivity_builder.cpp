#include "analysis/sensitivity_builder.h"

#include <algorithm>

#include "common/error.h"
#include "simulator/run_stats.h"

namespace mancala::analysis {
namespace {

// The upper bound of each threshold key's range (docs/rules-format.md).
constexpr int kMaxNoProgressTurns = 100000;
constexpr int kMaxPlies = 60000;

SensitivityThreshold threshold(const std::string& key, int value, int upper) {
  return {key, value, std::max(1, value / 2), std::min(upper, 2 * value)};
}

int& field(sim::RuleSet& r, const std::string& key) {
  if (key == "no_progress_turns") return r.no_progress_turns;
  if (key == "stop_after_rounds") return r.stop_after_rounds;
  if (key == "max_rounds") return r.max_rounds;
  return r.max_plies;
}

reports::ReportFile* find_page(std::vector<reports::ReportFile>& files, const std::string& path) {
  for (reports::ReportFile& f : files) {
    if (f.path == path) return &f;
  }
  return nullptr;
}

}  // namespace

std::vector<SensitivityThreshold> sensitivity_thresholds(const sim::RuleSet& r) {
  std::vector<SensitivityThreshold> out;
  if (r.no_progress_turns > 0)
    out.push_back(threshold("no_progress_turns", r.no_progress_turns, kMaxNoProgressTurns));
  if (r.match && r.stop_after_rounds > 0)
    out.push_back(threshold("stop_after_rounds", r.stop_after_rounds, sim::kMaxRounds));
  if (r.match) out.push_back(threshold("max_rounds", r.max_rounds, sim::kMaxRounds));
  out.push_back(threshold("max_plies", r.max_plies, kMaxPlies));
  return out;
}

std::vector<reports::SensitivityRun> measure_sensitivity(const sim::RuleSet& rules,
                                                         sim::BatchOptions options,
                                                         long long games) {
  options.games = games;
  options.progress = nullptr;
  std::vector<reports::SensitivityRun> runs;
  runs.push_back({"", "as set", 0, sim::run_stats_to_json(sim::simulate_ruleset(rules, options))});
  for (const SensitivityThreshold& t : sensitivity_thresholds(rules)) {
    for (const auto& [setting, value] : {std::pair<const char*, int>{"halved", t.halved},
                                         std::pair<const char*, int>{"doubled", t.doubled}}) {
      if (value == t.as_set) continue;
      sim::RuleSet changed = rules;
      field(changed, t.key) = value;
      runs.push_back(
          {t.key, setting, value, sim::run_stats_to_json(sim::simulate_ruleset(changed, options))});
    }
  }
  return runs;
}

void add_sensitivity_to_report(std::vector<reports::ReportFile>& files,
                               const std::vector<sim::RuleSet>& rulesets,
                               const sim::BatchOptions& options, long long games) {
  // Everything is measured and checked first, so `files` changes only when all succeeds.
  std::vector<std::string> sections;
  std::vector<std::size_t> at;
  std::string markdown;
  for (const sim::RuleSet& r : rulesets) {
    const std::string path = reports::ruleset_page_path(r.id);
    reports::ReportFile* page = find_page(files, path);
    if (!page) throw Error(where("report", r.id, "no ruleset page to add the sensitivity to"));
    const std::size_t end = page->content.rfind("</body>");
    if (end == std::string::npos) throw Error(where("report", path, "no </body> in the page"));
    const std::vector<reports::SensitivityRun> runs = measure_sensitivity(r, options, games);
    sections.push_back(reports::sensitivity_section_html(runs, games));
    at.push_back(static_cast<std::size_t>(page - files.data()));
    markdown += reports::sensitivity_section_markdown(r.id, runs, games);
  }
  for (std::size_t i = 0; i < sections.size(); ++i) {
    std::string& content = files[at[i]].content;
    content.insert(content.rfind("</body>"), sections[i]);
  }
  if (reports::ReportFile* md = find_page(files, "report.md"))
    md->content += "\n## Sensitivity to the thresholds that end games\n\n" + markdown;
}

}  // namespace mancala::analysis
