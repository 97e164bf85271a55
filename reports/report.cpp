#include "reports/report.h"

#include <map>
#include <set>

#include "common/error.h"
#include "common/text.h"
#include "reports/evidence_report.h"
#include "reports/glossary.h"
#include "reports/reconstruct_report.h"
#include "reports/report_index.h"
#include "reports/report_markdown.h"
#include "reports/report_pages.h"

namespace mancala::reports {
namespace {

using nlohmann::json;

constexpr std::string_view kMarkerText =
    "This folder was written by 'mancala report'. The next report written here replaces it "
    "whole.\n";

// A path's file name from a ruleset id or game key: letters, digits, '_' and '-' kept, '/' as
// `slash`, anything else '_'.
std::string file_name(std::string_view text, char slash) {
  std::string name;
  for (char c : text) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                       c == '_' || c == '-';
    name += c == '/' ? slash : plain ? c : '_';
  }
  return name;
}

// runs.csv: every run's tidy rows, then the handicap curves' rows, then the ladders'.
std::string runs_csv(const analysis::ReportModel& model) {
  std::vector<TidyRun> tidy;
  for (const analysis::RulesetSection& s : model.rulesets)
    tidy.push_back({&s.entry.run, s.entry.stored_as, s.entry.ruleset.game});
  std::vector<TidyRow> rows = tidy_rows(tidy);
  for (const analysis::RulesetSection& s : model.rulesets) {
    if (!s.handicap) continue;
    const std::vector<TidyRow> curves = handicap_rows(*s.handicap);
    rows.insert(rows.end(), curves.begin(), curves.end());
  }
  for (const analysis::GameLadder& l : model.ladders) {
    const std::vector<TidyRow> ladder = ladder_rows(l.ladder, l.figures);
    rows.insert(rows.end(), ladder.begin(), ladder.end());
  }
  return tidy_table_csv(rows);
}

// runs.json: {"runs": [every run], "ladders": [every ladder]}, each run as simulate writes it and
// each ladder as `mancala ladder --format json` writes it.
std::string runs_json(const analysis::ReportModel& model) {
  json runs = json::array();
  for (const analysis::RulesetSection& s : model.rulesets) runs.push_back(s.entry.run);
  json ladders = json::array();  // empty without --ladder: the same two keys in every report
  for (const analysis::GameLadder& l : model.ladders)
    ladders.push_back(analysis::ladder_to_json(l.ladder, l.figures));
  return json{{"runs", runs}, {"ladders", ladders}}.dump(2) + "\n";
}

}  // namespace

std::string game_name(const ReportOptions& options, const std::string& game) {
  const auto it = options.game_names.find(game);
  return it != options.game_names.end() && !it->second.empty() ? it->second
                                                               : game_display_name(game);
}

std::string ruleset_page_path(std::string_view ruleset_id) {
  return "rulesets/" + file_name(ruleset_id, '.') + ".html";
}

std::string comparison_page_path(const std::string& game) {
  return "compare/" + file_name(game, '_') + ".html";
}

ReportFile* find_report_file(std::vector<ReportFile>& files, std::string_view path) {
  for (ReportFile& f : files) {
    if (f.path == path) return &f;
  }
  return nullptr;
}

std::vector<ReportFile> render_report(const analysis::ReportModel& model,
                                      const ReportOptions& options) {
  if (model.rulesets.empty()) throw Error("report: no runs to report");
  std::map<std::string, std::string> pages;  // ruleset id -> page path
  std::vector<std::string> page_paths;
  std::set<std::string> paths;
  for (const analysis::RulesetSection& s : model.rulesets) {
    const std::string path = ruleset_page_path(s.entry.ruleset.id);
    if (!pages.emplace(s.entry.ruleset.id, path).second || !paths.insert(path).second)
      throw Error(where("report", s.entry.ruleset.id, "given twice"));
    page_paths.push_back(path);
  }

  std::vector<ReportFile> files;
  files.push_back({"index.html", index_page(model, page_paths, options)});
  for (std::size_t i = 0; i < model.rulesets.size(); ++i)
    files.push_back({page_paths[i], ruleset_page(model, i, pages, options)});
  // Read in a terminal as often as in a viewer: control characters a ruleset's name or file
  // name held are escaped (issue 41).
  files.push_back({"report.md", printable(report_markdown(model, page_paths, options))});
  files.push_back({"runs.csv", runs_csv(model)});
  files.push_back({"runs.json", runs_json(model)});
  files.push_back({std::string(kGlossaryPath), glossary_page(options.title)});
  for (const ReportAddition& addition : options.additions)
    files.insert(files.end(), addition.files.begin(), addition.files.end());
  files.push_back({std::string(ReportFolder::kMarkerFile), std::string(kMarkerText)});
  for (const analysis::GameComparison& g : model.comparisons)
    files.push_back({comparison_page_path(g.game), comparison_page(model, g, options)});
  // The readings of each game's source (--readings): their pages, and the links to them.
  if (!model.readings.empty()) add_readings_to_report(files, model.readings, options);
  // The index's table of contents, once every section is in.
  std::string& index = find_report_file(files, "index.html")->content;
  if (const std::size_t at = index.find(kReadingsMarker); at != std::string::npos)
    index.erase(at, kReadingsMarker.size() + 1);
  fill_contents(index);
  return files;
}

std::vector<ReportFile> render_report(const std::vector<ReportEntry>& entries,
                                      const ReportOptions& options) {
  return render_report(analysis::model_from_runs(entries), options);
}

std::vector<ReportFile> render_report_with_evidence(const analysis::ReportModel& model,
                                                    ReportOptions options) {
  std::vector<std::pair<std::string, std::string>> ruleset_pages;
  for (const analysis::RulesetSection& s : model.rulesets)
    ruleset_pages.emplace_back(s.entry.ruleset.id, ruleset_page_path(s.entry.ruleset.id));
  EvidenceReport evidence = build_evidence_report(ruleset_pages, options.title);
  options.evidence_pages = evidence.ids;
  options.evidence_section = evidence.index_section;
  options.game_names = evidence.game_names;
  options.record_regions = evidence.record_regions;
  options.additions.insert(options.additions.begin(), ReportAddition{evidence.files, "", ""});
  return render_report(model, options);
}

std::string report_command(const std::vector<std::string>& args) {
  std::string command = "mancala report";
  for (std::size_t i = 0; i < args.size(); ++i) {
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

void write_report(const std::vector<ReportEntry>& entries, ReportFolder& folder,
                  const ReportOptions& options) {
  for (const ReportFile& file : render_report(entries, options))
    folder.write(file.path, file.content);
  folder.commit();
}

void write_report(const std::vector<ReportEntry>& entries, const std::filesystem::path& out,
                  const ReportOptions& options) {
  ReportFolder folder(out);
  write_report(entries, folder, options);
}

}  // namespace mancala::reports
