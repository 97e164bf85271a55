// The reconstruction's work grows near-linearly with its input (issue 41, item 2): the effects
// counted in combinations visited (Effects::visits), never timed, so that a return of the cubic
// work fails at once against a budget instead of hanging; the effects give up at Ctrl-C; and a
// readings file is refused by its combination count before its alternatives are compared.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <random>

#include "analysis/reconstruct.h"
#include "tests/analysis/reconstruct_test_util.h"

namespace mancala::analysis {
namespace {

using testing::figures;

// A space of choices with these numbers of alternatives (the first of each the reference), every
// combination its own candidate except those `refused` marks; made by hand, no ruleset played.
Space space_of(const std::vector<size_t>& sizes, const std::vector<bool>& refused = {}) {
  Space space;
  space.generated = 1;
  for (size_t c = 0; c < sizes.size(); ++c) {
    Choice choice;
    choice.id = "c" + std::to_string(c);
    for (size_t a = 0; a < sizes[c]; ++a) {
      Alternative alternative;
      alternative.name = "a" + std::to_string(a);
      choice.alternatives.push_back(alternative);
    }
    space.readings.choices.push_back(choice);
    space.generated *= sizes[c];
  }
  for (size_t i = 0; i < space.generated; ++i) {
    const bool out = i < refused.size() && refused[i];
    space.candidate_of.push_back(out ? -1 : static_cast<int>(space.candidates.size()));
    if (!out) space.candidates.push_back(Candidate{});
  }
  return space;
}

// Figures for every candidate, the own-rule share and duration drawn from a fixed seed.
std::vector<Figures> random_figures(size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> share(0.05, 0.95), plies(50, 300);
  std::vector<Figures> out;
  for (size_t i = 0; i < n; ++i)
    out.push_back(figures(share(rng), 0.02, share(rng), 0.02, plies(rng)));
  return out;
}

// The audit's case: one choice of 2,000 alternatives (cubic: 2,000 were still in the effects after
// 15 minutes). Linear now: a few passes over the space per criterion, counted. The budget makes
// a return of the old work stop at once (complete false) rather than hang the test.
TEST(EffectsWork, TwoThousandAlternativesOfOneChoiceTakeWorkLinearInTheSpace) {
  const Space space = space_of({2000});
  const uint64_t budget = 20 * space.generated * kCriteria;
  const Effects e =
      measure_effects(space, random_figures(space.candidates.size(), 1), {.budget = budget});
  ASSERT_TRUE(e.complete) << e.visits << " combinations visited";
  EXPECT_LE(e.visits, budget);
  EXPECT_EQ(e.main.size(), 2000 * kCriteria);
  EXPECT_EQ(e.spreads.size(), kCriteria);
}

// Two choices of 64 (4,096 combinations, the bound): the interactions visit each setting of the
// other choices once per alternative pair, so the whole space a few times per criterion.
TEST(EffectsWork, TheLargestSpaceOfTwoChoicesTakesWorkLinearInTheSpace) {
  const Space space = space_of({64, 64});
  const uint64_t budget = 20 * space.generated * kCriteria;
  const Effects e =
      measure_effects(space, random_figures(space.candidates.size(), 2), {.budget = budget});
  ASSERT_TRUE(e.complete) << e.visits << " combinations visited";
  EXPECT_EQ(e.interactions_tested[0], 63u * 63u);
}

// With refused combinations a spread compares every pair of readings over a table of the space:
// the alternatives times the space, never the alternatives squared times the space.
TEST(EffectsWork, RefusedCombinationsCostTheAlternativesTimesTheSpaceAtMost) {
  std::vector<bool> refused(500, false);
  for (size_t i = 0; i < refused.size(); i += 7) refused[i] = i != 0;
  const Space space = space_of({500}, refused);
  const uint64_t budget = 4 * 500 * space.generated * kCriteria;
  const Effects e =
      measure_effects(space, random_figures(space.candidates.size(), 3), {.budget = budget});
  EXPECT_TRUE(e.complete) << e.visits << " combinations visited";
}

// The spread found the fast way is the pair farthest apart found by comparing every pair over
// every setting of the other choices where both readings are usable, as the effects always
// defined it: checked over random spaces, with and without refused combinations.
TEST(EffectsWork, TheSpreadIsThePairFarthestApartOverTheMatchedSettings) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 40; ++trial) {
    const std::vector<size_t> sizes = {2 + rng() % 4, 2 + rng() % 4, 1 + rng() % 3};
    size_t n = 1;
    for (size_t s : sizes) n *= s;
    std::vector<bool> refused(n, false);
    if (trial % 2 == 1) {
      for (size_t i = 1; i < n; ++i) refused[i] = rng() % 4 == 0;
    }
    const Space space = space_of(sizes, refused);
    const std::vector<Figures> f = random_figures(space.candidates.size(), 100 + trial);
    const Effects e = measure_effects(space, f);
    for (const Spread& s : e.spreads) {
      // Every pair (x, y) of the choice's readings, over the matched settings.
      double best = kNaN;
      for (size_t x = 0; x < sizes[s.choice]; ++x) {
        for (size_t y = 0; y < sizes[s.choice]; ++y) {
          if (x == y) continue;
          double sum = 0;
          size_t pairs = 0;
          for (size_t index = 0; index < space.generated; ++index) {
            Pick pick = pick_of(space, index);
            if (pick[s.choice] != x) continue;
            pick[s.choice] = y;
            const int a = space.candidate_of[index];
            const int b = space.candidate_of[combination_index(space, pick)];
            if (a < 0 || b < 0) continue;
            sum += f[static_cast<size_t>(a)][s.criterion].value -
                   f[static_cast<size_t>(b)][s.criterion].value;
            ++pairs;
          }
          if (pairs > 0 && sum >= 0 && (std::isnan(best) || sum / pairs > best)) best = sum / pairs;
        }
      }
      if (std::isnan(best)) {
        EXPECT_TRUE(std::isnan(s.spread));
      } else {
        EXPECT_NEAR(s.spread, best, 1e-12) << "trial " << trial << ", choice " << s.choice;
      }
    }
  }
}

// "Every long phase reads the interrupt flag": with Ctrl-C already pressed the effects give up
// within the first few thousand combinations, and keep nothing half-measured.
TEST(EffectsWork, TheInterruptFlagStopsTheEffectsAtOnce) {
  const Space space = space_of({64, 64});
  std::atomic<bool> stop{true};
  const Effects e =
      measure_effects(space, random_figures(space.candidates.size(), 4), {.stop = &stop});
  EXPECT_FALSE(e.complete);
  EXPECT_LE(e.visits, 4096u);
  EXPECT_TRUE(e.main.empty());
  EXPECT_TRUE(e.spreads.empty());
}

// SIGTERM in the effects phase (where the audit's run sat for 15 minutes): the search's games and
// ranking stand, the effects are given up, and the JSON says the result is partial.
TEST(EffectsWork, AReconstructionStoppedInItsEffectsKeepsItsRankingAndSaysSo) {
  const Reconstruction r = testing::played("kalah", 4, 1, "random");
  std::atomic<bool> stop{true};
  const ReconstructResult result = evaluate_reconstruction(r, &stop);
  EXPECT_FALSE(result.effects_complete());
  EXPECT_TRUE(result.complete);
  EXPECT_EQ(result.order.size(), r.space.candidates.size());
  Related related;
  related.commonness = count_readings(r.space, {});
  const nlohmann::json j = reconstruction_to_json(r, result, related, false);
  EXPECT_TRUE(j["partial"].get<bool>());
  EXPECT_TRUE(evaluate_reconstruction(r).effects_complete());
}

// "the combination count checked before anything is compared": 30,000 alternatives took 35 s of
// comparing before the refusal (a 32 MiB file about 1.5 hours). Refused now by the arrays' sizes,
// before even the first alternative's keys are read (they name a key that does not exist).
TEST(ReadingsWork, TheCombinationCountIsRefusedBeforeAnyAlternativeIsRead) {
  nlohmann::json alternatives = nlohmann::json::array();
  for (int i = 0; i < 30000; ++i) {
    alternatives.push_back(
        {{"name", "a" + std::to_string(i)}, {"rules", {{"no_such_key", i}}}, {"because", "b"}});
  }
  const nlohmann::json doc = {{"game", "kalah"},
                              {"base", "kalah/standard"},
                              {"choices",
                               {{{"id", "c"},
                                 {"phrase", "p"},
                                 {"witness", "assumption"},
                                 {"alternatives", alternatives}}}}};
  EXPECT_EQ(test_support::error_of([&] { readings_from_json(doc, "big.json"); }),
            "big.json: choices: the alternatives multiply to more than 4096 combinations: split "
            "the question into smaller readings files");
}

}  // namespace
}  // namespace mancala::analysis
