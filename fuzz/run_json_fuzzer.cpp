// Fuzzes the run JSON that `mancala merge` reads: parse_strict, sim::run_stats_from_json, and
// merging the run with itself as two shards. mancala::Error (or a JSON syntax error, reported by
// merge as "not JSON") is the only allowed failure.
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "common/error.h"
#include "common/strict_json.h"
#include "simulator/run_stats.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  nlohmann::json doc;
  try {
    doc = mancala::parse_strict<nlohmann::json>(text);
  } catch (const mancala::StrictJsonError&) {
    return 0;
  } catch (const nlohmann::json::parse_error&) {
    return 0;
  }
  // As merge reads a file: {"runs": [...]} (simulate's output for several rulesets) or one run.
  std::vector<const nlohmann::json*> items;
  if (doc.is_object() && doc.contains("runs") && doc["runs"].is_array()) {
    for (const nlohmann::json& item : doc["runs"]) items.push_back(&item);
  } else {
    items.push_back(&doc);
  }
  for (const nlohmann::json* item : items) {
    try {
      mancala::sim::RunStats run = mancala::sim::run_stats_from_json(*item, "fuzz.json");
      const nlohmann::json again = mancala::sim::run_stats_to_json(run);
      mancala::sim::run_stats_from_json(again, "written.json");  // what is written reads back
      mancala::sim::merge_shards({{"a.json", run}});
    } catch (const mancala::Error&) {
    }
  }
  return 0;
}
