// Issue 39, item 3, "Places as historians name them", through the commands over the whole of
// data/evidence: historical places as aliases of today's outlines (a search by a country with
// dates answers for the country of those dates), an uncertain place drawn as each alternative
// and measured from the nearest, records placed only in a large region marked "within the
// region" and sorted last, the counts of what a search could not place or date on stderr, and
// positions for the records whose text names a place.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "archive/record.h"
#include "archive/store.h"
#include "archive_cli_test_util.h"
#include "common/paths.h"

namespace mancala::archive {
namespace {

using testing::CliResult;
using testing::run_cli;
using testing::TempDir;

// Over the whole of data/evidence (tests/cli/archive_cli_test_util.h).
class HistoricalPlaces : public testing::WholeArchiveSuite {
 protected:
  // The ids a search finds, in its order, and its stderr.
  static std::vector<std::string> ids(std::vector<std::string> args, std::string* err = nullptr) {
    args.insert(args.begin(), {"evidence", "search", "--format", "json"});
    const CliResult r = run(args);
    EXPECT_EQ(r.code, 0) << r.err;
    if (err) *err = r.err;
    std::vector<std::string> out;
    const Json doc = Json::parse(r.out);
    for (const Json& record : doc["records"]) out.push_back(record["id"].get<std::string>());
    return out;
  }
};

// "`evidence search --near Sudan --to 1950` finds Beaton's Bari records (DLP.Evidence.1880 among
// them)": Sudan before 1956 was the Anglo-Egyptian Sudan, today's Sudan and South Sudan. Without
// a date, Sudan is today's: its four records alone. Beaton's record is followed by the DLP's entry
// for the same game (DLP.Ruleset.1283, issue 35 item 7: "searches show the pair together").
TEST_F(HistoricalPlaces, ACountrySearchedWithDatesIsTheCountryOfThoseDates) {
  std::string err;
  EXPECT_EQ(ids({"--near", "Sudan", "--to", "1950"}, &err),
            (std::vector<std::string>{"DLP.Ruleset.239", "DLP.Ruleset.240", "DLP.Ruleset.795",
                                      "DLP.Ruleset.1281", "DLP.Evidence.1880", "DLP.Ruleset.1283",
                                      "DLP.Ruleset.1282", "DLP.Ruleset.1284"}));
  EXPECT_EQ(err,
            "Sudan, at dates within 1899-1956: Anglo-Egyptian Sudan, searched as today's Sudan and "
            "South Sudan\n"
            "55 records without a position were not searched\n"
            "1 record without a date was left out by the date filter\n");
  EXPECT_EQ(ids({"--near", "Sudan"}, &err),
            (std::vector<std::string>{"DLP.Ruleset.239", "DLP.Ruleset.240", "DLP.Ruleset.795",
                                      "DLP.Ruleset.1281"}));
  EXPECT_EQ(err, "55 records without a position were not searched\n");
  // After 1956 the Sudan is today's again.
  EXPECT_EQ(ids({"--near", "Sudan", "--from", "1957"}).size(), 0u);
  // The historical place by its own name, any spelling (undated, Choro (Acholi) of South Sudan
  // too).
  std::vector<std::string> anglo_egyptian = ids({"--near", "Sudan", "--to", "1950"});
  anglo_egyptian.push_back("DLP.Ruleset.260");
  EXPECT_EQ(ids({"--near", "anglo egyptian sudan"}), anglo_egyptian);
  // Pakistan before 1947 was British India: Das-Gupta's Punjab (exact, in today's Pakistan) and
  // Khasi (today's India); today's Pakistan holds the Punjab point alone.
  const std::vector<std::string> british = ids({"--near", "Pakistan", "--to", "1940"}, &err);
  EXPECT_NE(std::find(british.begin(), british.end(), "DLP.Evidence.741"), british.end());
  EXPECT_NE(std::find(british.begin(), british.end(), "DLP.Evidence.1450"), british.end());
  EXPECT_TRUE(
      err.starts_with("Pakistan, at dates within 1858-1947: British India, searched as "
                      "today's India, Pakistan and Bangladesh\n"))
      << err;
  EXPECT_EQ(ids({"--near", "Pakistan"}), (std::vector<std::string>{"DLP.Evidence.1450"}));
  EXPECT_EQ(ids({"--near", "Punjab (British India)", "--to", "1930"}),
            ids({"--near", "Punjab", "--to", "1930"}));
}

// `evidence places` names each historical place's years and today's places, each uncertain
// place's alternatives (the columns' padding aside).
TEST_F(HistoricalPlaces, ThePlacesListingSaysWhatEachHistoricalPlaceHeld) {
  const CliResult r = run({"evidence", "places"});
  ASSERT_EQ(r.code, 0) << r.err;
  std::string squeezed;
  for (char c : r.out)
    if (c != ' ' || squeezed.empty() || squeezed.back() != ' ') squeezed += c;
  for (const char* row :
       {"\nAnglo-Egyptian Sudan historical 13.82, 30.02 1182 2 rings 1899-1956: today's Sudan, "
        "South Sudan\n",
        "\nBritish India historical 23.48, 81.83 2260 22 rings 1858-1947: today's India, Pakistan, "
        "Bangladesh\n",
        "\nRussia? Iran? uncertain 59.21, 95.57 4823 101 rings one of Russia, Iran\n",
        "\nIran country 32.57, 54.28 1192 2 rings\n",
        "\nMizo hills circle 23.73, 92.72 250 - Mizoram, Lushai Hills\n"})
    EXPECT_NE(squeezed.find(row), std::string::npos) << row << "\n" << r.out;
}

// "an uncertain place ("Russia? Iran?") drawn as each alternative and measured from the nearest,
// never a centroid": Das Bohnenspiel (DLP.Ruleset.66).
TEST_F(HistoricalPlaces, AnUncertainPlaceIsEachOfItsAlternatives) {
  const CliResult show = run({"evidence", "show", "DLP.Ruleset.66"});
  ASSERT_EQ(show.code, 0) << show.err;
  EXPECT_NE(show.out.find("position         uncertain, one of Russia (61.76, 99.52) or Iran "
                          "(32.57, 54.28)\n"),
            std::string::npos)
      << show.out;
  const Json doc = Json::parse(
      run({"evidence", "search", "--near", "Iran", "--format", "json", "--game", "das_bohnenspiel"})
          .out);
  const Json& at = doc["positions"]["DLP.Ruleset.66"];
  EXPECT_FALSE(at.contains("latitude"));  // no single position between the two
  ASSERT_EQ(at["alternatives"].size(), 2u);
  EXPECT_EQ(at["alternatives"][0]["place"], "Russia");
  EXPECT_EQ(at["alternatives"][1]["place"], "Iran");
  EXPECT_EQ(at["alternatives"][1]["latitude"], 32.57);
  // Measured from the nearest alternative: Ashgabat lies some 20 km from Iran's border, and
  // thousands of km from any centre between Russia and Iran.
  const CliResult near = run({"evidence", "search", "--near", "37.95,58.38", "--radius-km", "100",
                              "--game", "das_bohnenspiel"});  // Ashgabat, near Iran's border
  EXPECT_NE(near.out.find("DLP.Ruleset.66"), std::string::npos) << near.out << near.err;
  const std::string csv =
      run({"evidence", "search", "--game", "das_bohnenspiel", "--format", "csv"}).out;
  EXPECT_NE(csv.find(",\"uncertain: one of Russia, Iran\",,,\r\n"), std::string::npos) << csv;
  // Drawn at each alternative: two marks, one record.
  const std::string svg = *dir_ / "bohnenspiel.svg";
  const CliResult map = run({"evidence", "map", "--out", svg, "--game", "das_bohnenspiel"});
  ASSERT_EQ(map.code, 0) << map.err;
  EXPECT_EQ(map.err, "wrote " + svg + ": 1 record (1 at an approximate position)\n");
  const std::string drawn = testing::read_text(svg);
  // The label dates it in years, as the record pages do (issue 39, item 6).
  EXPECT_NE(drawn.find("DLP.Ruleset.66: Das Bohnenspiel (2x6), Russia? Iran?, 1908\xE2\x80\x93"
                       "1923 (uncertain: one of Russia or Iran; here Russia)"),
            std::string::npos);
  EXPECT_NE(drawn.find("(uncertain: one of Russia or Iran; here Iran)"), std::string::npos);
}

// "records placed only in a large region marked "within the region" in distance tables and
// sorted after exact places": around Bari, Uganda's records (7.9 km) come before those of East
// Africa and South Sudan, which hold Bari.
TEST_F(HistoricalPlaces, ARecordPlacedOnlyInARegionHoldingTheSearchIsWithinItAndComesLast) {
  const CliResult r = run({"evidence", "search", "--near", "Bari", "--radius-km", "300", "--rows",
                           "4", "--holes", "8", "--to", "1930"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out,
            "id                game                    type                   date  location     "
            "board  confidence                 km  position\n"
            "DLP.Ruleset.264   Mweso                   Secondary description  1912  Uganda       "
            "4x8             -                7.9  approximate: the region Uganda\n"
            "DLP.Ruleset.265   Choro (Lango)           Secondary description  1927  Uganda       "
            "4x8             -                7.9  approximate: the region Uganda\n"
            "DLP.Ruleset.1310  Njombwa                 Secondary description  1913  East Africa  "
            "4x8             -  within the region  approximate: the region Eastern Africa\n"
            "DLP.Ruleset.1311  Njombwa (One Counter)   Secondary description  1913  East Africa  "
            "4x8             -  within the region  approximate: the region Eastern Africa\n"
            "DLP.Ruleset.1312  Njombwa (Two Counters)  Secondary description  1913  East Africa  "
            "4x8             -  within the region  approximate: the region Eastern Africa\n");
  const Json doc = Json::parse(run({"evidence", "search", "--near", "Bari", "--radius-km", "300",
                                    "--rows", "4", "--to", "1930", "--format", "json"})
                                   .out);
  EXPECT_EQ(doc["positions"]["DLP.Ruleset.1310"]["within_region"], true);
  EXPECT_EQ(doc["positions"]["DLP.Ruleset.264"]["within_region"], false);
  // Without a radius the search is Bari itself, which no larger region lies in.
  EXPECT_EQ(ids({"--near", "Bari"}), (std::vector<std::string>{"DLP.Evidence.1880"}));
}

// "counts of records that could not be placed or dated on stderr for every search": with a date
// filter the four-row records of no position are still counted (they are undated too).
TEST_F(HistoricalPlaces, EverySearchCountsWhatItCouldNotPlaceOrDate) {
  std::string err;
  ids({"--near", "East Africa", "--to", "1950", "--rows", "4"}, &err);
  EXPECT_EQ(err,
            "11 records without a position were not searched\n"
            "2 records without a date were left out by the date filter\n");
  ids({"--near", "East Africa", "--rows", "4"}, &err);
  EXPECT_EQ(err, "11 records without a position were not searched\n");
  const CliResult listed = run({"rules", "list", "--near", "East Africa", "--to", "1950"});
  EXPECT_TRUE(listed.err.starts_with("55 records without a position were not searched\n"))
      << listed.err;
  const std::string svg = *dir_ / "east.svg";
  EXPECT_EQ(
      run({"evidence", "map", "--out", svg, "--near", "East Africa", "--to", "1950", "--rows", "4"})
          .err,
      "wrote " + svg +
          ": 25 records (25 at an approximate position); 11 records without a position not "
          "drawn\n2 records without a date were left out by the date filter\n");
}

// "positions for records lacking one where the record's text names a place (Sungka, Pallankuli,
// Sai, Vai Lung Thlan, Choro (Acholi), Bao Kiswahili)".
TEST_F(HistoricalPlaces, RecordsWithoutAnOriginArePlacedWhereTheirTextNamesAPlace) {
  for (const auto& [id, place] :
       std::vector<std::pair<std::string, std::string>>{{"DLP.Ruleset.143", "Philippines"},
                                                        {"DLP.Ruleset.215", "South India"},
                                                        {"DLP.Ruleset.1257", "Flores"},
                                                        {"DLP.Ruleset.436", "Mizo hills"},
                                                        {"DLP.Ruleset.260", "South Sudan"},
                                                        {"DLP.Ruleset.372", "East Africa"}}) {
    const std::vector<std::string> found = ids({"--near", place});
    EXPECT_NE(std::find(found.begin(), found.end(), id), found.end()) << id << " in " << place;
  }
  // Sungka now has a place, so it is compared with Sonka by place too.
  const std::string similar = run({"evidence", "similar", "sungka", "--limit", "1"}).out;
  EXPECT_TRUE(similar.starts_with("Sungka: 2x7, 7 a hole, Philippines, undated\n")) << similar;
}

// A places file's historical fields: today, from and to, together and only for that kind.
TEST(HistoricalPlaceFile, TodayFromAndToGoTogetherAndOnlyWithTheKind) {
  TempDir dir;
  const auto error_of = [&](const std::string& fields) {
    testing::write_text(dir / "p.json", R"({"places": [{"name": "X", "latitude": 1, "longitude": 2,
        "radius_km": 3, "source": "s")" + fields +
                                            "}]}");
    try {
      read_places_file(dir / "p.json");
    } catch (const ArchiveError& e) {
      return std::string(e.what());
    }
    return std::string("(read)");
  };
  const std::string at = dir / "p.json" + ": places[0] (X): ";
  EXPECT_EQ(error_of(R"(, "kind": "historical", "today": ["A"], "from": 1900, "to": 1950)"),
            "(read)");
  EXPECT_EQ(error_of(R"(, "kind": "historical", "today": ["A"], "from": 1900)"),
            at + "a historical place needs today, from and to");
  EXPECT_EQ(error_of(R"(, "today": ["A"], "from": 1900, "to": 1950)"),
            at + "a historical place gives today's places it held and its years (today, from, "
                 "to), and only it does");
  EXPECT_EQ(error_of(R"(, "kind": "historical", "today": ["A"], "from": 1950, "to": 1900)"),
            at + "from 1950 is after to 1900");
  EXPECT_EQ(error_of(R"(, "kind": "historical", "today": ["A"], "from": 0, "to": 1900)"),
            at + "from must be a year (a whole number, not 0)");
}

}  // namespace
}  // namespace mancala::archive
