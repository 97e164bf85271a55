// The same game, said once (issue 35, item 7; docs/rules-format.md, "The same game, said once"):
// the play hash covers the keys that act and no other, the shipped pairs say why both are kept,
// and `rules check` refuses a pair that does not and a plays_as naming a ruleset that plays
// otherwise (exact messages, on a data folder of toy rulesets).
#include "simulator/plays_as.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <map>
#include <set>

#include "../test_support.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {
namespace {

using test_support::TempDir;
using test_support::write_text;

// "a key that cannot act does not tell two rulesets apart": Kalah has no tuzdyk, so its
// tuzdyk_count cannot act; its counters per hole do.
TEST(PlayHash, AKeyThatCannotActChangesNothingAndOneThatActsChangesIt) {
  const RuleSet kalah = load_ruleset("kalah/standard");
  RuleSet inactive = kalah;
  inactive.tuzdyk_count = kalah.tuzdyk_count + 1;
  ASSERT_FALSE(key_acts(inactive, "tuzdyk_count"));
  EXPECT_EQ(play_hash(inactive), play_hash(kalah));
  EXPECT_NE(rules_hash(inactive), rules_hash(kalah));  // the rules hash covers it
  EXPECT_EQ(first_play_difference(inactive, kalah), "");
  RuleSet acting = kalah;
  acting.counters_per_hole = kalah.counters_per_hole + 1;
  acting.id = "kalah/more";
  EXPECT_NE(play_hash(acting), play_hash(kalah));
  EXPECT_EQ(first_play_difference(kalah, acting),
            "counters_per_hole: " + std::to_string(kalah.counters_per_hole) + " here, " +
                std::to_string(acting.counters_per_hole) + " in kalah/more");
}

// Beaton 1939: 141: "The only difference is that holes 1,2,15 and 16 ... are privileged": Otep
// without the privilege is Ryakati; and the DLP gives Muvalavala B and Muvalavala (Luena) one
// paraphrase. These two pairs, and no other, play exactly alike among the shipped rulesets.
TEST(PlaysAs, TheShippedPairsAreExactlyOtepWithoutThePrivilegeAndMuvalavala) {
  std::map<std::string, std::set<std::string>> by_hash;
  for (const std::string& id : list_ruleset_ids()) by_hash[play_hash(load_ruleset(id))].insert(id);
  std::set<std::set<std::string>> pairs;
  for (const auto& [hash, ids] : by_hash)
    if (ids.size() > 1) pairs.insert(ids);
  const std::set<std::set<std::string>> expected = {{"otep/no_clockwise_privilege", "ryakati/dlp"},
                                                    {"muvalavala_b/dlp", "muvalavala_luena/dlp"}};
  EXPECT_EQ(pairs, expected);
}

TEST(PlaysAs, EachShippedPairIsNamedBothWaysWithTheReasonItsFileGives) {
  const RuleSet otep = load_ruleset("otep/no_clockwise_privilege");
  ASSERT_EQ(otep.plays_as.id, "ryakati/dlp");
  EXPECT_NE(otep.plays_as.reason.find("Beaton 1939: 141"), std::string::npos);
  const std::vector<SamePlay> from_otep = plays_exactly_as(otep);
  ASSERT_EQ(from_otep.size(), 1u);
  EXPECT_EQ(from_otep[0].id, "ryakati/dlp");
  EXPECT_EQ(from_otep[0].reason, otep.plays_as.reason);
  const std::vector<SamePlay> from_ryakati = plays_exactly_as(load_ruleset("ryakati/dlp"));
  ASSERT_EQ(from_ryakati.size(), 1u);
  EXPECT_EQ(from_ryakati[0].id, "otep/no_clockwise_privilege");
  EXPECT_EQ(from_ryakati[0].reason, otep.plays_as.reason);
  EXPECT_EQ(plays_as_sentence(from_ryakati[0]),
            "plays exactly as otep/no_clockwise_privilege (every key that acts is the same): " +
                otep.plays_as.reason);
  const std::vector<SamePlay> from_luena = plays_exactly_as(load_ruleset("muvalavala_luena/dlp"));
  ASSERT_EQ(from_luena.size(), 1u);
  EXPECT_EQ(from_luena[0].id, "muvalavala_b/dlp");
  // plays_as is a file's own: a reading extending Otep's variant would not play as Ryakati.
  EXPECT_TRUE(plays_exactly_as(load_ruleset("otep/beaton_1939")).empty());
}

// A data folder of its own (MANCALA_DATA), so that the toy rulesets are "shipped".
class ToyData : public ::testing::Test {
 protected:
  void SetUp() override { ::setenv("MANCALA_DATA", dir_.path().c_str(), 1); }
  void TearDown() override { ::unsetenv("MANCALA_DATA"); }
  std::string write(const std::string& name, const std::string& text) {
    const std::string path = dir_ / ("rulesets/toy/" + name + ".json");
    write_text(path, text);
    return path;
  }
  void write_base() {
    write("a",
          R"({"name": "A", "status": "observed", "default": true, "evidence": ["X.1"],
              "rules": {"holes_per_row": 6, "counters_per_hole": 4},
              "provenance": {"holes_per_row": {"assumption": "toy"},
                             "counters_per_hole": {"assumption": "toy"}}})");
  }
  std::string rulesets() const { return dir_ / "rulesets"; }
  TempDir dir_{"plays-as"};
};

const std::string kNeither =
    " (every key that acts is the same), and neither file says so: keep one, or give one of them "
    "\"plays_as\": {\"id\": the other, \"reason\": why both are kept}";

// "rules check refuses two shipped rulesets that play identically without plays_as": b changes
// only a key that cannot act in it.
TEST_F(ToyData, TwoRulesetsPlayingAlikeWithoutPlaysAsAreRefusedBothWays) {
  write_base();
  const std::string b = write("b", R"({"extends": "toy/a", "name": "B",
      "rules": {"tuzdyk_count": 4}, "provenance": {"tuzdyk_count": {"assumption": "toy"}}})");
  const std::vector<std::string> expected = {
      dir_ / "rulesets/toy/a.json: plays exactly as toy/b" + kNeither,
      b + ": plays exactly as toy/a" + kNeither};
  EXPECT_EQ(check_rulesets({rulesets()}), expected);
}

TEST_F(ToyData, APairJoinedByPlaysAsPassesAndIsNamedBothWays) {
  write_base();
  write("b", R"({"extends": "toy/a", "name": "B", "plays_as": {"id": "toy/a", "reason": "why"},
      "rules": {"tuzdyk_count": 4}, "provenance": {"tuzdyk_count": {"assumption": "toy"}}})");
  // c plays as a too, joined through b: the chain says it.
  write("c", R"({"extends": "toy/a", "name": "C", "plays_as": {"id": "toy/b", "reason": "too"},
      "rules": {"tuzdyk_symmetry": "opposite"},
      "provenance": {"tuzdyk_symmetry": {"assumption": "toy"}}})");
  EXPECT_EQ(check_rulesets({rulesets()}), std::vector<std::string>{});
  const std::vector<SamePlay> of_a = plays_exactly_as(load_ruleset("toy/a"));
  ASSERT_EQ(of_a.size(), 1u);
  EXPECT_EQ(of_a[0].id, "toy/b");
  EXPECT_EQ(of_a[0].reason, "why");
  const std::vector<SamePlay> of_b = plays_exactly_as(load_ruleset("toy/b"));
  ASSERT_EQ(of_b.size(), 2u);
  EXPECT_EQ(of_b[0].id, "toy/a");
  EXPECT_EQ(of_b[1].id, "toy/c");
  EXPECT_EQ(of_b[1].reason, "too");
}

TEST_F(ToyData, APlaysAsNamingARulesetThatPlaysOtherwiseIsRefusedWithTheFirstKeyThatDiffers) {
  write_base();
  const std::string c = write("c", R"({"extends": "toy/a", "name": "C",
      "plays_as": {"id": "toy/a", "reason": "why"},
      "rules": {"counters_per_hole": 5}, "provenance": {"counters_per_hole": {"assumption": "t"}}})");
  const std::string d = write("d", R"({"extends": "toy/a", "name": "D",
      "plays_as": {"id": "toy/nope", "reason": "why"},
      "rules": {"counters_per_hole": 6}, "provenance": {"counters_per_hole": {"assumption": "t"}}})");
  const std::string e = write("e", R"({"extends": "toy/a", "name": "E",
      "plays_as": {"id": "toy/e", "reason": "why"},
      "rules": {"counters_per_hole": 7}, "provenance": {"counters_per_hole": {"assumption": "t"}}})");
  const std::vector<std::string> expected = {
      c + ": plays_as: toy/a does not play exactly as this ruleset: counters_per_hole: 5 here, 4 "
          "in toy/a",
      d + ": plays_as: no ruleset 'toy/nope' (see 'mancala rules list')",
      e + ": plays_as: names this ruleset itself"};
  EXPECT_EQ(check_rulesets({rulesets()}), expected);
}

TEST_F(ToyData, APlaysAsOfTheWrongShapeIsRefusedOnLoading) {
  write_base();
  const std::string expected =
      ": plays_as: expected {\"id\": the ruleset it plays exactly as, \"reason\": why both are "
      "kept}";
  for (const char* value : {R"("toy/a")", R"({"id": "toy/a"})", R"({"id": "toy/a", "reason": ""})",
                            R"({"id": "toy/a", "reason": "r", "page": "1"})"}) {
    const std::string f =
        write("b", std::string(R"({"extends": "toy/a", "name": "B", "plays_as": )") + value + "}");
    EXPECT_EQ(test_support::error_of([&] { load_ruleset(f); }), f + expected) << value;
  }
}

}  // namespace
}  // namespace mancala::sim
