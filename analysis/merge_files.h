// Combining the JSON outputs of `mancala simulate --shard i/n` into whole runs (`mancala merge`,
// docs/simulate.md).
#pragma once

#include <atomic>
#include <string>
#include <vector>

#include "simulator/run_stats.h"

namespace mancala::analysis {

// Reads each file (one run, or {"runs": [...]}), groups the shards by ruleset and merges each
// group (sim::merge_shards); the rulesets in order of first appearance (the simulate order).
// Throws Error "<file>: cannot read the file (...)", "<file>: not JSON (byte n)", "<file>: runs:
// expected an array of runs", the shard errors of sim::merge_shards, and "<file>: <ruleset>:
// seed, agent or games differ from <first>'s: merge them separately"; UsageError "merge: <file>:
// is a ladder's shard: ..." for a ladder's shard. Once *stop is set (Ctrl-C, SIGTERM), read
// between two files, it returns nothing: a merge of some of the shards is no run.
std::vector<sim::RunStats> merge_run_files(const std::vector<std::string>& files,
                                           const std::atomic<bool>* stop = nullptr);

}  // namespace mancala::analysis
