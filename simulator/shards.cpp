// Shards of a run (--shard i/n): which games each plays, and merging their runs into the
// run one process would have made.
#include <charconv>
#include <string>
#include <vector>

#include "common/error.h"
#include "simulator/run_stats.h"

namespace mancala::sim {

Shard parse_shard(const std::string& text) {
  const auto bad = [&] {
    return UsageError("--shard: expected i/n with 1 <= i <= n, got '" + text + "'");
  };
  const auto slash = text.find('/');
  if (slash == std::string::npos) throw bad();
  Shard shard;
  const auto read = [&](const char* first, const char* last, int& out) {
    const auto [end, ec] = std::from_chars(first, last, out);
    if (ec != std::errc() || end != last || first == last) throw bad();
  };
  read(text.data(), text.data() + slash, shard.index);
  read(text.data() + slash + 1, text.data() + text.size(), shard.count);
  if (shard.count < 1 || shard.index < 1 || shard.index > shard.count) throw bad();
  return shard;
}

GameRange shard_range(int64_t games, Shard shard) {
  // 128-bit products: games * count cannot overflow.
  const auto bound = [&](int64_t i) {
    return static_cast<int64_t>(static_cast<__int128_t>(games) * i / shard.count);
  };
  return GameRange{bound(shard.index - 1), bound(shard.index)};
}

RunStats merge_shards(const std::vector<ShardInput>& shards) {
  if (shards.empty()) throw Error("merge: no shards");
  const RunStats& first = shards.front().run;
  std::vector<const ShardInput*> by_index(static_cast<size_t>(first.shard.count), nullptr);
  for (const ShardInput& in : shards) {
    const RunStats& r = in.run;
    const auto fail = [&](const std::string& what) {
      throw Error(where(in.origin, r.ruleset, what));
    };
    if (r.partial)
      fail("shard " + std::to_string(r.shard.index) + "/" + std::to_string(r.shard.count) +
           " is partial (interrupted); run it again to merge");
    const auto differs = [&](const std::string& key, const std::string& mine,
                             const std::string& theirs) {
      if (mine != theirs)
        fail(key + " " + mine + " differs from " + theirs + " in " + shards.front().origin);
    };
    differs("ruleset", r.ruleset, first.ruleset);
    differs("rules hash", r.rules_hash, first.rules_hash);
    differs("engine version", r.engine_version, first.engine_version);
    if (r.agent != first.agent)
      fail("agents " + r.agent + " differ from " + first.agent + " in " + shards.front().origin +
           ": runs of different agents do not merge");
    differs("seed", std::to_string(r.seed), std::to_string(first.seed));
    differs("games", std::to_string(r.games_requested), std::to_string(first.games_requested));
    differs("shard count", std::to_string(r.shard.count), std::to_string(first.shard.count));
    const ShardInput*& slot = by_index[static_cast<size_t>(r.shard.index - 1)];
    if (slot)
      fail("shard " + std::to_string(r.shard.index) + "/" + std::to_string(r.shard.count) +
           " is also in " + slot->origin);
    slot = &in;
  }
  RunStats merged = first;
  merged.shard = Shard{};
  merged.range = shard_range(first.games_requested, merged.shard);
  merged.tally = GameTally{};
  for (size_t i = 0; i < by_index.size(); ++i) {
    if (!by_index[i]) {
      throw Error(where(shards.front().origin, first.ruleset,
                        "shard " + std::to_string(i + 1) + "/" + std::to_string(first.shard.count) +
                            " is missing"));
    }
    merged.tally.merge(by_index[i]->run.tally);
  }
  return merged;
}

}  // namespace mancala::sim
