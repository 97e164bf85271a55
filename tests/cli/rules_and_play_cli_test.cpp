// `mancala rules check|list`, `trace --format json` and `replay --togyz-notation` run in-process:
// checking one file or a user's file kept outside data/rulesets, the errors a check must give
// (exact messages), the list's columns, the trace's starting position, and notation files.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "../reports/report_test_util.h"
#include "cli/cli.h"
#include "cli_test_util.h"
#include "common/paths.h"
#include "simulator/describe.h"
#include "simulator/ruleset_io.h"

namespace mancala::cli {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

using testing::expect_error;
using testing::Result;
using testing::run_cli;

std::string ruleset_file(const std::string& id) {
  return (sim::rulesets_dir() / (id + ".json")).string();
}

TEST(RulesCheck, OneValidFileOfAGamePassesAlone) {
  const Result r = run_cli({"rules", "check", ruleset_file("toguz_kumalak/no_tuzdyk")});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err, "rules check: all rulesets are valid\n");
}

TEST(RulesCheck, AFileKeptElsewhereExtendsAProjectRulesetAndPlays) {
  report_testing::TempDir dir;
  const fs::path mine = dir / "my_reading.json";
  fs::copy_file(ruleset_file("toguz_kumalak/no_tuzdyk"), mine);
  const Result check = run_cli({"rules", "check", mine.string()});
  EXPECT_EQ(check.code, 0) << check.err;
  const sim::RuleSet loaded = sim::load_ruleset(mine.string());
  EXPECT_EQ(loaded.extends, "toguz_kumalak/standard");
  EXPECT_FALSE(loaded.tuzdyk);
  EXPECT_EQ(loaded.holes_per_row, 9);  // inherited from the project's ruleset
  const Result sim =
      run_cli({"simulate", mine.string(), "--games", "20", "--no-store", "--format", "json"});
  EXPECT_EQ(sim.code, 0) << sim.err;
}

TEST(RulesCheck, AnEvidenceIdNoRecordHasIsNamed) {
  report_testing::TempDir dir;
  const fs::path file = dir / "toguz_kumalak" / "nope.json";
  report_testing::write_text(
      file, R"({"name": "T", "status": "reconstructed", "extends": "toguz_kumalak/standard",
    "evidence": ["NOPE.Evidence.99"], "rules": {"tuzdyk": false}, "provenance": {"tuzdyk": {"assumption": "x"}}})");
  expect_error({"rules", "check", file.string()}, 1,
               "mancala: " + file.string() +
                   ": evidence: no evidence record 'NOPE.Evidence.99' in " +
                   (mancala::data_dir() / "evidence").string() + "\n");
}

// docs/terms.md: "A quoted phrase (source, paraphrase) must occur verbatim, up to white space, in
// the field it names; rules check refuses it otherwise." Sonka's six counters are the DLP
// paraphrase's words (DLP.Evidence.693's rules field), not Vanoverbergh's (its content).
TEST(RulesCheck, AQuotedPhraseNotInTheFieldItNamesIsRefusedNamingFileKeyRecordAndField) {
  report_testing::TempDir dir;
  const fs::path file = dir / "sonka" / "six.json";
  const auto with = [&](const std::string& entry) {
    report_testing::write_text(
        file, R"({"name": "T", "status": "reconstructed", "extends": "sonka/vanoverbergh_1927",
      "rules": {"counters_per_hole": 6}, "provenance": {"counters_per_hole": )" +
                  entry + "}}");
    return file.string();
  };
  const std::string at = "mancala: " + file.string() + ": provenance.counters_per_hole: ";
  expect_error({"rules", "check", with(R"({"source": "Six counters in each hole.",
      "record": "DLP.Evidence.693"})")},
               1,
               at + "source: the phrase \"Six counters in each hole.\" is not in the content "
                    "field of DLP.Evidence.693 (the source's quoted words); it is in the rules "
                    "field, the paraphrase: its witness is \"paraphrase\"\n");
  // Up to white space, not up to case or spelling.
  expect_error({"rules", "check", with(R"({"paraphrase": "six   counters in each hole.",
      "record": "DLP.Evidence.693"})")},
               1,
               at + "paraphrase: the phrase \"six   counters in each hole.\" is not in the rules "
                    "field of DLP.Evidence.693 (its paraphrase)\n");
  expect_error({"rules", "check", with(R"({"paraphrase": "Six counters in each hole.",
      "record": "DLP.Evidence.6930"})")},
               1,
               at + "record: no evidence record 'DLP.Evidence.6930' in " +
                   (mancala::data_dir() / "evidence").string() + "\n");
  expect_error({"rules", "check", with(R"({"reading": "sonka/nope"})")}, 1,
               at + "reading: no ruleset 'sonka/nope' ('mancala rules list' names them)\n");
  const Result good = run_cli(
      {"rules", "check",
       with(R"({"paraphrase": "Six \t counters in\n each hole.", "record": "DLP.Evidence.693"})")});
  EXPECT_EQ(good.code, 0) << good.err;
}

// Issue 35: "rules check refuses a described or reconstructed ruleset in which a key that acts has
// neither a phrase nor an assumption": Kalah's store keys act once its stores are sown; an
// observed ruleset is not held to it by the check (the shipped ones are, by a test).
TEST(RulesCheck, AKeyThatActsWithoutProvenanceIsRefusedInADescribedRuleset) {
  report_testing::TempDir dir;
  const fs::path file = dir / "toy" / "sown.json";
  const auto with = [&](const std::string& status) {
    report_testing::write_text(file,
                               R"({"name": "T", "status": ")" + status + R"(", "default": true,
      "evidence": ["MANCALA.Evidence.2"], "rules": {"stores": "sown"},
      "provenance": {"stores": {"assumption": "a test"}}})");
    return file.string();
  };
  const Result refused = run_cli({"rules", "check", with("described")});
  EXPECT_EQ(refused.code, 1);
  EXPECT_NE(refused.err.find("mancala: " + file.string() +
                             ": provenance.store_extra_move: missing: the key acts in this "
                             "described ruleset, so it needs its witness: a quoted phrase "
                             "(source, paraphrase), a reading or an assumption with its reason\n"),
            std::string::npos)
      << refused.err;
  EXPECT_NE(refused.err.find(": provenance.store_side: missing"), std::string::npos);
  // tuzdyk_count does not act without a tuzdyk: not asked for.
  EXPECT_EQ(refused.err.find(": provenance.tuzdyk_count:"), std::string::npos);
  EXPECT_EQ(run_cli({"rules", "check", with("observed")}).code, 0);
}

// "rules show (text and JSON) shows the witness, never a bare evidence": Sonka's counters per
// hole are the DLP's paraphrase; its capture quotes Vanoverbergh, with the record's pages.
TEST(RulesShow, EachKeyNamesItsWitness) {
  const Result text = run_cli({"rules", "show", "sonka"});
  ASSERT_EQ(text.code, 0) << text.err;
  EXPECT_NE(text.out.find("counters_per_hole           6                         DLP paraphrase "
                          "(DLP.Evidence.693): \"Six counters in each hole.\""),
            std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("Vanoverbergh 1927: 236-237: \"If she dies in her own quarters"),
            std::string::npos);
  EXPECT_EQ(text.out.find("evidence: \""), std::string::npos);
  // Item 2: only the keys that act are shown, the others named in one line; none is untraced.
  EXPECT_EQ(text.out.find("(default; no provenance)"), std::string::npos);
  EXPECT_EQ(text.out.find("  tuzdyk_count "), std::string::npos);
  EXPECT_NE(
      text.out.find("\nnot acting in this ruleset (the conditions of 'mancala rules keys'): "),
      std::string::npos);
  const Result j = run_cli({"rules", "show", "sonka", "--format", "json"});
  ASSERT_EQ(j.code, 0) << j.err;
  const nlohmann::json p = nlohmann::json::parse(j.out)["provenance"];
  EXPECT_EQ(p["counters_per_hole"],
            nlohmann::json::parse(R"j({"paraphrase": "Six counters in each hole.",
              "record": "DLP.Evidence.693", "shown_as": "DLP paraphrase (DLP.Evidence.693)",
              "note": "the six is the paraphrase's alone: Vanoverbergh gives no count ('in each hole (except the homes) are an equal number of pebbles')"})j"));
  EXPECT_EQ(p["capture"]["shown_as"], "Vanoverbergh 1927: 236-237");
  EXPECT_EQ(p["resolution"]["shown_as"], "assumption");
  // Otep's clockwise privilege is Beaton's own sentence, on the page the record gives.
  const Result otep = run_cli({"rules", "show", "otep", "--format", "json"});
  EXPECT_EQ(nlohmann::json::parse(otep.out)["provenance"]["reverse_privilege"]["shown_as"],
            "Beaton 1939: 141");
  EXPECT_EQ(nlohmann::json::parse(otep.out)["provenance"]["direction"]["shown_as"],
            "DLP paraphrase (DLP.Evidence.1880)");
}

// Issue 22: every contradiction of a ruleset is reported, each on its own line, by `rules check`
// and by a command that loads the ruleset.
TEST(RulesCheck, EveryContradictionOfARulesetIsPrintedOnItsOwnLine) {
  report_testing::TempDir dir;
  const fs::path file = dir / "toguz_kumalak" / "two_wrongs.json";
  report_testing::write_text(
      file, R"({"name": "T", "status": "reconstructed", "extends": "toguz_kumalak/standard",
    "rules": {"capture": "empty_own_hole", "toll_hole": "winner_leftmost"},
    "provenance": {"capture": {"assumption": "x"}, "toll_hole": {"assumption": "x"}}})");
  const std::string problems =
      "mancala: " + file.string() +
      ": rules.tuzdyk: is made by the last counter of a move that ends without relay (capture "
      "even_in_opponent_row)\n"
      "mancala: " +
      file.string() + ": rules.toll_hole: only has a meaning in a match (match: true)\n";
  expect_error({"rules", "check", file.string()}, 1, problems);
  expect_error({"simulate", file.string(), "--games", "1", "--no-store"}, 1, problems);
}

TEST(RulesCheck, AFolderWithoutRulesetsOrAGameFolderWithoutADefaultIsRefused) {
  report_testing::TempDir dir;
  fs::create_directories(dir / "empty");
  expect_error({"rules", "check", (dir / "empty").string()}, 1,
               "mancala: " + (dir / "empty").string() + ": no ruleset files (*.json) found\n");
  fs::create_directories(dir / "games" / "toguz_kumalak");
  fs::copy_file(ruleset_file("toguz_kumalak/no_tuzdyk"),
                dir / "games" / "toguz_kumalak" / "mine.json");
  const Result folder = run_cli({"rules", "check", (dir / "games").string()});
  EXPECT_EQ(folder.code, 1);
  EXPECT_EQ(
      folder.err,
      "mancala: toguz_kumalak: 0 rulesets are marked \"default\": true (exactly one is needed)\n");
}

TEST(RulesList, ListsEachRulesetWithItsGameStatusAndEvidence) {
  const Result r = run_cli({"rules", "list"});
  ASSERT_EQ(r.code, 0) << r.err;
  std::istringstream lines(r.out);
  std::string header;
  std::getline(lines, header);
  EXPECT_TRUE(header.starts_with("ruleset ")) << header;
  EXPECT_NE(header.find("  game  "), std::string::npos) << header;
  // The row's columns, whatever width the longest game key gives them (issue 38 added
  // tsoro_additional_capture).
  const size_t at = r.out.find("\nkhutka_boia/das_gupta_1926  ");
  ASSERT_NE(at, std::string::npos) << r.out;
  std::istringstream row(r.out.substr(at + 1, r.out.find('\n', at + 1) - at - 1));
  std::vector<std::string> fields;
  for (std::string field; row >> field;) fields.push_back(field);
  EXPECT_EQ(fields, (std::vector<std::string>{"khutka_boia/das_gupta_1926", "khutka_boia",
                                              "reconstructed", "DLP.Evidence.1450"}))
      << r.out;
}

// Issue 14: "rules list --game G".
TEST(RulesList, GameListsOnlyThatGamesRulesets) {
  const Result r = run_cli({"rules", "list", "--game", "otep", "--format", "json"});
  ASSERT_EQ(r.code, 0) << r.err;
  std::vector<std::string> ids;
  for (const auto& row : json::parse(r.out)) ids.push_back(row["id"].get<std::string>());
  std::vector<std::string> expected;
  for (const auto& id : sim::list_ruleset_ids())
    if (id.starts_with("otep/")) expected.push_back(id);
  EXPECT_EQ(ids, expected);
  EXPECT_EQ(ids.size(), 5u);
  const Result table = run_cli({"rules", "list", "--game", "kalah"});
  ASSERT_EQ(table.code, 0) << table.err;
  EXPECT_EQ(std::count(table.out.begin(), table.out.end(), '\n'), 3);  // header and two rulesets
  expect_error({"rules", "list", "--game", "chess"}, 1,
               "mancala: " + sim::rulesets_dir().string() +
                   ": --game: no game 'chess' (see 'mancala rules list')\n");
  expect_error({"rules", "list", "--game", "khutka_boya"}, 1,
               "mancala: " + sim::rulesets_dir().string() +
                   ": --game: no game 'khutka_boya'; did you mean khutka_boia? (see 'mancala "
                   "rules list')\n");
}

// Issue 35, item 7: "rulesets with equal rules hashes are named as such ... in rules list
// ('plays exactly as ryakati/dlp')", both ways, in the table and the JSON.
TEST(RulesList, NamesTheRulesetsThatPlayExactlyAlikeBothWays) {
  const std::string reason = sim::load_ruleset("otep/no_clockwise_privilege").plays_as.reason;
  const Result all = run_cli({"rules", "list"});
  ASSERT_EQ(all.code, 0) << all.err;
  EXPECT_TRUE(all.out.starts_with("ruleset ")) << all.out;
  EXPECT_NE(all.out.find("  evidence  "), std::string::npos);
  EXPECT_NE(all.out.substr(0, all.out.find('\n')).find("  plays exactly as"), std::string::npos);
  const auto line_of = [&](const std::string& id) {
    const size_t at = all.out.find("\n" + id + "  ");
    return at == std::string::npos ? std::string()
                                   : all.out.substr(at + 1, all.out.find('\n', at + 1) - at - 1);
  };
  EXPECT_TRUE(line_of("otep/no_clockwise_privilege").ends_with("  ryakati/dlp"));
  EXPECT_TRUE(line_of("ryakati/dlp").ends_with("  otep/no_clockwise_privilege"));
  EXPECT_TRUE(line_of("muvalavala_b/dlp").ends_with("  muvalavala_luena/dlp"));
  EXPECT_TRUE(line_of("otep/beaton_1939").ends_with("DLP.Evidence.1880"))
      << line_of("otep/beaton_1939");
  const Result rows = run_cli({"rules", "list", "--format", "json"});
  ASSERT_EQ(rows.code, 0) << rows.err;
  const std::string muvalavala = sim::load_ruleset("muvalavala_b/dlp").plays_as.reason;
  const auto same = [](const std::string& id, const std::string& why) {
    return json::array({{{"id", id}, {"reason", why}}});
  };
  const std::map<std::string, json> expected = {
      {"otep/no_clockwise_privilege", same("ryakati/dlp", reason)},
      {"ryakati/dlp", same("otep/no_clockwise_privilege", reason)},
      {"muvalavala_b/dlp", same("muvalavala_luena/dlp", muvalavala)},
      {"muvalavala_luena/dlp", same("muvalavala_b/dlp", muvalavala)}};
  for (const json& row : json::parse(rows.out)) {
    const std::string id = row["id"];
    const auto it = expected.find(id);
    EXPECT_EQ(row["plays_exactly_as"], it == expected.end() ? json::array() : it->second) << id;
  }
  // A list with no such pair has no such column.
  const Result kalah = run_cli({"rules", "list", "--game", "kalah"});
  EXPECT_EQ(kalah.out.find("plays exactly as"), std::string::npos) << kalah.out;
}

// Issue 35, item 7: rules show prints "plays exactly as ryakati/dlp (every key that acts is the
// same): <reason>", on both rulesets of the pair.
TEST(RulesShow, SaysWhichRulesetItPlaysExactlyAsAndWhyBothAreKept) {
  const std::string reason = sim::load_ruleset("otep/no_clockwise_privilege").plays_as.reason;
  const Result otep = run_cli({"rules", "show", "otep/no_clockwise_privilege"});
  ASSERT_EQ(otep.code, 0) << otep.err;
  EXPECT_NE(otep.out.find("\nplays exactly as ryakati/dlp (every key that acts is the same): " +
                          reason + "\n"),
            std::string::npos)
      << otep.out;
  const Result ryakati = run_cli({"rules", "show", "ryakati/dlp"});
  EXPECT_NE(ryakati.out.find("\nplays exactly as otep/no_clockwise_privilege (every key that acts "
                             "is the same): " +
                             reason + "\n"),
            std::string::npos)
      << ryakati.out;
  EXPECT_EQ(run_cli({"rules", "show", "otep"}).out.find("plays exactly as"), std::string::npos);
}

// Issue 14: "a line in rules show naming the keys that differ from the game's default".
TEST(RulesShow, NamesTheKeysThatDifferFromTheGamesDefault) {
  const Result alt = run_cli({"rules", "show", "khutka_boia/tribute_own_turns"});
  ASSERT_EQ(alt.code, 0) << alt.err;
  EXPECT_NE(alt.out.find("\ndiffers from the default of khutka_boia (khutka_boia/das_gupta_1926) "
                         "in 1 key: tribute\n"),
            std::string::npos)
      << alt.out;
  const Result def = run_cli({"rules", "show", "khutka_boia"});
  ASSERT_EQ(def.code, 0) << def.err;
  EXPECT_NE(def.out.find("\nthe default reconstruction of khutka_boia\n"), std::string::npos)
      << def.out;
  // Keys named in rule_fields() order, each once, as many as differ.
  const sim::RuleSet a = sim::load_ruleset("sonka/alternating");
  const sim::RuleSet d = sim::load_ruleset("sonka");
  std::vector<std::string> keys;
  for (const auto& f : sim::rule_fields())
    if (f.get(a) != f.get(d)) keys.push_back(f.key);
  ASSERT_FALSE(keys.empty());
  std::string line = "differs from the default of sonka (" + d.id + ") in " +
                     std::to_string(keys.size()) + (keys.size() == 1 ? " key: " : " keys: ");
  for (size_t i = 0; i < keys.size(); ++i) line += (i ? ", " : "") + keys[i];
  EXPECT_NE(run_cli({"rules", "show", "sonka/alternating"}).out.find("\n" + line + "\n"),
            std::string::npos);
}

// Issue 14: "rules show ID --format json must load back" and "rules export ID writing a standalone
// ruleset (resolved, with its provenance) that loads and plays identically": for every shipped
// ruleset, export -> rules check -> load -> the same rules hash and the same games.
TEST(RulesExport, EveryRulesetExportsToAFileThatChecksLoadsAndPlaysTheSame) {
  report_testing::TempDir dir;
  for (const std::string& id : sim::list_ruleset_ids()) {
    SCOPED_TRACE(id);
    const Result exported = run_cli({"rules", "export", id});
    ASSERT_EQ(exported.code, 0) << exported.err;
    EXPECT_EQ(run_cli({"rules", "show", id, "--format", "json"}).out, exported.out);
    const json j = json::parse(exported.out);
    EXPECT_FALSE(j.contains("extends"));
    EXPECT_FALSE(j.contains("default"));
    const sim::RuleSet original = sim::load_ruleset(id);
    EXPECT_EQ(j["exported_from"], json({{"id", id}, {"hash", sim::rules_hash(original)}}));
    const fs::path file = dir / "mine" / (id.substr(id.find('/') + 1) + ".json");
    report_testing::write_text(file, exported.out);
    const Result check = run_cli({"rules", "check", file.string()});
    EXPECT_EQ(check.code, 0) << check.err;
    const sim::RuleSet back = sim::load_ruleset(file.string());
    EXPECT_EQ(sim::rules_to_json(back), sim::rules_to_json(original));
    EXPECT_EQ(sim::rules_hash(back), sim::rules_hash(original));
    EXPECT_EQ(back.provenance, original.provenance);
    EXPECT_EQ(back.evidence, original.evidence);
    EXPECT_EQ(back.name, original.name);
    EXPECT_EQ(back.exported_from, id);
    // The same games: every statistic of a seeded run but the ruleset's id.
    auto played = [](const std::string& ruleset) {
      const Result r = run_cli({"simulate", ruleset, "--games", "6", "--seed", "11", "--no-store",
                                "--format", "json", "--threads", "1"});
      EXPECT_EQ(r.code, 0) << r.err;
      json run = json::parse(r.out);
      run.erase("ruleset");
      return run;
    };
    EXPECT_EQ(played(file.string()), played(id));
  }
}

TEST(RulesExport, AnExportedFileSaysWhereItCameFromAndWhetherItWasEdited) {
  report_testing::TempDir dir;
  const fs::path file = dir / "mine" / "reading.json";
  report_testing::write_text(file,
                             run_cli({"rules", "export", "khutka_boia/tribute_own_turns"}).out);
  const sim::RuleSet original = sim::load_ruleset("khutka_boia/tribute_own_turns");
  const Result shown = run_cli({"rules", "show", file.string()});
  ASSERT_EQ(shown.code, 0) << shown.err;
  EXPECT_NE(shown.out.find("\nexported from khutka_boia/tribute_own_turns (hash " +
                           sim::rules_hash(original) + ")\n"),
            std::string::npos)
      << shown.out;
  // The default it is compared with is the default of the game it came from.
  EXPECT_NE(shown.out.find("in 1 key: tribute\n"), std::string::npos) << shown.out;
  json j = json::parse(report_testing::read_text(file));
  j["rules"]["tribute"] = "every_turn";
  report_testing::write_text(file, j.dump(2));
  const Result edited = run_cli({"rules", "show", file.string()});
  ASSERT_EQ(edited.code, 0) << edited.err;
  EXPECT_NE(edited.out.find("; its rules were edited since\n"), std::string::npos) << edited.out;
  EXPECT_NE(edited.out.find("\nsame rules as the default of khutka_boia"), std::string::npos)
      << edited.out;
  j["exported_from"] = "khutka_boia";
  report_testing::write_text(file, j.dump(2));
  expect_error({"rules", "check", file.string()}, 1,
               "mancala: " + file.string() +
                   ": exported_from: expected {\"id\": ruleset id, \"hash\": its rules "
                   "hash}\n");
  expect_error(
      {"rules", "export"}, 2,
      "mancala: rules export: missing the ruleset id (see 'mancala rules export --help')\n");
}

TEST(TraceJson, StartsFromTheInitialPosition) {
  const Result r = run_cli({"trace", "toguz_kumalak", "--seed", "3", "--format", "json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const json j = json::parse(r.out);
  const sim::Game game(sim::load_ruleset("toguz_kumalak"));
  EXPECT_EQ(j["start"], sim::state_to_json(game, game.initial_state()));
  EXPECT_FALSE(j["moves"].empty());
}

// Issue 21, item 14: "in unfinished matches (stopped at the safety bound), the trace's
// match.holdings leaves out the counters still in holes, so it does not add up to the total".
// Khutka Boia (10 holes of 5) stopped after 10 plies: the holdings count the counters in holes.
TEST(TraceJson, AnUnfinishedMatchsHoldingsAddUpToEveryCounter) {
  report_testing::TempDir dir;
  report_testing::write_text(dir / "short.json",
                             R"({"name": "KB short", "status": "reconstructed",
    "extends": "khutka_boia/das_gupta_1926", "rules": {"max_plies": 10},
    "provenance": {"max_plies": {"assumption": "a short bound, to stop the match"}}})");
  const Result r =
      run_cli({"trace", (dir / "short.json").string(), "--seed", "1", "--format", "json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const json match = json::parse(r.out)["match"];
  EXPECT_EQ(match["end"], "safety_bound");
  EXPECT_EQ(match["holdings"][0].get<int>() + match["holdings"][1].get<int>(), 50) << match;
  EXPECT_GT(match["in_holes"][0].get<int>() + match["in_holes"][1].get<int>(), 0) << match;
  const json round = json::parse(r.out)["rounds"].back();
  EXPECT_EQ(round["holdings"], match["holdings"]);
  // Issue 27: "a trace's match end line says why the match ended".
  const Result text = run_cli({"trace", (dir / "short.json").string(), "--seed", "1"});
  EXPECT_TRUE(text.out.ends_with("\nMatch: " + match["why"].get<std::string>() + "\n")) << text.out;
  EXPECT_TRUE(match["why"].get<std::string>().starts_with(
      "unfinished after 1 round: round 1 stopped by the safety bound (max_plies 10); holdings "))
      << match;
}

// Issue 27: the match end line of a match ended by its rule says who is out and by which clause
// (it used to say "(rule)").
TEST(TraceText, AMatchsEndLineSaysWhyItEnded) {
  const Result mawkar = run_cli({"trace", "mawkar_katiya", "--seed", "1"});
  EXPECT_TRUE(
      mawkar.out.ends_with("\nMatch: P1 wins 70-0 after 13 rounds: P2 has no counters "
                           "left (match_end all_counters)\n"))
      << mawkar.out.substr(mawkar.out.rfind("\nMatch"));
  const Result khutka = run_cli({"trace", "khutka_boia", "--seed", "2"});
  EXPECT_TRUE(
      khutka.out.ends_with("\nMatch: P1 wins 38-12 after 6 rounds: P2 has no hole left in play\n"))
      << khutka.out.substr(khutka.out.rfind("\nMatch"));
  const Result sonka = run_cli({"trace", "sonka", "--seed", "1"});
  EXPECT_TRUE(sonka.out.ends_with(
      "\nMatch: P2 wins 24-36 after 10 rounds: the reconstruction stops after 10 rounds "
      "(stop_after_rounds), the holder of more counters wins\n"))
      << sonka.out.substr(sonka.out.rfind("\nMatch"));
}

TEST(Replay, SungkasHoleSevenEndsInTheStoreAtHisLeftAndHeMovesAgain) {
  // Issue 37's example: "If the last counter falls into the player's store, the player may sow
  // counters from another hole on their side", the store at his left, sown clockwise.
  const Result r = run_cli({"replay", "sungka", "--moves", "7"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out,
            "  Player 2  store 0  aside 0\n"
            "      7    6    5    4    3    2    1 \n"
            "   [  7][  7][  7][  7][  7][  7][  7]\n"
            "   [  8][  8][  8][  8][  8][  8][  0]\n"
            "      1    2    3    4    5    6    7 \n"
            "  Player 1 (to move)  store 1  aside 0\n");
}

TEST(ReplayNotation, ReadsAFileAndNamesOneThatIsNotThere) {
  report_testing::TempDir dir;
  report_testing::write_text(dir / "game.txt", "1. 76 98\n2. 66 87\n");
  const Result from_file = run_cli({"replay", "toguz_kumalak", "--togyz-notation",
                                    (dir / "game.txt").string(), "--format", "json"});
  const Result from_text = run_cli(
      {"replay", "toguz_kumalak", "--togyz-notation", "1. 76 98 2. 66 87", "--format", "json"});
  ASSERT_EQ(from_file.code, 0) << from_file.err;
  EXPECT_EQ(from_file.out, from_text.out);
  EXPECT_EQ(json::parse(from_file.out)["to_move"], 1);

  const std::string missing = (dir / "none.txt").string();
  expect_error({"replay", "toguz_kumalak", "--togyz-notation", missing}, 1,
               "mancala: " + missing + ": cannot read the file (No such file or directory)\n");
  const Result bare = run_cli({"replay", "toguz_kumalak", "--togyz-notation", "games.txt"});
  EXPECT_EQ(bare.err, "mancala: games.txt: cannot read the file (No such file or directory)\n");
  expect_error({"replay", "toguz_kumalak", "--togyz-notation", "1. 76 98 3. 66 87"}, 1,
               "mancala: notation: '3.' after move 1 (black) 98: expected 2.\n");
}

}  // namespace
}  // namespace mancala::cli
