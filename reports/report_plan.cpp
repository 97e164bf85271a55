#include "reports/report_plan.h"

#include <algorithm>
#include <set>

#include "analysis/compare_builder.h"
#include "common/error.h"
#include "reports/evidence_report.h"
#include "simulator/ruleset_io.h"

namespace mancala::reports {

std::vector<std::string> report_ruleset_ids(const std::string& game) {
  std::vector<std::string> ids = sim::list_ruleset_ids();
  if (!game.empty()) {
    std::set<std::string> games;
    for (const std::string& id : ids) games.insert(id.substr(0, id.find('/')));
    std::erase_if(ids, [&](const std::string& id) { return !id.starts_with(game + "/"); });
    if (ids.empty()) {
      std::string known;
      for (const std::string& g : games) known += (known.empty() ? "" : ", ") + g;
      throw Error(where(sim::rulesets_dir().string(), "--game",
                        "no game '" + game + "' (games: " + known + ")"));
    }
  }
  std::stable_partition(ids.begin(), ids.end(),
                        [](const std::string& id) { return analysis::is_default_ruleset(id); });
  std::stable_sort(ids.begin(), ids.end(), [](const std::string& a, const std::string& b) {
    return a.substr(0, a.find('/')) < b.substr(0, b.find('/'));
  });
  if (ids.empty()) throw Error(where(sim::rulesets_dir().string(), "", "no rulesets to report on"));
  return ids;
}

std::vector<sim::RuleSet> ladder_rulesets(const std::vector<sim::RuleSet>& rulesets) {
  std::vector<sim::RuleSet> targets;
  std::set<std::string> games_seen;
  for (const bool want_default : {true, false}) {
    for (const sim::RuleSet& rules : rulesets) {
      if (games_seen.count(rules.game) || (want_default && !analysis::is_default_ruleset(rules.id)))
        continue;
      games_seen.insert(rules.game);
      targets.push_back(rules);
    }
  }
  return targets;
}

std::string report_command(const std::vector<std::string>& args) {
  std::string command = "mancala report";
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--threads" || args[i] == "-t") {
      ++i;
      continue;
    }
    if (args[i].starts_with("--threads=") || (args[i].starts_with("-t") && args[i].size() > 2))
      continue;
    command += " " + args[i];
  }
  return command;
}

std::vector<ReportFile> render_report_with_evidence(const std::vector<ReportEntry>& entries,
                                                    ReportOptions options,
                                                    std::set<std::string>& with_page) {
  std::vector<std::pair<std::string, std::string>> ruleset_pages;
  for (const ReportEntry& entry : entries)
    ruleset_pages.emplace_back(entry.ruleset.id, ruleset_page_path(entry.ruleset.id));
  EvidenceReport evidence = build_evidence_report(ruleset_pages, options.title);
  options.evidence_pages = evidence.ids;
  options.evidence_section = evidence.index_section;
  std::vector<ReportFile> files = render_report(entries, options);
  files.insert(files.end() - 1, evidence.files.begin(), evidence.files.end());
  with_page = evidence.ids;
  return files;
}

void add_comparisons_with_evidence(std::vector<ReportFile>& files,
                                   const std::vector<sim::RuleSet>& rulesets,
                                   const std::vector<ReportEntry>& entries,
                                   const ReportExtrasOptions& extras,
                                   const std::set<std::string>& with_page) {
  std::vector<nlohmann::json> runs;
  for (const ReportEntry& entry : entries) runs.push_back(entry.run);
  add_comparisons_to_report(files, rulesets, runs, extras);
  std::vector<std::tuple<std::string, std::string, std::vector<std::string>>> cited;
  for (const sim::RuleSet& r : rulesets) cited.emplace_back(r.id, r.game, r.evidence);
  link_comparisons_to_evidence(files, cited, with_page);
}

}  // namespace mancala::reports
