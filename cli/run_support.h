// What the commands that run simulations share: the progress line, timing, and the archive runs
// are stored in. Ctrl-C handling is simulator/interrupt.h, the --output file
// reports/output_file.h, a run's archive record analysis/run_record.h.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "analysis/run_record.h"
#include "analysis/simulate_runs.h"
#include "archive/store.h"
#include "cli/cli.h"
#include "cli/options.h"
#include "reports/output_file.h"
#include "simulator/interrupt.h"
#include "simulator/rules.h"

namespace mancala::cli {

using sim::InterruptGuard;

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

// A run this long is warned of: a day.
inline constexpr double kLongRunSeconds = 86400;

// "about 31 hours", "about 290 days", "about 9.3 years": a long duration for a warning.
std::string long_duration_text(double seconds);

// A one-line progress display on stderr, redrawn in place, only when stderr is a terminal;
// erased when destroyed or relabelled. kBar: "<label> [####....]  42% 420/1000 games";
// kCount: "<label>: 420/1000 games (42%)", padded over a longer earlier line. Terminal or not,
// once a second of play has passed it estimates the whole from the speed so far and, when that
// is over a day, warns once: "mancala: warning: kalah/standard: 1000000000000 games at about
// 40000 a second would take about 290 days; Ctrl-C or SIGTERM stops the run and keeps the games
// finished" (issue 41: such a run used to start without a word).
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
  // The warning of a run estimated over a day, once.
  void warn_if_long(uint64_t done, uint64_t total);

  Io& io_;
  std::string label_;
  Style style_;
  size_t width_ = 0;
  Stopwatch watch_;
  bool estimated_ = false;
};

// --output FILE (whole or not at all), else io.out.
inline reports::OutputFile output_option(Io& io, const po::variables_map& vm) {
  return reports::OutputFile(io.out, vm.count("output") ? vm["output"].as<std::string>() : "");
}

// A merge of shard files stopped by Ctrl-C or SIGTERM between two of them (InterruptGuard):
// prints "mancala: <command>: interrupted by SIGTERM: nothing merged, written or stored" and
// returns the exit code (130, 143). A merge of some of the shards is no result.
int interrupted_merge(const std::string& command, Io& io);

// Loads the rulesets `ids` name, each once (analysis/simulate_runs.h).
using analysis::load_distinct_rulesets;

// Opens the archive at `path` to read it (archive::Store::Mode::kExisting) and prints what a
// reader should know about it (Store::warning) on io.err: "mancala: warning: <path>: ...".
archive::Store open_store_to_read(const std::string& path, Io& io);

// Opens the archive runs are stored in: --db, else $MANCALA_DB, else ./mancala.db; nothing with
// --no-store. Call it before any game is played, so a bad path fails at once. Throws UsageError
// "<command>: give --db or --no-store, not both" when both are given.
std::optional<archive::Store> open_store_for_runs(const std::string& command,
                                                  const po::variables_map& vm);

}  // namespace mancala::cli
