// The batch runner: plays many games of one ruleset on worker threads and returns their
// statistics (RunStats, see run_stats.h).
//
// Determinism: game g of a run is played with Rng(seed, g) and nothing else, and the statistics
// are integer counts and histograms merged exactly, so a run gives the identical RunStats for any
// thread count, block size or sharding. Memory does not grow with the number of games.
//
// Agents: each worker thread makes its own Players (agents.h) once and reuses them for every game
// it plays; Player::new_game() makes each game independent of the ones before it.
//
// Threads: an atomic counter hands out blocks of consecutive game indices; each worker fills one
// accumulator per block and commits it; committed blocks are merged in block order, so the games
// counted always form a prefix of the shard's range. A worker's exception stops the others and is
// rethrown on the calling thread after every worker has been joined.
//
// Stopping: when *stop becomes true (a SIGINT handler sets it) every worker finishes the game it
// is playing and quits; the blocks completed so far that form a prefix are counted and the
// result is marked partial. The statistics of a partial run over K games equal those of a
// complete run of the first K games of the same shard.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <type_traits>
#include <vector>

#include "simulator/block_queue.h"
#include "simulator/play.h"
#include "simulator/rules.h"
#include "simulator/run_stats.h"

namespace mancala::sim {

// What to run. Validate the numbers before calling (simulate_ruleset throws mancala::Error on
// games < 1, threads < 1 or a bad shard, as a last line of defence).
struct BatchOptions {
  int64_t games = 1000;  // N: games of the whole run (every shard together)
  uint64_t seed = 1;
  AgentPair agents;  // seat[0] plays player 1, seat[1] player 2 (random by default)
  int threads = 1;
  Shard shard;  // which share of the N games this process plays (see shard_range)
  // Set from outside (e.g. by a SIGINT handler) to stop early with a partial result.
  const std::atomic<bool>* stop = nullptr;
  // Keep each game's outcome (GameTally::outcomes) for paired comparisons: 16 bytes a game, so
  // memory grows with the games; not kept above kMaxKeptOutcomes games.
  bool keep_outcomes = false;
  // Called on the calling thread about ten times a second and once at the end, with the games
  // finished so far and the games this shard plays.
  std::function<void(uint64_t done, uint64_t total)> progress;
};

// The most games whose outcomes a run keeps (BatchOptions::keep_outcomes): 80 MB.
constexpr int64_t kMaxKeptOutcomes = 5000000;

// The most games a run plays: 2^53 (9,007,199,254,740,992), the largest count a JSON number holds
// exactly as the run's readers read it (JavaScript, Python's and R's JSON readers hold numbers as
// doubles); the runner's block arithmetic overflowed near 2^63 and stopped at once, reporting an
// interruption nobody made. Every --games is checked against it (cli/options.h, check_games).
constexpr int64_t kMaxGames = int64_t{1} << 53;

// Plays the shard's games of `rules` and returns their statistics.
RunStats simulate_ruleset(const RuleSet& rules, const BatchOptions& options);

// The engine-free core of simulate_ruleset: plays the games `range` with `play` (called on the
// worker threads, with each game index once, at most) and tallies them, into copies of `empty`,
// as described above. Only options.threads, stop and progress are used. The result counts a
// prefix of `range`: all of it unless stopped. Rethrows the first exception a call of `play` threw.
using PlayOne = std::function<GameResult(int64_t game_index)>;
GameTally play_games(GameRange range, const PlayOne& play, const BatchOptions& options,
                     const GameTally& empty = {});
// The same where each worker thread first makes its own `play` (holding that thread's agents,
// their tables and trees): make_play is called once per worker, on the worker.
using MakePlayOne = std::function<PlayOne()>;
GameTally play_games_per_worker(GameRange range, const MakePlayOne& make_play,
                                const BatchOptions& options, const GameTally& empty = {});

// Blocks small enough that every thread gets many of them (balance, prompt stop), large enough
// that committing costs nothing next to playing. Results do not depend on it.
int64_t block_size_for(int64_t games, int threads);

// The batch runner for any tally (a handicap level's rounds, a summary of matches): plays the items
// of `range` on options.threads worker threads (fewer when there are fewer items) in blocks of
// consecutive items, each block into a copy of `empty` with play(item, tally) (`make_play` makes
// each worker's play, on the worker), and merges the blocks' tallies into a copy of `empty` with
// `merge` in block order. Item g must depend only on g (its Rng(seed, g)) and `merge` be exact
// (integer counts, histograms): the result is then the same whatever the thread count. Uses
// options.threads, stop and progress as play_games does; runs in this process (no MPI ranks).
// Rethrows the first exception a call of `play` threw.
template <typename Tally>
Tally run_blocks(GameRange range, const std::type_identity_t<MakePlayInto<Tally>>& make_play,
                 const BatchOptions& options, const Tally& empty,
                 const std::type_identity_t<MergeInto<Tally>>& merge) {
  const int threads =
      static_cast<int>(std::clamp<int64_t>(options.threads, 1, std::max<int64_t>(range.size(), 1)));
  BlockQueueOf<Tally> queue(range, block_size_for(range.size(), threads), empty, merge);
  const uint64_t total = static_cast<uint64_t>(range.size());
  std::function<void()> tick;
  if (options.progress) tick = [&] { options.progress(queue.done(), total); };
  run_block_pool(queue, threads, make_play, empty, options.stop, std::chrono::milliseconds(100),
                 tick);
  if (options.progress) options.progress(queue.committed(), total);
  return std::move(queue.total());
}

// The number of worker threads to use by default: the hardware's, at least 1; 1 under MPI with
// more than one rank (one rank per core).
int default_threads();

// The pieces play_games is made of, shared with its MPI form (distributed.cpp): BlockSource and
// BlockQueue are in block_queue.h. run_block_pool for games: each worker's `play` adds its games.
void run_pool(BlockSource& blocks, int threads, const MakePlayOne& make_play,
              const GameTally& empty, const std::atomic<bool>* stop,
              std::chrono::microseconds interval, const std::function<void()>& tick);
// A block's tally as bytes, for a message between ranks: the block, then its run JSON in CBOR,
// read back by the one run JSON parser (exact: counts and histograms).
std::vector<uint8_t> block_tally_bytes(const GameRange& block, const GameTally& tally);
GameTally block_tally_from_bytes(const std::vector<uint8_t>& bytes, GameRange& block);
// play_games across the ranks of an MPI job (see world.h): every rank calls it with the same
// arguments and gets the same tally. Defined in distributed.cpp (MPI build only).
GameTally play_games_distributed(GameRange range, const MakePlayOne& make_play,
                                 const BatchOptions& options, const GameTally& empty);

}  // namespace mancala::sim
