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
#include "common/world.h"
#include "simulator/block_queue.h"
#include "simulator/engine.h"
#include "simulator/ruleset_io.h"
#include "simulator/seat_words.h"

namespace mancala::sim {

namespace {

// Each worker's play of games: adds the result of game g to the block's tally.
MakePlayInto<GameTally> games_into(const MakePlayOne& make_play) {
  return [&make_play]() -> PlayInto<GameTally> {
    return [play = make_play()](int64_t g, GameTally& tally) { tally.add(play(g)); };
  };
}

}  // namespace

int default_threads() {
  // Under MPI one rank runs per core, the way MPI jobs are laid out.
  if (world::distributed()) return 1;
  return std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
}

void run_pool(BlockSource& blocks, int threads, const MakePlayOne& make_play,
              const GameTally& empty, const std::atomic<bool>* stop,
              std::chrono::microseconds interval, const std::function<void()>& tick) {
  run_block_pool<GameTally>(blocks, threads, games_into(make_play), empty, stop, interval, tick);
}

int64_t block_size_for(int64_t games, int threads) {
  return std::clamp<int64_t>(games / (static_cast<int64_t>(threads) * 16), 1, 256);
}

GameTally play_games(GameRange range, const PlayOne& play, const BatchOptions& options,
                     const GameTally& empty) {
  return play_games_per_worker(
      range, [&play] { return play; }, options, empty);
}

GameTally play_games_per_worker(GameRange range, const MakePlayOne& make_play,
                                const BatchOptions& options, const GameTally& empty) {
  if (options.threads < 1) throw Error("simulate: --threads: must be 1 or more");
  if (world::distributed()) return play_games_distributed(range, make_play, options, empty);
  return run_blocks(range, games_into(make_play), options, empty,
                    [](GameTally& into, const GameTally& from) { into.merge(from); });
}

RunStats simulate_ruleset(const RuleSet& rules, const BatchOptions& options) {
  if (options.games < 1) throw Error("simulate: --games: must be 1 or more");
  if (options.games > kMaxGames)
    throw Error("simulate: --games: must be at most " + std::to_string(kMaxGames));
  if (options.shard.count < 1 || options.shard.index < 1 ||
      options.shard.index > options.shard.count) {
    throw Error("simulate: --shard: expected i/n with 1 <= i <= n");
  }
  RunStats run;
  run.ruleset = rules.id;
  run.rules_hash = rules_hash(rules);
  run.seats = seats_name(rules);
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
    first->set_stop(options.stop);
    second->set_stop(options.stop);
    return [&game, &options, first, second](int64_t g) {
      Rng rng(options.seed, static_cast<uint64_t>(g));
      try {
        return play_game(game, *first, *second, rng);
      } catch (const EngineFault& e) {
        throw e.in_game(options.seed, g);  // so that the game can be replayed
      }
    };
  };
  GameTally empty;
  empty.match.enabled = rules.match;
  empty.keep_outcomes = options.keep_outcomes && run.range.size() <= kMaxKeptOutcomes;
  run.tally = play_games_per_worker(run.range, make_play, options, empty);
  run.partial = run.tally.games < static_cast<uint64_t>(run.range.size());
  return run;
}

}  // namespace mancala::sim
