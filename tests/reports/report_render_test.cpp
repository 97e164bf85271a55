// The report's files as rendered from runs with hand-chosen counts: what each file holds, that
// the HTML is well-formed, that the CSV is tidy, and that the multi-round sections appear only
// when a run has match statistics.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "common/error.h"
#include "report_test_util.h"
#include "reports/html.h"
#include "reports/report.h"
#include "reports/sensitivity.h"
#include "reports/table.h"
#include "simulator/ruleset_io.h"
#include "simulator/run_stats.h"
#include "simulator/seat_words.h"
#include "stats/stats.h"
#include "xml_check.h"

namespace mancala::reports {
namespace {

using nlohmann::json;
using report_testing::make_ruleset;
using report_testing::make_run;

using xml_check::all_text;

std::vector<std::vector<std::string>> body_rows(const xml_check::Element& table) {
  std::vector<std::vector<std::string>> rows;
  for (const auto* tbody : xml_check::find_all(table, "tbody")) {
    for (const auto& tr : tbody->children) {
      rows.emplace_back();
      for (const auto& td : tr.children) rows.back().push_back(all_text(td));
    }
  }
  return rows;
}

std::vector<std::string> texts(const xml_check::Element& root, const char* name) {
  std::vector<std::string> out;
  for (const auto* e : xml_check::find_all(root, name)) out.push_back(all_text(*e));
  return out;
}

std::string rate_text(uint64_t k, uint64_t n) {
  const stats::Interval ci = stats::wilson_interval(k, n);
  return format_number(100.0 * k / n, 1) + "% [" + format_number(100 * ci.low, 1) + ", " +
         format_number(100 * ci.high, 1) + "]";
}

json rate_json(uint64_t k, uint64_t n) {
  const stats::Interval ci = stats::wilson_interval(k, n);
  return {{"value", static_cast<double>(k) / static_cast<double>(n)}, {"ci95", {ci.low, ci.high}}};
}

// Adds match statistics as sim::MatchStats writes them: 10 matches of 1, 2 or 3 rounds (2, 5 and 3
// of them: 21 rounds); rounds dealt with P1 one hole down (5), even (11) and one hole up (5).
json with_matches(json run) {
  run["rounds"] = {{"mean", 2.1}, {"histogram", {{"first", 1}, {"counts", {2, 5, 3}}}}};
  run["round_results"] = {{"rounds", 21},
                          {"first_mover_wins", 12},
                          {"second_mover_wins", 8},
                          {"draws", 1},
                          {"unfinished", 0}};
  run["round_first_mover_win_rate"] = rate_json(12, 21);
  const stats::Advantage adv = stats::first_player_advantage(12, 8, 1);
  run["round_first_mover_advantage"] = {{"value", adv.estimate},
                                        {"ci95", {adv.interval.low, adv.interval.high}},
                                        {"p_value", adv.p_value}};
  run["round_ended_by"] = {{"rule", {{"rounds", 20}, {"share", 20.0 / 21}}},
                           {"no_progress", {{"rounds", 1}, {"share", 1.0 / 21}}},
                           {"safety_bound", {{"rounds", 0}, {"share", 0.0}}}};
  // The rounds a rule ended, by the source's rule (the derived shares are not read back).
  run["round_completion"] = {{"source_rule", {{"rounds", 20}}},
                             {"paraphrase_rule", {{"rounds", 0}}},
                             {"assumed_rule", {{"rounds", 0}}},
                             {"stopping_rule", {{"rounds", 1}}},
                             {"safety_bound", {{"rounds", 0}}}};
  const auto level = [](int difference, uint64_t w1, uint64_t w2, uint64_t draws) {
    const uint64_t n = w1 + w2 + draws;
    return json{{"holes_difference", difference},
                {"rounds", n},
                {"wins", {w1, w2}},
                {"draws", draws},
                {"unfinished", 0},
                {"win_rate", {rate_json(w1, n), rate_json(w2, n)}}};
  };
  run["handicap"] = json::array({level(-1, 1, 4, 0), level(0, 7, 3, 1), level(1, 4, 1, 0)});
  // The same 21 rounds by whole state: the even rounds split by the perk the settlement gave.
  const auto state = [&](unsigned h1, unsigned h2, json tribute, json bha, int difference,
                         uint64_t w1, uint64_t w2, uint64_t draws) {
    json s = level(difference, w1, w2, draws);
    s.erase("holes_difference");
    s["holes_in_play"] = {h1, h2};
    s["tribute_to"] = tribute;
    s["bha"] = bha;
    s["favoured"] = nullptr;
    return s;
  };
  // In the order run_stats_to_json writes them (by holes in play, then perks).
  run["handicap_states"] =
      json::array({state(4, 5, nullptr, nullptr, -1, 1, 4, 0), state(5, 4, nullptr, 1, 1, 4, 1, 0),
                   state(5, 5, nullptr, nullptr, 0, 5, 1, 1), state(5, 5, 2, nullptr, 0, 2, 2, 0)});
  return run;
}

// Three rulesets of two games: Toguz standard (60/30/10 of 100, lengths 100 and 120), Toguz
// no_tuzdyk (45/45/0 and 10 unfinished), and a Khutka Boia ruleset with match statistics.
std::vector<ReportEntry> sample_entries() {
  std::vector<ReportEntry> entries;
  entries.push_back(
      {make_ruleset("toguz_kumalak/standard", "Toguz Kumalak (tournament rules)", "described"),
       sim::run_stats_to_json(make_run("toguz_kumalak/standard", 60, 30, 10, 0, {100, 120})), 4});
  entries.push_back(
      {make_ruleset("khutka_boia/das_gupta", "Khutka Boia after Das Gupta", "reconstructed"),
       with_matches(sim::run_stats_to_json(make_run("khutka_boia/das_gupta", 5, 4, 1, 0, {300}))),
       std::nullopt});
  entries.push_back(
      {make_ruleset("toguz_kumalak/no_tuzdyk", "Toguz Kumalak without tuzdyk", "reconstructed"),
       sim::run_stats_to_json(make_run("toguz_kumalak/no_tuzdyk", 45, 45, 0, 10, {90})),
       std::nullopt});
  entries[2].ruleset.extends = "toguz_kumalak/standard";
  return entries;
}

std::map<std::string, std::string> render(const std::vector<ReportEntry>& entries,
                                          const ReportOptions& options = {}) {
  std::map<std::string, std::string> files;
  for (const ReportFile& f : render_report(entries, options)) files[f.path] = f.content;
  return files;
}

TEST(ReportRender, WritesTheIndexAPagePerRulesetMarkdownCsvJsonAndTheMarker) {
  const auto files = render(sample_entries());
  std::vector<std::string> paths;
  for (const auto& [path, content] : files) paths.push_back(path);
  EXPECT_EQ(paths,
            (std::vector<std::string>{
                ".mancala-report", "glossary.html", "index.html", "report.md",
                "rulesets/khutka_boia.das_gupta.html", "rulesets/toguz_kumalak.no_tuzdyk.html",
                "rulesets/toguz_kumalak.standard.html", "runs.csv", "runs.json"}));
}

TEST(ReportRender, EveryHtmlFileIsWellFormedAndSelfContained) {
  for (const auto& [path, content] : render(sample_entries())) {
    if (!path.ends_with(".html")) continue;
    SCOPED_TRACE(path);
    xml_check::Element root;
    ASSERT_NO_THROW(root = xml_check::parse(content));
    EXPECT_EQ(root.name, "html");
    EXPECT_TRUE(xml_check::find_all(root, "script").empty());
    EXPECT_TRUE(xml_check::find_all(root, "link").empty());
    EXPECT_TRUE(xml_check::find_all(root, "img").empty());
    EXPECT_EQ(content.find("http://", content.find("<body")),
              content.find("http://www.w3.org/2000/svg", content.find("<body")))
        << "the only URL in the body is the SVG namespace";
    for (const auto* a : xml_check::find_all(root, "a")) {
      const std::string href = a->attributes.at("href");
      EXPECT_EQ(href.find(':'), std::string::npos) << "links stay inside the report: " << href;
    }
  }
}

TEST(ReportRender, IndexHasOneRowPerRulesetGroupedByGameWithHandComputedFigures) {
  const auto root = xml_check::parse(render(sample_entries()).at("index.html"));
  EXPECT_EQ(texts(root, "h2"),
            (std::vector<std::string>{"The seed games", "Rulesets", "Charts of every ruleset"}));
  const auto tables = xml_check::find_all_of_class(root, "table", "index");
  ASSERT_EQ(tables.size(), 1u) << "one table, so the columns line up across games";
  // A heading row per game, in order of first appearance, then that game's rulesets.
  std::vector<std::string> groups;
  std::vector<std::vector<std::string>> toguz, khutka;
  for (const auto& tr : xml_check::find_all(*tables[0], "tbody")[0]->children) {
    if (tr.attributes.count("class") && tr.attributes.at("class") == "group") {
      groups.push_back(all_text(tr));
      EXPECT_EQ(tr.children[0].attributes.at("colspan"), "11");
      continue;
    }
    std::vector<std::string> cells;
    for (const auto& td : tr.children) cells.push_back(all_text(td));
    (groups.back() == "Toguz Kumalak" ? toguz : khutka).push_back(cells);
  }
  EXPECT_EQ(groups, (std::vector<std::string>{"Toguz Kumalak", "Khutka Boia"}));
  ASSERT_EQ(toguz.size(), 2u);
  const stats::Advantage adv = stats::first_player_advantage(60, 30, 10);
  const std::string adv_text = "+30.0 pp [+" + format_number(100 * adv.interval.low, 1) + ", +" +
                               format_number(100 * adv.interval.high, 1) + "]";
  // P1 60 of 100 finished: Wilson 95% [50.20, 69.06] by hand; mean length (100 + 120) / 2.
  // The completion cell: the text's rule, then the source's rule alone (all of them here).
  EXPECT_EQ(toguz[0], (std::vector<std::string>{
                          "Toguz Kumalak (tournament rules)", "described", "MANCALA.Evidence.1",
                          "100", rate_text(100, 100) + "source's rule: 100.0%",
                          "60.0% [50.2, 69.1]", "30.0% [21.9, 39.6]", "10.0% [5.5, 17.4]",
                          adv_text + "; stability not checked", "110.0", "0.00%"}));
  // 10 of 100 unfinished; rates are shares of the 90 finished games.
  EXPECT_EQ(toguz[1][0], "Toguz Kumalak without tuzdyk");
  EXPECT_EQ(toguz[1][4], rate_text(90, 100) + "source's rule: 90.0%");  // ended by the text's rule
  EXPECT_EQ(toguz[1][5], rate_text(45, 90));
  EXPECT_EQ(toguz[1][7],
            "0.0% [0.0, " + format_number(100 * stats::wilson_interval(0, 90).high, 1) + "]");
  EXPECT_EQ(toguz[1][8].substr(0, 8), "0.0 pp [");
  EXPECT_EQ(toguz[1][10], "10.00%");
  ASSERT_EQ(khutka.size(), 1u);
  EXPECT_EQ(khutka[0][0], "Khutka Boia after Das Gupta");

  // Each ruleset's name links to its page.
  std::vector<std::string> hrefs;
  for (const auto* table : tables) {
    for (const auto* a : xml_check::find_all(*table, "a"))
      hrefs.push_back(a->attributes.at("href"));
  }
  EXPECT_EQ(hrefs, (std::vector<std::string>{"rulesets/toguz_kumalak.standard.html",
                                             "rulesets/toguz_kumalak.no_tuzdyk.html",
                                             "rulesets/khutka_boia.das_gupta.html"}));
  // The comparison charts: outcomes and first-player advantage of every ruleset.
  EXPECT_EQ(xml_check::find_all(root, "svg").size(), 2u);
}

TEST(ReportRender, RulesetPageShowsProvenanceResultsLengthAndEndConditions) {
  const auto files = render(sample_entries());
  const auto root = xml_check::parse(files.at("rulesets/toguz_kumalak.standard.html"));
  EXPECT_EQ(texts(root, "h1"), std::vector<std::string>{"Toguz Kumalak (tournament rules)"});
  EXPECT_EQ(
      texts(root, "h2"),
      (std::vector<std::string>{"Results", "Game length", "How games ended", "Playability metrics",
                                "How to cite", "Rules and their provenance"}));
  const std::string text = all_text(root);
  EXPECT_NE(text.find("stored in the archive as run 4"), std::string::npos);
  EXPECT_NE(text.find("A ruleset made for the tests."), std::string::npos);

  const auto tables = xml_check::find_all(root, "table");
  ASSERT_EQ(tables.size(), 7u)
      << "results, lengths, completion, end conditions, metrics, two groups of rules";
  const stats::Advantage adv = stats::first_player_advantage(60, 30, 10);
  EXPECT_EQ(body_rows(*tables[0]),
            (std::vector<std::vector<std::string>>{
                {"first player (P1) wins", "60", "60.0% [50.2, 69.1]"},
                {"second player (P2) wins", "30", "30.0% [21.9, 39.6]"},
                {"draws", "10", "10.0% [5.5, 17.4]"},
                {"first-player advantage (P1 minus P2)", "",
                 "+30.0 pp [+" + format_number(100 * adv.interval.low, 1) + ", +" +
                     format_number(100 * adv.interval.high, 1) + "]; stability not checked"}}));
  // Lengths 100 and 120, fifty each: sample sd = 10 * sqrt(100 / 99) = 10.05; type-7 quantiles.
  EXPECT_EQ(all_text(*xml_check::find_all(*tables[1], "caption")[0]), "Plies per game");
  EXPECT_EQ(body_rows(*tables[1]),
            (std::vector<std::vector<std::string>>{
                {"110.0", "10.1", "100", "100.0", "110.0", "120.0", "120"}}));
  // Completion (issue 11; issue 35, item 3): the ending classes in their words (docs/terms.md),
  // as shares of all games with Wilson intervals.
  EXPECT_EQ(all_text(*xml_check::find_all(*tables[2], "caption")[0]), "Completion");
  const std::string none =
      "0.0% [0.0, " + format_number(100 * stats::wilson_interval(0, 100).high, 1) + "]";
  EXPECT_EQ(body_rows(*tables[2]), (std::vector<std::vector<std::string>>{
                                       {"ended by the source's rule", "100", rate_text(100, 100)},
                                       {"ended by the paraphrase's rule", "0", none},
                                       {"ended by an assumed rule", "0", none},
                                       {"stopped by a stopping rule", "0", none},
                                       {"unfinished (safety bound)", "0", none}}));
  EXPECT_EQ(body_rows(*tables[3]),
            (std::vector<std::vector<std::string>>{
                {"by a rule of the game", "100", "100.00%"},
                {"by the no-progress rule (a stopping rule of the reconstruction)", "0", "0.00%"},
                {"cut off at the safety bound (unfinished)", "0", "0.00%"}}));
  // The metrics of a run without their tallies: balance 1 - |0.6 - 0.3| from its wins.
  const auto metrics = body_rows(*tables[4]);
  // One row per metric of the registry and the duration: shares as percentages (issue 20: one
  // statistical language), a metric the run did not keep said so.
  ASSERT_EQ(metrics.size(), 7u);
  EXPECT_EQ(metrics[0][0], "balance");
  EXPECT_EQ(metrics[0][1].substr(0, 7), "70.0% [");
  EXPECT_EQ(metrics[4][0], "lead changes");
  EXPECT_EQ(metrics[4][1], "not kept");
  EXPECT_EQ(metrics[6][0], "stability");
  EXPECT_EQ(all_text(*xml_check::find_all(*tables[5], "caption")[0]), "board");
  EXPECT_EQ(body_rows(*tables[5]),
            (std::vector<std::vector<std::string>>{
                {"holes_per_row", "9", "A. Author 1900: 3: \"made of two rows of nine holes\""},
                {"counters_per_hole", "9", "(default; no provenance)"}}));
  EXPECT_EQ(all_text(*xml_check::find_all(*tables[6], "caption")[0]), "sowing");
  EXPECT_EQ(body_rows(*tables[6]),
            (std::vector<std::vector<std::string>>{
                // The value in words (issue 39, item 2), not the file's "anticlockwise".
                {"direction", "sowing anticlockwise",
                 "assumption: the source names no direction (note: the engine sows from the "
                 "mover's left)"}}));

  const auto svgs = xml_check::find_all(root, "svg");
  ASSERT_EQ(svgs.size(), 2u) << "outcome bars and the length histogram; no match charts";
  EXPECT_EQ(all_text(*xml_check::find_all(*svgs[0], "title")[0]), "Outcomes of finished games");
  EXPECT_EQ(all_text(*xml_check::find_all(*svgs[1], "title")[0]), "Game length");
}

TEST(ReportRender, RulesetPageLinksToItsParentWhenTheParentIsInTheReport) {
  const auto root =
      xml_check::parse(render(sample_entries()).at("rulesets/toguz_kumalak.no_tuzdyk.html"));
  std::vector<std::string> hrefs;
  for (const auto* a : xml_check::find_all(root, "a")) hrefs.push_back(a->attributes.at("href"));
  EXPECT_EQ(hrefs, (std::vector<std::string>{"../index.html", "../glossary.html#reading",
                                             "toguz_kumalak.standard.html"}));
}

TEST(ReportRender, MatchSectionsAppearOnlyForRunsWithMatchStatistics) {
  const auto files = render(sample_entries());
  const auto khutka = xml_check::parse(files.at("rulesets/khutka_boia.das_gupta.html"));
  EXPECT_EQ(
      texts(khutka, "h2"),
      (std::vector<std::string>{
          "Results", "Match length", "How matches ended", "Playability metrics", "Matches",
          "Handicap effects in the matches played", "How to cite", "Rules and their provenance"}));
  std::vector<std::string> titles;
  for (const auto* svg : xml_check::find_all(khutka, "svg"))
    titles.push_back(all_text(*xml_check::find_all(*svg, "title")[0]));
  EXPECT_EQ(titles, (std::vector<std::string>{"Outcomes of finished games", "Match length",
                                              "Rounds per match", "Round win rate by handicap"}));
  // The handicap table: a row per level, P1's and P2's share of the finished rounds.
  const auto tables = xml_check::find_all(khutka, "table");
  std::vector<std::vector<std::string>> handicap;
  for (const auto* table : tables) {
    if (all_text(*xml_check::find_all(*table, "th")[0]) == "Holes in play, P1 minus P2")
      handicap = body_rows(*table);
  }
  EXPECT_EQ(handicap,
            (std::vector<std::vector<std::string>>{
                {"P2 +1 holes (-1)", "5",
                 "20.0% [" + format_number(100 * stats::wilson_interval(1, 5).low, 1) + ", " +
                     format_number(100 * stats::wilson_interval(1, 5).high, 1) + "]",
                 rate_text(4, 5)},
                {"even (0)", "11", rate_text(7, 11), rate_text(3, 11)},
                {"P1 +1 holes (+1)", "5", rate_text(4, 5), rate_text(1, 5)}}));
  // The whole states, perks named.
  std::vector<std::vector<std::string>> states;
  for (const auto* table : tables) {
    if (all_text(*xml_check::find_all(*table, "th")[0]) == "Holes in play (P1 v P2) and perks")
      states = body_rows(*table);
  }
  EXPECT_EQ(states,
            (std::vector<std::vector<std::string>>{
                {"4 v 5", "5", rate_text(1, 5), rate_text(4, 5)},
                {"5 v 4; P1 has a bha", "5", rate_text(4, 5), rate_text(1, 5)},
                {"5 v 5", "7", rate_text(5, 7), rate_text(1, 7)},
                {"5 v 5; P2 receives the 1-4 tribute", "4", rate_text(2, 4), rate_text(2, 4)}}));
  // Issue 14: the state is in columns of runs.csv, not part of the statistic's name; issue 27:
  // one variable a column (holes_p1, holes_p2, tribute_to, bha, favoured).
  // seats empty: the fixture's run has none, as a run stored before it was recorded.
  const std::string csv = files.at("runs.csv");
  EXPECT_NE(csv.find(",run,khutka_boia/das_gupta,khutka_boia,random,random,7,0123456789abcdef,,"
                     "handicap_state_rounds,all,0,,5,5,2,,,,4,,\r\n"),
            std::string::npos)
      << csv;
  for (const char* page :
       {"rulesets/toguz_kumalak.standard.html", "rulesets/toguz_kumalak.no_tuzdyk.html"}) {
    EXPECT_EQ(files.at(page).find("Matches"), std::string::npos) << page;
    EXPECT_EQ(files.at(page).find("Handicap"), std::string::npos) << page;
  }
}

// Issue 14: "runs.csv tidy: one row per run and statistic", its columns (docs/report.md); issue
// 27: a handicap state's variables each in a column of their own.
TEST(ReportRender, CsvIsTidyOneRowPerRunAndStatistic) {
  auto rows = report_testing::parse_csv(render(sample_entries()).at("runs.csv"));
  ASSERT_FALSE(rows.empty());
  const std::vector<std::string> header = {
      "run_id", "part",      "ruleset", "game",  "agent_p1", "agent_p2", "seed",     "rules_hash",
      "seats",  "statistic", "round",   "level", "state",    "holes_p1", "holes_p2", "tribute_to",
      "bha",    "favoured",  "player",  "value", "ci_low",   "ci_high"};
  EXPECT_EQ(rows[0], header);
  const auto at = [&](const std::vector<std::string>& row, const std::string& column) {
    return row.at(
        static_cast<std::size_t>(std::find(header.begin(), header.end(), column) - header.begin()));
  };
  std::map<std::string, std::set<std::string>> statistics;
  // (ruleset, "statistic|round|level|state|player") -> value, ci_low, ci_high
  std::map<std::pair<std::string, std::string>, std::vector<std::string>> cell;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const auto& row = rows[i];
    ASSERT_EQ(row.size(), header.size()) << "row " << i;
    const std::string ruleset = at(row, "ruleset"), statistic = at(row, "statistic");
    EXPECT_EQ(at(row, "part"), "run");
    // The stored run has its archive id; the others none.
    EXPECT_EQ(at(row, "run_id"), ruleset == "toguz_kumalak/standard" ? "4" : "") << ruleset;
    EXPECT_EQ(at(row, "game"), ruleset.substr(0, ruleset.find('/')));
    EXPECT_EQ(at(row, "agent_p1"), "random");
    EXPECT_EQ(at(row, "agent_p2"), "random");
    EXPECT_EQ(at(row, "seed"), "7");
    EXPECT_EQ(at(row, "rules_hash"), "0123456789abcdef");
    std::string key = statistic + "|" + at(row, "round") + "|" + at(row, "level") + "|" +
                      at(row, "state") + "|" + at(row, "player");
    for (const char* c : {"holes_p1", "holes_p2", "tribute_to", "bha", "favoured"})
      if (!at(row, c).empty()) key += std::string("|") + c + "=" + at(row, c);
    EXPECT_TRUE(statistics[ruleset].insert(key).second) << "repeated: " << ruleset << " " << key;
    // No statistic name packs a variable: no player, level or state in it.
    EXPECT_EQ(statistic.find("_p1"), std::string::npos) << statistic;
    EXPECT_EQ(statistic.find("_p2"), std::string::npos) << statistic;
    for (const char* c : {"value", "ci_low", "ci_high"}) {
      if (!at(row, c).empty()) {
        EXPECT_NO_THROW((void)std::stod(at(row, c))) << key;
      }
    }
    cell[{ruleset, key}] = {at(row, "value"), at(row, "ci_low"), at(row, "ci_high")};
  }
  ASSERT_EQ(statistics.size(), 3u);
  EXPECT_EQ(statistics["toguz_kumalak/standard"], statistics["toguz_kumalak/no_tuzdyk"]);
  EXPECT_EQ(cell.at({"toguz_kumalak/standard", "wins||||1"}),
            (std::vector<std::string>{"60", "", ""}));
  const auto p1 = cell.at({"toguz_kumalak/standard", "win_rate||||1"});
  EXPECT_EQ(std::stod(p1[0]), 0.6);
  EXPECT_EQ(std::stod(p1[1]), stats::wilson_interval(60, 100).low)
      << "full precision, not rounded for display";
  EXPECT_EQ(std::stod(p1[2]), stats::wilson_interval(60, 100).high);
  EXPECT_EQ(std::stod(cell.at({"toguz_kumalak/standard", "plies_mean||||"})[0]), 110.0);
  EXPECT_EQ(cell.at({"toguz_kumalak/no_tuzdyk", "unfinished||||"})[0], "10");
  // Completion: no_tuzdyk has 10 of 100 games unfinished.
  const auto safety = cell.at({"toguz_kumalak/no_tuzdyk", "completion|||safety_bound|"});
  EXPECT_EQ(std::stod(safety[0]), 0.1);
  EXPECT_EQ(std::stod(safety[1]), stats::wilson_interval(10, 100).low);
  // Balance of the run without the metrics' tallies: from its wins, 1 - |0.6 - 0.3|.
  EXPECT_NEAR(std::stod(cell.at({"toguz_kumalak/standard", "balance||||"})[0]), 0.7, 1e-12);
  EXPECT_EQ(cell.at({"toguz_kumalak/standard", "lead_changes||||"}),
            (std::vector<std::string>{"", "", ""}));  // not kept by that run
  // Match statistics only for the multi-round ruleset: rounds 1, 2, 3 twice, five and three times.
  EXPECT_EQ(std::stod(cell.at({"khutka_boia/das_gupta", "rounds_mean||||"})[0]), 2.1);
  const auto p2 = cell.at({"khutka_boia/das_gupta", "handicap_win_rate|all|1||2"});
  EXPECT_EQ(std::stod(p2[0]), 0.2);
  EXPECT_EQ(std::stod(p2[1]), stats::wilson_interval(1, 5).low);
  EXPECT_EQ(cell.at({"khutka_boia/das_gupta", "handicap_rounds|all|-1||"})[0], "5");
  EXPECT_EQ(cell.at({"khutka_boia/das_gupta", "rounds_recorded|all|||"})[0], "21");
  EXPECT_EQ(cell.at({"khutka_boia/das_gupta", "ended_by_share|all||no_progress|"})[0],
            json(1.0 / 21).dump());
  EXPECT_FALSE(cell.count({"toguz_kumalak/standard", "rounds_mean||||"}));
}

// Issue 35, item 3: "Four classes, the same words everywhere": the index's note and a ruleset
// page's completion table name each class in the words of docs/terms.md.
TEST(ReportRender, TheIndexAndARulesetPageUseTheEndingClassesExactWords) {
  const auto files = render(sample_entries());
  const std::string& index = files.at("index.html");
  const std::string& page = files.at("rulesets/toguz_kumalak.standard.html");
  for (const char* words :
       {"ended by the source's rule", "ended by the paraphrase's rule", "ended by an assumed rule",
        "stopped by a stopping rule", "unfinished (safety bound)"}) {
    EXPECT_NE(index.find(html_escape(words)), std::string::npos) << words;
    EXPECT_NE(page.find("<td>" + html_escape(words) + "</td>"), std::string::npos) << words;
    EXPECT_NE(files.at("report.md").find("| " + std::string(words) + " |"), std::string::npos)
        << words;
  }
  EXPECT_NE(index.find(html_escape("Ended by the text's rule")), std::string::npos);
  for (const char* old : {"Ended by own rule", "the game's own rule"}) {
    EXPECT_EQ(index.find(html_escape(old)), std::string::npos) << old;
    EXPECT_EQ(page.find(html_escape(old)), std::string::npos) << old;
  }
}

// Issue 11: "the report's index (a column, and the row marked when the game's own rule ends
// fewer than half)".
TEST(ReportRender, TheIndexShowsCompletionAndMarksRulesetsMostlyEndedByStoppingRules) {
  auto entries = sample_entries();
  // no_tuzdyk: 10 of 100 unfinished, the rest by the rule: not marked. Khutka: make 6 of its 10
  // matches stopped by the reconstruction's rule.
  json& khutka = entries[1].run;
  khutka["ended_by"]["rule"]["games"] = 4;
  khutka["ended_by"]["no_progress"]["games"] = 6;
  khutka["completion"]["source_rule"]["games"] = 4;  // the rules' classes are read back, the
                                                     // stops derived from ended_by
  const auto files = render(entries);
  const auto root = xml_check::parse(files.at("index.html"));
  const auto tables = xml_check::find_all_of_class(root, "table", "index");
  ASSERT_FALSE(tables.empty());
  const auto rows = body_rows(*tables[0]);
  std::map<std::string, std::string> text_rule;
  for (const auto& row : rows) {
    if (row.size() == 11) text_rule[row[0]] = row[4];
  }
  EXPECT_EQ(text_rule.at("Toguz Kumalak without tuzdyk"),
            rate_text(90, 100) + "source's rule: 90.0%");
  // A match's cell: the matches, the source's share, then the share of their rounds (unmarked:
  // most rounds by the text's rule).
  EXPECT_TRUE(text_rule.at("Khutka Boia after Das Gupta")
                  .starts_with("\u26A0 " + rate_text(4, 10) + "source's rule: 40.0%rounds: "))
      << text_rule.at("Khutka Boia after Das Gupta");
  EXPECT_NE(files.at("index.html").find("<tr class=\"marked\"><td><a href=\"rulesets/khutka_boia"),
            std::string::npos);
  EXPECT_EQ(files.at("index.html").find("<tr class=\"marked\"><td><a href=\"rulesets/toguz"),
            std::string::npos);
  EXPECT_NE(files.at("report.md").find("\u26A0 40.0%"), std::string::npos);
}

TEST(ReportRender, RunsJsonHoldsEveryRunAsGiven) {
  const auto entries = sample_entries();
  const json runs = json::parse(render(entries).at("runs.json"))["runs"];
  ASSERT_TRUE(runs.is_array());
  ASSERT_EQ(runs.size(), entries.size());
  for (std::size_t i = 0; i < entries.size(); ++i) EXPECT_EQ(runs[i], entries[i].run);
  // The one-round runs read back into the simulator's statistics.
  EXPECT_EQ(sim::run_stats_from_json(runs[0], "runs.json"),
            make_run("toguz_kumalak/standard", 60, 30, 10, 0, {100, 120}));
}

TEST(ReportRender, MarkdownHasTheIndexTablesAndASectionPerRuleset) {
  const std::string md =
      render(sample_entries(), {.title = "T", .command = "mancala report x"}).at("report.md");
  EXPECT_TRUE(md.starts_with("# T\n\n"));
  EXPECT_NE(md.find("Made by `mancala report x`"), std::string::npos);
  EXPECT_NE(md.find("## Toguz Kumalak\n\n| Ruleset | Status |"), std::string::npos);
  EXPECT_NE(md.find("| Toguz Kumalak (tournament rules) | described | MANCALA.Evidence.1 | 100 | "
                    "100.0% \\[96.3, 100.0\\]<br>source's rule: 100.0% | 60.0% \\[50.2, 69.1\\] |"),
            std::string::npos)
      << md;
  for (const char* heading :
       {"## Toguz Kumalak (tournament rules)\n", "## Toguz Kumalak without tuzdyk\n",
        "## Khutka Boia after Das Gupta\n", "Handicap effects:"}) {
    EXPECT_NE(md.find(heading), std::string::npos) << heading;
  }
}

TEST(ReportRender, TextFromRulesetsIsEscapedEverywhere) {
  auto entries = sample_entries();
  entries[0].ruleset.name = "<script>alert('x')</script> & \"co\"";
  entries[0].ruleset.summary = "a < b && c > d";
  entries[0].ruleset.rules[0].provenance = "evidence: \"</td></tr></table>\"";
  const auto files = render(entries);
  for (const char* page : {"index.html", "rulesets/toguz_kumalak.standard.html"}) {
    const auto root = xml_check::parse(files.at(page));
    EXPECT_TRUE(xml_check::find_all(root, "script").empty()) << page;
    EXPECT_NE(all_text(root).find("<script>alert('x')</script> & \"co\""), std::string::npos)
        << page;
  }
  const auto page = xml_check::parse(files.at("rulesets/toguz_kumalak.standard.html"));
  EXPECT_NE(all_text(page).find("evidence: \"</td></tr></table>\""), std::string::npos);
}

TEST(ReportRender, SameRunsGiveByteIdenticalFiles) {
  EXPECT_EQ(render(sample_entries()), render(sample_entries()));
}

TEST(ReportRender, ARunLackingAKeyIsRefusedNamingRulesetAndKey) {
  auto entries = sample_entries();
  entries[2].run.erase("wins");
  try {
    render_report(entries, {});
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "toguz_kumalak/no_tuzdyk: wins: missing");
  }
  entries = sample_entries();
  entries[0].run["plies"]["mean"] = "long";
  EXPECT_NO_THROW(render_report(entries, {}))
      << "derived figures are recomputed from the histogram";
  entries[0].run["draws"] = -1;
  try {
    render_report(entries, {});
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(),
                 "toguz_kumalak/standard: draws: expected a count (an integer 0 or more)");
  }
}

TEST(ReportRender, NoEntriesOrTheSameRulesetTwiceIsRefused) {
  try {
    render_report(std::vector<ReportEntry>{}, {});
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "report: no runs to report");
  }
  auto entries = sample_entries();
  entries.push_back(entries[0]);
  try {
    render_report(entries, {});
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "report: toguz_kumalak/standard: given twice");
  }
  entries = sample_entries();
  entries[1].ruleset.id = "khutka_boia/other";
  try {
    render_report(entries, {});
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_STREQ(
        e.what(),
        "report: khutka_boia/other: the run is of another ruleset (khutka_boia/das_gupta)");
  }
}

TEST(ReportRender, NamesOfGamesAndPages) {
  EXPECT_EQ(game_display_name("toguz_kumalak"), "Toguz Kumalak");
  EXPECT_EQ(game_display_name("sonka"), "Sonka");
  EXPECT_EQ(ruleset_page_path("khutka_boia/das_gupta_1926"),
            "rulesets/khutka_boia.das_gupta_1926.html");
  EXPECT_EQ(ruleset_page_path("a/b c&d"), "rulesets/a.b_c_d.html");
}

// Issue 20, item 8: "flag results that rest on a stopping rule" on the ruleset's page, beside its
// results, and in its section of report.md, as the index and the comparisons do: Toguz standard
// with 60 of its 100 games stopped, Khutka Boia with 14 of its matches' 21 rounds; no_tuzdyk
// (10 unfinished, the rest by the rule) without the sentence.
TEST(ReportRender, RulesetPagesSayWhenTheirFiguresRestOnStoppingRules) {
  auto entries = sample_entries();
  json& toguz = entries[0].run;
  toguz["ended_by"]["rule"]["games"] = 40;
  toguz["ended_by"]["no_progress"]["games"] = 60;
  toguz.erase("completion");
  json& khutka = entries[1].run;
  khutka["round_ended_by"]["rule"]["rounds"] = 7;
  khutka["round_ended_by"]["no_progress"]["rounds"] = 14;
  khutka["round_completion"]["source_rule"]["rounds"] = 7;
  const auto files = render(entries);
  const std::string toguz_sentence =
      "\u26A0 The figures rest on stopping rules: 60% of the games are stopped by a stopping rule "
      "of the reconstruction, not ended by a rule of the game.";
  const std::string khutka_sentence =
      "\u26A0 The figures rest on stopping rules: 67% of the matches' rounds are stopped by the "
      "no-progress rule.";
  const std::string toguz_page = files.at("rulesets/toguz_kumalak.standard.html");
  const std::size_t at = toguz_page.find(html_escape(toguz_sentence));
  ASSERT_NE(at, std::string::npos) << toguz_page;
  EXPECT_GT(at, toguz_page.find("<h2 id=\"results\">"));
  EXPECT_LT(at, toguz_page.find("<h2 id=\"length\">"));
  EXPECT_NE(files.at("rulesets/khutka_boia.das_gupta.html").find(html_escape(khutka_sentence)),
            std::string::npos);
  EXPECT_EQ(files.at("rulesets/toguz_kumalak.no_tuzdyk.html").find("rest on stopping rules"),
            std::string::npos);
  const std::string md = files.at("report.md");
  const std::size_t section = md.find("`toguz_kumalak/standard` (");
  ASSERT_NE(section, std::string::npos);
  EXPECT_NE(md.find(toguz_sentence + "\n\n| Outcome", section), std::string::npos) << md;
  EXPECT_NE(md.find(khutka_sentence), std::string::npos);
  EXPECT_EQ(md.find("rest on stopping rules", md.find("`toguz_kumalak/no_tuzdyk` (")),
            std::string::npos);
}

// A match never ends by the no-progress rule (a round does, and the match goes on): runs stored
// before stop_after_rounds had its own name counted the matches it stopped under no_progress, and
// only those rows say so; a fresh run's row has the rule's own name.
TEST(ReportRender, TheOldNoProgressLabelOfMatchesOnlyForRunsThatCountedThem) {
  auto entries = sample_entries();
  json& fresh = entries[1].run;
  fresh["ended_by"]["stop_after_rounds"] = {{"games", 0}, {"share", 0.0}};
  auto files = render(entries);
  const std::string old_label = "no_progress: stored before stop_after_rounds had its own name";
  std::string page = files.at("rulesets/khutka_boia.das_gupta.html");
  EXPECT_EQ(page.find(old_label), std::string::npos) << page;
  EXPECT_NE(page.find("<td>by the no-progress rule (a stopping rule of the reconstruction)</td>"),
            std::string::npos);
  EXPECT_EQ(files.at("report.md").find(old_label), std::string::npos);
  // A run stored by an older version: 6 matches stopped, counted under no_progress.
  entries = sample_entries();
  json& old = entries[1].run;
  old["ended_by"]["rule"]["games"] = 4;
  old["ended_by"]["no_progress"]["games"] = 6;
  old.erase("completion");
  files = render(entries);
  EXPECT_NE(files.at("rulesets/khutka_boia.das_gupta.html").find(old_label), std::string::npos);
}

// The sensitivity section says how many games its runs have against the main run's: "fewer games
// than above" was printed even when they had as many.
TEST(ReportRender, TheSensitivitySectionSaysItsGamesAgainstTheMainRuns) {
  analysis::SensitivityRun as_set;
  as_set.setting = "as set";
  as_set.figures = analysis::run_figures(make_run("otep/beaton_1939", 5, 4, 1, 0, {90}));
  const std::vector<analysis::SensitivityRun> runs = {as_set};
  const std::string same = sensitivity_section_html(runs, {}, 1000, 1000);
  EXPECT_NE(same.find("1000 games each, as above, so the row as set repeats the figures above"),
            std::string::npos)
      << same;
  EXPECT_EQ(same.find("fewer"), std::string::npos);
  EXPECT_NE(sensitivity_section_html(runs, {}, 200, 1000)
                .find("200 games each, fewer than the 1000 above, so the row as set differs a "
                      "little from the figures above"),
            std::string::npos);
  EXPECT_NE(sensitivity_section_html(runs, {}, 2000, 1000)
                .find("2000 games each, more than the 1000 above"),
            std::string::npos);
}

// Sonka after Vanoverbergh (every turn simultaneous) as a report entry, in its seat words.
ReportEntry sonka_entry() {
  const sim::RuleSet sonka = sim::load_ruleset("sonka/vanoverbergh_1927");
  ReportEntry seats{make_ruleset(sonka.id, sonka.name, sonka.status),
                    with_matches(sim::run_stats_to_json(make_run(sonka.id, 5, 4, 1, 0, {300}))),
                    std::nullopt};
  seats.ruleset.seats = sim::seat_words(sonka);
  return seats;
}

// The sample entries (Toguz Kumalak, Khutka Boia: alternating) in their seat words.
std::vector<ReportEntry> alternating_entries() {
  std::vector<ReportEntry> entries = sample_entries();
  entries[0].ruleset.seats = sim::seat_words(sim::load_ruleset("toguz_kumalak/standard"));
  entries[1].ruleset.seats = sim::seat_words(sim::load_ruleset("khutka_boia/das_gupta_1926"));
  return entries;
}

}  // namespace
// Issue 35 item 8: a ruleset whose every turn is simultaneous is told in seat words (seat 1 and
// seat 2, the seat advantage, rounds only won or drawn), on its page and in report.md; the
// alternating rulesets keep their first player; the index's note names the exception.
TEST(ReportRender, SimultaneousRulesetsSpeakOfSeatsAndNobodyMovesFirst) {
  std::vector<ReportEntry> entries = alternating_entries();
  const sim::RuleSet sonka = sim::load_ruleset("sonka/vanoverbergh_1927");
  const ReportEntry seats = sonka_entry();
  ASSERT_TRUE(seats.ruleset.seats.simultaneous);
  entries.push_back(seats);
  const auto files = render(entries);
  const auto lower = [](std::string text) {
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
  };
  const std::string page = lower(files.at("rulesets/sonka.vanoverbergh_1927.html"));
  for (const char* words : {"first player", "first-player", "first mover", "first-mover",
                            "moves first", "second player", "second mover"})
    EXPECT_EQ(page.find(words), std::string::npos) << words;
  const auto root = xml_check::parse(files.at("rulesets/sonka.vanoverbergh_1927.html"));
  const auto tables = xml_check::find_all(root, "table");
  std::vector<std::string> outcomes, rounds;
  for (const auto& row : body_rows(*tables[0])) outcomes.push_back(row[0]);
  EXPECT_EQ(outcomes, (std::vector<std::string>{"seat 1 (P1) wins", "seat 2 (P2) wins", "draws",
                                                "seat advantage (seat 1 minus seat 2)"}));
  for (const auto* table : tables) {
    if (all_text(*xml_check::find_all(*table, "th")[0]) == "Rounds")
      for (const auto& row : body_rows(*table)) rounds.push_back(row[0] + " " + row[1]);
  }
  // with_matches' 21 rounds: 12 + 8 won, 1 drawn, none unfinished.
  EXPECT_EQ(rounds, (std::vector<std::string>{"recorded 21", "won 20", "drawn 1",
                                              "unfinished (safety bound) 0"}));
  // Toguz Kumalak (alternating) and Khutka Boia's rounds keep their first player.
  const std::string toguz = files.at("rulesets/toguz_kumalak.standard.html");
  EXPECT_NE(toguz.find("first player (P1) wins"), std::string::npos);
  EXPECT_NE(toguz.find("first-player advantage (P1 minus P2)"), std::string::npos);
  EXPECT_NE(files.at("rulesets/khutka_boia.das_gupta.html")
                .find(html_escape("won by the round's first mover")),
            std::string::npos);
  const std::string note = "P1 moves first, except in " + sonka.name +
                           ", where every turn is simultaneous, so nobody moves first: P1 and P2 "
                           "are seat 1 and seat 2, and the advantage is the seat advantage.";
  EXPECT_NE(files.at("index.html").find(html_escape(note)), std::string::npos);
  const std::string md = files.at("report.md");
  EXPECT_NE(md.find(note), std::string::npos);
  const std::string section = md.substr(md.find("## " + sonka.name + "\n"));
  EXPECT_NE(section.find("| seat 1 (P1) wins |"), std::string::npos) << section;
  EXPECT_EQ(section.find("first mover"), std::string::npos);
  EXPECT_EQ(section.find("first-player"), std::string::npos);
  // With only rulesets of simultaneous turns, the note says so without naming them.
  EXPECT_NE(render({seats}).at("index.html").find("Every turn is simultaneous, so nobody moves"),
            std::string::npos);
}

// Issue 35, item 8, the index "per row / per the rulesets shown": its advantage chart's caption and
// title, its note and each game's table say the seat advantage for the rulesets whose every turn
// is simultaneous and the first-player advantage for the others; never "(first-player or seat
// advantage)" for rulesets that are all of one kind.
TEST(ReportRender, TheIndexNamesTheAdvantageOfTheRulesetsItShows) {
  std::vector<ReportEntry> mixed = alternating_entries();
  mixed.push_back(sonka_entry());
  const std::string sonka = sim::load_ruleset("sonka/vanoverbergh_1927").name;
  const std::string index = render(mixed).at("index.html");
  const std::string both = "first-player advantage (the seat advantage for " + sonka +
                           ", whose every turn is simultaneous)";
  EXPECT_NE(index.find(html_escape("Bars: " + both + "; whiskers: 95% intervals.")),
            std::string::npos)
      << index;
  EXPECT_NE(index.find(html_escape("the " + both + " is P(P1 wins) minus P(P2 wins)")),
            std::string::npos);
  EXPECT_NE(index.find("First-player or seat advantage by ruleset"), std::string::npos);
  EXPECT_EQ(index.find("(first-player or seat advantage)"), std::string::npos);
  const std::string md = render(mixed).at("report.md");
  EXPECT_NE(md.find("the " + both + " is P(P1 wins)"), std::string::npos);
  // The index's table of every ruleset keeps "P1 advantage" (the note says what it is for
  // Sonka); in report.md each game has its table, Sonka's with the seat advantage's column.
  const auto columns = [](const std::string& html) {
    std::vector<std::string> names;
    // The document outlives the loop: find_all's pointers point into it.
    const auto document = xml_check::parse(html);
    for (const auto* th : xml_check::find_all(document, "th")) {
      const std::string name = all_text(*th);
      if (name.ends_with("advantage")) names.push_back(name);
    }
    return names;
  };
  EXPECT_EQ(columns(index), (std::vector<std::string>{"P1 advantage"}));
  std::vector<std::string> md_columns;
  for (std::size_t at = md.find("| Draws | "); at != std::string::npos;
       at = md.find("| Draws | ", at + 1))
    md_columns.push_back(md.substr(at + 10, md.find(" |", at + 10) - at - 10));
  EXPECT_EQ(md_columns,
            (std::vector<std::string>{"P1 advantage", "P1 advantage", "Seat advantage"}));

  // Only alternating rulesets: the first-player advantage, plainly.
  const std::string alternating = render(alternating_entries()).at("index.html");
  EXPECT_NE(alternating.find("Bars: first-player advantage; whiskers"), std::string::npos);
  EXPECT_NE(alternating.find("First-player advantage by ruleset"), std::string::npos);
  EXPECT_NE(alternating.find("the first-player advantage is P(P1 wins)"), std::string::npos);
  EXPECT_EQ(alternating.find("seat advantage"), std::string::npos);
  // Only Sonka: the seat advantage, and no first player anywhere on the index.
  const std::string seats = render({sonka_entry()}).at("index.html");
  EXPECT_NE(seats.find("Bars: seat advantage; whiskers"), std::string::npos);
  EXPECT_NE(seats.find("Seat advantage by ruleset"), std::string::npos);
  EXPECT_NE(seats.find("the seat advantage is P(P1 wins)"), std::string::npos);
  EXPECT_EQ(columns(seats), (std::vector<std::string>{"Seat advantage"}));
  for (const char* words : {"first-player", "first player", "first mover", "P1 advantage"})
    EXPECT_EQ(seats.find(words), std::string::npos) << words;
}

// Issue 35, item 8: the sensitivity table's advantage column in the ruleset's seat words.
TEST(ReportRender, TheSensitivityTablesAdvantageColumnIsInTheRulesetsSeatWords) {
  analysis::SensitivityRun as_set;
  as_set.setting = "as set";
  as_set.figures = analysis::run_figures(make_run("sonka/vanoverbergh_1927", 5, 4, 1, 0, {90}));
  const std::vector<analysis::SensitivityRun> runs = {as_set};
  const std::string seats = sensitivity_section_html(
      runs, {}, 1000, 1000, sim::seat_words(sim::load_ruleset("sonka/vanoverbergh_1927")));
  EXPECT_NE(seats.find("<th class=\"num\">seat advantage</th>"), std::string::npos) << seats;
  EXPECT_EQ(seats.find("P1 advantage"), std::string::npos);
  // sonka/simultaneous_first_move keeps its first player (only its opening is simultaneous).
  const std::string first = sensitivity_section_html(
      runs, {}, 1000, 1000, sim::seat_words(sim::load_ruleset("sonka/simultaneous_first_move")));
  EXPECT_NE(first.find("<th class=\"num\">P1 advantage</th>"), std::string::npos) << first;
  EXPECT_EQ(first.find("seat advantage"), std::string::npos);
}

// Issue 35, item 8: "a seats field in the run JSON, and stored runs without it keep loading". A
// run of a ruleset whose every turn is simultaneous is "simultaneous", written and read back; a
// run stored before the field loads with none; any other value is refused, naming the key.
TEST(RunJson, SeatsRoundTripAndRunsStoredWithoutThemLoad) {
  sim::RunStats run = make_run("sonka/vanoverbergh_1927", 5, 4, 1, 0, {100});
  run.seats = sim::seats_name(sim::load_ruleset("sonka/vanoverbergh_1927"));
  EXPECT_EQ(run.seats, "simultaneous");
  EXPECT_EQ(sim::seats_name(sim::load_ruleset("sonka/simultaneous_first_move")), "alternating");
  json j = sim::run_stats_to_json(run);
  EXPECT_EQ(j["seats"], "simultaneous");
  EXPECT_EQ(sim::run_stats_from_json(j, "runs.json").seats, "simultaneous");
  j.erase("seats");
  EXPECT_EQ(sim::run_stats_from_json(j, "runs.json").seats, "");
  j["seats"] = "both";
  try {
    sim::run_stats_from_json(j, "runs.json");
    ADD_FAILURE() << "a seats value of 'both' was read";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("seats: 'both' is neither alternating nor simultaneous"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace mancala::reports
