// The thresholds of the report's sensitivity section (analysis/sensitivity_builder.h): every
// threshold that ends games (no_progress_turns, stop_after_rounds, max_rounds, max_plies) halved
// and doubled within its range, and the thresholds each shipped ruleset has (with their reasons in
// the rulesets' provenance). The section on the ruleset page, through `report`:
// tests/cli/sensitivity_cli_test.cpp.
#include <gtest/gtest.h>

#include <string>

#include "analysis/sensitivity_builder.h"
#include "simulator/ruleset_io.h"

namespace mancala::analysis {
namespace {

std::string thresholds_text(const sim::RuleSet& r) {
  std::string text;
  for (const SensitivityThreshold& t : sensitivity_thresholds(r)) {
    text += t.key + " " + std::to_string(t.halved) + "/" + std::to_string(t.as_set) + "/" +
            std::to_string(t.doubled) + "; ";
  }
  return text;
}

TEST(Sensitivity, EachThresholdThatEndsGamesIsHalvedAndDoubledWithinItsRange) {
  // Khutka Boia: no-progress 24, stop after 100 rounds, bound 128 rounds (already the largest
  // allowed, so not doubled), 5000 plies. The stop stays below the bound ("stop_after_rounds
  // needs fewer rounds than max_rounds"): raised to 127, and the bound lowered only to 101.
  EXPECT_EQ(thresholds_text(sim::load_ruleset("khutka_boia")),
            "no_progress_turns 12/24/48; stop_after_rounds 50/100/127; max_rounds 101/128/128; "
            "max_plies 2500/5000/10000; ");
  EXPECT_EQ(thresholds_text(sim::load_ruleset("sonka")),
            "stop_after_rounds 5/10/20; max_rounds 50/100/128; max_plies 2500/5000/10000; ");
  EXPECT_EQ(thresholds_text(sim::load_ruleset("otep")),
            "no_progress_turns 20/40/80; max_plies 2500/5000/10000; ");
  EXPECT_EQ(thresholds_text(sim::load_ruleset("toguz_kumalak")), "max_plies 2500/5000/10000; ");
}

// Every setting the section plays is a ruleset the checks accept (a ruleset file with the
// changed value would load): finalize throws on a contradiction.
TEST(Sensitivity, EverySettingOfEveryShippedRulesetPassesTheRulesetChecks) {
  for (const std::string& id : sim::list_ruleset_ids()) {
    const sim::RuleSet r = sim::load_ruleset(id);
    for (const SensitivityThreshold& t : sensitivity_thresholds(r)) {
      for (const int value : {t.halved, t.doubled}) {
        sim::RuleSet changed = r;
        if (t.key == "no_progress_turns") changed.no_progress_turns = value;
        if (t.key == "stop_after_rounds") changed.stop_after_rounds = value;
        if (t.key == "max_rounds") changed.max_rounds = value;
        if (t.key == "max_plies") changed.max_plies = value;
        EXPECT_NO_THROW(sim::finalize(changed, id)) << id << ": " << t.key << " " << value;
      }
    }
  }
}

TEST(Sensitivity, EveryThresholdThatEndsGamesInAShippedRulesetStatesItsReason) {
  // Issue 16: "for each no-progress rule, round cap and safety bound that ends games, state its
  // reason in the provenance" -- also when the ruleset relies on the vocabulary's default.
  for (const std::string& id : sim::list_ruleset_ids()) {
    const sim::RuleSet r = sim::load_ruleset(id);
    for (const SensitivityThreshold& t : sensitivity_thresholds(r)) {
      const auto it = r.provenance.find(t.key);
      ASSERT_NE(it, r.provenance.end()) << id << ": " << t.key << " has no provenance";
      const std::string reason =
          it->second.count("assumption") ? it->second.at("assumption") : it->second.at("evidence");
      EXPECT_GE(reason.size(), 20u) << id << ": " << t.key << ": no reason given";
    }
  }
}

}  // namespace
}  // namespace mancala::analysis
