// BlockQueue: the blocks of one batch and their ordered merge, shared by play_games and its MPI
// form (batch.cpp, distributed.cpp). Internal to the batch runner.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>

#include "simulator/batch.h"

namespace mancala::sim {

// The blocks of a shard and their ordered commit. Workers take block numbers from `next_block`,
// play them into their own accumulator and commit it; commits are merged into `total` strictly in
// block order (a block that finishes early waits in `pending`), so `total` always holds a prefix
// of the shard's games. `pending` holds at most the blocks finished while an earlier one is still
// being played: a few per thread, whatever the number of games. Under MPI, rank 0's queue also
// serves the other ranks' requests and takes their commits (distributed.cpp).
class BlockQueue : public BlockSource {
 public:
  BlockQueue(GameRange range, int64_t block_size, const GameTally& empty)
      : range_(range),
        block_size_(block_size),
        blocks_((range.size() + block_size - 1) / block_size),
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

  void commit(const GameRange& block, GameTally&& tally) override {
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

  // No more blocks are handed out (a stop, or an error elsewhere).
  void halt() { halted_.store(true, std::memory_order_relaxed); }

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
  std::atomic<bool> halted_{false};
  std::mutex mutex_;
  std::map<int64_t, GameTally> pending_;
  int64_t next_commit_ = 0;
  uint64_t done_ = 0;
  GameTally total_;
};

}  // namespace mancala::sim
