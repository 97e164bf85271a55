// play_games across the ranks of an MPI job (see world.h for the model, batch.h for the contract).
//
// Rank 0 owns the shard's block queue (BlockQueue in block_queue.h, through BlockSource): its own
// worker threads take blocks from it, and its calling thread serves the other ranks' requests
// from the same queue, so blocks go out on demand, whichever rank is free first, and commits are
// merged in block order whoever played them. Another rank keeps a few blocks ahead (one per
// thread and one more) so its threads never wait for a message, and sends each block's tally
// back as the run JSON of the block (CBOR), which is exact. At the end rank 0 sends the merged
// tally (or the first error) to every rank.
#include <cstring>

#include "common/error.h"
#include "simulator/batch.h"

namespace mancala::sim {

std::vector<uint8_t> block_tally_bytes(const GameRange& block, const GameTally& tally) {
  RunStats run;
  run.ruleset = "block";
  run.games_requested = block.size();
  run.range = GameRange{0, block.size()};
  run.tally = tally;
  std::vector<uint8_t> bytes(2 * sizeof(int64_t));
  std::memcpy(bytes.data(), &block.begin, sizeof(int64_t));
  std::memcpy(bytes.data() + sizeof(int64_t), &block.end, sizeof(int64_t));
  nlohmann::json j = run_stats_to_json(run);
  if (tally.keep_outcomes) j["game_outcomes"] = outcomes_to_json(tally);  // paired comparisons
  const std::vector<uint8_t> body = nlohmann::json::to_cbor(j);
  bytes.insert(bytes.end(), body.begin(), body.end());
  return bytes;
}

GameTally block_tally_from_bytes(const std::vector<uint8_t>& bytes, GameRange& block) {
  if (bytes.size() < 2 * sizeof(int64_t)) throw Error("MPI block: message too short");
  std::memcpy(&block.begin, bytes.data(), sizeof(int64_t));
  std::memcpy(&block.end, bytes.data() + sizeof(int64_t), sizeof(int64_t));
  const auto j = nlohmann::json::from_cbor(bytes.begin() + 2 * sizeof(int64_t), bytes.end());
  GameTally tally = run_stats_from_json(j, "MPI block").tally;
  if (j.contains("game_outcomes")) outcomes_from_json(j["game_outcomes"], tally, "MPI block");
  return tally;
}

}  // namespace mancala::sim

#ifdef MANCALA_MPI
#include <mpi.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

#include "common/error.h"
#include "common/world.h"
#include "simulator/block_queue.h"

namespace mancala::sim {
namespace {

using nlohmann::json;

enum Tag : int { kRequest = 1, kBlock = 2, kResult = 3, kError = 4, kFinished = 5 };
using Bytes = std::vector<uint8_t>;

Bytes receive(int source, int tag, MPI_Status& status) {
  int count = 0;
  MPI_Get_count(&status, MPI_BYTE, &count);
  Bytes bytes(static_cast<size_t>(count));
  MPI_Recv(bytes.data(), count, MPI_BYTE, source, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return bytes;
}

void send(const Bytes& bytes, int dest, int tag) {
  MPI_Send(bytes.data(), static_cast<int>(bytes.size()), MPI_BYTE, dest, tag, MPI_COMM_WORLD);
}

// The blocks another rank has been given and the tallies it has yet to send back.
class RemoteBlocks : public BlockSource {
 public:
  bool take(GameRange& block) override {
    std::unique_lock lock(mutex_);
    ready_.wait(lock, [&] { return !queued_.empty() || closed_; });
    if (queued_.empty()) return false;
    block = queued_.front();
    queued_.pop_front();
    return true;
  }
  void commit(const GameRange& block, GameTally&& tally) override {
    std::lock_guard lock(mutex_);
    outbox_.push_back(block_tally_bytes(block, tally));
  }
  void push(const GameRange& block) {
    std::lock_guard lock(mutex_);
    queued_.push_back(block);
    ready_.notify_one();
  }
  // No more blocks will come: threads waiting for one quit.
  void close() {
    std::lock_guard lock(mutex_);
    closed_ = true;
    ready_.notify_all();
  }
  size_t queued() {
    std::lock_guard lock(mutex_);
    return queued_.size();
  }
  std::vector<Bytes> take_outbox() {
    std::lock_guard lock(mutex_);
    return std::exchange(outbox_, {});
  }

 private:
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<GameRange> queued_;
  std::vector<Bytes> outbox_;
  bool closed_ = false;
};

// A rank other than 0: asks for blocks, plays them, sends their tallies (and the error it met, if
// any), then says it is done.
void serve_as_worker(const MakePlayOne& make_play, const BatchOptions& options,
                     const GameTally& empty, int threads) {
  RemoteBlocks blocks;
  const size_t ahead = static_cast<size_t>(threads) + 1;
  size_t outstanding = 0;  // requests not yet answered
  bool no_more = false;
  const auto stopped = [&] { return options.stop && options.stop->load(); };
  const auto exchange = [&](bool wait) {
    for (;;) {
      int flag = 0;
      MPI_Status status;
      if (wait && outstanding > 0) {
        MPI_Probe(0, kBlock, MPI_COMM_WORLD, &status);
        flag = 1;
      } else {
        MPI_Iprobe(0, kBlock, MPI_COMM_WORLD, &flag, &status);
      }
      if (!flag) break;
      int64_t range[2];
      MPI_Recv(range, 2, MPI_INT64_T, 0, kBlock, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      --outstanding;
      if (range[0] < 0) {
        no_more = true;
      } else if (!stopped()) {
        blocks.push(GameRange{range[0], range[1]});
      }
      if (wait && outstanding == 0) break;
    }
    for (const Bytes& result : blocks.take_outbox()) send(result, 0, kResult);
    if (!no_more && !stopped()) {
      for (; blocks.queued() + outstanding < ahead; ++outstanding) {
        MPI_Send(nullptr, 0, MPI_BYTE, 0, kRequest, MPI_COMM_WORLD);
      }
    }
    if ((no_more || stopped()) && outstanding == 0) blocks.close();
  };
  exchange(false);
  try {
    run_pool(blocks, threads, make_play, empty, options.stop, std::chrono::milliseconds(1),
             [&] { exchange(false); });
  } catch (const std::exception& e) {
    const std::string message = e.what();
    send(Bytes(message.begin(), message.end()), 0, kError);
  }
  blocks.close();
  exchange(true);  // the last tallies; answers to requests still out are drained
  MPI_Send(nullptr, 0, MPI_BYTE, 0, kFinished, MPI_COMM_WORLD);
}

}  // namespace

GameTally play_games_distributed(GameRange range, const MakePlayOne& make_play,
                                 const BatchOptions& options, const GameTally& empty) {
  const int ranks = world::size();
  const int threads = options.threads;
  Bytes final_bytes;
  GameTally result = empty;
  if (world::rank() != 0) {
    serve_as_worker(make_play, options, empty, threads);
  } else {
    // Rank 0: the queue, its own threads, and the other ranks served from the calling thread.
    BlockQueue queue(range, block_size_for(range.size(), threads * ranks), empty);

    std::string error;
    int finished = 0;
    // MANCALA_MPI_COST=1: rank 0 measures the cost model's t_msg (docs/scale-out.md), the time its
    // calling thread spends on each message of the other ranks (receive, answer a request, decode
    // and merge a result), and says it on stderr at the end of the batch. Off by default.
    const bool measure = std::getenv("MANCALA_MPI_COST") != nullptr;
    std::chrono::steady_clock::duration served{};
    uint64_t requests = 0, results = 0;
    const auto serve = [&] {
      if (options.stop && options.stop->load()) queue.halt();
      int flag = 0;
      MPI_Status status;
      for (MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status); flag;
           MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status)) {
        const auto started = std::chrono::steady_clock::now();
        if (status.MPI_TAG == kRequest) ++requests;
        if (status.MPI_TAG == kResult) ++results;
        struct Clock {  // adds the message's time however the switch below is left
          std::chrono::steady_clock::time_point from;
          std::chrono::steady_clock::duration& into;
          ~Clock() { into += std::chrono::steady_clock::now() - from; }
        } clock{started, served};
        const int source = status.MPI_SOURCE;
        const Bytes bytes = receive(source, status.MPI_TAG, status);
        switch (status.MPI_TAG) {
          case kRequest: {
            GameRange block;
            int64_t answer[2] = {-1, -1};
            if (queue.take(block)) answer[0] = block.begin, answer[1] = block.end;
            MPI_Send(answer, 2, MPI_INT64_T, source, kBlock, MPI_COMM_WORLD);
            break;
          }
          case kResult: {
            GameRange block;
            GameTally tally = block_tally_from_bytes(bytes, block);
            queue.commit(block, std::move(tally));
            break;
          }
          case kError:
            if (error.empty()) error.assign(bytes.begin(), bytes.end());
            queue.halt();
            break;
          case kFinished:
            ++finished;
            break;
          default:
            break;
        }
      }
      if (options.progress) options.progress(queue.done(), static_cast<uint64_t>(range.size()));
    };
    try {
      run_pool(queue, threads, make_play, empty, options.stop, std::chrono::milliseconds(1), serve);
    } catch (const std::exception& e) {
      if (error.empty()) error = e.what();
      queue.halt();
    }
    while (finished < ranks - 1) {
      serve();
      std::this_thread::sleep_for(std::chrono::microseconds(500));
    }
    if (measure && results > 0) {
      const double seconds = std::chrono::duration<double>(served).count();
      std::fprintf(stderr,
                   "mpi cost: %llu requests and %llu results from other ranks served in %.6f s: "
                   "t_msg %.1f us per block of %lld games\n",
                   static_cast<unsigned long long>(requests),
                   static_cast<unsigned long long>(results), seconds,
                   1e6 * seconds / static_cast<double>(results),
                   static_cast<long long>(block_size_for(range.size(), threads * ranks)));
    }
    if (error.empty()) {
      const GameRange whole{range.begin, range.begin + static_cast<int64_t>(queue.total().games)};
      final_bytes = block_tally_bytes(whole, queue.total());
      final_bytes.insert(final_bytes.begin(), 0);
      result = std::move(queue.total());
    } else {
      final_bytes.assign(error.begin(), error.end());
      final_bytes.insert(final_bytes.begin(), 1);
    }
  }
  // Every rank leaves with rank 0's result (or its error), so all go on alike.
  int64_t length = static_cast<int64_t>(final_bytes.size());
  MPI_Bcast(&length, 1, MPI_INT64_T, 0, MPI_COMM_WORLD);
  final_bytes.resize(static_cast<size_t>(length));
  MPI_Bcast(final_bytes.data(), static_cast<int>(length), MPI_BYTE, 0, MPI_COMM_WORLD);
  if (final_bytes[0] == 1) throw Error(std::string(final_bytes.begin() + 1, final_bytes.end()));
  if (world::rank() != 0) {
    GameRange whole;
    result = block_tally_from_bytes(Bytes(final_bytes.begin() + 1, final_bytes.end()), whole);
  }
  if (options.progress) options.progress(result.games, static_cast<uint64_t>(range.size()));
  return result;
}

}  // namespace mancala::sim

#else

namespace mancala::sim {
// Without MPI there is one rank and play_games never comes here (world::distributed() is false).
GameTally play_games_distributed(GameRange range, const MakePlayOne& make_play,
                                 const BatchOptions& options, const GameTally& empty) {
  return play_games_per_worker(range, make_play, options, empty);
}
}  // namespace mancala::sim

#endif
