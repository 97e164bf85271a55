// The checks of the counts every command that plays takes (--games, --seed, --threads), shared by
// the command line (cli/options.h) and the Python module, with the same messages.
#pragma once

#include <cstdint>
#include <string>

#include "common/error.h"
#include "simulator/batch.h"

namespace mancala::sim {

// The most worker threads a command accepts: far above any machine's useful count, far below the
// point where creating the threads fails (a thread the system refuses aborts the process).
inline constexpr int kMaxThreads = 256;

// --threads checked for every command that runs games: UsageError (exit 2)
// "<command>: --threads: must be 1 or more" / "... must be at most 256 (got 100000)".
inline void check_threads(const std::string& command, int threads) {
  if (threads < 1) throw UsageError(command + ": --threads: must be 1 or more");
  if (threads > kMaxThreads) {
    throw UsageError(command + ": --threads: must be at most " + std::to_string(kMaxThreads) +
                     " (got " + std::to_string(threads) + ")");
  }
}

// A count of games (--games, --ladder-games...) checked for every command that plays: UsageError
// "<command>: --games: must be 1 or more", "... must be at most 9007199254740992 (2^53, the most
// games a run counts exactly), got 9223372036854775807".
inline void check_games(const std::string& command, long long games,
                        const std::string& option = "--games") {
  if (games < 1) throw UsageError(command + ": " + option + ": must be 1 or more");
  if (games > kMaxGames) {
    throw UsageError(command + ": " + option + ": must be at most " + std::to_string(kMaxGames) +
                     " (2^53, the most games a run counts " + "exactly), got " +
                     std::to_string(games));
  }
}

// Checks --games (check_games), --seed (0 or more) and --threads (check_threads) and sets them in
// `options` (sim::BatchOptions, analysis::CompareOptions, ...): UsageError
// "<command>: --games: must be 1 or more", "<command>: --seed: must be 0 or more".
template <class Options>
void set_play_counts(Options& options, const std::string& command, long long games, long long seed,
                     int threads) {
  check_games(command, games);
  if (seed < 0) throw UsageError(command + ": --seed: must be 0 or more");
  check_threads(command, threads);
  options.games = games;
  options.seed = static_cast<uint64_t>(seed);
  options.threads = threads;
}

}  // namespace mancala::sim
