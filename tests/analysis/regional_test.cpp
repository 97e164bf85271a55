// The regional family table's choice (analysis/regional.h, add_regional_neighbours) on hand-made
// places: points and circles on the equator, whose distances are computed by hand below.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "analysis/report_model.h"

namespace mancala::analysis {
namespace {

// One degree of the equator: 6371.0088 km (the mean Earth radius) x pi / 180.
constexpr double kDegreeKm = 111.19508;

RecordPlace point(double longitude) {
  return {"(0, " + std::to_string(longitude) + ")", false, archive::make_area({}, 0, longitude, 0)};
}

RecordPlace circle(const std::string& name, double longitude, double radius_km) {
  return {name + " (region)", true, archive::make_area({}, 0, longitude, radius_km)};
}

RulesetSection section(const std::string& id, bool family, std::vector<std::string> evidence) {
  RulesetSection s;
  s.entry.ruleset.id = id;
  s.entry.ruleset.name = id;
  s.entry.ruleset.game = id.substr(0, id.find('/'));
  s.entry.ruleset.family = family;
  s.entry.ruleset.evidence = std::move(evidence);
  return s;
}

std::vector<std::string> ids(const ReportModel& model, const std::vector<std::size_t>& rows) {
  std::vector<std::string> out;
  for (std::size_t j : rows) out.push_back(model.rulesets[j].entry.ruleset.id);
  return out;
}

TEST(RegionalNeighbours, TheNearestFamilyReadingsWithinTheCapTiesKeptTheRestAccountedFor) {
  RecordPlaces places;
  places["S.1"] = point(0);                   // the seed ruleset's record, at (0, 0)
  places["F.near"] = point(1);                // 1 degree: 111.2 km
  places["F.region"] = circle("R", 10, 500);  // 10 degrees less the radius: 1112.0 - 500 = 612.0
  places["F.overlap"] = circle("O", 2, 300);  // 222.4 km to the centre, within its 300 km: 0
  places["F.far"] = point(30);                // 3335.9 km: beyond 2500
  places["F.none"] = {"Atlantis", false, std::nullopt};  // a name no place gives: not placed
  places["F.two.a"] = point(20);                         // 2223.9 km
  places["F.two.b"] = point(-3);   // 333.6 km: the nearer of the two records counts
  places["F.tie.a"] = point(15);   // 1667.9 km
  places["F.tie.b"] = point(-15);  // 1667.9 km, as near as the fifth: shown too
  places["F.past"] = point(18);    // 2001.5 km: within the cap, past the table
  ReportModel model;
  model.rulesets = {section("seed/a", false, {"S.1"}),
                    section("f/near", true, {"F.near"}),
                    section("f/region", true, {"F.region"}),
                    section("f/overlap", true, {"F.overlap"}),
                    section("f/far", true, {"F.far"}),
                    section("f/none", true, {"F.none", "F.missing"}),
                    section("f/two", true, {"F.two.a", "F.two.b"}),
                    section("f/tie_a", true, {"F.tie.a"}),
                    section("f/tie_b", true, {"F.tie.b"}),
                    section("f/past", true, {"F.past"}),
                    section("seed/b", false, {"S.unplaced"})};
  add_regional_neighbours(model, places);

  ASSERT_TRUE(model.rulesets[0].regional);
  const RegionalTable& t = *model.rulesets[0].regional;
  EXPECT_EQ(t.places, (std::vector<std::string>{"(0, 0.000000)"}));
  EXPECT_TRUE(t.unplaced.empty());
  EXPECT_EQ(t.family, 9u);
  std::vector<std::size_t> rows;
  for (const RegionalNeighbour& n : t.neighbours) rows.push_back(n.ruleset);
  EXPECT_EQ(ids(model, rows), (std::vector<std::string>{"f/overlap", "f/near", "f/two", "f/region",
                                                        "f/tie_a", "f/tie_b"}));
  ASSERT_EQ(t.neighbours.size(), 6u);
  EXPECT_EQ(t.neighbours[0].km, 0);
  EXPECT_EQ(t.neighbours[0].place, "O (region)");
  EXPECT_NEAR(t.neighbours[1].km, kDegreeKm, 0.01);
  EXPECT_NEAR(t.neighbours[2].km, 3 * kDegreeKm, 0.01);
  EXPECT_EQ(t.neighbours[2].place, "(0, -3.000000)") << "measured from its nearer record";
  EXPECT_NEAR(t.neighbours[3].km, 10 * kDegreeKm - 500, 0.1);
  EXPECT_NEAR(t.neighbours[4].km, 15 * kDegreeKm, 0.1);
  EXPECT_EQ(t.neighbours[4].km, t.neighbours[5].km);
  EXPECT_EQ(t.not_shown, 1u) << "f/past: 2001.5 km, within the cap but past the five";
  EXPECT_EQ(t.beyond, 1u) << "f/far: 3335.9 km";
  EXPECT_EQ(ids(model, t.family_unplaced), (std::vector<std::string>{"f/none"}));

  // The family's own rulesets have no table; a ruleset whose records give no place has one that
  // says so, with nothing measured.
  EXPECT_FALSE(model.rulesets[1].regional);
  ASSERT_TRUE(model.rulesets[10].regional);
  const RegionalTable& b = *model.rulesets[10].regional;
  EXPECT_TRUE(b.places.empty());
  EXPECT_EQ(b.unplaced, (std::vector<std::string>{"S.unplaced"}));
  EXPECT_TRUE(b.neighbours.empty());
  EXPECT_EQ(b.beyond, 0u);
  EXPECT_EQ(b.family_unplaced.size(), 1u);

  // The same inputs give the same table.
  ReportModel again = model;
  add_regional_neighbours(again, places);
  std::vector<std::size_t> rows_again;
  for (const RegionalNeighbour& n : again.rulesets[0].regional->neighbours)
    rows_again.push_back(n.ruleset);
  EXPECT_EQ(rows_again, rows);
}

TEST(RegionalNeighbours, NoTableWithoutTheFamily) {
  RecordPlaces places;
  places["S.1"] = point(0);
  ReportModel model;
  model.rulesets = {section("seed/a", false, {"S.1"})};
  add_regional_neighbours(model, places);
  EXPECT_FALSE(model.rulesets[0].regional);
}

}  // namespace
}  // namespace mancala::analysis
