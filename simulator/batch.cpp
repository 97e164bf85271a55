#include "simulator/batch.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "common/error.h"
#include "simulator/engine.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {
namespace {

// The blocks of a shard and their ordered commit. Workers take block numbers from `next_block`,
// play them into their own accumulator and commit it; commits are merged into `total` strictly in
// block order (a block that finishes early waits in `pending`), so `total` always holds a prefix
// of the shard's games. `pending` holds at most the blocks finished while an earlier one is still
// being played: a few per thread, whatever the number of games.
class BlockQueue {
 public:
  BlockQueue(GameRange range, int64_t block_size, const GameTally& empty)
      : range_(range),
        block_size_(block_size),
        blocks_((range.size() + block_size - 1) / block_size),
        total_(empty) {}

  // The next block to play, or false when none is left.
  bool take(GameRange& block) {
    const int64_t b = next_block_.fetch_add(1, std::memory_order_relaxed);
    if (b >= blocks_) return false;
    block.begin = range_.begin + b * block_size_;
    block.end = std::min(block.begin + block_size_, range_.end);
    return true;
  }

  void commit(const GameRange& block, GameTally&& tally) {
    const int64_t b = (block.begin - range_.begin) / block_size_;
    std::lock_guard lock(mutex_);
    done_ += static_cast<uint64_t>(block.size());
    pending_.emplace(b, std::move(tally));
    for (auto it = pending_.begin(); it != pending_.end() && it->first == next_commit_;
         it = pending_.erase(it)) {
      total_.merge(it->second);
      ++next_commit_;
    }
  }

  // Games finished so far (committed or pending).
  uint64_t done() {
    std::lock_guard lock(mutex_);
    return done_;
  }

  // After every worker has been joined: the tally of the committed prefix.
  GameTally& total() { return total_; }

 private:
  const GameRange range_;
  const int64_t block_size_;
  const int64_t blocks_;
  std::atomic<int64_t> next_block_{0};
  std::mutex mutex_;
  std::map<int64_t, GameTally> pending_;
  int64_t next_commit_ = 0;
  uint64_t done_ = 0;
  GameTally total_;
};

// Blocks small enough that every thread gets many of them (balance, prompt stop), large enough
// that committing costs nothing next to playing. Results do not depend on it.
int64_t block_size_for(int64_t games, int threads) {
  return std::clamp<int64_t>(games / (static_cast<int64_t>(threads) * 16), 1, 256);
}

}  // namespace

int default_threads() { return std::max(1, static_cast<int>(std::thread::hardware_concurrency())); }

GameTally play_games(GameRange range, const PlayOne& play, const BatchOptions& options,
                     const GameTally& empty) {
  return play_games_per_worker(
      range, [&play] { return play; }, options, empty);
}

GameTally play_games_per_worker(GameRange range, const MakePlayOne& make_play,
                                const BatchOptions& options, const GameTally& empty) {
  if (options.threads < 1) throw Error("simulate: --threads: must be 1 or more");
  const int threads =
      static_cast<int>(std::min<int64_t>(options.threads, std::max<int64_t>(range.size(), 1)));
  BlockQueue queue(range, block_size_for(range.size(), threads), empty);
  std::atomic<bool> failed{false};
  std::exception_ptr error;
  std::mutex error_mutex;
  const auto stopping = [&] {
    return failed.load(std::memory_order_relaxed) ||
           (options.stop && options.stop->load(std::memory_order_relaxed));
  };

  std::mutex running_mutex;
  std::condition_variable running_changed;
  int running = threads;
  const auto worker = [&] {
    try {
      const PlayOne play = make_play();
      GameRange block;
      while (!stopping() && queue.take(block)) {
        GameTally tally = empty;
        int64_t g = block.begin;
        for (; g < block.end && !stopping(); ++g) tally.add(play(g));
        if (g < block.end) break;  // stopped inside the block: it does not count
        queue.commit(block, std::move(tally));
      }
    } catch (...) {
      std::lock_guard lock(error_mutex);
      if (!error) error = std::current_exception();
      failed.store(true, std::memory_order_relaxed);
    }
    std::lock_guard lock(running_mutex);
    --running;
    running_changed.notify_all();
  };

  std::vector<std::thread> pool;
  pool.reserve(static_cast<size_t>(threads));
  for (int i = 0; i < threads; ++i) pool.emplace_back(worker);
  {
    std::unique_lock lock(running_mutex);
    while (running > 0) {
      running_changed.wait_for(lock, std::chrono::milliseconds(100));
      if (options.progress && running > 0) {
        lock.unlock();
        options.progress(queue.done(), static_cast<uint64_t>(range.size()));
        lock.lock();
      }
    }
  }
  for (std::thread& t : pool) t.join();
  if (error) std::rethrow_exception(error);
  if (options.progress) options.progress(queue.total().games, static_cast<uint64_t>(range.size()));
  return std::move(queue.total());
}

RunStats simulate_ruleset(const RuleSet& rules, const BatchOptions& options) {
  if (options.games < 1) throw Error("simulate: --games: must be 1 or more");
  if (options.shard.count < 1 || options.shard.index < 1 ||
      options.shard.index > options.shard.count) {
    throw Error("simulate: --shard: expected i/n with 1 <= i <= n");
  }
  RunStats run;
  run.ruleset = rules.id;
  run.rules_hash = rules_hash(rules);
  run.engine_version = MANCALA_VERSION;
  run.agent = options.agents.label();
  run.seed = options.seed;
  run.games_requested = options.games;
  run.shard = options.shard;
  run.range = shard_range(options.games, options.shard);

  const Game game(rules);
  const MakePlayOne make_play = [&]() -> PlayOne {
    // This worker's players, one per seat (one for both when the seats play the same agent).
    auto first = std::make_shared<Player>(game, options.agents.seat[0]);
    auto second =
        options.agents.same() ? first : std::make_shared<Player>(game, options.agents.seat[1]);
    return [&game, &options, first, second](int64_t g) {
      Rng rng(options.seed, static_cast<uint64_t>(g));
      return play_game(game, *first, *second, rng);
    };
  };
  GameTally empty;
  empty.match.enabled = rules.match;
  run.tally = play_games_per_worker(run.range, make_play, options, empty);
  run.partial = run.tally.games < static_cast<uint64_t>(run.range.size());
  return run;
}

}  // namespace mancala::sim
