#include "analysis/merge_files.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>

#include "analysis/ladder.h"
#include "common/error.h"
#include "common/strict_json.h"

namespace mancala::analysis {

using nlohmann::json;

std::vector<sim::RunStats> merge_run_files(const std::vector<std::string>& files,
                                           const std::atomic<bool>* stop) {
  // Shards grouped by ruleset, the rulesets in order of first appearance (the simulate order).
  std::vector<std::string> order;
  std::map<std::string, std::vector<sim::ShardInput>> groups;
  for (const std::string& file : files) {
    if (stop && stop->load()) return {};
    if (file.empty()) throw Error("'': cannot read the file (the file name is empty)");
    std::ifstream in(file);
    if (!in)
      throw Error(
          where(file, "", std::string("cannot read the file (") + std::strerror(errno) + ")"));
    json doc = read_json_file(file);
    if (is_ladder_json(doc)) {
      throw UsageError(
          "merge: " + file +
          ": is a ladder's shard: combine those with 'mancala ladder --merge FILE...'");
    }
    std::vector<std::pair<std::string, const json*>> items;
    if (doc.is_object() && doc.contains("runs")) {
      if (!doc["runs"].is_array()) throw Error(where(file, "runs", "expected an array of runs"));
      for (size_t i = 0; i < doc["runs"].size(); ++i)
        items.emplace_back(where(file, "runs[" + std::to_string(i) + "]", ""), &doc["runs"][i]);
    } else {
      items.emplace_back(file, &doc);
    }
    for (const auto& [context, item] : items) {
      sim::RunStats run = sim::run_stats_from_json(*item, context);
      if (!groups.count(run.ruleset)) order.push_back(run.ruleset);
      groups[run.ruleset].push_back({file, std::move(run)});
    }
  }
  std::vector<sim::RunStats> merged;
  for (const std::string& ruleset : order) {
    if (stop && stop->load()) return {};
    merged.push_back(sim::merge_shards(groups[ruleset]));
  }
  for (const sim::RunStats& run : merged) {
    const sim::RunStats& first = merged.front();
    if (run.seed != first.seed || run.agent != first.agent ||
        run.games_requested != first.games_requested) {
      throw Error(
          where(groups[run.ruleset].front().origin, run.ruleset,
                "seed, agent or games differ from " + first.ruleset + "'s: merge them separately"));
    }
  }

  return merged;
}

}  // namespace mancala::analysis
