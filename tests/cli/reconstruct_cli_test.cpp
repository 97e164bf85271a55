// mancala reconstruct (docs/reconstruct.md; issue 24): the output forms, shards and resumption
// through files, --write, and the command line's errors.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "../reports/report_test_util.h"
#include "../reports/xml_check.h"
#include "common/format.h"
#include "simulator/ruleset_io.h"
#include "tests/cli/cli_test_util.h"

namespace mancala::cli {
namespace {

using testing::expect_error;
using testing::run_cli;
using testing::TempDir;
using testing::words;

// No archive: the related-games column then says so, the same on every machine.
const std::string kNoDb = " --db /nonexistent/mancala.db";
// Otep under MCTS takes about a second a game: the tests that are not about the panel give it
// without MCTS (the default panel's alphabeta:1 and alphabeta:2).
const std::string kCheapPanel = " --panel alphabeta:1,alphabeta:2";

// "JSON with choices, candidates (each with rank, choices as an object from choice id to
// alternative name, rules_hash, games, completion with own_rule, stopping_rule, safety_bound,
// metrics, and excluded with a reason or null) and effects (each with choice, alternative,
// metric, effect, ci95)"; own_rule is now the text's rule, with the source's rule beside it and
// the assumed rule apart (issue 35, item 3).
TEST(ReconstructCli, JsonHasTheIssuesKeys) {
  const auto r =
      run_cli(words("reconstruct mawkar_katiya --games 6 --format json --threads 2" + kNoDb));
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["choices"].size(), 5u);
  EXPECT_EQ(j["choices"][0]["id"], "capture");
  EXPECT_EQ(j["space"]["generated"], 32);
  EXPECT_EQ(j["space"]["refused"], 8);
  EXPECT_EQ(j["candidates"].size(), 32u);  // 24 played and 8 refused, with the reason
  size_t excluded = 0;
  for (const auto& c : j["candidates"]) {
    for (const char* key :
         {"rank", "choices", "rules_hash", "games", "completion", "metrics", "excluded"})
      EXPECT_TRUE(c.contains(key)) << key;
    EXPECT_TRUE(c["choices"].is_object());
    EXPECT_EQ(c["choices"].size(), 5u);
    if (c["excluded"].is_null()) {
      for (const char* key :
           {"text_rule", "source_rule", "assumed_rule", "stopping_rule", "safety_bound"})
        EXPECT_TRUE(c["completion"][key].contains("ci95")) << key;
      for (const char* key : {"balance", "decisiveness", "drama", "duration"})
        EXPECT_TRUE(c["metrics"].contains(key)) << key;
      EXPECT_GE(c["rank"].get<int>(), 1);
    } else {
      ++excluded;
      EXPECT_TRUE(c["rank"].is_null());
      EXPECT_EQ(c["excluded"],
                "rules check refuses it: rules.capture: this capture looks at the "
                "next hole: it needs relay next_hole, next_after_occupied_landing or "
                "next_after_empty_landing");
    }
  }
  EXPECT_EQ(excluded, 8u);
  ASSERT_FALSE(j["effects"].empty());
  for (const char* key : {"choice", "alternative", "metric", "effect", "ci95"})
    EXPECT_TRUE(j["effects"][0].contains(key)) << key;
  EXPECT_FALSE(j["stages"][0].contains("runs"));  // complete: the results only, unless --runs
}

// "The same output for 1 and 2 threads".
TEST(ReconstructCli, OneAndTwoThreadsPrintTheSame) {
  testing::output_of_1_and_2_threads(words("reconstruct toguz_kumalak --games 8" + kNoDb));
  testing::output_of_1_and_2_threads(
      words("reconstruct toguz_kumalak --games 8 --format json --runs" + kNoDb));
}

// "and for shards merged": every stage played in shards by separate commands, merged, and the
// next stage resumed from the merged file, prints what one process prints.
TEST(ReconstructCli, ShardsMergedStageByStagePrintWhatOneProcessPrints) {
  TempDir dir("reconstruct-shards");
  const std::string common = " --format json" + kNoDb;
  const auto one = run_cli(words("reconstruct kalah --games 9 --seed 5 --threads 1" + common));
  ASSERT_EQ(one.code, 0) << one.err;
  std::string state;  // the merged file the next stage resumes from
  // Random play, two halving rounds (Kalah has fewer than four candidates), then the panel's
  // alphabeta:1 and mcts:200 (alphabeta:2 is the skilled agent's rounds).
  for (int stage = 1; stage <= 5; ++stage) {
    std::string merge = "reconstruct --merge";
    for (int i = 1; i <= 2; ++i) {
      const std::string file = dir / ("s" + std::to_string(stage) + "_" + std::to_string(i));
      const std::string from =
          state.empty() ? "reconstruct kalah --games 9 --seed 5" : "reconstruct --resume " + state;
      const auto part = run_cli(words(from + " --shard " + std::to_string(i) + "/2 -o " + file +
                                      " --threads 2" + common));
      ASSERT_EQ(part.code, 0) << part.err;
      merge += " " + file;
    }
    state = dir / ("merged" + std::to_string(stage));
    const auto merged = run_cli(words(merge + " -o " + state + common));
    ASSERT_EQ(merged.code, 0) << merged.err;
  }
  EXPECT_EQ(testing::read_text(state), one.out);
  const std::string whole = dir / "merged2";  // a merged stage is no shard
  const auto again = run_cli(words("reconstruct --merge " + whole + common));
  EXPECT_EQ(again.code, 1);
  EXPECT_EQ(again.err,
            "mancala: " + whole + ": stage 2 is whole, not a shard: there is nothing to merge\n");
}

TEST(ReconstructCli, TableNamesTheVerdictsAndEveryChoice) {
  const auto r = run_cli(words("reconstruct otep --games 40 --threads 2" + kCheapPanel + kNoDb));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("Readings of Otep"), std::string::npos);
  EXPECT_NE(r.out.find("32 combinations of 5 choice points: 0 refused by rules check, 0 merged "
                       "with an earlier one of the same rules: 32 candidates."),
            std::string::npos);
  EXPECT_NE(
      r.out.find(
          "Under alphabeta:2, 14 of 28 distinct readings (4 more play exactly as an earlier one "
          "and are counted with it) end by the text's rule (the source's rule or the "
          "paraphrase's rule"),
      std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("ranks 32 of 32"), std::string::npos);  // every candidate is ranked
  EXPECT_NE(r.out.find("Largest effect on text's rule: no_move (mover_loses rather than pass: "),
            std::string::npos);
  EXPECT_NE(r.out.find("no archive at /nonexistent/mancala.db"), std::string::npos);
  EXPECT_NE(r.out.find("  no_move: DLP paraphrase (DLP.Evidence.1880): \"The player who captures "
                       "all of their opponent's counters wins.\""),
            std::string::npos);
}

// "a report page per seed game ('Readings of Khutka Boia': the choice points with their
// phrases, the ranked candidates, the effects as a chart)".
TEST(ReconstructCli, HtmlIsAWellFormedPageWithPhrasesRankingAndEffectCharts) {
  const auto r =
      run_cli(words("reconstruct otep --games 16 --format html --threads 2" + kCheapPanel + kNoDb));
  ASSERT_EQ(r.code, 0) << r.err;
  const xml_check::Element page = xml_check::Parser(r.out).parse_document();
  EXPECT_NE(r.out.find("<title>Readings of Otep</title>"), std::string::npos);
  EXPECT_NE(r.out.find("<blockquote>The player who captures all of their opponent&#39;s counters "
                       "wins.</blockquote>"),
            std::string::npos);
  EXPECT_NE(r.out.find("id=\"ranking\""), std::string::npos);
  size_t charts = 0;
  for (size_t at = r.out.find("<svg "); at != std::string::npos; at = r.out.find("<svg ", at + 1))
    ++charts;
  EXPECT_EQ(charts, 5u);  // one chart of the effects per criterion
  EXPECT_EQ(page.name, "html");
}

// docs/terms.md, "Readings and their order": every ranked table says what the order is; readings
// that play exactly alike are one reading, marked in HTML, JSON and CSV and counted once.
TEST(ReconstructCli, TheOrderIsSaidAndReadingsThatPlayAlikeAreMarkedAndCountedOnce) {
  const std::string meaning =
      "The order is by how a reading plays (completion, balance, decisiveness, drama, duration), "
      "not by how likely it is to be what the source meant.";
  const auto text = run_cli(words("reconstruct otep --games 16 --threads 2" + kCheapPanel + kNoDb));
  ASSERT_EQ(text.code, 0) << text.err;
  EXPECT_NE(text.out.find(meaning), std::string::npos);
  const auto html =
      run_cli(words("reconstruct otep --games 16 --format html --threads 2" + kCheapPanel + kNoDb));
  EXPECT_NE(html.out.find(meaning), std::string::npos);
  EXPECT_NE(html.out.find("<th>plays as</th>"), std::string::npos);
  const nlohmann::json j = nlohmann::json::parse(
      run_cli(words("reconstruct otep --games 16 --format json --threads 2" + kCheapPanel + kNoDb))
          .out);
  size_t distinct = 0, repeats = 0, own = 0;
  for (const nlohmann::json& c : j["candidates"]) {
    if (!c["excluded"].is_null()) continue;
    if (c["repeats"].is_null()) {
      ++distinct;
      own += c["completion"]["class"] == "text_rule";
      continue;
    }
    ++repeats;
    // It repeats an earlier reading it plays exactly as.
    EXPECT_LT(c["repeats"].get<int>(), c["number"].get<int>());
    EXPECT_NE(std::find(c["plays_as"].begin(), c["plays_as"].end(), c["repeats"]),
              c["plays_as"].end());
    EXPECT_NE(html.out.find("<td>#" + c["repeats"].dump()), std::string::npos) << c["number"];
  }
  EXPECT_GT(repeats, 0u);
  EXPECT_EQ(j["space"]["distinct"], distinct);
  EXPECT_EQ(j["space"]["ending_by_text_rule"], own);
  // No Otep reading's ending is in Beaton's own words, and the text says so.
  EXPECT_EQ(j["space"]["any_source_rule"], false);
  EXPECT_NE(text.out.find("None of the readings has an ending the source states"),
            std::string::npos);
  EXPECT_NE(text.out.find(std::to_string(own) + " of " + std::to_string(distinct) +
                          " distinct readings (" + std::to_string(repeats) +
                          " more play exactly as an earlier one"),
            std::string::npos);
  const auto rows = report_testing::parse_csv(
      run_cli(words("reconstruct otep --games 16 --format csv --threads 2" + kCheapPanel + kNoDb))
          .out);
  size_t repeat_rows = 0;
  for (const auto& row : rows) repeat_rows += row[3] == "repeats";
  EXPECT_EQ(repeat_rows, repeats);
}

// "CSV in the tidy style of runs.csv": one value per row, nothing packed into a column name.
TEST(ReconstructCli, CsvIsTidy) {
  const auto r = run_cli(words("reconstruct kalah --games 6 --format csv --threads 2" + kNoDb));
  ASSERT_EQ(r.code, 0) << r.err;
  const auto rows = report_testing::parse_csv(r.out);
  ASSERT_FALSE(rows.empty());
  EXPECT_EQ(rows[0], (std::vector<std::string>{"game", "candidate", "agent", "statistic", "metric",
                                               "state", "choice", "alternative", "choice_b",
                                               "alternative_b", "value", "ci_low", "ci_high"}));
  bool completion = false, effect = false;
  for (const auto& row : rows) {
    ASSERT_EQ(row.size(), 13u);
    completion = completion || (row[3] == "completion" && row[5] == "text_rule" && row[1] == "1");
    effect = effect || (row[3] == "effect" && row[4] == "completion" &&
                        row[6] == "empty_facing_hole" && row[7] == "last_counter_taken");
  }
  EXPECT_TRUE(completion);
  EXPECT_TRUE(effect);
}

// "--write DIR writes chosen candidates as rulesets that extend the base ... which pass rules
// check".
TEST(ReconstructCli, WriteWritesThePickedCandidatesAsRulesetsRulesCheckAccepts) {
  TempDir dir("reconstruct-write");
  const auto r = run_cli(words("reconstruct khutka_boia --games 4 --agent random --write " +
                               dir.path().string() + " --pick 2,3 --threads 2" + kNoDb));
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string file = dir / "reading_2.json";
  const auto j = nlohmann::json::parse(testing::read_text(file));
  EXPECT_EQ(j["extends"], "khutka_boia/das_gupta_1926");
  EXPECT_EQ(j["rules"], nlohmann::json({{"next_starter", "previous_loser"}}));
  // The key the reading changes is witnessed by the phrase it reads (the DLP's paraphrase), with
  // the reading and its reason as the note.
  EXPECT_EQ(j["provenance"]["next_starter"]["paraphrase"], "A new round begins.");
  EXPECT_EQ(j["provenance"]["next_starter"]["record"], "DLP.Evidence.1450");
  EXPECT_EQ(j["provenance"]["next_starter"]["note"].get<std::string>().substr(0, 49),
            "reading 'next_round_starter' as 'loser_starts' (o");
  const auto check = run_cli({"rules", "check", file, dir / "reading_3.json"});
  EXPECT_EQ(check.code, 0) << check.out << check.err;
  EXPECT_NE(r.err.find("reconstruct: wrote 2 rulesets extending khutka_boia/das_gupta_1926 to "),
            std::string::npos);
}

// A --pick that names no candidate is refused before anything is played or made: no folder.
TEST(ReconstructCli, PickOfNoCandidateIsRefusedBeforeTheWriteFolderIsMade) {
  TempDir dir("reconstruct-pick");
  const std::string folder = dir / "readings";
  expect_error(words("reconstruct otep --games 2 --write " + folder + " --pick 3,99" + kNoDb), 2,
               "mancala: reconstruct: --pick: '99' is not a candidate number (1 to 32)\n");
  EXPECT_FALSE(std::filesystem::exists(folder));
}

TEST(ReconstructCli, BadCommandLinesAndInputsAreRefusedClearly) {
  expect_error(words("reconstruct"), 2,
               "mancala: reconstruct: give one of GAME, --readings FILE, RULESET --hide KEY, "
               "--merge or --resume (see 'mancala reconstruct --help')\n");
  expect_error(words("reconstruct otep --readings x.json"), 2,
               "mancala: reconstruct: give one of GAME, --readings FILE, RULESET --hide KEY, "
               "--merge or --resume (see 'mancala reconstruct --help')\n");
  expect_error(words("reconstruct otep --games 0"), 2,
               "mancala: reconstruct: --games: must be 1 or more\n");
  expect_error(words("reconstruct otep --format xml"), 2,
               "mancala: reconstruct: --format: expected table, json, csv or html, got 'xml'\n");
  expect_error(words("reconstruct otep --pick 1"), 2,
               "mancala: reconstruct: --pick: chooses what --write writes; give --write DIR\n");
  expect_error(words("reconstruct otep --agent deep"), 2,
               "mancala: reconstruct: --agent: 'deep' is not an agent (random, greedy, "
               "alphabeta:D with 1 <= D <= 64, mcts:N with 1 <= N <= 10000000, abnodes:N with 1 "
               "<= N <= 1000000000, abtime:MS with 1 <= MS <= 600000)\n");
  // "--panel SPEC,...: two or more, each once; a mistake names the item".
  expect_error(words("reconstruct otep --panel alphabeta:1,deep"), 2,
               "mancala: reconstruct: --panel: 'deep' is not an agent (random, greedy, "
               "alphabeta:D with 1 <= D <= 64, mcts:N with 1 <= N <= 10000000, abnodes:N with 1 "
               "<= N <= 1000000000, abtime:MS with 1 <= MS <= 600000)\n");
  expect_error(words("reconstruct otep --panel alphabeta:1"), 2,
               "mancala: reconstruct: --panel: give two agents or more (e.g. "
               "alphabeta:1,alphabeta:2,mcts:200)\n");
  expect_error(words("reconstruct otep --panel greedy,alphabeta:1,greedy"), 2,
               "mancala: reconstruct: --panel: greedy is named twice\n");
  expect_error(words("reconstruct --resume a.json --panel greedy,random"), 2,
               "mancala: reconstruct: --panel comes from the files being continued; do not give "
               "it\n");
  expect_error(words("reconstruct --merge a.json --shard 1/2"), 2,
               "mancala: reconstruct: --merge: give no --shard\n");
  {
    // Refused before the folder is made: no empty folder is left behind.
    TempDir out("reconstruct-shard-write");
    expect_error({"reconstruct", "otep", "--shard", "1/2", "--write", out / "readings"}, 2,
                 "mancala: reconstruct: --write: a shard plays part of the search; write the "
                 "rulesets from the merged shards (--merge FILE... --write DIR)\n");
    EXPECT_FALSE(std::filesystem::exists(out / "readings"));
  }
  expect_error(words("reconstruct --resume a.json --games 5"), 2,
               "mancala: reconstruct: --games comes from the files being continued; do not give "
               "it\n");
  expect_error(words("reconstruct nosuchgame"), 1,
               "mancala: reconstruct: nosuchgame: no readings file data/readings/nosuchgame.json "
               "(give --readings FILE, or --hide KEY for a leave-one-out)\n");
  expect_error(words("reconstruct kalah --hide nope"), 2,
               "mancala: --hide: nope: unknown rule key (see 'mancala rules keys')\n");
  TempDir dir("reconstruct-bad");
  testing::write_text(dir / "r.json", R"({"game": "kalah", "base": "kalah/standard",
    "choices": [{"id": "c", "phrase": "p", "witness": "assumption", "alternatives": [{"name": "a", "rules": {},
    "because": "b"}, {"name": "b", "rules": {"no_progress_turns": 9}, "because": "b"}]}]})");
  expect_error({"reconstruct", "--readings", dir / "r.json"}, 1,
               "mancala: " + dir / "r.json" +
                   ": choices[0]: alternatives[1]: rules.no_progress_turns: a stopping "
                   "threshold, not a reading of the text: it stays at the base's value\n");
}

// "each candidate's rank under each agent of the panel in text and JSON, Kendall's tau-b between
// each pair of the panel's rankings with one sentence on what it means, robust ranks and robust
// effects marked": the text's panel table has a column per agent with the JSON's ranks, and the
// agreement line gives every pair's tau as the JSON does.
TEST(ReconstructCli, TheFinalistsRanksUnderEachAgentOfThePanelAndTheirAgreement) {
  const std::string command = "reconstruct otep --games 16 --threads 2 --panel greedy,alphabeta:2";
  const auto text = run_cli(words(command + kNoDb));
  ASSERT_EQ(text.code, 0) << text.err;
  const auto j = nlohmann::json::parse(run_cli(words(command + " --format json" + kNoDb)).out);
  EXPECT_EQ(j["panel"], nlohmann::json::parse(R"(["greedy", "alphabeta:2"])"));
  const auto& p = j["panel_result"];
  ASSERT_TRUE(p.is_object()) << j.dump().substr(0, 400);
  EXPECT_EQ(p["games"], 4);  // N/4 of 16
  EXPECT_EQ(p["meaning"],
            "Kendall's tau-b: +1 when two agents order every pair of finalists alike, -1 when "
            "they order every pair oppositely, 0 when one agent's order of a pair says nothing of "
            "the other's (a pair tied under either agent counts for neither).");
  ASSERT_EQ(p["agreement"].size(), 1u);
  const auto& tau = p["agreement"][0]["kendall_tau_b"];
  const size_t finalists = p["finalists"].size();
  EXPECT_NE(text.out.find("\nRanks under the panel\nThe panel (greedy, alphabeta:2) ranks the " +
                          std::to_string(finalists) +
                          " finalists (the candidates of the last halving round)"),
            std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find(
                "Agreement of the panel's rankings (Kendall's tau-b over the "
                "finalists): greedy and alphabeta:2 " +
                (tau.is_null() ? std::string("undefined") : format_signed(tau.get<double>(), 2)) +
                ". Kendall's tau-b: +1 when"),
            std::string::npos)
      << text.out;
  // Every finalist has a rank under each agent, within 1..finalists; a candidate out of the race
  // has none; the skilled agent's rank among the finalists is its rank in the ranking.
  size_t ranked = 0, robust = 0;
  for (const auto& c : j["candidates"]) {
    if (c["panel_ranks"].is_null()) {
      EXPECT_TRUE(c["panel_robust_rank"].is_null());
      continue;
    }
    ++ranked;
    robust += c["panel_robust_rank"].get<bool>();
    for (const char* agent : {"greedy", "alphabeta:2"}) {
      EXPECT_GE(c["panel_ranks"][agent].get<int>(), 1);
      EXPECT_LE(c["panel_ranks"][agent].get<size_t>(), finalists);
    }
    EXPECT_EQ(c["panel_ranks"]["alphabeta:2"], c["rank"]);
  }
  EXPECT_EQ(ranked, finalists);
  EXPECT_EQ(p["robust_ranks"], robust);
  EXPECT_NE(text.out.find(std::to_string(robust) + " of " + std::to_string(finalists) +
                          " ranks are robust (R: in the same quarter of the finalists under "
                          "every agent)."),
            std::string::npos);
  EXPECT_NE(text.out.find("R: the effect has the same sign under every agent of the panel, "
                          "measured among the finalists."),
            std::string::npos);
}

// The leave-one-out: --hide plays every value of one clause.
TEST(ReconstructCli, HideOffersEveryValueOfTheClause) {
  const auto r = run_cli(
      words("reconstruct kalah/standard --hide store_extra_move --games 6 --format json" + kNoDb));
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["choices"].size(), 1u);
  EXPECT_EQ(j["choices"][0]["reference"], "true");
  EXPECT_EQ(j["readings_origin"], "--hide store_extra_move");
  EXPECT_EQ(j["candidates"].size(), 2u);
}

}  // namespace
}  // namespace mancala::cli

namespace mancala::cli {
namespace {

// "the report has its pages": report --readings adds "Readings of <game>" for each game of the
// report with a readings file, linked from the index and from the game's default ruleset page,
// and linking back to both.
TEST(ReconstructCli, ReportReadingsAddsAPagePerGameLinkedBothWaysWithTheIndexAndTheBasesPage) {
  TempDir dir("reconstruct-report");
  const std::string out = dir / "report";
  const auto r =
      run_cli(words("report otep kalah --games 20 --no-store --no-extras "
                    "--sensitivity-games 0 --readings --readings-games 8 --threads 2 "
                    "--out " +
                    out));
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string page = testing::read_text(out + "/readings/otep.html");
  EXPECT_NE(page.find("<title>Readings of Otep</title>"), std::string::npos);
  xml_check::Parser(page).parse_document();
  EXPECT_NE(page.find("<a href=\"../index.html\">"), std::string::npos);
  EXPECT_NE(page.find("<a href=\"../index.html#readings\">Readings of the sources</a>"),
            std::string::npos);
  EXPECT_NE(page.find("<a href=\"../rulesets/otep.beaton_1939.html\">otep/beaton_1939</a>"),
            std::string::npos);
  // The glossary's terms linked where the page first says them (issue 39, item 2).
  EXPECT_NE(page.find("<a href=\"../glossary.html#stopping-rule\">stopping rule</a>"),
            std::string::npos);
  EXPECT_NE(page.find("<a href=\"../glossary.html#safety-bound\">safety bound</a>"),
            std::string::npos);
  // How it was played, in words (issue 39, item 4): no command-line flag, the agents by what
  // they do.
  EXPECT_NE(page.find("<p>Played with random seed 1, at most 8 games a candidate in a stage; the "
                      "skilled agent: alpha-beta search 2 plies deep ("),
            std::string::npos)
      << page;
  EXPECT_NE(page.find("; stage 2, alpha-beta search 2 plies deep, round 1: 32 candidates, "),
            std::string::npos);
  EXPECT_EQ(page.find("--games"), std::string::npos);
  EXPECT_NE(page.find("Ranked candidates (alpha-beta search 2 plies deep)"), std::string::npos);
  EXPECT_FALSE(testing::read_text(out + "/readings/kalah.html").empty());
  const std::string index = testing::read_text(out + "/index.html");
  // Readings that play exactly alike counted once (docs/terms.md).
  EXPECT_NE(index.find("<a href=\"readings/otep.html\">Readings of Otep</a>: 32 candidates (32 "
                       "combinations, 0 refused by rules check, 0 merged), 28 distinct readings "
                       "(4 play exactly as another); under alphabeta:2, "),
            std::string::npos)
      << index;
  // The source's rule beside the text's: none of Otep's readings has an ending Beaton states.
  EXPECT_NE(index.find("end by the text&#39;s rule (none of its readings has an ending the "
                       "source states); largest effect on text&#39;s rule: no move "
                       "(mover loses rather than pass: "),
            std::string::npos)
      << index;
  EXPECT_NE(testing::read_text(out + "/rulesets/otep.beaton_1939.html")
                .find("<a href=\"../readings/otep.html\">Readings of Otep</a>"),
            std::string::npos);
  EXPECT_NE(testing::read_text(out + "/report.md").find("## Readings of the sources"),
            std::string::npos);
}

}  // namespace
}  // namespace mancala::cli

namespace mancala::cli {
namespace {

// "Ctrl-C stops a run cleanly": what was played is printed, marked partial, exit 130; the
// partial file cannot be continued (the stage is played again).
TEST(ReconstructCli, CtrlCPrintsWhatWasPlayedMarkedPartial) {
  TempDir dir("reconstruct-interrupted");
  const std::string file = dir / "part.json";
  const auto r = testing::run_cli_interrupted(
      words("reconstruct khutka_boia --games 400 --threads 2 --format json -o " + file + kNoDb),
      SIGINT);
  EXPECT_EQ(r.code, 130) << r.err;
  EXPECT_NE(r.err.find("mancala: reconstruct: interrupted: the figures cover the games completed "
                       "before Ctrl-C\n"),
            std::string::npos)
      << r.err;
  const auto j = nlohmann::json::parse(testing::read_text(file));
  EXPECT_TRUE(j["partial"].get<bool>());
  EXPECT_FALSE(j["complete"].get<bool>());
  EXPECT_TRUE(j["stages"].back()["partial"].get<bool>());
  EXPECT_LT(j["stages"].back()["runs"].size(), j["stages"].back()["candidates"].size() + 1);
  const auto resumed = run_cli(words("reconstruct --resume " + file + kNoDb));
  EXPECT_EQ(resumed.code, 1);
  EXPECT_EQ(resumed.err.substr(0, 28), "mancala: reconstruct: stage ");
  EXPECT_NE(resumed.err.find(" is partial (interrupted): run the search again\n"),
            std::string::npos)
      << resumed.err;
}

}  // namespace
}  // namespace mancala::cli
