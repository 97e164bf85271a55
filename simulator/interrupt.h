// Stopping a batch run cleanly on Ctrl-C or SIGTERM: the workers finish their games and the run
// comes back partial (BatchOptions::stop), to be printed and stored.
#pragma once

#include <atomic>
#include <csignal>
#include <string>

namespace mancala::sim {

// A game given up because a search agent was stopped inside it (Player::set_stop): thrown out of
// play_game; the batch runner then counts no game of the block it was playing (block_queue.h), so
// no game played with cut searches reaches a result.
struct SearchInterrupted {};

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

}  // namespace mancala::sim
