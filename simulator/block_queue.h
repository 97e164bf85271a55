// The batch runner's pieces, for any kind of tally: where worker threads take blocks of items
// from, the pool of workers, and the ordered merge of their blocks (BlockQueueOf). Used by
// sim::run_blocks and play_games (batch.h) and play_games' MPI form (distributed.cpp); include
// batch.h, not this file.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <map>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "simulator/interrupt.h"
#include "simulator/run_stats.h"

namespace mancala::sim {

// Adds item g (a game, a round) to the tally of the block a worker is playing.
template <typename Tally>
using PlayInto = std::function<void(int64_t item, Tally& tally)>;
// Makes one worker's PlayInto (holding that worker's agents, their tables and trees); called once
// per worker, on the worker.
template <typename Tally>
using MakePlayInto = std::function<PlayInto<Tally>()>;
// Adds `from` into `into`; exact (integer counts, histograms), so that the grouping of items into
// blocks cannot change a result.
template <typename Tally>
using MergeInto = std::function<void(Tally& into, const Tally& from)>;

// Where worker threads take blocks of items from and commit their tallies to (thread-safe).
template <typename Tally>
class BlockSourceOf {
 public:
  virtual ~BlockSourceOf() = default;
  virtual bool take(GameRange& block) = 0;  // false: no block is left for this process
  virtual void commit(const GameRange& block, Tally&& tally) = 0;
};

// Plays blocks from `blocks` on `threads` worker threads until none is left or *stop; a block
// stopped inside is not committed, nor one whose game was given up (SearchInterrupted). Calls
// `tick` (if any) on the calling thread about every `interval` while they play. Rethrows the first
// worker's exception after joining them all.
template <typename Tally>
void run_block_pool(BlockSourceOf<Tally>& blocks, int threads, const MakePlayInto<Tally>& make_play,
                    const Tally& empty, const std::atomic<bool>* stop,
                    std::chrono::microseconds interval, const std::function<void()>& tick) {
  std::atomic<bool> failed{false};
  std::exception_ptr error;
  std::mutex error_mutex;
  const auto stopping = [&] {
    return failed.load(std::memory_order_relaxed) ||
           (stop && stop->load(std::memory_order_relaxed));
  };

  std::mutex running_mutex;
  std::condition_variable running_changed;
  int running = threads;
  const auto worker = [&] {
    try {
      const PlayInto<Tally> play = make_play();
      GameRange block;
      while (!stopping() && blocks.take(block)) {
        Tally tally = empty;
        int64_t g = block.begin;
        for (; g < block.end && !stopping(); ++g) play(g, tally);
        if (g < block.end) break;  // stopped inside the block: it does not count
        blocks.commit(block, std::move(tally));
      }
    } catch (const SearchInterrupted&) {
      // A search was stopped inside a game: the block does not count, nothing else is wrong.
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
      running_changed.wait_for(lock, interval);
      if (tick && running > 0) {
        lock.unlock();
        tick();
        lock.lock();
      }
    }
  }
  for (std::thread& t : pool) t.join();
  if (error) std::rethrow_exception(error);
}

// The blocks of a range and their ordered commit. Workers take block numbers from `next_block`,
// play them into their own accumulator and commit it; commits are merged into `total` strictly in
// block order (a block that finishes early waits in `pending`), so `total` always holds a prefix
// of the range. `pending` holds at most the blocks finished while an earlier one is still being
// played: a few per thread, whatever the number of items. Under MPI, rank 0's queue also serves
// the other ranks' requests and takes their commits (distributed.cpp).
template <typename Tally>
class BlockQueueOf : public BlockSourceOf<Tally> {
 public:
  BlockQueueOf(GameRange range, int64_t block_size, const Tally& empty, MergeInto<Tally> merge)
      : range_(range),
        block_size_(block_size),
        blocks_((range.size() + block_size - 1) / block_size),
        merge_(std::move(merge)),
        total_(empty) {}

  // The next block to play, or false when none is left (or the queue was halted).
  bool take(GameRange& block) override {
    if (halted_.load(std::memory_order_relaxed)) return false;
    const int64_t b = next_block_.fetch_add(1, std::memory_order_relaxed);
    if (b >= blocks_) return false;
    block.begin = range_.begin + b * block_size_;
    block.end = std::min(block.begin + block_size_, range_.end);
    return true;
  }

  void commit(const GameRange& block, Tally&& tally) override {
    const int64_t b = (block.begin - range_.begin) / block_size_;
    std::lock_guard lock(mutex_);
    done_ += static_cast<uint64_t>(block.size());
    pending_.emplace(b, std::move(tally));
    for (auto it = pending_.begin(); it != pending_.end() && it->first == next_commit_;
         it = pending_.erase(it)) {
      merge_(total_, it->second);
      committed_ += std::min(block_size_, range_.end - range_.begin - next_commit_ * block_size_);
      ++next_commit_;
    }
  }

  // No more blocks are handed out (a stop, or an error elsewhere).
  void halt() { halted_.store(true, std::memory_order_relaxed); }

  // Items finished so far (committed or pending).
  uint64_t done() {
    std::lock_guard lock(mutex_);
    return done_;
  }

  // After every worker has been joined: the items of the committed prefix, and its tally.
  uint64_t committed() const { return static_cast<uint64_t>(committed_); }
  Tally& total() { return total_; }

 private:
  const GameRange range_;
  const int64_t block_size_;
  const int64_t blocks_;
  const MergeInto<Tally> merge_;
  std::atomic<int64_t> next_block_{0};
  std::atomic<bool> halted_{false};
  std::mutex mutex_;
  std::map<int64_t, Tally> pending_;
  int64_t next_commit_ = 0;
  int64_t committed_ = 0;
  uint64_t done_ = 0;
  Tally total_;
};

// The games' forms (play_games, distributed.cpp).
using BlockSource = BlockSourceOf<GameTally>;
class BlockQueue : public BlockQueueOf<GameTally> {
 public:
  BlockQueue(GameRange range, int64_t block_size, const GameTally& empty)
      : BlockQueueOf(range, block_size, empty,
                     [](GameTally& into, const GameTally& from) { into.merge(from); }) {}
};

}  // namespace mancala::sim
