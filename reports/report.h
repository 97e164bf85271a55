// The report of a set of simulation runs: index.html, one HTML page per ruleset, report.md,
// runs.csv and runs.json, written into a folder whole or not at all.
//
// A ruleset comes in as ReportRuleset (plain text: its identity, evidence and every resolved rule
// key with its provenance) and a run as the JSON the simulator writes (sim::run_stats_to_json;
// schema in docs/simulate.md), read back by the one run JSON parser (sim::run_stats_from_json):
// every figure shown is computed from the counts it reads. reports/report_builder.h turns a
// sim::RuleSet into a ReportRuleset.
//
// Every output depends only on the entries and options (no clock, no paths), so the same runs give
// byte-identical reports, and tests can compare them.
#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace mancala::reports {

// One resolved rule key of a ruleset and where its value comes from: an evidence phrase, an
// assumption, or neither (the vocabulary's default, with no provenance).
struct ReportRule {
  std::string group;       // heading, e.g. "sowing"
  std::string key;         // e.g. "direction"
  std::string value;       // as text: "anticlockwise", "9", "true"
  std::string evidence;    // the phrase of the evidence it implements, or empty
  std::string assumption;  // the assumption it makes, or empty
};

// What the report says about a ruleset besides its run: identity, epistemic status, evidence and
// the resolved rules with their provenance.
struct ReportRuleset {
  std::string id;       // "toguz_kumalak/standard"
  std::string game;     // "toguz_kumalak"
  std::string name;     // display name
  std::string status;   // observed | described | reconstructed
  std::string summary;  // one paragraph
  std::string extends;  // parent ruleset id, or empty
  std::string rules_hash;
  std::vector<std::string> evidence;  // evidence record ids
  std::vector<ReportRule> rules;      // in documentation order, grouped
};

// One ruleset and the run the report shows for it.
struct ReportEntry {
  ReportRuleset ruleset;
  nlohmann::json run;                     // one run, as sim::run_stats_to_json writes it
  std::optional<std::int64_t> stored_as;  // the run's id in the archive, when stored
};

// What the report says about how it was made.
struct ReportOptions {
  std::string title = "Mancala rule reconstructions: simulation report";
  std::string command;  // the command line that made it, shown on the index page ("" = not shown)
  // Evidence ids that have a page (evidence_pages.h): a ruleset page links the ones it cites.
  std::set<std::string> evidence_pages = {};
  // HTML the index shows after the rulesets (evidence_index_section), or "".
  std::string evidence_section = {};
};

// The display name of a game key: "toguz_kumalak" -> "Toguz Kumalak".
std::string game_display_name(std::string_view game);

// Where a ruleset's page lives inside the report folder: "rulesets/<id with / as .>.html",
// e.g. "rulesets/toguz_kumalak.standard.html". Characters other than letters, digits, '_' and
// '-' become '_'.
std::string ruleset_page_path(std::string_view ruleset_id);

// One row of the tidy statistics table (runs.csv; docs/report.md): a statistic of one run with
// its 95% interval, and what it is broken down by. round: "all" for a statistic over every
// recorded round of the matches, empty for one over whole games (matches); level: the handicap
// level (P1's holes in play minus P2's) or empty; state: the category (an end condition, a
// completion class, a handicap state) or empty; player: 1 or 2, or empty. value, ci_low and
// ci_high are JSON numbers, or null when undefined (no finished game) or when the statistic has
// no interval.
struct TidyStatistic {
  std::string statistic;
  nlohmann::json value;
  nlohmann::json ci_low;
  nlohmann::json ci_high;
  std::string round;
  std::string level;
  std::string state;
  std::string player;
};

// The statistics of one run as tidy rows, in a fixed order: counts (games, wins, ...), rates
// with intervals, the first-player advantage, end conditions and completion, game length, relay
// bound hits, the playability metrics, and the multi-round statistics when the run has them.
// Throws mancala::Error "<ruleset>: <key>: <what is wrong>" when a key the report needs is
// missing or of the wrong type.
std::vector<TidyStatistic> tidy_statistics(const nlohmann::json& run);

// One run for tidy_csv: its JSON (sim::run_stats_to_json), its id in the archive when stored, and
// its game (ReportRuleset::game; for a run alone, the ruleset id up to its first '/').
struct TidyRun {
  const nlohmann::json* run = nullptr;
  std::optional<std::int64_t> run_id;
  std::string game;
};
// The ruleset id up to its first '/' ("toguz_kumalak/standard" -> "toguz_kumalak").
std::string game_of_ruleset(std::string_view ruleset_id);
// runs.csv (and 'simulate --format csv'): RFC 4180 with the header run_id, ruleset, game,
// agent_p1, agent_p2, seed, rules_hash, statistic, round, level, state, player, value, ci_low,
// ci_high, one row per run and statistic (tidy_statistics). run_id is empty for a run not
// stored in the archive.
std::string tidy_csv(const std::vector<TidyRun>& runs);

// The rendered files of a report: path inside the folder -> content, in writing order.
struct ReportFile {
  std::string path;
  std::string content;
};

// The file at `path` among `files`, or nullptr.
ReportFile* find_report_file(std::vector<ReportFile>& files, std::string_view path);
// Inserts `html` before the last "</body>" of `file` (what the comparison pages and skill ladders
// add to a rendered report). Throws mancala::Error "report: <path>: no </body> to add <what>
// before" when there is none.
void insert_before_body_end(ReportFile& file, const std::string& html, const std::string& what);

// Renders every file: index.html, rulesets/<page>.html per entry, report.md, runs.csv, runs.json
// and the marker file ReportFolder looks for. Entries are grouped by game in order of first
// appearance, rulesets in the order given. Throws mancala::Error if there is no entry, two
// entries have the same ruleset id, or a run's JSON lacks a key the report needs.
std::vector<ReportFile> render_report(const std::vector<ReportEntry>& entries,
                                      const ReportOptions& options);

// The output folder of a report, written whole or not at all.
//
// The constructor checks the destination and creates an empty temporary folder beside it
// (".<name>.mancala-tmp-<pid>-<n>", locked while this process lives, in the same parent, so the
// final rename stays on one file system): an unwritable destination fails at once, before any
// simulation. commit() puts the folder in place: renamed there if the destination does not exist,
// else atomically exchanged with the previous report (renameat2 RENAME_EXCHANGE; two renames where
// the file system lacks it), whose files are then deleted. Until commit() the destination is
// untouched, and the destructor deletes the temporary folder, so a failed or interrupted run leaves
// any previous report as it was.
//
// To delete nothing of the user's, an existing destination is replaced only if it is an empty
// folder or a previous report (it holds the marker file kMarkerFile).
class ReportFolder {
 public:
  static constexpr std::string_view kMarkerFile = ".mancala-report";

  // Throws mancala::Error "<out>: <what is wrong>":
  //   "exists and is not a folder"
  //   "is a folder that is not a mancala report (no .mancala-report file in it): choose another
  //    folder or empty it"  (one line)
  //   "cannot write the report here (<system reason>)"  (also for the root folder)
  explicit ReportFolder(std::filesystem::path out);
  ~ReportFolder();
  ReportFolder(const ReportFolder&) = delete;
  ReportFolder& operator=(const ReportFolder&) = delete;

  // Writes one file (creating its folders) into the temporary folder. Throws mancala::Error
  // "<out>: <path>: cannot write (<system reason>)".
  void write(const std::string& path, std::string_view content);
  // Moves the folder into place (see above). Throws mancala::Error
  // "<out>: cannot put the report in place (<system reason>)"; the destination is then unchanged.
  void commit();

  const std::filesystem::path& destination() const { return out_; }
  const std::filesystem::path& temporary() const { return tmp_; }

 private:
  std::filesystem::path out_;    // as given (for messages)
  std::filesystem::path place_;  // out_ made absolute and normal: where the folder goes
  std::filesystem::path tmp_;
  int lock_fd_ = -1;  // holds the temporary folder's lock while this process lives
  bool committed_ = false;
};

// render_report into `folder`, then commit it.
void write_report(const std::vector<ReportEntry>& entries, ReportFolder& folder,
                  const ReportOptions& options = {});
// The same into a new ReportFolder(out).
void write_report(const std::vector<ReportEntry>& entries, const std::filesystem::path& out,
                  const ReportOptions& options = {});

}  // namespace mancala::reports
