// What the commands that run simulations share (simulate, report): Ctrl-C handling, the progress
// bar, and storing a run in the archive.
#pragma once

#include <atomic>
#include <csignal>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>

#include "archive/store.h"
#include "cli/cli.h"
#include "cli/options.h"
#include "simulator/run_stats.h"

namespace mancala::cli {

// Installs SIGINT and SIGTERM handlers for its lifetime (restoring the previous ones after) that
// only set the flag interrupted() returns, which BatchOptions::stop can point to: the workers
// finish their games and the run comes back partial, to be printed and stored. SIGTERM (a `kill`,
// a job scheduler's time limit) is treated like Ctrl-C so the finished games are not lost.
// SA_RESETHAND makes a second signal kill at once.
class InterruptGuard {
 public:
  InterruptGuard();
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

  // True once Ctrl-C was pressed or SIGTERM received while a guard was installed.
  static const std::atomic<bool>& interrupted();
  // What stopped the run, for messages: "Ctrl-C" or "SIGTERM".
  static std::string cause();
  // The conventional exit code of a command stopped by that signal: 130 (SIGINT), 143 (SIGTERM).
  static int exit_code();

 private:
  struct sigaction previous_int_ {};
  struct sigaction previous_term_ {};
};

// A one-line progress bar on stderr, redrawn in place, only when stderr is a terminal; erased
// when destroyed.
class ProgressBar {
 public:
  ProgressBar(Io& io, std::string label) : io_(io), label_(std::move(label)) {}
  ~ProgressBar();
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;
  void update(uint64_t done, uint64_t total);

 private:
  Io& io_;
  std::string label_;
  bool drawn_ = false;
  size_t width_ = 0;
};

// The archive's record of a run whose JSON (sim::run_stats_to_json) is `stats`.
archive::RunRecord run_record(const sim::RunStats& run, const nlohmann::json& stats);

// Where a command's data goes: io.out, or a file (--output) written whole or not at all: the text
// is built in memory, written to a temporary file beside it and renamed over the path. The
// temporary file is created at once, so an unwritable path fails before any work is done. Under
// MPI only rank 0 writes (common/world.h).
class Output {
 public:
  // Throws mancala::Error "<path>: cannot write the output file (<reason>)".
  Output(Io& io, std::string path);
  ~Output();
  Output(const Output&) = delete;
  Output& operator=(const Output&) = delete;

  std::ostream& stream() { return path_.empty() ? io_.out : buffer_; }
  // Where the data went, for messages: the file, or "stdout".
  std::string destination() const { return path_.empty() ? "stdout" : path_; }
  // Writes the file (nothing for stdout).
  void commit();

 private:
  Io& io_;
  std::string path_;
  std::string tmp_;
  std::ostringstream buffer_;
};

// Opens the archive runs are stored in: --db, else $MANCALA_DB, else ./mancala.db; nothing with
// --no-store. Call it before any game is played, so a bad path fails at once. Throws UsageError
// "<command>: give --db or --no-store, not both" when both are given.
std::optional<archive::Store> open_store_for_runs(const std::string& command,
                                                  const po::variables_map& vm);

}  // namespace mancala::cli
