// Issue 39, item 4, "Similar games that a historian would rank": the score of archive/similar.h
// (docs/archive.md, "Similar games") on hand-built profiles, each term hand-computed; years
// between dates as a reader counts them; a source's own comparison of two games.
#include "archive/similar.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "archive/dates.h"

namespace mancala::archive {
namespace {

// A game of `rows` x `holes` with `counters` a hole (0: not known), at a point, in the years
// from..to (0: undated).
GameProfile game(const std::string& name, int rows, int holes, int counters, double lat, double lon,
                 int from, int to) {
  GameProfile p;
  p.key = name;
  p.name = name;
  p.names = {name};
  p.board.rows = rows;
  p.board.holes_per_row = holes;
  if (counters > 0) p.board.counters_per_hole = counters;
  p.area = make_area({}, lat, lon, 0);
  p.place = name + " place";
  if (from != 0) {
    p.day_from = first_day_of_year(from);
    p.day_to = last_day_of_year(to);
  }
  return p;
}

// "year gaps as a reader counts them (1927 vs 1939 is 12 years)": from the end of the earlier
// range to the start of the later, with no year 0.
TEST(Similar, YearsBetweenDatesAreCountedAsAReaderCountsThem) {
  EXPECT_EQ(years_between(1927, 1939), 12);
  EXPECT_EQ(years_between(-1, 1), 1);  // 1 BCE to 1 CE
  EXPECT_EQ(years_between(-500, 1939), 2438);
  EXPECT_EQ(year_of_day(first_day_of_year(1939)), 1939);
  EXPECT_EQ(year_of_day(last_day_of_year(-1)), -1);
  EXPECT_EQ(year_of_day(first_day_of_year(1)), 1);
  const GameProfile otep = game("Otep", 4, 8, 2, 4.85, 31.6, 1939, 1939);
  const auto reason_with = [&](int from, int to) {
    return similar_games(otep, {game("Other", 4, 8, 2, 4.85, 31.6, from, to)}, 1)[0].reason;
  };
  EXPECT_EQ(reason_with(1927, 1927),
            "same board 4x8, 2 counters a hole as well, overlapping places (Other place), dates "
            "12 years apart");
  EXPECT_TRUE(reason_with(1938, 1938).ends_with(", dates 1 year apart"));
  EXPECT_TRUE(reason_with(1900, 1939).ends_with(", overlapping dates"));
  EXPECT_TRUE(reason_with(1940, 1950).ends_with(", dates 1 year apart"));
}

// The score's terms: board, counters, place, date, each as similar.h states it.
TEST(Similar, TheScoreAddsBoardCountersPlaceAndDate) {
  const GameProfile target = game("A", 4, 8, 2, 0, 0, 1900, 1900);
  // 4x6 (two holes fewer: 0.5), 3 counters (0.5), 10 degrees of longitude at the equator
  // (1111.95 km: 0.556), 100 years later (0.5).
  const std::vector<SimilarGame> one =
      similar_games(target, {game("B", 4, 6, 3, 0, 10, 2000, 2000)}, 1);
  ASSERT_EQ(one.size(), 1u);
  EXPECT_NEAR(one[0].score, 0.5 + 0.5 + 1111.95 / 2000 + 0.5, 0.01);
  EXPECT_EQ(one[0].reason, "board 4x6, 1112 km (B place), dates 100 years apart");
  // Other rows (2), counters not known (a twentieth), the same point, undated (1).
  const std::vector<SimilarGame> two = similar_games(target, {game("C", 2, 8, 0, 0, 0, 0, 0)}, 1);
  EXPECT_NEAR(two[0].score, 2 + 0.05 + 0 + 1, 1e-9);
  EXPECT_EQ(two[0].reason, "board 2x8, overlapping places (C place), undated");
  // The board known in full ranks before the same board whose counters are not known.
  const std::vector<SimilarGame> ranked = similar_games(
      target, {game("Known", 4, 8, 0, 0, 0, 1900, 1900), game("Full", 4, 8, 2, 0, 0, 1900, 1900)},
      2);
  EXPECT_EQ(ranked[0].game.name, "Full");
  EXPECT_DOUBLE_EQ(ranked[0].score, 0);
  EXPECT_DOUBLE_EQ(ranked[1].score, 0.05);
}

// "explicit statements ("set out in the same way as")": the source's words, quoted from a few
// words before the comparison to the name; a name the text does not compare, or an alias both
// games share, is no statement.
TEST(Similar, ASourcesOwnComparisonIsQuotedAndWeighs) {
  const std::string beaton =
      "\"For Otep the board is set out in the same way as for Ryakati and the opening gambit is "
      "the same. The only difference is ...\" Beaton 1939: 141.";
  EXPECT_EQ(comparison_in(beaton, {"Ryakati"}), "set out in the same way as for Ryakati");
  EXPECT_EQ(comparison_in(beaton, {"ryakati"}), "set out in the same way as for Ryakati");
  EXPECT_EQ(comparison_in(beaton, {"Lobudok", "Soro"}), "");
  EXPECT_EQ(comparison_in("Played like Bao.", {"Bao"}), "Played like Bao");
  EXPECT_EQ(comparison_in("Played like Baobab.", {"Bao"}), "");  // whole words only
  EXPECT_EQ(comparison_in("It is like the games of the coast far to the north, Bao.", {"Bao"}),
            "");  // too far from the comparison
  EXPECT_EQ(comparison_in("Ryakati is played on the same board.", {"Ryakati"}), "");

  GameProfile otep = game("Otep", 4, 8, 2, 4.85, 31.6, 1939, 1939);
  otep.names = {"Otep", "Soro"};
  otep.quotes = {{"DLP.Evidence.1880", "Beaton 1939", beaton}};
  GameProfile ryakati = game("Ryakati", 4, 8, 2, 4.85, 31.6, 1939, 1939);
  ryakati.names = {"Ryakati", "Soro"};
  GameProfile lobudok = game("Lobudok", 4, 8, 2, 4.85, 31.6, 1939, 1939);
  lobudok.names = {"Lobudok", "Soro"};
  const std::vector<SimilarGame> near = similar_games(otep, {lobudok, ryakati}, 2);
  EXPECT_EQ(near[0].game.name, "Ryakati");
  EXPECT_DOUBLE_EQ(near[0].score, -4);
  EXPECT_EQ(near[0].reason,
            "Beaton 1939 (DLP.Evidence.1880): \"set out in the same way as for Ryakati\"; same "
            "board 4x8, 2 counters a hole as well, overlapping places (Ryakati place), overlapping "
            "dates");
  EXPECT_DOUBLE_EQ(near[1].score, 0);
  // Either way round: Ryakati's neighbours find the statement in Otep's record.
  EXPECT_EQ(similar_games(ryakati, {lobudok, otep}, 1)[0].game.name, "Otep");
}

}  // namespace
}  // namespace mancala::archive
