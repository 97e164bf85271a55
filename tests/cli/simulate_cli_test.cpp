// mancala simulate | merge | runs | bench, run in-process: the formats, determinism across thread
// counts and shards, stored runs read back, Ctrl-C, and bad input refused with exact messages and
// nothing written.
#include <gtest/gtest.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <thread>

#include "../reports/report_test_util.h"
#include "cli/cli.h"
#include "cli_test_util.h"
#include "simulator/agents.h"
#include "simulator/ruleset_io.h"
#include "simulator/run_stats.h"

namespace mancala::cli {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// A few hundred games; fewer under the sanitizers.
const std::string kSimulateGames = testing::kSanitized ? "100" : "300";

using testing::expect_error;
using testing::read_text;
using testing::Result;
using testing::run_cli;
using testing::TempDir;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST(SimulateCommand, JsonHasTheCountsAndFiguresOfTheRun) {
  const Result r = run_cli({"simulate", "toguz_kumalak/standard", "--games", kSimulateGames,
                            "--seed", "3", "--format", "json", "--no-store"});
  ASSERT_EQ(r.code, 0) << r.err;
  const json j = json::parse(r.out);
  const auto n = std::stoull(kSimulateGames);
  EXPECT_EQ(j["ruleset"], "toguz_kumalak/standard");
  EXPECT_EQ(j["rules_hash"], sim::rules_hash(sim::load_ruleset("toguz_kumalak/standard")));
  EXPECT_EQ(j["games"], n);
  EXPECT_EQ(j["games_requested"], n);
  EXPECT_EQ(j["seed"], 3);
  EXPECT_EQ(j["agent"], "random");
  EXPECT_EQ(j["partial"], false);
  EXPECT_EQ(j["wins"][0].get<uint64_t>() + j["wins"][1].get<uint64_t>() +
                j["draws"].get<uint64_t>() + j["unfinished"].get<uint64_t>(),
            n);
  for (const char* key : {"first_player_win_rate", "second_player_win_rate", "draw_rate",
                          "unfinished_rate", "first_player_advantage"}) {
    ASSERT_TRUE(j[key]["ci95"].is_array()) << key;
    EXPECT_LE(j[key]["ci95"][0].get<double>(), j[key]["value"].get<double>()) << key;
    EXPECT_LE(j[key]["value"].get<double>(), j[key]["ci95"][1].get<double>()) << key;
  }
  for (const char* key : {"mean", "sd", "median", "p5", "p95", "histogram"})
    EXPECT_TRUE(j["plies"].contains(key)) << key;
  EXPECT_EQ(sim::run_stats_from_json(j, "out").tally.games, n);
  // Messages (here the timing) go to stderr, never into the data.
  EXPECT_TRUE(std::regex_match(r.err, std::regex("simulate: toguz_kumalak/standard: " +
                                                 kSimulateGames + " games in [0-9.]+ s\n")))
      << r.err;
}

TEST(SimulateCommand, OneAndTwoThreadsPrintIdenticalJson) {
  const Args base =
      testing::words("simulate toguz_kumalak/standard toguz_kumalak/no_tuzdyk --games " +
                     kSimulateGames + " --seed 9 --format json --no-store --agent greedy");
  // several rulesets: one object with the runs in order
  const json j = json::parse(testing::output_of_1_and_2_threads(base));
  EXPECT_EQ(j["seed"], 9);
  EXPECT_EQ(j["agent"], "greedy");
  EXPECT_EQ(j["games"], std::stoll(kSimulateGames));
  EXPECT_EQ(j["partial"], false);
  ASSERT_EQ(j["runs"].size(), 2u);
  EXPECT_EQ(j["runs"][0]["ruleset"], "toguz_kumalak/standard");
  EXPECT_EQ(j["runs"][1]["ruleset"], "toguz_kumalak/no_tuzdyk");
}

// Issue 27: "-o files get the usual mode (0644 under umask 022), not 0600"; a file that exists
// keeps its mode.
TEST(SimulateCommand, OutputFilesGetTheUsualMode) {
  TempDir dir;
  const mode_t old = ::umask(022);
  const std::string file = dir / "run.json";
  const Result r =
      run_cli({"simulate", "kalah", "--games", "5", "--format", "json", "--no-store", "-o", file});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(fs::status(file).permissions(), fs::perms::owner_read | fs::perms::owner_write |
                                                fs::perms::group_read | fs::perms::others_read);
  fs::permissions(file, fs::perms::owner_read | fs::perms::owner_write);
  ASSERT_EQ(
      run_cli({"simulate", "kalah", "--games", "5", "--format", "json", "--no-store", "-o", file})
          .code,
      0);
  EXPECT_EQ(fs::status(file).permissions(), fs::perms::owner_read | fs::perms::owner_write);
  ::umask(old);
}

TEST(SimulateCommand, MergedShardFilesAreTheSingleRunByteForByte) {
  TempDir dir;
  const Args base = {"simulate",
                     "toguz_kumalak/standard",
                     "toguz_kumalak/no_tuzdyk",
                     "--games",
                     kSimulateGames,
                     "--seed",
                     "4",
                     "--format",
                     "json"};
  Args single = base;
  single.insert(single.end(), {"--no-store", "--output", dir / "single.json"});
  ASSERT_EQ(run_cli(single).code, 0);
  Args merge = {"merge"};
  for (const std::string shard : {"1/3", "2/3", "3/3"}) {
    const std::string file = dir / ("shard" + shard.substr(0, 1) + ".json");
    Args args = base;
    args.insert(args.end(),
                {"--shard", shard, "--output", file, "--threads", shard == "2/3" ? "1" : "2"});
    const Result r = run_cli(args);
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.out, "");
    merge.push_back(file);
  }
  EXPECT_FALSE(fs::exists(dir / "mancala.db"));
  std::reverse(merge.begin() + 1, merge.end());  // any order of the files
  Args table = merge;
  merge.insert(merge.end(), {"--format", "json", "--db", dir / "merged.db"});
  const Result merged = run_cli(merge);
  ASSERT_EQ(merged.code, 0) << merged.err;
  EXPECT_EQ(merged.out, read_text(dir / "single.json"));
  // Issue 27: merge prints by default the table simulate prints.
  table.push_back("--no-store");
  Args simulate_table = base;
  simulate_table.resize(simulate_table.size() - 2);  // no "--format json"
  simulate_table.push_back("--no-store");
  EXPECT_EQ(run_cli(table).out, run_cli(simulate_table).out);
  EXPECT_EQ(merged.err,
            "merge: toguz_kumalak/standard: stored as run 1\nmerge: toguz_kumalak/no_tuzdyk: "
            "stored as run 2\n");
  // Issue 14: "merge run twice stores the same run twice": it is stored once.
  const Result again = run_cli(merge);
  ASSERT_EQ(again.code, 0) << again.err;
  EXPECT_EQ(again.out, merged.out);
  EXPECT_EQ(again.err,
            "merge: toguz_kumalak/standard: already stored as run 1\n"
            "merge: toguz_kumalak/no_tuzdyk: already stored as run 2\n");
  // The single run is the same content as the merged one: not stored again either.
  Args single_stored = base;
  single_stored.insert(single_stored.end(), {"--db", dir / "merged.db"});
  const Result simulated = run_cli(single_stored);
  ASSERT_EQ(simulated.code, 0) << simulated.err;
  EXPECT_NE(simulated.err.find(", already stored as run 1\n"), std::string::npos) << simulated.err;
  EXPECT_NE(simulated.err.find(", already stored as run 2\n"), std::string::npos) << simulated.err;
  const json listed =
      json::parse(run_cli({"runs", "list", "--db", dir / "merged.db", "--format", "json"}).out);
  EXPECT_EQ(listed.size(), 2u);
}

TEST(SimulateCommand, TableHasOneRowPerRuleset) {
  const Result r = run_cli({"simulate", "toguz_kumalak/standard", "toguz_kumalak/no_tuzdyk",
                            "--games", kSimulateGames, "--no-store"});
  ASSERT_EQ(r.code, 0) << r.err;
  const auto lines = lines_of(r.out);
  // Two rows and the footer explaining the '!': Toguz Kumalak's games end mostly at "more than
  // 81", an assumption, not by the text's rule (docs/terms.md, "Endings").
  ASSERT_EQ(lines.size(), 4u) << r.out;
  EXPECT_TRUE(lines[3].starts_with("! under half of the games")) << lines[3];
  EXPECT_TRUE(std::regex_match(
      lines[0],
      std::regex("ruleset +games +P1 wins +P2 wins +draws +unfinished +P1 win rate \\[95% CI\\] +"
                 "P1 advantage \\[95% CI\\] +text's rule \\[95% CI\\] +plies mean +median")))
      << lines[0];
  const std::regex row("toguz_kumalak/(standard|no_tuzdyk) +" + kSimulateGames +
                       "( +[0-9]+){4} +[0-9.]+% \\[[0-9.]+, [0-9.]+\\] +[+-]?[0-9.]+ pp "
                       "\\[[+-]?[0-9.]+, [+-]?[0-9.]+\\] +[0-9.]+% \\[[0-9.]+, [0-9.]+\\]"
                       "( !)?; source [0-9.]+% +[0-9.]+ +[0-9.]+");
  EXPECT_TRUE(std::regex_match(lines[1], row)) << lines[1];
  EXPECT_TRUE(std::regex_match(lines[2], row)) << lines[2];
  // Issue 14: "one unit for the first-player advantage everywhere (percentage points)": the
  // table's cell is the JSON's difference of proportions times 100.
  const json run = json::parse(run_cli({"simulate", "toguz_kumalak/standard", "--games",
                                        kSimulateGames, "--no-store", "--format", "json"})
                                   .out)["first_player_advantage"];
  const auto pp = [](double x) {
    char text[32];
    std::snprintf(text, sizeof text, "%+.1f", 100 * x);
    return std::string(text) == "+0.0" || std::string(text) == "-0.0" ? std::string("0.0")
                                                                      : std::string(text);
  };
  const std::string cell = pp(run["value"].get<double>()) + " pp [" +
                           pp(run["ci95"][0].get<double>()) + ", " +
                           pp(run["ci95"][1].get<double>()) + "]";
  EXPECT_NE(lines[1].find("  " + cell + "  "), std::string::npos) << lines[1] << " / " << cell;
}

// Issue 35, item 8: "simulate ... text" says "seat 1 / seat 2" and "seat advantage" for a ruleset
// whose every turn is simultaneous (Sonka after Vanoverbergh), not for one with a first player.
TEST(SimulateCommand, ASimultaneousRulesetsTableSaysNobodyMovesFirst) {
  const Result r = run_cli(
      {"simulate", "sonka", "sonka/simultaneous_first_move", "--games", "20", "--no-store"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("\nsonka/vanoverbergh_1927: every turn is simultaneous, so nobody moves "
                       "first: P1 and P2 are seat 1 and seat 2, and the P1 advantage is the seat "
                       "advantage\n"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("sonka/simultaneous_first_move: every turn"), std::string::npos) << r.out;
  const json j = json::parse(
      run_cli({"simulate", "sonka", "--games", "20", "--no-store", "--format", "json"}).out);
  EXPECT_EQ(j["seats"], "simultaneous");
}

// Issue 14: "runs.csv tidy: one row per run and statistic, with columns run_id, ruleset, game,
// agent_p1, agent_p2, seed, rules_hash, [seats (issue 35, item 8),] statistic, round, level, state,
// player, value, ci_low, ci_high"; simulate --format csv writes the same rows.
TEST(SimulateCommand, CsvIsTidyWithTheJsonsValues) {
  const Args base = {
      "simulate", "toguz_kumalak/standard", "--games", kSimulateGames, "--seed", "2", "--no-store"};
  Args csv_args = base, json_args = base;
  csv_args.insert(csv_args.end(), {"--format", "csv"});
  json_args.insert(json_args.end(), {"--format", "json"});
  const Result csv = run_cli(csv_args);
  ASSERT_EQ(csv.code, 0) << csv.err;
  const json j = json::parse(run_cli(json_args).out);
  const auto rows = report_testing::parse_csv(csv.out);
  ASSERT_FALSE(rows.empty());
  // Issue 27: a handicap state's variables in columns of their own (holes_p1 ... favoured), and
  // the part of the report a row belongs to.
  EXPECT_EQ(rows[0], (std::vector<std::string>{
                         "run_id", "part",       "ruleset",  "game",       "agent_p1", "agent_p2",
                         "seed",   "rules_hash", "seats",    "statistic",  "round",    "level",
                         "state",  "holes_p1",   "holes_p2", "tribute_to", "bha",      "favoured",
                         "player", "value",      "ci_low",   "ci_high"}));
  // statistic|round|level|state|player -> value, ci_low, ci_high
  std::map<std::string, std::vector<std::string>> cell;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    ASSERT_EQ(rows[i].size(), 22u) << "row " << i;
    EXPECT_EQ(rows[i][0], "") << "not stored: no run id";
    EXPECT_EQ(std::vector<std::string>(rows[i].begin() + 1, rows[i].begin() + 9),
              (std::vector<std::string>{"run", "toguz_kumalak/standard", "toguz_kumalak", "random",
                                        "random", "2", j["rules_hash"].get<std::string>(),
                                        "alternating"}));
    EXPECT_EQ(j["seats"], "alternating");
    // A single game has no handicap state.
    EXPECT_EQ(std::vector<std::string>(rows[i].begin() + 13, rows[i].begin() + 18),
              std::vector<std::string>(5, ""));
    const std::string key =
        rows[i][9] + "|" + rows[i][10] + "|" + rows[i][11] + "|" + rows[i][12] + "|" + rows[i][18];
    EXPECT_TRUE(
        cell.emplace(key, std::vector<std::string>(rows[i].begin() + 19, rows[i].end())).second)
        << "repeated: " << key;
  }
  const auto rate = [](const json& r) {
    return std::vector<std::string>{r["value"].dump(), r["ci95"][0].dump(), r["ci95"][1].dump()};
  };
  EXPECT_EQ(cell.at("games||||"), (std::vector<std::string>{kSimulateGames, "", ""}));
  EXPECT_EQ(cell.at("wins||||1")[0], j["wins"][0].dump());
  EXPECT_EQ(cell.at("wins||||2")[0], j["wins"][1].dump());
  EXPECT_EQ(cell.at("win_rate||||1"), rate(j["first_player_win_rate"]));
  EXPECT_EQ(cell.at("win_rate||||2"), rate(j["second_player_win_rate"]));
  EXPECT_EQ(cell.at("plies_min||||")[0], j["plies"]["min"].dump());
  EXPECT_TRUE(j["plies"]["min"].is_number_integer());
  EXPECT_EQ(cell.at("plies_mean||||")[0], j["plies"]["mean"].dump());
  EXPECT_EQ(cell.at("ended_by_share|||rule|")[0], j["ended_by"]["rule"]["share"].dump());
  for (const char* state :
       {"source_rule", "paraphrase_rule", "assumed_rule", "stopping_rule", "safety_bound"})
    EXPECT_EQ(cell.at(std::string("completion|||") + state + "|"), rate(j["completion"][state]));
  EXPECT_EQ(cell.at("completion|||stopping_rule|"), rate(j["completion"]["stopping_rule"]));
  EXPECT_EQ(cell.at("lead_changes||||"), rate(j["metrics"]["lead_changes"]));
  EXPECT_EQ(cell.at("balance||||"), rate(j["metrics"]["balance"]));
  EXPECT_EQ(cell.at("turns_mean||||")[0], j["metrics"]["duration"]["turns"]["mean"].dump());
}

TEST(SimulateCommand, AStoredRunReadsBackAsPrinted) {
  TempDir dir;
  const std::string db = dir / "runs.db";
  const Result sim = run_cli({"simulate", "toguz_kumalak/standard", "--games", kSimulateGames,
                              "--seed", "8", "--format", "json", "--db", db});
  ASSERT_EQ(sim.code, 0) << sim.err;
  EXPECT_TRUE(
      std::regex_match(sim.err, std::regex("simulate: toguz_kumalak/standard: " + kSimulateGames +
                                           " games in [0-9.]+ s, stored as run 1\n")))
      << sim.err;
  const Result show = run_cli({"runs", "show", "1", "--db", db});
  ASSERT_EQ(show.code, 0) << show.err;
  const json record = json::parse(show.out);
  EXPECT_EQ(record["stats"], json::parse(sim.out));
  EXPECT_EQ(record["stats"].dump(2) + "\n", sim.out);
  EXPECT_EQ(record["id"], 1);
  EXPECT_EQ(record["ruleset"], "toguz_kumalak/standard");
  EXPECT_EQ(record["rules_hash"], record["stats"]["rules_hash"]);
  EXPECT_EQ(record["engine_version"], MANCALA_VERSION);
  EXPECT_EQ(record["agent"], "random");
  EXPECT_EQ(record["seed"], 8);
  EXPECT_EQ(record["games"], std::stoll(kSimulateGames));
  EXPECT_EQ(record["partial"], false);
  EXPECT_TRUE(std::regex_match(record["created_at"].get<std::string>(),
                               std::regex("[0-9]{4}-[0-9]{2}-[0-9]{2}T.*Z")));

  ASSERT_EQ(run_cli({"simulate", "toguz_kumalak/no_tuzdyk", "--games", "20", "--db", db}).code, 0);
  const Result list = run_cli({"runs", "list", "--db", db, "--format", "json"});
  ASSERT_EQ(list.code, 0) << list.err;
  const json all = json::parse(list.out);
  ASSERT_EQ(all.size(), 2u);
  const Result only = run_cli(
      {"runs", "list", "--db", db, "--format", "json", "--ruleset", "toguz_kumalak/no_tuzdyk"});
  const json filtered = json::parse(only.out);
  ASSERT_EQ(filtered.size(), 1u);
  EXPECT_EQ(filtered[0]["id"], 2);
  EXPECT_EQ(filtered[0]["games"], 20);

  const auto table = lines_of(run_cli({"runs", "list", "--db", db}).out);
  // Two runs and the footer explaining the '!' (Toguz Kumalak ends mostly at an assumed rule).
  ASSERT_EQ(table.size(), 4u);
  EXPECT_TRUE(std::regex_match(table[0],
                               std::regex("id +created +ruleset +agent +seed +games +P1 win rate +"
                                          "P1 advantage \\[95% CI\\] +text's rule \\[95% CI\\] +"
                                          "stability")))
      << table[0];
  // A run simulated without --stability: its verdict not checked (docs/simulate.md).
  EXPECT_TRUE(std::regex_match(
      table[1],
      std::regex(" ?1 +[0-9T:.Z-]+ +toguz_kumalak/standard +random +8 +" + kSimulateGames +
                 " +[0-9.]+% +[+-][0-9.]+ pp \\[[^\\]]+\\] +[0-9.]+% "
                 "\\[[^\\]]+\\]( !)?; source [0-9.]+% +not checked")))
      << table[1];

  const auto shown = lines_of(run_cli({"runs", "show", "2", "--db", db, "--format", "table"}).out);
  ASSERT_GE(shown.size(), 6u);
  EXPECT_TRUE(std::regex_match(
      shown[0], std::regex("run 2: toguz_kumalak/no_tuzdyk, random agent, seed 1, 20 games, .*Z")))
      << shown[0];
  EXPECT_TRUE(shown[2].starts_with("cite as: Simulation of ruleset toguz_kumalak/no_tuzdyk"))
      << shown[2];  // issue 14: a suggested citation
  EXPECT_TRUE(std::regex_match(shown[5], std::regex("games +20"))) << shown[5];
}

TEST(SimulateCommand, ProgressBarOnlyWhenStderrIsATerminal) {
  const Result r = run_cli(
      {"simulate", "toguz_kumalak/standard", "--games", kSimulateGames, "--no-store"}, true);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("\rtoguz_kumalak/standard [##############################] 100% " +
                       kSimulateGames + "/" + kSimulateGames + " games"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(run_cli({"simulate", "toguz_kumalak/standard", "--games", kSimulateGames, "--no-store"})
                .err.find('\r'),
            std::string::npos);
}

TEST(SimulateCommand, CtrlCPrintsAndStoresThePartialRunAndExits130) {
  TempDir dir;
  const Result r = testing::run_cli_interrupted(
      {"simulate", "toguz_kumalak/standard", "toguz_kumalak/no_tuzdyk", "--games", "1000000000",
       "--format", "json", "--threads", "2", "--db", dir / "runs.db"},
      SIGINT);
  testing::expect_partial_simulate(r, 130, "Ctrl-C");
  const json j = json::parse(r.out);  // only the interrupted ruleset: the second was never started
  EXPECT_EQ(j["ruleset"], "toguz_kumalak/standard");
  EXPECT_EQ(j["partial"], true);
  EXPECT_LT(j["games"].get<uint64_t>(), 1000000000u);
  const json stored = json::parse(run_cli({"runs", "show", "1", "--db", dir / "runs.db"}).out);
  EXPECT_EQ(stored["partial"], true);
  EXPECT_EQ(stored["stats"], j);
  // Issue 21, item 6: "runs show of a run interrupted after K of N games gives --games N as the
  // command that reproduces it, while the statistics cover K games".
  const std::string played = j["games"].dump();
  const std::string citation = stored["citation"].get<std::string>();
  EXPECT_NE(citation.find(": " + played + " of 1000000000 games (partial: interrupted), "),
            std::string::npos)
      << citation;
  EXPECT_TRUE(
      citation.ends_with(". To reproduce: mancala simulate toguz_kumalak/standard --games " +
                         played + " --seed " + stored["seed"].dump() + " --agent random."))
      << citation;
  const std::string shown =
      run_cli({"runs", "show", "1", "--db", dir / "runs.db", "--format", "table"}).out;
  EXPECT_NE(shown.find(", " + played + " of 1000000000 games (partial), "), std::string::npos)
      << shown;
  EXPECT_NE(shown.find("cite as: " + citation + "\n"), std::string::npos) << shown;
  EXPECT_EQ(json::parse(run_cli({"runs", "list", "--db", dir / "runs.db", "--format", "json"}).out)
                .size(),
            1u);
  const std::string listed = run_cli({"runs", "list", "--db", dir / "runs.db"}).out;
  EXPECT_NE(listed.find(" " + j["games"].dump() + " of 1000000000 (partial) "), std::string::npos)
      << listed;

  // The games counted are the first K of the run: the same statistics as a complete run of K games.
  const std::string k = j["games"].dump();
  if (j["games"].get<uint64_t>() > 0 && j["games"].get<uint64_t>() <= 200000) {
    const json complete = json::parse(run_cli({"simulate", "toguz_kumalak/standard", "--games", k,
                                               "--format", "json", "--no-store"})
                                          .out);
    for (const char* key :
         {"wins", "draws", "unfinished", "plies", "ended_by", "first_player_advantage"}) {
      EXPECT_EQ(complete[key], j[key]) << key;
    }
  }
}

// A bad command line or path: the exact message, the exit code, nothing printed and nothing
// written.
void expect_refused(const Args& args, int code, const std::string& message, const TempDir& dir) {
  const Result r = run_cli(args);
  EXPECT_EQ(r.code, code) << r.err;
  EXPECT_EQ(r.err, message);
  EXPECT_EQ(r.out, "");
  EXPECT_TRUE(fs::is_empty(dir.path())) << "something was written";
}

TEST(SimulateCommand, BadInputIsRefusedWithAClearMessageAndNothingWritten) {
  TempDir dir;
  const std::string db = dir / "runs.db";
  const std::string out = dir / "out.json";
  const Args ok = {"simulate", "toguz_kumalak/standard", "--games", "10", "--db", db, "--output",
                   out};
  const auto with = [&](const Args& extra) {
    Args args = ok;
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  };
  expect_refused({"simulate", "toguz_kumalak/nope", "--db", db}, 1,
                 "mancala: toguz_kumalak/nope: unknown ruleset; did you mean toguz_kumalak? "
                 "('mancala rules list' names them all)\n",
                 dir);
  expect_refused({"simulate", "--db", db}, 2,
                 "mancala: simulate: missing the ruleset (see 'mancala simulate --help')\n", dir);
  expect_refused({"simulate", "toguz_kumalak/standard", "--games", "0", "--db", db}, 2,
                 "mancala: simulate: --games: must be 1 or more\n", dir);
  expect_refused({"simulate", "toguz_kumalak", "toguz_kumalak/standard", "--db", db}, 2,
                 "mancala: simulate: toguz_kumalak/standard: given twice\n", dir);
  expect_refused(with({"--seed", "-1"}), 2, "mancala: simulate: --seed: must be 0 or more\n", dir);
  expect_refused(with({"--threads", "0"}), 2, "mancala: simulate: --threads: must be 1 or more\n",
                 dir);
  expect_refused(with({"--shard", "3/2"}), 2,
                 "mancala: simulate: --shard: expected i/n with 1 <= i <= n, got '3/2'\n", dir);
  expect_refused(with({"--shard", "1-2"}), 2,
                 "mancala: simulate: --shard: expected i/n with 1 <= i <= n, got '1-2'\n", dir);
  expect_refused(
      with({"--agent", "clever"}), 2,
      "mancala: simulate: --agent: 'clever' is not an agent (" + sim::agent_list() + ")\n", dir);
  expect_refused(with({"--format", "xml"}), 2,
                 "mancala: simulate: --format: expected table, json or csv, got 'xml'\n", dir);
  expect_refused(with({"--no-store"}), 2, "mancala: simulate: give --db or --no-store, not both\n",
                 dir);
  expect_refused(with({"--shard", "1/2"}), 2,
                 "mancala: simulate: --db: a shard is not stored (store the merged run with "
                 "'mancala merge')\n",
                 dir);
  expect_refused({"simulate", "toguz_kumalak/standard", "--games", "10", "--db", db, "--output",
                  dir / "no/such/folder/out.json"},
                 1,
                 "mancala: " + dir / "no/such/folder/out.json" +
                     ": cannot write the output file (No such file or directory)\n",
                 dir);
  expect_refused({"simulate", "toguz_kumalak/standard", "--games", "10", "--db",
                  dir / "no/such/folder/runs.db", "--output", out},
                 1,
                 "mancala: " + dir / "no/such/folder/runs.db" +
                     ": cannot open the archive: its folder " + dir / "no/such/folder" +
                     " does not exist (create it first)\n",
                 dir);
}

TEST(SimulateCommand, AnOutputThatIsAFolderIsRefusedBeforeAnyGameAndNothingIsStored) {
  TempDir dir;
  fs::create_directory(dir / "out");
  std::ofstream(dir / "out.json.tmp") << "a user's file\n";  // never ours to truncate or remove
  expect_error({"simulate", "toguz_kumalak/standard", "--games", "10", "--db", dir / "runs.db",
                "--output", dir / "out"},
               1, "mancala: " + dir / "out" + ": cannot write the output file (it is a folder)\n");
  EXPECT_FALSE(fs::exists(dir / "runs.db"));
  EXPECT_TRUE(fs::is_empty(dir / "out"));
  const Result ok = run_cli({"simulate", "toguz_kumalak/standard", "--games", "10", "--no-store",
                             "--output", dir / "out.json"});
  EXPECT_EQ(ok.code, 0) << ok.err;
  EXPECT_EQ(read_text(dir / "out.json.tmp"), "a user's file\n");
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir.path()))
    names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"out", "out.json", "out.json.tmp"}))
      << "no temporary file is left behind";
}

TEST(SimulateCommand, ANonArchiveDatabaseIsNotTouched) {
  TempDir dir;
  const std::string db = dir / "notes.txt";
  std::ofstream(db) << "my notes\n";
  const Result r = run_cli({"simulate", "toguz_kumalak/standard", "--games", "10", "--db", db});
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(read_text(db), "my notes\n");
}

TEST(MergeCommand, BadFilesAreRefusedWithAClearMessageAndNothingWritten) {
  TempDir dir;
  const std::string s1 = dir / "s1.json", s2 = dir / "s2.json", s3 = dir / "s3.json";
  for (const std::string shard : {"1", "2", "3"}) {
    ASSERT_EQ(run_cli({"simulate", "toguz_kumalak/standard", "--games", "30", "--shard",
                       shard + "/3", "--format", "json", "--output", dir / ("s" + shard + ".json")})
                  .code,
              0);
  }
  std::ofstream(dir / "bad.json") << "{\"ruleset\": ";
  const std::string db = dir / "m.db";
  const auto refused = [&](const Args& args, int code, const std::string& message) {
    const Result r = run_cli(args);
    EXPECT_EQ(r.code, code);
    EXPECT_EQ(r.err, message);
    EXPECT_EQ(r.out, "");
    EXPECT_FALSE(fs::exists(db));
  };
  refused({"merge", s1, s3, "--db", db}, 1,
          "mancala: " + s1 + ": toguz_kumalak/standard: shard 2/3 is missing\n");
  refused({"merge", s1, s2, s3, s2, "--db", db}, 1,
          "mancala: " + s2 + ": toguz_kumalak/standard: shard 2/3 is also in " + s2 + "\n");
  refused({"merge", s1, dir / "bad.json", "--db", db}, 1,
          "mancala: " + dir / "bad.json" + ": not JSON (byte 13)\n");
  refused({"merge", s1, dir / "none.json", "--db", db}, 1,
          "mancala: " + dir / "none.json" + ": cannot read the file (No such file or directory)\n");
  refused({"merge", "--db", db}, 2,
          "mancala: merge: missing the shard files (see 'mancala merge --help')\n");
  refused({"merge", s1, s2, s3, "--db", db, "--format", "yaml"}, 2,
          "mancala: merge: --format: expected table, json or csv, got 'yaml'\n");
  refused({"merge", s1, s2, s3, "--db", db, "--output", dir / "no/such/out.json"}, 1,
          "mancala: " + dir / "no/such/out.json" +
              ": cannot write the output file (No such file or directory)\n");
  const Result ok = run_cli({"merge", s1, s2, s3, "--no-store", "--format", "table"});
  EXPECT_EQ(ok.code, 0);
  EXPECT_EQ(lines_of(ok.out).size(), 3u);  // the row and the footer of its '!'
  EXPECT_TRUE(lines_of(ok.out)[2].starts_with("! under half of the games")) << ok.out;
}

TEST(RunsCommand, BadRequestsAreRefusedWithAClearMessage) {
  TempDir dir;
  const std::string db = dir / "runs.db";
  ASSERT_EQ(run_cli({"simulate", "toguz_kumalak/standard", "--games", "10", "--db", db}).code, 0);
  const auto refused = [&](const Args& args, int code, const std::string& message) {
    const Result r = run_cli(args);
    EXPECT_EQ(r.code, code);
    EXPECT_EQ(r.err, message);
    EXPECT_EQ(r.out, "");
  };
  refused({"runs", "show", "7", "--db", db}, 1,
          "mancala: " + db + ": run 7: no such run (see 'mancala runs list')\n");
  refused({"runs", "show", "--db", db}, 2,
          "mancala: runs show: missing the run id (see 'mancala runs show --help')\n");
  refused({"runs", "list", "--db", dir / "none.db"}, 1,
          "mancala: " + dir / "none.db" +
              ": no archive here (create it with 'mancala evidence import')\n");
  refused({"runs", "list", "--db", db, "--format", "csv"}, 2,
          "mancala: runs list: --format: expected table or json, got 'csv'\n");
  refused({"runs"}, 2,
          "mancala: runs: missing the subcommand (list or show; see 'mancala runs --help')\n");
  refused({"runs", "delete"}, 2, "mancala: runs: unknown subcommand 'delete' (list or show)\n");
  EXPECT_FALSE(fs::exists(dir / "none.db"));
}

TEST(BenchCommand, MeasuresOneThreadAndAllThreadsPerRuleset) {
  const Result r = run_cli({"bench", "toguz_kumalak/standard", "--games", kSimulateGames,
                            "--threads", "2", "--format", "json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const json j = json::parse(r.out);
  ASSERT_EQ(j.size(), 2u);
  EXPECT_EQ(j[0]["threads"], 1);
  EXPECT_EQ(j[1]["threads"], 2);
  for (const json& m : j) {
    EXPECT_EQ(m["ruleset"], "toguz_kumalak/standard");
    EXPECT_GT(m["games_per_second"].get<double>(), 0);
    EXPECT_GT(m["plies_per_second"].get<double>(), m["games_per_second"].get<double>());
  }
  EXPECT_EQ(j[0]["speedup"], 1.0);
  expect_error({"bench", "--games", "0"}, 2, "mancala: bench: --games: must be 1 or more\n");
}

}  // namespace
}  // namespace mancala::cli
