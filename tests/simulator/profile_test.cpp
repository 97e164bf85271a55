// Rule profiles (profile.h, issue 37): a ruleset plays under the cheapest profile holding its
// features, and plays exactly the games it plays under the profile of every feature: the profile
// only leaves out code its rules can never reach.
#include <gtest/gtest.h>

#include "../test_support.h"
#include "play_test_util.h"
#include "simulator/play.h"
#include "simulator/playout.h"
#include "simulator/round_tracker.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {
namespace {

constexpr int kAllProfile = static_cast<int>(kProfiles.size()) - 1;

TEST(Profiles, TheLastProfileHoldsEveryFeatureAndTheFirstIsToguzKumalaks) {
  EXPECT_EQ(kProfiles.back(), kAllFeatures);
  const Game toguz(load_ruleset("toguz_kumalak"));
  EXPECT_EQ(toguz.profile(), 0);
  EXPECT_EQ(feature_names(toguz.features()),
            (std::vector<std::string>{"first_into_origin", "sinks", "hole_sinks", "capture_even",
                                      "tuzdyk", "end_on_majority"}));
  // Otep's simultaneous opening and reversed sowings: only the profile of every feature up to
  // issue 37 (two before the last), which holds none of issue 38's.
  EXPECT_EQ(Game(load_ruleset("otep")).profile(), kAllProfile - 2);
  EXPECT_EQ(kProfiles[kAllProfile - 2], profile::kUpToIssue37);
  // The features of issue 38's first landings: the one before the last, which holds none of the
  // later ones (Boukerourou's conditional relay).
  EXPECT_EQ(Game(load_ruleset("boukerourou")).profile(), kAllProfile - 1);
  EXPECT_EQ(kProfiles[kAllProfile - 1], profile::kIssue38First);
  // The later features of issue 38 (Whyo's hole ownership): only the last.
  EXPECT_EQ(Game(load_ruleset("whyo")).profile(), kAllProfile);
}

TEST(Profiles, AProfileWithoutAFeatureOfTheRulesetIsRefused) {
  // Khutka Boia's tribute is in no profile but the last.
  const RuleSet khutka = load_ruleset("khutka_boia");
  EXPECT_TRUE(has(features_of(khutka), feature::kTribute));
  EXPECT_EQ(test_support::error_of([&] { Game g(khutka, 0); }),
            "khutka_boia/das_gupta_1926: rule profile 0 does not hold every feature of the "
            "ruleset");
}

TEST(Profiles, EveryFeatureBitHasAName) {
  EXPECT_EQ(feature_names(kAllFeatures).size(), kFeatureCount);
  EXPECT_EQ(feature_names(feature::kMatch), (std::vector<std::string>{"match"}));
}

// The stability metric's square root (round_tracker.h): the floor, exactly, against the bit by
// bit root it replaced, at squares, next to them and up to the largest products a round makes.
TEST(RoundTrackerRoot, IsTheExactFloorOfTheSquareRoot) {
  using u128 = __uint128_t;
  auto bitwise = [](u128 x) {
    u128 root = 0;
    for (int bit = 63; bit >= 0; --bit) {
      const u128 next = root | (u128{1} << bit);
      if (next * next <= x) root = next;
    }
    return root;
  };
  std::vector<u128> xs = {0, 1, 2, 3, 4, 15, 16, 17, 999999, 1000000, 1000001};
  for (u128 k : {u128{1} << 26, (u128{1} << 32) - 1, u128{3037000499}, u128{1} << 40,
                 (u128{1} << 52) + 12345, (u128{1} << 60) - 7}) {
    xs.push_back(k * k - 1);
    xs.push_back(k * k);
    xs.push_back(k * k + 1);
  }
  Rng rng(5, 0);
  for (int i = 0; i < 2000; ++i) xs.push_back((u128{rng.next()} << (rng.below(60))) | rng.next());
  for (const u128 x : xs) {
    ASSERT_TRUE(isqrt(x) == bitwise(x))
        << static_cast<unsigned long long>(x >> 64) << ":" << static_cast<unsigned long long>(x);
  }
}

class ProfileGames : public ::testing::TestWithParam<std::string> {};

// The games of every shipped ruleset under its profile and under every feature: the same moves,
// positions and results (random play through play_game, as simulate plays, and random_playout
// from the opening, as MCTS plays).
TEST_P(ProfileGames, ARulesetPlaysTheSameGamesUnderItsProfileAsUnderEveryFeature) {
  const RuleSet rules = load_ruleset(GetParam());
  const Game own(rules), all(rules, kAllProfile);
  const int games = test_support::scaled(12, 4);
  for (int g = 0; g < games; ++g) {
    Rng a(9, static_cast<uint64_t>(g)), b(9, static_cast<uint64_t>(g));
    const GameResult x = play_game(own, Agent::kRandom, Agent::kRandom, a);
    const GameResult y = play_game(all, Agent::kRandom, Agent::kRandom, b);
    ASSERT_EQ(x.plies, y.plies) << "game " << g;
    ASSERT_EQ(x.winner, y.winner) << "game " << g;
    ASSERT_EQ(x.store, y.store) << "game " << g;
    ASSERT_EQ(x.rounds, y.rounds) << "game " << g;
    State s = own.initial_state(), t = all.initial_state();
    Rng c(10, static_cast<uint64_t>(g)), d(10, static_cast<uint64_t>(g));
    ASSERT_EQ(random_playout(own, s, c), random_playout(all, t, d)) << "game " << g;
    ASSERT_EQ(s, t) << "game " << g;
  }
  // Move by move, apply() of each profile from the same positions.
  State s = own.initial_state(), t = all.initial_state();
  Rng r(11, 0);
  MoveList moves;
  for (int ply = 0; ply < 400 && !s.over; ++ply) {
    if (own.joint_turn(s)) break;
    own.legal_moves(s, moves);
    ASSERT_GT(moves.size, 0);
    const Move m = moves[static_cast<int>(r.below(static_cast<uint32_t>(moves.size)))];
    const MoveEffect fx = own.apply(s, m), fy = all.apply(t, m);
    ASSERT_EQ(s, t) << "ply " << ply;
    ASSERT_EQ(fx.captured, fy.captured) << "ply " << ply;
    ASSERT_EQ(fx.extra_move, fy.extra_move) << "ply " << ply;
    ASSERT_EQ(fx.last_pos, fy.last_pos) << "ply " << ply;
  }
}

// Game::try_captures, reverse_privilege's test, plays a move only as far as its first capture:
// it answers as the whole move's captures do (try_move), for every hole of the mover sown either
// way, in the positions of random games (joint turns played through).
TEST_P(ProfileGames, TryCapturesAnswersAsTheWholeMove) {
  const Game game(load_ruleset(GetParam()));
  int captures = 0;
  for (int g = 0; g < test_support::scaled(3, 1); ++g) {
    State s = game.initial_state();
    Rng r(12, static_cast<uint64_t>(g));
    MoveList moves;
    for (int ply = 0; ply < 300 && !s.over; ++ply) {
      if (game.joint_turn(s)) {
        game.apply_joint(s, choose_joint_move(game, s, moves, r, [&](int, const MoveList& m) {
                           return m[static_cast<int>(r.below(static_cast<uint32_t>(m.size)))];
                         }));
        continue;
      }
      for (int hole = 0; hole < game.holes_per_player(); ++hole) {
        if (s.holes[static_cast<size_t>(game.global(s.to_move, hole))] == 0) continue;
        for (const bool reverse : {false, true}) {
          const Move m{static_cast<uint8_t>(hole), reverse};
          State whole = s, part = s;
          const bool captured = game.try_move(whole, s.to_move, m).captured > 0;
          ASSERT_EQ(game.try_captures(part, s.to_move, m), captured)
              << "game " << g << ", ply " << ply << ", hole " << hole
              << (reverse ? " reversed" : "");
          captures += captured;
        }
      }
      game.legal_moves(s, moves);
      ASSERT_GT(moves.size, 0);
      game.apply(s, moves[static_cast<int>(r.below(static_cast<uint32_t>(moves.size)))]);
    }
  }
  if (GetParam().starts_with("otep/")) {
    EXPECT_GT(captures, 0);  // the test saw some
  }
}

INSTANTIATE_TEST_SUITE_P(Rulesets, ProfileGames,
                         ::testing::ValuesIn(play_testing::shipped_ruleset_ids()),
                         test_support::param_name);

}  // namespace
}  // namespace mancala::sim
