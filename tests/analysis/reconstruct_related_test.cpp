// How common each reading is among related games (analysis/reconstruct_related.h; issue 24
// "Where the archive holds related games with rulesets, add how common each alternative is").
#include "analysis/reconstruct_related.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "simulator/ruleset_io.h"
#include "tests/analysis/reconstruct_test_util.h"
#include "tests/test_binary.h"

namespace mancala::analysis {
namespace {

const Commonness& of(const std::vector<std::vector<Commonness>>& counts, const Space& space,
                     const std::string& choice, const std::string& alternative) {
  for (size_t c = 0; c < space.readings.choices.size(); ++c) {
    if (space.readings.choices[c].id != choice) continue;
    for (size_t a = 0; a < space.readings.choices[c].alternatives.size(); ++a) {
      if (space.readings.choices[c].alternatives[a].name == alternative) return counts[c][a];
    }
  }
  throw std::runtime_error("no " + choice + "=" + alternative);
}

// A related ruleset reads a choice as the alternative whose resolved values it holds for every
// key the choice sets; one whose files set none of those keys is silent and not counted.
TEST(Related, MawkarKatiyaReadsKhutkaBoiasChoicesItStatesAndIsSilentOnTheOthers) {
  const Space space = generate_space(load_readings(default_readings_path("khutka_boia")));
  const RelatedRuleset mawkar{"mawkar_katiya", "mawkar_katiya/das_gupta_1923", "DLP.Evidence.741",
                              2120.6, sim::load_ruleset("mawkar_katiya")};
  const auto counts = count_readings(space, {mawkar});
  EXPECT_EQ(of(counts, space, "capture", "after_empty").matching, 1);
  EXPECT_EQ(of(counts, space, "capture", "after_empty").related, 1);
  EXPECT_EQ(of(counts, space, "capture", "opposite_empty").matching, 0);
  EXPECT_EQ(of(counts, space, "holes_out", "unfilled").matching, 1);
  EXPECT_EQ(of(counts, space, "holes_out", "per_five_of_difference").matching, 0);
  EXPECT_EQ(of(counts, space, "refill", "from_the_left").matching, 1);
  EXPECT_EQ(of(counts, space, "next_round_starter", "alternate").matching, 1);
  // Mawkar Katiya has no fours, no tribute and no rule on long sowings: silent.
  EXPECT_EQ(of(counts, space, "fours_owner", "owner_of_the_row").related, 0);
  EXPECT_EQ(of(counts, space, "tribute", "every_turn").related, 0);
  EXPECT_EQ(of(counts, space, "long_sowing", "into_origin").related, 0);
}

// The games near the base's evidence in place and time, from an archive of data/evidence:
// Khutka Boia (Punjab, 1925) has Mawkar Katiya (Khasi Hills, 1923) within 2,500 km and 100 years;
// Toguz Kumalak's curated record has no date but its DLP description has; Otep has none.
TEST(Related, FoundInTheArchiveByPlaceAndTimeOrTheReasonThereAreNone) {
  test_support::TempDir dir("reconstruct-related");
  const std::string db = dir / "mancala.db";
  // The archive as `mancala evidence import` makes it (the executable run as a process: the
  // analysis tests do not link the command line).
  const test_support::ProcessResult import =
      test_support::run_binary({"evidence", "import", "data/evidence", "--db", db});
  ASSERT_EQ(import.code, 0) << import.err;
  const Space khutka = generate_space(load_readings(default_readings_path("khutka_boia")));
  const Related near = find_related(khutka, db, kDefaultRelatedKm, kDefaultRelatedYears);
  EXPECT_EQ(near.empty_because, "");
  // Toguz Kumalak is related too since the DLP's description dates it (DLP.Ruleset.282).
  // With the family's rulesets (issue 25) the DLP's games of South Asia are related too.
  std::vector<std::string> games;
  for (const RelatedRuleset& r : near.rulesets) games.push_back(r.game);
  for (const char* game : {"mawkar_katiya", "toguz_kumalak"})
    EXPECT_NE(std::find(games.begin(), games.end(), game), games.end()) << game;
  EXPECT_EQ(std::find(games.begin(), games.end(), "khutka_boia"), games.end()) << "not itself";
  for (const RelatedRuleset& r : near.rulesets) {
    if (r.game != "mawkar_katiya") continue;
    EXPECT_EQ(r.ruleset, "mawkar_katiya/das_gupta_1923");
    EXPECT_EQ(r.evidence, "DLP.Evidence.741");
    EXPECT_NEAR(r.distance_km, 1835.5, 1);  // to the edge of the Khasi Hills outline
  }
  // Otep's neighbours were all without rulesets until the family's readings (issue 25): now
  // four-row games of East Africa are related.
  const Space otep = generate_space(load_readings(default_readings_path("otep")));
  const Related otep_near = find_related(otep, db, kDefaultRelatedKm, kDefaultRelatedYears);
  EXPECT_EQ(otep_near.empty_because, "");
  EXPECT_FALSE(otep_near.rulesets.empty());
  EXPECT_EQ(
      find_related(otep, dir / "none.db", kDefaultRelatedKm, kDefaultRelatedYears).empty_because,
      "no archive at " + dir / "none.db" + " (mancala evidence import data/evidence makes one)");
}

}  // namespace
}  // namespace mancala::analysis
