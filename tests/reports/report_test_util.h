// Helpers for the report tests: a temporary folder, file reading, an RFC 4180 CSV reader, and
// runs with hand-chosen counts (so the figures the report prints can be computed by hand).
#pragma once

#include <stdlib.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "reports/report.h"
#include "simulator/run_stats.h"
#include "tests/test_support.h"

namespace report_testing {

// A fresh folder under the system temp folder, removed with everything in it at the end.
struct TempDir : mancala::test_support::TempDir {
  TempDir() : mancala::test_support::TempDir("report") {}
  std::filesystem::path operator/(const std::string& name) const { return path() / name; }
};

inline std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline void write_text(const std::filesystem::path& path, const std::string& text) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
}

// The files of a folder, relative paths, sorted.
inline std::vector<std::string> list_files(const std::filesystem::path& root) {
  std::vector<std::string> out;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (entry.is_regular_file())
      out.push_back(std::filesystem::relative(entry.path(), root).generic_string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// An RFC 4180 reader: records end with CRLF (or LF); quoted fields may hold commas, quotes
// (doubled) and line breaks. Throws std::runtime_error on a malformed text.
inline std::vector<std::vector<std::string>> parse_csv(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> row;
  std::string field;
  bool quoted = false, was_quoted = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c == '"') {
      if (!field.empty() || was_quoted)
        throw std::runtime_error("csv: quote inside an unquoted field");
      quoted = was_quoted = true;
    } else if (c == ',') {
      row.push_back(field);
      field.clear();
      was_quoted = false;
    } else if (c == '\r' || c == '\n') {
      if (c == '\r' && (i + 1 >= text.size() || text[i + 1] != '\n'))
        throw std::runtime_error("csv: lone CR");
      if (c == '\r') ++i;
      row.push_back(field);
      rows.push_back(row);
      row.clear();
      field.clear();
      was_quoted = false;
    } else {
      if (was_quoted) throw std::runtime_error("csv: text after a closing quote");
      field += c;
    }
  }
  if (quoted) throw std::runtime_error("csv: unterminated quote");
  if (!field.empty() || !row.empty())
    throw std::runtime_error("csv: the last record has no line end");
  return rows;
}

// A complete one-shard run of `ruleset` with these counts; game lengths: `plies` (one per game).
inline mancala::sim::RunStats make_run(const std::string& ruleset, uint64_t wins1, uint64_t wins2,
                                       uint64_t draws, uint64_t unfinished,
                                       const std::vector<int>& plies) {
  mancala::sim::RunStats run;
  run.ruleset = ruleset;
  run.rules_hash = "0123456789abcdef";
  run.engine_version = "test";
  run.agent = "random";
  run.seed = 7;
  auto& t = run.tally;
  t.games = wins1 + wins2 + draws + unfinished;
  t.wins = {wins1, wins2};
  t.draws = draws;
  t.unfinished = unfinished;
  t.ended_by = {t.games - unfinished, 0, 0,
                unfinished};  // rule, no_progress, stop_after_rounds, safety_bound
  // Every game a rule ended, by the source's rule (docs/terms.md, "Endings": class 1).
  t.rule_ended = {t.games - unfinished, 0, 0};
  for (std::size_t i = 0; i < t.games; ++i) t.plies.add(plies[i % plies.size()]);
  run.games_requested = static_cast<int64_t>(t.games);
  run.range = mancala::sim::shard_range(run.games_requested, run.shard);
  return run;
}

// A ruleset description with one rule of each provenance kind.
inline mancala::reports::ReportRuleset make_ruleset(const std::string& id, const std::string& name,
                                                    const std::string& status) {
  mancala::reports::ReportRuleset r;
  r.id = id;
  r.game = id.substr(0, id.find('/'));
  r.name = name;
  r.status = status;
  r.summary = "A ruleset made for the tests.";
  r.rules_hash = "0123456789abcdef";
  r.evidence = {"MANCALA.Evidence.1"};
  // Each rule's provenance as `rules show` prints it (analysis::provenance_text).
  r.rules = {
      {"board", "holes_per_row", "9", "9", "source", "A. Author 1900: 3",
       "made of two rows of nine holes", "",
       "A. Author 1900: 3: \"made of two rows of nine holes\""},
      {"board", "counters_per_hole", "9", "9", "", "", "", "", "(default; no provenance)"},
      {"sowing", "direction", "anticlockwise", "sowing anticlockwise", "assumption", "assumption",
       "the source names no direction", "the engine sows from the mover's left",
       "assumption: the source names no direction (note: the engine sows from the mover's "
       "left)"}};
  return r;
}

}  // namespace report_testing
