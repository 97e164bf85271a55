// The report of a set of simulation runs: index.html, one HTML page per ruleset, a comparison
// page per game with several reconstructions, report.md, runs.csv and runs.json, written into a
// folder whole or not at all (report_folder.h).
//
// The report renders a model (analysis/report_model.h): every figure, interval, verdict and
// table is computed there, once, from the runs; the renderers here (report_pages.h for HTML,
// report_markdown.h, tidy_csv.h, with report_tables.h and report_charts.h) format it and compute
// nothing, so every format shows the same numbers.
//
// Every output depends only on the model and options (no clock, no paths), so the same runs give
// byte-identical reports, and tests can compare them.
//
// Adding a page: render it from the model (or from what it needs) into ReportFiles, and give them
// with the index section that links them as a ReportAddition in ReportOptions::additions; the
// evidence pages (evidence_report.h) are added this way.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/report_model.h"
#include "reports/report_folder.h"
#include "reports/report_format.h"
#include "reports/tidy_csv.h"

namespace mancala::reports {

// The model's types under the names the renderers and tests use.
using ReportRule = analysis::RuleInfo;
using ReportRuleset = analysis::RulesetInfo;
using ReportEntry = analysis::RulesetRun;

// The rendered files of a report: path inside the folder -> content, in writing order.
struct ReportFile {
  std::string path;
  std::string content;
};

// Pages the report adds beside its own: the files, and the HTML the index shows after its own
// sections (a heading and the links to them; empty for none), and text for the end of report.md.
struct ReportAddition {
  std::vector<ReportFile> files;
  std::string index_section;
  std::string markdown;
};

// What the report says about how it was made, and what it adds.
struct ReportOptions {
  std::string title = "Mancala rule reconstructions: simulation report";
  std::string command;  // the command line that made it, shown on the index page ("" = not shown)
  // Evidence ids that have a page (evidence_pages.h): a ruleset page links the ones it cites.
  std::set<std::string> evidence_pages = {};
  // HTML the index shows after the rulesets (evidence_index_section), or "".
  std::string evidence_section = {};
  std::vector<ReportAddition> additions = {};
  // The games' names as the archive spells them (game key -> name: "j_odu" -> "J'odu"); a game
  // missing here is named from its key (game_display_name).
  std::map<std::string, std::string> game_names = {};
  // The world regions of each evidence record (id -> regions), by which the index groups the
  // family's readings; a reading none of whose records is here is "place not known".
  std::map<std::string, std::vector<std::string>> record_regions = {};
};

// A game's name on the report's pages: as the archive spells it (options.game_names), else from
// its key ("toguz_kumalak" -> "Toguz Kumalak").
std::string game_name(const ReportOptions& options, const std::string& game);

// Where a ruleset's page lives inside the report folder: "rulesets/<id with / as .>.html",
// e.g. "rulesets/toguz_kumalak.standard.html". Characters other than letters, digits, '_' and
// '-' become '_'.
std::string ruleset_page_path(std::string_view ruleset_id);
// The path of a game's comparison page: "compare/<game>.html", with characters other than
// letters, digits, '_' and '-' made '_'.
std::string comparison_page_path(const std::string& game);

// The file at `path` among `files`, or nullptr.
ReportFile* find_report_file(std::vector<ReportFile>& files, std::string_view path);

// Renders every file: index.html, rulesets/<page>.html per ruleset, compare/<game>.html per
// comparison, report.md, runs.csv, runs.json, the additions' files and the marker file
// ReportFolder looks for. Rulesets are grouped by game in order of first appearance on the index.
std::vector<ReportFile> render_report(const analysis::ReportModel& model,
                                      const ReportOptions& options);
// The model of `entries` alone (analysis::model_from_runs) rendered. Throws mancala::Error if
// there is no entry, two entries have the same ruleset id, or a run's JSON lacks a key the
// report needs.
std::vector<ReportFile> render_report(const std::vector<ReportEntry>& entries,
                                      const ReportOptions& options);

// render_report with a page per evidence record (evidence_report.h), each linked from the
// rulesets and comparisons citing it.
std::vector<ReportFile> render_report_with_evidence(const analysis::ReportModel& model,
                                                    ReportOptions options);

// "mancala report ARGS..." as given, less --threads/-t and its value, which change nothing in the
// report.
std::string report_command(const std::vector<std::string>& args);

// render_report(entries) into `folder`, then commit it.
void write_report(const std::vector<ReportEntry>& entries, ReportFolder& folder,
                  const ReportOptions& options = {});
// The same into a new ReportFolder(out).
void write_report(const std::vector<ReportEntry>& entries, const std::filesystem::path& out,
                  const ReportOptions& options = {});

}  // namespace mancala::reports
