// Reconstruction search: stages, ranking, Pareto front, effects, determinism and shards
// (analysis/reconstruct.h, analysis/reconstruct_rank.h; issue 24 "Evaluate in stages", "Rank",
// "Effects", "Checks").
#include "analysis/reconstruct.h"

#include <gtest/gtest.h>

#include <cmath>

#include "analysis/compare_builder.h"
#include "simulator/batch.h"
#include "simulator/ruleset_io.h"
#include "tests/analysis/reconstruct_test_util.h"

namespace mancala::analysis {
namespace {

using test_support::error_of;
using testing::figures;
using testing::played;
using testing::readings_of;

// "a candidate whose games mostly end by a stopping rule or the safety bound ranks below every
// candidate that ends by its own rule": judged on the interval of the share the text's rule (the
// source's or the paraphrase's, docs/terms.md) ended, whatever the other criteria say.
TEST(Ranking, CompletionClassComesFirstAndIsJudgedOnTheInterval) {
  std::vector<Figures> f = {
      figures(0.45, 0.02, 1.00, 0.01),  // not the text's rule: its interval lies below one half
      figures(0.55, 0.02, 0.20, 0.05),  // text's rule: above one half, however unbalanced
      figures(0.52, 0.05, 0.99, 0.01),  // undecided: [0.47, 0.57] holds one half
  };
  EXPECT_EQ(f[0].completion, CompletionClass::kNotTextRule);
  EXPECT_EQ(f[1].completion, CompletionClass::kTextRule);
  EXPECT_EQ(f[2].completion, CompletionClass::kUndecided);
  std::vector<size_t> order;
  const std::vector<Standing> s = rank_figures(f, order);
  EXPECT_EQ(order, (std::vector<size_t>{1, 2, 0}));
  EXPECT_EQ(s[1].rank, 1);
  EXPECT_EQ(s[2].rank, 2);
  EXPECT_EQ(s[0].rank, 3);
}

// "then balance, decisiveness, drama and duration, each with its interval": within a group tied
// so far, a criterion splits it by how many members are better with intervals apart; candidates
// whose intervals overlap on every criterion share a rank.
TEST(Ranking, EachCriterionSplitsTheTiedGroupByHowManyAreSeparatelyBetter) {
  std::vector<Figures> f = {
      figures(0.99, 0.01, 0.70, 0.05),         // balance below the next two, apart
      figures(0.99, 0.01, 0.95, 0.02, 120),    // best balance; longer than the third
      figures(0.99, 0.01, 0.93, 0.02, 80),     // balance tied with the second; shorter, apart
      figures(0.99, 0.01, 0.94, 0.02, 81, 5),  // tied with the third on everything
  };
  std::vector<size_t> order;
  const std::vector<Standing> s = rank_figures(f, order);
  EXPECT_EQ(s[0].behind[static_cast<size_t>(Criterion::kBalance)], 3);
  EXPECT_EQ(s[1].behind[static_cast<size_t>(Criterion::kBalance)], 0);
  EXPECT_EQ(s[1].behind[static_cast<size_t>(Criterion::kDuration)], 2);
  EXPECT_EQ(s[2].rank, 1);
  EXPECT_EQ(s[3].rank, 1);  // shared
  EXPECT_EQ(s[1].rank, 3);
  EXPECT_EQ(s[0].rank, 4);
  EXPECT_EQ(order, (std::vector<size_t>{3, 2, 1, 0}));  // ties by their point estimates
}

// "a Pareto front across them": a candidate leaves the front only when another is at least as
// good on every point estimate and better on one with intervals apart.
TEST(Ranking, TheParetoFrontKeepsEveryCandidateNoOtherBeatsWithIntervalsApart) {
  std::vector<Figures> f = {
      figures(0.99, 0.01, 0.95, 0.01, 100),  // on the front
      figures(0.99, 0.01, 0.80, 0.01, 100),  // beaten by the first on balance, apart
      figures(0.99, 0.01, 0.94, 0.02, 60),   // worse balance (overlapping), shorter: on the front
      figures(0.99, 0.01, 0.94, 0.02, 61),   // a little worse than the third, apart nowhere
  };
  EXPECT_EQ(pareto_front(f), (std::vector<bool>{true, false, true, true}));
}

// The effects on a small space whose figures are set by hand: a main effect is the mean over
// the other choices of (reading - reference); the interaction is the difference of differences.
TEST(Effects, MainEffectsAndInteractionsAreTheMatchedContrastsOfTheFigures) {
  const Space space = generate_space(readings_of(testing::kKalahTwoChoices));
  // Candidates (facing, store): 0 (base, base), 1 (base, once), 2 (last, base), 3 (last, once).
  std::vector<Figures> f = {figures(0.50, 0.01, 0.9, 0.01), figures(0.60, 0.01, 0.9, 0.01),
                            figures(0.70, 0.01, 0.9, 0.01), figures(1.00, 0.01, 0.9, 0.01)};
  const Effects e = measure_effects(space, f);
  const auto main_effect = [&](size_t choice, size_t alternative, Criterion k) {
    for (const Effect& x : e.main) {
      if (x.choice == choice && x.alternative == alternative && x.criterion == k) return x;
    }
    return Effect{};
  };
  const Effect facing = main_effect(0, 1, Criterion::kCompletion);
  EXPECT_DOUBLE_EQ(facing.effect, ((0.70 - 0.50) + (1.00 - 0.60)) / 2);
  EXPECT_EQ(facing.pairs, 2u);
  // Four figures of standard error h/z each, weights +-1/2: half-width z * sqrt(4 (h/z)^2 / 4).
  EXPECT_NEAR(facing.ci95.high - facing.effect, 0.01, 1e-12);
  EXPECT_DOUBLE_EQ(main_effect(1, 1, Criterion::kCompletion).effect,
                   ((0.60 - 0.50) + (1.00 - 0.70)) / 2);
  EXPECT_DOUBLE_EQ(main_effect(0, 0, Criterion::kCompletion).effect, 0);  // the reference
  EXPECT_DOUBLE_EQ(main_effect(0, 1, Criterion::kBalance).effect, 0);
  // Interaction: (1.00 - 0.70) - (0.60 - 0.50) = 0.2, with a simultaneous interval over the one
  // interaction tested per criterion (so the plain 95% one): half-width z sqrt(4 (h/z)^2) = 0.02.
  ASSERT_EQ(e.interactions_tested[static_cast<size_t>(Criterion::kCompletion)], 1u);
  const auto it =
      std::find_if(e.interactions.begin(), e.interactions.end(),
                   [](const Interaction& i) { return i.criterion == Criterion::kCompletion; });
  ASSERT_NE(it, e.interactions.end());
  EXPECT_NEAR(it->effect, 0.2, 1e-12);
  EXPECT_NEAR(it->ci.high - it->effect, 0.02, 1e-12);
  // Balance has no interaction (all equal): its interval holds zero, so it is not shown.
  EXPECT_EQ(std::count_if(e.interactions.begin(), e.interactions.end(),
                          [](const Interaction& i) { return i.criterion == Criterion::kBalance; }),
            0);
  // Issue 36, item 5: whether an interval excludes 0 (the pages' '*') is the model's: facing's
  // +0.10 [+0.09, +0.11] does; the reference's 0 [0, 0] and balance's 0 do not.
  EXPECT_TRUE(main_effect(0, 1, Criterion::kCompletion).significant);
  EXPECT_FALSE(main_effect(0, 0, Criterion::kCompletion).significant);
  EXPECT_FALSE(main_effect(0, 1, Criterion::kBalance).significant);
  // The largest spread on completion, the readings page's and the index's one model: facing's
  // ((0.70 - 0.50) + (1.00 - 0.60)) / 2 = 0.3, not store's ((0.60 - 0.50) + (1.00 - 0.70)) / 2.
  const Spread* largest = largest_spread(e, Criterion::kCompletion);
  ASSERT_NE(largest, nullptr);
  EXPECT_EQ(largest->choice, 0u);
  EXPECT_NEAR(largest->spread, 0.3, 1e-12);
  EXPECT_TRUE(largest->significant);
  // The spread of a choice: its two readings farthest apart.
  for (const Spread& s : e.spreads) {
    if (s.choice == 0 && s.criterion == Criterion::kCompletion) {
      EXPECT_EQ(s.high, 1u);
      EXPECT_EQ(s.low, 0u);
      EXPECT_DOUBLE_EQ(s.spread, facing.effect);
    }
  }
}

// A difference of two shares lies in [-1, 1] and a difference of differences in [-2, 2]: the
// intervals of main effects, spreads and interactions on a share stop there (the audit found
// "+95.0 pp [+88.4, +101.6]"); an unbounded criterion's (duration) are left as computed.
TEST(Effects, IntervalsOfSharesStopWhereADifferenceOfSharesCanReach) {
  const Space space = generate_space(readings_of(testing::kKalahTwoChoices));
  const auto completion_of = [](const Effects& e, size_t choice) {
    for (const Effect& x : e.main) {
      if (x.choice == choice && x.alternative == 1 && x.criterion == Criterion::kCompletion)
        return x;
    }
    return Effect{};
  };
  // Candidates (facing, store): 0 (base, base), 1 (base, once), 2 (last, base), 3 (last, once).
  // The facing capture raises completion from 0.02 to 0.98; each figure's half-width 0.2 makes
  // the effect's normal interval 0.96 +- 0.2.
  {
    const std::vector<Figures> f = {
        figures(0.02, 0.2, 0.9, 0.01, 100, 30), figures(0.02, 0.2, 0.9, 0.01, 100, 30),
        figures(0.98, 0.2, 0.9, 0.01, 300, 30), figures(0.98, 0.2, 0.9, 0.01, 300, 30)};
    const Effects e = measure_effects(space, f);
    const Effect facing = completion_of(e, 0);
    EXPECT_NEAR(facing.effect, 0.96, 1e-12);
    EXPECT_NEAR(facing.ci95.low, 0.76, 1e-12);
    EXPECT_DOUBLE_EQ(facing.ci95.high, 1);
    for (const Spread& s : e.spreads) {
      if (s.choice == 0 && s.criterion == Criterion::kCompletion) {
        EXPECT_NEAR(s.spread, 0.96, 1e-12);
        EXPECT_DOUBLE_EQ(s.ci95.high, 1);
      }
    }
    for (const Effect& x : e.main) {
      if (x.choice == 0 && x.alternative == 1 && x.criterion == Criterion::kDuration) {
        EXPECT_DOUBLE_EQ(x.effect, 200);
        EXPECT_NEAR(x.ci95.low, 170, 1e-9);
        EXPECT_NEAR(x.ci95.high, 230, 1e-9);
      }
    }
  }
  // Each reading alone lowers completion from 0.98 to 0.02, both together keep 0.98: the
  // interaction (0.98 - 0.02) - (0.02 - 0.98) = 1.92, whose normal interval (half-width
  // z sqrt(4 (0.2/z)^2) = 0.4) would pass +2.
  {
    const std::vector<Figures> f = {figures(0.98, 0.2, 0.9, 0.01), figures(0.02, 0.2, 0.9, 0.01),
                                    figures(0.02, 0.2, 0.9, 0.01), figures(0.98, 0.2, 0.9, 0.01)};
    const Effects e = measure_effects(space, f);
    const auto it =
        std::find_if(e.interactions.begin(), e.interactions.end(),
                     [](const Interaction& i) { return i.criterion == Criterion::kCompletion; });
    ASSERT_NE(it, e.interactions.end());
    EXPECT_NEAR(it->effect, 1.92, 1e-12);
    EXPECT_NEAR(it->ci.low, 1.52, 1e-12);
    EXPECT_DOUBLE_EQ(it->ci.high, 2);
    EXPECT_NEAR(completion_of(e, 0).effect, 0, 1e-12);
    EXPECT_NEAR(completion_of(e, 0).ci95.low, -0.2, 1e-12);
  }
}

// A refused combination is left out of the contrasts: the effect averages over the settings of
// the other choices where both readings are allowed.
TEST(Effects, RefusedCombinationsLeaveTheirPairsOut) {
  const Space space = generate_space(load_readings(default_readings_path("mawkar_katiya")));
  std::vector<Figures> f(space.candidates.size(), figures(0.9, 0.01, 0.9, 0.01));
  const Effects e = measure_effects(space, f);
  for (const Effect& x : e.main) {
    if (space.readings.choices[x.choice].id == "relay" && x.alternative == 1 &&
        x.criterion == Criterion::kCompletion) {
      EXPECT_EQ(x.pairs, 8u);  // 16 settings of the other four choices, half of them refused
      EXPECT_NEAR(x.effect, 0, 1e-12);
    }
  }
}

// "every candidate first under random play, then the promising ones under the chosen agent":
// stage 1 is exactly `simulate` of each candidate with --games N --seed S; the skilled rounds
// play N/4, N/4 and N/2 new games, each keeping the better half (with ties at the cut).
TEST(Stages, RandomStageIsSimulateAndTheSkilledRoundsHalveTheCandidates) {
  const Reconstruction r = played("otep", 40);
  ASSERT_EQ(r.stages.size(), 4u);
  const Candidate& c = r.space.candidates[5];
  sim::BatchOptions batch;
  batch.games = 40;
  batch.seed = 1;
  EXPECT_EQ(r.stages[0].runs[5], sim::simulate_ruleset(c.rules, batch));
  EXPECT_EQ(r.stages[0].plan.candidates.size(), 32u);
  EXPECT_EQ(r.stages[1].plan.games, 10);
  EXPECT_EQ(r.stages[1].plan.seed, 1u);
  EXPECT_EQ(r.stages[1].plan.agent.name(), "alphabeta:2");
  EXPECT_EQ(r.stages[1].plan.candidates.size(), 32u);
  EXPECT_EQ(r.stages[2].plan.games, 10);
  EXPECT_EQ(r.stages[2].plan.seed, independent_seed(1, 1));
  EXPECT_GE(r.stages[2].plan.candidates.size(), 16u);
  EXPECT_LT(r.stages[2].plan.candidates.size(), 32u);
  EXPECT_EQ(r.stages[3].plan.games, 20);
  EXPECT_LE(r.stages[3].plan.candidates.size(), r.stages[2].plan.candidates.size());
  const ReconstructResult result = evaluate_reconstruction(r);
  EXPECT_TRUE(result.complete);
  // A survivor played 10 + 10 + 20 = 40 skilled games, the most a stage gives it being 20 <= N.
  EXPECT_EQ(result.ranked_figures(result.order.front()).games, 40u);
  EXPECT_EQ(result.candidates[result.order.front()].last_stage, 4);
}

// The planted case (issue 24 "Checks"): every Otep reading with no_move: end_mover_loses ranks
// above every reading without it, and the no-move choice has the largest effect on completion,
// judged on the intervals.
TEST(Stages, OtepNoMoveChoiceDominatesTheRankingAndHasTheLargestEffectOnCompletion) {
  const Reconstruction r = played("otep", 80);
  const ReconstructResult result = evaluate_reconstruction(r);
  const Readings& readings = r.space.readings;
  ASSERT_EQ(readings.choices[0].id, "no_move");
  int worst_with = 0, best_without = 1 << 30;
  for (size_t i = 0; i < r.space.candidates.size(); ++i) {
    const bool loses =
        readings.choices[0].alternatives[r.space.candidates[i].pick[0]].name == "mover_loses";
    const int rank = result.candidates[i].standing.rank;
    if (loses) {
      worst_with = std::max(worst_with, rank);
      EXPECT_EQ(result.ranked_figures(i).completion, CompletionClass::kTextRule) << i;
      // Its no-move rule reads the DLP's paraphrase ("The player who captures all of their
      // opponent's counters wins."): the paraphrase's rule, never the source's.
      EXPECT_EQ(r.space.candidates[i].rules.provenance.at("no_move").count("paraphrase"), 1u) << i;
    } else {
      best_without = std::min(best_without, rank);
    }
  }
  EXPECT_LT(worst_with, best_without);
  // No Otep reading has an ending Beaton's own words state (docs/terms.md, "Endings").
  EXPECT_FALSE(result.any_source_rule());
  EXPECT_EQ(result.ending_by_source_rule(), 0u);
  const Spread* no_move = nullptr;
  for (const Spread& s : result.skilled_effects.spreads) {
    if (s.criterion != Criterion::kCompletion) continue;
    if (s.choice == 0) no_move = &s;
  }
  ASSERT_NE(no_move, nullptr);
  EXPECT_GT(no_move->ci95.low, 0.5);  // more than 50 points, on its interval
  for (const Spread& s : result.skilled_effects.spreads) {
    if (s.criterion == Criterion::kCompletion && s.choice != 0) {
      EXPECT_LT(s.ci95.high, no_move->ci95.low) << readings.choices[s.choice].id;
    }
  }
}

// "Deterministic for any thread count" and "--shard like simulate's, with the stage boundaries
// as the points where shards merge".
TEST(Stages, OneAndTwoThreadsAndShardsMergedAtEachStageGiveTheSameSearch) {
  const Reconstruction one = played("toguz_kumalak", 12, 1);
  const Reconstruction two = played("toguz_kumalak", 12, 2);
  const auto text = [&](const Reconstruction& r) {
    Related related;
    related.commonness = count_readings(r.space, {});
    return reconstruction_to_json(r, evaluate_reconstruction(r), related, true).dump();
  };
  EXPECT_EQ(text(one), text(two));
  Reconstruction sharded = start_reconstruction(one.space, one.settings);
  while (const std::optional<StagePlan> plan = next_stage(sharded)) {
    std::vector<ReconstructShard> shards;
    for (int i : {2, 3, 1}) {
      Reconstruction part = sharded;
      PlayStageOptions options;
      options.shard = {i, 3};
      run_reconstruction(part, options);
      EXPECT_TRUE(part.pending_merge());
      EXPECT_EQ(error_of([&] { next_stage(part); }),
                "reconstruct: stage " + std::to_string(plan->index) +
                    " was played in shards: merge them ('mancala reconstruct --merge') before the "
                    "next stage is planned");
      // Each shard goes through its JSON, as between machines.
      Related related;
      related.commonness = count_readings(part.space, {});
      const nlohmann::json j =
          reconstruction_to_json(part, evaluate_reconstruction(part), related, true);
      shards.push_back(
          {"part" + std::to_string(i),
           reconstruction_from_json(nlohmann::json::parse(reconstruction_json_text(j)), "part")});
    }
    sharded = merge_reconstruction_shards(shards);
  }
  EXPECT_EQ(text(sharded), text(one));
}

TEST(Stages, ShardsOfDifferentSearchesOrAMissingShardDoNotMerge) {
  Reconstruction r = start_reconstruction(
      generate_space(readings_of(testing::kKalahTwoChoices)),
      ReconstructSettings{sim::AgentSpec(sim::Agent::kGreedy), "test", 8, 3, {}});
  const auto shard = [&](int i, uint64_t seed) {
    Reconstruction part = r;
    part.settings.seed = seed;
    PlayStageOptions options;
    options.shard = {i, 2};
    run_reconstruction(part, options);
    return part;
  };
  EXPECT_EQ(error_of([&] {
              merge_reconstruction_shards({{"a", shard(1, 3)}, {"b", shard(2, 4)}});
            }),
            "b: its agent, games or seed differ from a's: shards of different searches or stages "
            "do not merge");
  EXPECT_EQ(error_of([&] {
              merge_reconstruction_shards({{"a", shard(1, 3)}});
            }),
            "a: kalah/reading_1: shard 2/2 is missing");
  EXPECT_EQ(error_of([&] {
              merge_reconstruction_shards({{"a", shard(1, 3)}, {"b", shard(1, 3)}});
            }),
            "b: kalah/reading_1: shard 1/2 is also in a");
}

// The JSON reads back only as written: a plan edited, or rules that changed since the runs were
// played, are refused.
TEST(Stages, TheJsonRefusesAnEditedPlanAndRunsOfOtherRules) {
  const Reconstruction r = played("kalah", 8);
  Related related;
  related.commonness = count_readings(r.space, {});
  nlohmann::json j = reconstruction_to_json(r, evaluate_reconstruction(r), related, true);
  const Reconstruction back = reconstruction_from_json(j, "f.json");
  EXPECT_EQ(reconstruction_to_json(back, evaluate_reconstruction(back), related, true), j);
  nlohmann::json edited = j;
  edited["stages"][1]["games"] = 3;
  EXPECT_EQ(error_of([&] { reconstruction_from_json(edited, "f.json"); }),
            "f.json: stages[1]: its plan is not the one the stages before it give (the file was "
            "edited, or written by another version)");
  nlohmann::json other = j;
  other["stages"][0]["runs"][1]["rules_hash"] = "0000000000000000";
  EXPECT_EQ(error_of([&] { reconstruction_from_json(other, "f.json"); }),
            "f.json: stages[0]: runs[1]: rules_hash: kalah/reading_2 now resolves to other rules "
            "(" +
                r.space.candidates[1].rules_hash +
                ") than the run played (0000000000000000): a ruleset changed since; play the "
                "search again");
  const nlohmann::json results_only =
      reconstruction_to_json(r, evaluate_reconstruction(r), related, false);
  EXPECT_EQ(error_of([&] { reconstruction_from_json(results_only, "f.json"); }),
            "f.json: stages[0]: runs: missing: the file holds the results only (a complete "
            "search written without --runs), not the runs to go on from");
}

// Candidates whose rules differ only in keys that never act play the same games; the result
// says so rather than count them as evidence twice unnoticed.
TEST(Stages, CandidatesPlayingTheSameGamesAreMarked) {
  const Reconstruction r = played("sonka", 4, 2, "random");
  const ReconstructResult result = evaluate_reconstruction(r);
  const auto& choices = r.space.readings.choices;
  ASSERT_EQ(choices[0].id, "turns");
  ASSERT_EQ(choices[1].id, "together");
  // Alternating turns have no simultaneous turn to resolve: both resolutions play alike.
  for (size_t i = 0; i < r.space.candidates.size(); ++i) {
    const Pick& p = r.space.candidates[i].pick;
    if (choices[0].alternatives[p[0]].name != "alternating" || p[1] != 0) continue;
    Pick other = p;
    other[1] = 1;
    const int j = r.space.candidate_of[combination_index(r.space, other)];
    ASSERT_GE(j, 0);
    EXPECT_NE(
        std::find(result.candidates[i].plays_as.begin(), result.candidates[i].plays_as.end(), j),
        result.candidates[i].plays_as.end())
        << pick_label(r.space.readings, p);
  }
}

// Readings that play exactly alike are one reading, counted once (docs/terms.md, "Readings and
// their order"); a choice void given another is left out of that cell's interactions (issue 36,
// item 3): Sonka's `together` means nothing under alternating turns.
TEST(Stages, ReadingsThatPlayAlikeAreCountedOnceAndAVoidChoiceHasNoInteraction) {
  const Reconstruction r = played("sonka", 8, 2, "random");
  const ReconstructResult result = evaluate_reconstruction(r);
  size_t played_count = 0, repeats = 0, own = 0;
  for (size_t i = 0; i < r.space.candidates.size(); ++i) {
    if (!result.ranked_figures(i).played) continue;
    ++played_count;
    const std::vector<int>& alike = result.candidates[i].plays_as;
    const bool earlier =
        std::any_of(alike.begin(), alike.end(), [&](int j) { return static_cast<size_t>(j) < i; });
    EXPECT_EQ(result.repeats(i), earlier) << i;
    repeats += earlier;
    own += !earlier && result.ranked_figures(i).completion == CompletionClass::kTextRule;
  }
  EXPECT_GT(repeats, 0u);
  EXPECT_EQ(result.distinct_played(), played_count - repeats);
  EXPECT_EQ(result.ending_by_text_rule(), own);
  // Every interaction left out has a choice void in its cell; none kept has one.
  const auto& choices = r.space.readings.choices;
  const auto void_given = [&](size_t b, size_t b_alt, size_t a, size_t a_alt) {
    bool any = false;
    for (size_t index = 0; index < r.space.candidate_of.size(); ++index) {
      Pick p = pick_of(r.space, index);
      if (p[a] != a_alt || p[b] != choices[b].reference || r.space.candidate_of[index] < 0)
        continue;
      const int x = r.space.candidate_of[index];
      p[b] = b_alt;
      const int y = r.space.candidate_of[combination_index(r.space, p)];
      if (y < 0) continue;
      any = true;
      const auto& alike = result.candidates[static_cast<size_t>(x)].plays_as;
      if (x != y && std::find(alike.begin(), alike.end(), y) == alike.end()) return false;
    }
    return any;
  };
  const auto void_cell = [&](const Interaction& i) {
    return void_given(i.choice_b, i.alternative_b, i.choice_a, i.alternative_a) ||
           void_given(i.choice_a, i.alternative_a, i.choice_b, i.alternative_b);
  };
  for (const Effects* e : {&result.random_effects, &result.skilled_effects}) {
    for (const Interaction& i : e->interactions) EXPECT_FALSE(void_cell(i));
    for (const Interaction& i : e->void_left_out) EXPECT_TRUE(void_cell(i));
  }
  // `together` read either way under alternating turns: void there.
  ASSERT_EQ(choices[0].id, "turns");
  ASSERT_EQ(choices[1].id, "together");
  size_t alternating = 0;
  while (choices[0].alternatives[alternating].name != "alternating") ++alternating;
  for (size_t b = 0; b < choices[1].alternatives.size(); ++b) {
    if (b != choices[1].reference) {
      EXPECT_TRUE(void_given(1, b, 0, alternating)) << b;
    }
  }
}

}  // namespace
}  // namespace mancala::analysis
