// What the commands that run simulations share: the progress line, timing, and the archive runs
// are stored in. Ctrl-C handling is simulator/interrupt.h, the --output file
// reports/output_file.h, a run's archive record analysis/run_record.h.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "analysis/run_record.h"
#include "archive/store.h"
#include "cli/cli.h"
#include "cli/options.h"
#include "reports/output_file.h"
#include "simulator/interrupt.h"
#include "simulator/rules.h"

namespace mancala::cli {

using sim::InterruptGuard;

// A one-line progress display on stderr, redrawn in place, only when stderr is a terminal;
// erased when destroyed or relabelled. kBar: "<label> [####....]  42% 420/1000 games";
// kCount: "<label>: 420/1000 games (42%)", padded over a longer earlier line.
class ProgressBar {
 public:
  enum class Style { kBar, kCount };
  ProgressBar(Io& io, std::string label, Style style = Style::kBar)
      : io_(io), label_(std::move(label)), style_(style) {}
  ~ProgressBar() { erase(); }
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;
  void update(uint64_t done, uint64_t total);
  // With a new label: kBar erases the line first (a new pair of a ladder), kCount draws over it.
  void update(const std::string& label, uint64_t done, uint64_t total);
  void erase();

 private:
  Io& io_;
  std::string label_;
  Style style_;
  size_t width_ = 0;
};

// Seconds since construction, and as text with two decimals ("1.25").
class Stopwatch {
 public:
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  std::string text() const;

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

// --output FILE (whole or not at all), else io.out.
inline reports::OutputFile output_option(Io& io, const po::variables_map& vm) {
  return reports::OutputFile(io.out, vm.count("output") ? vm["output"].as<std::string>() : "");
}

// Loads the rulesets `ids` name; the same ruleset twice (it would be stored twice, and 'merge'
// would refuse the pair) is a UsageError "<command>: <ruleset id>: given twice".
std::vector<sim::RuleSet> load_distinct_rulesets(const std::string& command,
                                                 const std::vector<std::string>& ids);

// Opens the archive at `path` to read it (archive::Store::Mode::kExisting) and prints what a
// reader should know about it (Store::warning) on io.err: "mancala: warning: <path>: ...".
archive::Store open_store_to_read(const std::string& path, Io& io);

// Opens the archive runs are stored in: --db, else $MANCALA_DB, else ./mancala.db; nothing with
// --no-store. Call it before any game is played, so a bad path fails at once. Throws UsageError
// "<command>: give --db or --no-store, not both" when both are given.
std::optional<archive::Store> open_store_for_runs(const std::string& command,
                                                  const po::variables_map& vm);

}  // namespace mancala::cli
