// Issue 39, item 5, "Bridges": from a search to its figures without a dead end. `evidence cite
// GAME` cites the game's records (or says which ids exist); every `rules` subcommand takes --db,
// `rules show` lists the records cited from it; `rules list` filters by board, place and date with
// the search's own filters; `runs list` shows the advantage, completion and stability;
// `simulate`'s table explains its `!` in a footer.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "archive/store.h"
#include "archive_cli_test_util.h"
#include "common/paths.h"

namespace mancala::archive {
namespace {

using testing::CliResult;
using testing::run_cli;
using testing::TempDir;

// Over the whole of data/evidence (tests/cli/archive_cli_test_util.h).
class Bridges : public testing::WholeArchiveSuite {};

// "`evidence cite GAME` cites the game's records": Khutka Boia's two records, in date order (the
// DLP's description dated 1925, then Das-Gupta's record of October 1925), each as citing it by
// its id does.
TEST_F(Bridges, CiteAGameCitesEachOfItsRecordsInDateOrder) {
  const std::string by_game = out_of({"evidence", "cite", "khutka_boia"});
  EXPECT_EQ(by_game, out_of({"evidence", "cite", "DLP.Ruleset.713", "DLP.Evidence.1450"}));
  EXPECT_TRUE(by_game.starts_with("DLP.Ruleset.713\n  Works cited:\n")) << by_game;
  EXPECT_NE(by_game.find("\n\nDLP.Evidence.1450\n  Works cited:\n"), std::string::npos);
  // Any spelling of the game; a record named by its id and by its game is cited once.
  EXPECT_EQ(out_of({"evidence", "cite", "Khutka Boia"}), by_game);
  const Json items = Json::parse(
      out_of({"evidence", "cite", "DLP.Evidence.1880", "otep", "--format", "csl-json"}));
  std::vector<std::string> ids;
  for (const Json& item : items) ids.push_back(item["id"]);
  EXPECT_EQ(ids, (std::vector<std::string>{"Beaton1939", "DLP.Evidence.1880", "DLP.Ruleset.1283"}));
}

// "(or lists the ids that exist when ambiguous/none)": an alias of three games names each game's
// records; a name of nothing gives the nearest ids and game keys.
TEST_F(Bridges, CiteAnAmbiguousOrUnknownNameSaysWhichIdsExist) {
  const CliResult soro = run({"evidence", "cite", "Soro"});
  EXPECT_EQ(soro.code, 1);
  EXPECT_EQ(soro.out, "");
  EXPECT_EQ(soro.err,
            "mancala: evidence cite: 'Soro' names 3 games, lobudok (DLP.Ruleset.1284), otep "
            "(DLP.Evidence.1880, DLP.Ruleset.1283) and ryakati (DLP.Ruleset.1282): give a game's "
            "key or a record's id\n");
  EXPECT_EQ(run({"evidence", "cite", "khutka_boya"}).err,
            "mancala: evidence cite: no evidence record or game 'khutka_boya'; did you mean "
            "khutka_boia? (see 'mancala evidence games')\n");
  EXPECT_EQ(run({"evidence", "cite", "DLP.Evidence.188"}).err,
            "mancala: evidence cite: no evidence record or game 'DLP.Evidence.188'; did you mean "
            "DLP.Evidence.1880, DLP.Evidence.741 or DLP.Evidence.1450? (see 'mancala evidence "
            "games')\n");
  const CliResult none = run({"evidence", "cite", "DLP.Evidence.693", "qqqqqqqq"});
  EXPECT_EQ(none.code, 1);
  EXPECT_EQ(none.out, "");
  EXPECT_EQ(none.err,
            "mancala: evidence cite: no evidence record or game 'qqqqqqqq' (see 'mancala "
            "evidence games')\n");
}

// The rulesets citing a record of `ids`, by id: what `rules list --format json` prints.
std::vector<std::string> ruleset_ids(const std::string& json) {
  std::vector<std::string> out;
  for (const Json& r : Json::parse(json)) out.push_back(r["id"]);
  return out;
}

// "`rules list` filters by board (--rows/--holes), place (--near/--radius-km) and date
// (--from/--to) like `evidence search`": the four-row games of East Africa are the readings of
// Otep, Ryakati and twenty-two DLP games (seventeen of them issue 38's: Bao, Bao Ki Arabu
// (Zanzibar 1), Chiana wa Bwalo, Chisolo, Lobudok, Misoro Tsoro and its two variants, Msuwa, Msuwa
// wa Kunja, Mweso, Njombwa (One Counter), Nsolo, Spreta, Sute, Tshuba, Tsoro (Additional
// Capture)); before 1950, Bao, Hawalis, Nchayo, the Misoro Tsoro games, Tsoro and Tsoro
// (Additional Capture) (later or undated) drop out. The counts of what the search could not test
// go to stderr.
TEST_F(Bridges, RulesListFiltersByBoardPlaceAndDateAsTheSearchDoes) {
  const CliResult r = run({"rules", "list", "--rows", "4", "--near", "East Africa"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out,
            "ruleset                                          game                             "
            "status         "
            "evidence           plays exactly as\n"
            "bao/dlp                                          bao                              "
            "described      "
            "DLP.Ruleset.1567\n"
            "bao_ki_arabu_zanzibar_1/dlp                      bao_ki_arabu_zanzibar_1          "
            "described      "
            "DLP.Ruleset.262\n"
            "bao_ki_arabu_zanzibar_2/dlp                      bao_ki_arabu_zanzibar_2          "
            "described      "
            "DLP.Ruleset.374\n"
            "chiana_wa_bwalo/dlp                              chiana_wa_bwalo                  "
            "reconstructed  "
            "DLP.Ruleset.1315\n"
            "chiana_wa_bwalo/dlp_any_hole                     chiana_wa_bwalo                  "
            "reconstructed  "
            "DLP.Ruleset.1315\n"
            "chisolo/dlp                                      chisolo                          "
            "reconstructed  "
            "DLP.Ruleset.256\n"
            "hawalis/dlp                                      hawalis                          "
            "described      "
            "DLP.Ruleset.127\n"
            "lobudok/dlp                                      lobudok                          "
            "reconstructed  "
            "DLP.Ruleset.1284\n"
            "misoro_tsoro/dlp                                 misoro_tsoro                     "
            "described      "
            "DLP.Ruleset.1290\n"
            "misoro_tsoro_additional_capture/dlp              misoro_tsoro_additional_capture  "
            "described      "
            "DLP.Ruleset.1291\n"
            "misoro_tsoro_additional_capture/dlp_three_holes  misoro_tsoro_additional_capture  "
            "described      "
            "DLP.Ruleset.1291\n"
            "misoro_tsoro_additional_capture/dlp_two_holes    misoro_tsoro_additional_capture  "
            "described      "
            "DLP.Ruleset.1291\n"
            "msuwa/dlp                                        msuwa                            "
            "described      "
            "DLP.Ruleset.1320\n"
            "msuwa_wa_kunja/dlp                               msuwa_wa_kunja                   "
            "described      "
            "DLP.Ruleset.1321\n"
            "musoro_tsoro/dlp                                 musoro_tsoro                     "
            "described      "
            "DLP.Ruleset.1294\n"
            "mweso/dlp                                        mweso                            "
            "reconstructed  "
            "DLP.Ruleset.264\n"
            "nchayo/dlp                                       nchayo                           "
            "described      "
            "DLP.Ruleset.1385\n"
            "njombwa_one_counter/dlp                          njombwa_one_counter              "
            "described      "
            "DLP.Ruleset.1311\n"
            "njombwa_two_counters/dlp                         njombwa_two_counters             "
            "described      "
            "DLP.Ruleset.1312\n"
            "nsolo/dlp                                        nsolo                            "
            "described      "
            "DLP.Ruleset.1313\n"
            "otep/beaton_1939                                 otep                             "
            "reconstructed  "
            "DLP.Evidence.1880\n"
            "otep/no_clockwise_privilege                      otep                             "
            "reconstructed  "
            "DLP.Evidence.1880  ryakati/dlp\n"
            "otep/no_move_loses                               otep                             "
            "reconstructed  "
            "DLP.Evidence.1880\n"
            "otep/opening_relay_captures                      otep                             "
            "reconstructed  "
            "DLP.Evidence.1880\n"
            "otep/opposite_of_origin                          otep                             "
            "reconstructed  "
            "DLP.Evidence.1880\n"
            "ryakati/dlp                                      ryakati                          "
            "reconstructed  "
            "DLP.Ruleset.1282   otep/no_clockwise_privilege\n"
            "spreta/dlp                                       spreta                           "
            "described      "
            "DLP.Ruleset.257\n"
            "sute/dlp                                         sute                             "
            "reconstructed  "
            "DLP.Ruleset.1322\n"
            "tshuba/dlp                                       tshuba                           "
            "described      "
            "DLP.Ruleset.258\n"
            "tsoro/dlp                                        tsoro                            "
            "described      "
            "DLP.Ruleset.1287\n"
            "tsoro_additional_capture/dlp                     tsoro_additional_capture         "
            "described      "
            "DLP.Ruleset.1295\n"
            "tsoro_additional_capture/dlp_three_holes         tsoro_additional_capture         "
            "described      "
            "DLP.Ruleset.1295\n"
            "tsoro_additional_capture/dlp_two_holes           tsoro_additional_capture         "
            "described      "
            "DLP.Ruleset.1295\n");
  EXPECT_EQ(r.err, "11 records without a position were not searched\n33 rulesets\n");
  EXPECT_EQ(ruleset_ids(out_of({"rules", "list", "--rows", "4", "--near", "East Africa", "--to",
                                "1950", "--format", "json"})),
            (std::vector<std::string>{"bao_ki_arabu_zanzibar_1/dlp",
                                      "bao_ki_arabu_zanzibar_2/dlp",
                                      "chiana_wa_bwalo/dlp",
                                      "chiana_wa_bwalo/dlp_any_hole",
                                      "chisolo/dlp",
                                      "lobudok/dlp",
                                      "msuwa/dlp",
                                      "msuwa_wa_kunja/dlp",
                                      "mweso/dlp",
                                      "njombwa_one_counter/dlp",
                                      "njombwa_two_counters/dlp",
                                      "nsolo/dlp",
                                      "otep/beaton_1939",
                                      "otep/no_clockwise_privilege",
                                      "otep/no_move_loses",
                                      "otep/opening_relay_captures",
                                      "otep/opposite_of_origin",
                                      "ryakati/dlp",
                                      "spreta/dlp",
                                      "sute/dlp",
                                      "tshuba/dlp"}));
  // The same search: every ruleset listed cites a record `evidence search` finds, and every
  // ruleset citing one is listed.
  std::set<std::string> found;
  const Json search = Json::parse(
      out_of({"evidence", "search", "--rows", "4", "--holes", "8", "--format", "json"}));
  for (const Json& record : search["records"]) found.insert(record["id"].get<std::string>());
  std::vector<std::string> expected;
  for (const Json& ruleset : Json::parse(out_of({"rules", "list", "--format", "json"}))) {
    for (const Json& id : ruleset["evidence"]) {
      if (found.contains(id.get<std::string>())) {
        expected.push_back(ruleset["id"].get<std::string>());
        break;
      }
    }
  }
  EXPECT_EQ(
      ruleset_ids(out_of({"rules", "list", "--rows", "4", "--holes", "8", "--format", "json"})),
      expected);
  EXPECT_GE(expected.size(), 8u);  // Otep's five readings, Ryakati's, Lobudok's...
  // Without a filter no archive is read: the listing of data/rulesets, whatever --db names.
  EXPECT_EQ(run_cli({"rules", "list", "--db", *dir_ / "none.db"}).code, 0);
}

TEST_F(Bridges, RulesListFilterErrorsAreTheSearchsOwn) {
  const CliResult radius = run({"rules", "list", "--radius-km", "3"});
  EXPECT_EQ(radius.code, 2);
  EXPECT_EQ(radius.err, "mancala: rules list: --radius-km goes with --near\n");
  EXPECT_EQ(run({"rules", "list", "--rows", "0", "--near", "East Africa"}).err,
            "mancala: rules list: --rows must be 1 to 100\n");
  const CliResult place = run({"rules", "list", "--near", "Atlantis"});
  EXPECT_EQ(place.code, 1);
  EXPECT_EQ(place.err,
            "mancala: " + *db_ +
                ": no place 'Atlantis' in the archive (see 'mancala evidence places')\n");
  const CliResult missing = run_cli({"rules", "list", "--rows", "4", "--db", *dir_ / "none.db"});
  EXPECT_EQ(missing.code, 1);
  EXPECT_EQ(missing.err, "mancala: " + *dir_ / "none.db" +
                             ": no archive here (create it with 'mancala evidence import')\n");
}

// "every `rules` subcommand accepts `--db` (and uses it where it shows evidence)": `rules show`
// ends with the records the ruleset cites; the others take the option.
TEST_F(Bridges, EveryRulesSubcommandTakesDbAndShowListsTheCitedRecords) {
  const std::string shown = out_of({"rules", "show", "otep"});
  const std::string table = "\nevidence (" + *db_ +
                            "):\n"
                            "record             game  type         date                     place\n"
                            "DLP.Evidence.1880  Otep  Ethnography  1939-01-01 - 1939-12-31  Bari\n";
  ASSERT_TRUE(shown.ends_with(table)) << shown.substr(shown.size() - 300);
  // Without --db or $MANCALA_DB, no archive is read: the text before that table.
  const CliResult alone = run_cli({"rules", "show", "otep"});
  EXPECT_EQ(alone.out, shown.substr(0, shown.size() - table.size()));
  // JSON is the standalone ruleset, with or without an archive.
  EXPECT_EQ(out_of({"rules", "show", "otep", "--format", "json"}),
            run_cli({"rules", "show", "otep", "--format", "json"}).out);
  const CliResult missing = run_cli({"rules", "show", "otep", "--db", *dir_ / "none.db"});
  EXPECT_EQ(missing.code, 1);
  EXPECT_EQ(missing.out, "");  // refused before anything is printed
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"rules", "keys"},
           {"rules", "export", "otep"},
           {"rules", "check", (data_dir() / "rulesets" / "otep" / "beaton_1939.json").string()}}) {
    EXPECT_EQ(run(args).code, 0) << args[1];
  }
}

// "`runs list` shows advantage, completion and stability", each as simulate's table gives it;
// "`simulate`'s table explains its marks (the `!`) in a footer", as does the listing.
TEST_F(Bridges, RunsListShowsTheAdvantageCompletionAndStabilityOfEachRun) {
  TempDir dir;
  const std::string db = dir / "runs.db";
  const std::string footer =
      "! under half of the games (of a match: of its rounds) ended by the text's rule (the "
      "source's or the paraphrase's): the figures rest on assumed endings, the reconstruction's "
      "stopping rules or the safety bound\n";
  // Kalah's games all end by its rules, the DLP paraphrase's (docs/terms.md, "Endings").
  const CliResult kalah =
      run_cli({"simulate", "kalah", "--games", "300", "--seed", "7", "--db", db});
  ASSERT_EQ(kalah.code, 0) << kalah.err;
  EXPECT_EQ(kalah.out.find('!'), std::string::npos);  // no mark, no footer
  const CliResult khutka =
      run_cli({"simulate", "khutka_boia", "--games", "300", "--seed", "7", "--db", db});
  ASSERT_EQ(khutka.code, 0) << khutka.err;
  ASSERT_TRUE(khutka.out.ends_with(footer)) << khutka.out;
  // Khutka Boia's row in simulate's table: its advantage and own-rule cells.
  const std::string row = khutka.out.substr(khutka.out.find("\nkhutka_boia/") + 1);
  const size_t pp = row.find(" pp [");
  const std::string advantage =
      row.substr(row.rfind("  ", pp) + 2, row.find(']', pp) + 1 - (row.rfind("  ", pp) + 2));
  const std::string own =
      row.substr(row.find("100.0% ["), row.find(" !") + 2 - row.find("100.0% ["));
  const CliResult list = run_cli({"runs", "list", "--db", db});
  ASSERT_EQ(list.code, 0) << list.err;
  // Its row of the listing, the columns' padding aside.
  const auto squeezed = [](const std::string& text) {
    std::string out;
    for (char c : text)
      if (c != ' ' || out.empty() || out.back() != ' ') out += c;
    return out;
  };
  EXPECT_NE(squeezed(list.out).find(" " + advantage + " " + own + " not checked; rests on stops\n"),
            std::string::npos)
      << advantage << "|" << own << "\n"
      << list.out;
  EXPECT_TRUE(list.out.ends_with(footer)) << list.out;
  const Json listed = Json::parse(run_cli({"runs", "list", "--db", db, "--format", "json"}).out);
  const Json run = Json::parse(run_cli({"simulate", "khutka_boia", "--games", "300", "--seed", "7",
                                        "--format", "json", "--no-store"})
                                   .out);
  EXPECT_EQ(listed[1]["first_player_advantage"], run["first_player_advantage"]);
  const Json& completion = run["completion"];
  EXPECT_EQ(listed[1]["text_rule"]["games"], completion["source_rule"]["games"].get<int>() +
                                                 completion["paraphrase_rule"]["games"].get<int>());
  EXPECT_EQ(listed[1]["source_rule"]["games"], completion["source_rule"]["games"]);
  EXPECT_EQ(listed[1]["source_rule"]["value"], completion["source_rule"]["value"]);
  EXPECT_EQ(listed[1]["stability"], "unchecked");
  EXPECT_EQ(listed[1]["rests_on_stops"], true);
}

}  // namespace
}  // namespace mancala::archive
