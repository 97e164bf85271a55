// mancala solve, and --agent / --agents in the commands, run in-process: output keys, refusals
// with exact messages and exit codes, a time limit, and runs that record their agents.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>

#include "cli_test_util.h"
#include "simulator/agents.h"

namespace mancala::cli {
namespace {

using nlohmann::json;
using testing::expect_error;
using testing::run_cli;

// A 3-hole, 2-counter Toguz Kumalak without tuzdyks: small enough to solve at once.
std::string small_ruleset() {
  const auto file = std::filesystem::temp_directory_path() / "mancala_solve_cli_3x2.json";
  std::ofstream(file) << R"({"extends": "toguz_kumalak/no_tuzdyk", "rules": {"holes_per_row": 3,
    "counters_per_hole": 2}, "provenance": {"holes_per_row": {"assumption": "test"},
    "counters_per_hole": {"assumption": "test"}}})";
  return file.string();
}

TEST(SolveCommand, JsonHasTheValueBestMovePvNodesAndSeconds) {
  const auto r = run_cli({"solve", small_ruleset(), "--format", "json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const json j = json::parse(r.out);
  for (const char* key : {"value", "best_move", "pv", "nodes", "seconds"})
    EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_TRUE(j["value"].is_number_integer());
  EXPECT_TRUE(j["complete"].get<bool>());
  EXPECT_EQ(j["lower"], j["value"]);
  EXPECT_EQ(j["pv"][0], j["best_move"]);
  EXPECT_GT(j["nodes"].get<uint64_t>(), 0u);
  // After the best move the value is the same, seen from the same first player.
  const auto after = run_cli(
      {"solve", small_ruleset(), "--format", "json", "--moves", j["best_move"].get<std::string>()});
  ASSERT_EQ(after.code, 0) << after.err;
  EXPECT_EQ(json::parse(after.out)["value"], j["value"]);
}

TEST(SolveCommand, TableNamesTheValueAsPlayerOnesMargin) {
  const auto r = run_cli({"solve", small_ruleset()});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("(player 1's final margin under perfect play)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("nodes/s"), std::string::npos);
}

TEST(SolveCommand, RefusesWhatItCannotSolveWithExactMessages) {
  expect_error({"solve", "sonka"}, 1,
               "mancala: solve: sonka/vanoverbergh_1927: cannot be solved exactly: its turns are "
               "simultaneous, resolved in an order drawn at random (the solver needs alternating "
               "moves)\n");
  expect_error(
      {"solve", "khutka_boia"}, 1,
      "mancala: solve: khutka_boia/das_gupta_1926: cannot be solved exactly: it is a match "
      "of several rounds, each dealt from the last (the solver plays one game)\n");
  expect_error({"solve", "toguz_kumalak", "--format", "xml"}, 2,
               "mancala: solve: --format: expected table or json, got 'xml'\n");
  const auto move = run_cli({"solve", "toguz_kumalak", "--moves", "12"});
  EXPECT_EQ(move.code, 1);
  EXPECT_EQ(move.err.rfind("mancala: solve: move 1 '12': ", 0), 0u) << move.err;
  EXPECT_EQ(run_cli({"solve"}).code, 2);
}

// docs/agents.md: "--table-mib M: the table's memory, a power of two from 1 to 16384".
TEST(SolveCommand, TheTablesMemoryIsAPowerOfTwoAndDoesNotChangeTheValue) {
  const auto value = [](const std::string& mib) {
    const auto r = run_cli({"solve", small_ruleset(), "--format", "json", "--table-mib", mib});
    EXPECT_EQ(r.code, 0) << r.err;
    return json::parse(r.out)["value"].get<int>();
  };
  EXPECT_EQ(value("1"), value("64"));
  for (const char* bad : {"0", "3", "32768", "-4"}) {
    expect_error({"solve", small_ruleset(), "--table-mib", bad}, 2,
                 std::string("mancala: solve: --table-mib: expected a power of two from 1 to "
                             "16384, got ") +
                     bad + "\n");
  }
}

TEST(SolveCommand, StopsAtMaxSecondsWithTheBoundsAndExitOne) {
  const auto r = run_cli({"solve", "toguz_kumalak", "--max-seconds", "0.2", "--format", "json"});
  EXPECT_EQ(r.code, 1);
  const json j = json::parse(r.out);
  EXPECT_FALSE(j["complete"].get<bool>());
  EXPECT_TRUE(j["value"].is_null());
  EXPECT_LE(j["lower"].get<int>(), j["upper"].get<int>());
  EXPECT_TRUE(std::regex_match(
      r.err, std::regex("mancala: solve: toguz_kumalak/standard: stopped at --max-seconds 0.2 "
                        "before the value was proven: it lies between [-+]?[0-9]+ and "
                        "[-+]?[0-9]+\n")))
      << r.err;
}

TEST(AgentOptions, SimulateRecordsEachSeatsAgent) {
  const auto r = run_cli({"simulate", "toguz_kumalak", "--games", "6", "--agents",
                          "alphabeta:1,greedy", "--no-store", "--format", "json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["agent"], "alphabeta:1,greedy");
  EXPECT_EQ(j["agents"], json::array({"alphabeta:1", "greedy"}));
}

TEST(AgentOptions, BadOrBothOptionsAreUsageErrors) {
  for (const char* command : {"simulate", "trace", "compare", "handicap", "bench"}) {
    std::vector<std::string> args = {command, "khutka_boia"};
    if (std::string(command) == "compare") args.push_back("khutka_boia/opposite_capture");
    std::vector<std::string> both = args, bad = args;
    both.insert(both.end(), {"--agent", "random", "--agents", "random,greedy"});
    bad.insert(bad.end(), {"--agents", "random,mcts:x"});
    const auto b = run_cli(both);
    EXPECT_EQ(b.code, 2) << command;
    EXPECT_EQ(b.err,
              "mancala: " + std::string(command) + ": --agent and --agents: give one of them\n");
    const auto x = run_cli(bad);
    EXPECT_EQ(x.code, 2) << command;
    EXPECT_EQ(x.err, "mancala: " + std::string(command) + ": --agents: 'mcts:x' is not an agent (" +
                         sim::agent_list() + ")\n");
  }
}

TEST(AgentOptions, TraceJsonNamesTheAgents) {
  const auto r =
      run_cli({"trace", "toguz_kumalak", "--agents", "greedy,alphabeta:1", "--format", "json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["agents"], json::array({"greedy", "alphabeta:1"}));
}

}  // namespace
}  // namespace mancala::cli
