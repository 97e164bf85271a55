// The engine's step events (simulator/steps.h): a move shown counter by counter for people
// watching. Hand-computed moves per kind of step, and over random games of every ruleset: the
// steps, applied to the position before a move, give the position after it, and watching a move
// does not change how it is played.
#include "simulator/steps.h"

#include <gtest/gtest.h>

#include <vector>

#include "../test_support.h"
#include "play_test_util.h"
#include "simulator/play_moves.h"
#include "simulator/playout.h"
#include "simulator/simultaneous.h"

namespace mancala::sim {
namespace {

using test_support::scaled;
using Kind = Step::Kind;

struct Recorder : StepObserver {
  std::vector<Step> steps;
  void on_step(const Step& step) override { steps.push_back(step); }
};

Step step(Kind kind, int player, int pos, int count = 1, int taker = kNobody) {
  return Step{kind, static_cast<int8_t>(player), static_cast<uint8_t>(pos),
              static_cast<int16_t>(count), static_cast<int8_t>(taker)};
}

// Applies `steps` to `s` as a watcher would (steps.h), checking each one can be made: a lift,
// take or seize empties a hole holding exactly `count` (a stylised opening's lift, with
// `partial_lifts`, may take part of one: issue 38), a drop or tribute has a counter in hand, every
// hand is empty at the end. Returns the position the steps lead to.
State apply_steps(State s, const std::vector<Step>& steps, bool partial_lifts = false) {
  std::array<int, 2> hand{};
  for (size_t i = 0; i < steps.size(); ++i) {
    const Step& x = steps[i];
    SCOPED_TRACE("step " + std::to_string(i));
    switch (x.kind) {
      case Kind::kLift:
      case Kind::kSeize:
      case Kind::kTake:
        EXPECT_LT(x.pos, kMaxHoles);
        if (partial_lifts && x.kind == Kind::kLift) {
          EXPECT_GE(s.holes[x.pos], x.count);
          s.holes[x.pos] = static_cast<Count>(s.holes[x.pos] - x.count);
        } else {
          EXPECT_EQ(s.holes[x.pos], x.count);
          s.holes[x.pos] = 0;
        }
        if (x.kind == Kind::kTake) {
          s.store[x.player] = static_cast<int16_t>(s.store[x.player] + x.count);
        } else {
          hand[x.player] += x.count;
        }
        break;
      case Kind::kDrop:
      case Kind::kTribute:
        EXPECT_GE(hand[x.player], 1);
        --hand[x.player];
        if (x.taker != kNobody) {
          ++s.store[x.taker];
        } else {
          EXPECT_EQ(x.kind, Kind::kDrop) << "a tribute goes to a store";
          EXPECT_LT(x.pos, kMaxHoles) << "a drop into a store names whose store";
          ++s.holes[x.pos];
        }
        break;
      case Kind::kTuzdyk:
        s.sink[x.pos] = x.player;
        s.tuzdyk[x.player] = static_cast<int8_t>(x.pos);
        break;
      case Kind::kToll:  // issue 38: part of a weg's counters
        EXPECT_GE(s.holes[x.pos], x.count);
        s.holes[x.pos] = static_cast<Count>(s.holes[x.pos] - x.count);
        s.store[x.player] = static_cast<int16_t>(s.store[x.player] + x.count);
        break;
      case Kind::kWeg:  // issue 38: the counters stay in the hole
        s.weg(x.player) = static_cast<uint16_t>(s.weg(x.player) | 1u << x.pos);
        break;
      case Kind::kEnter:  // Bao's namua: from the counters in hand, not the sowing's
        s.aside[x.player] = static_cast<int16_t>(s.aside[x.player] - x.count);
        s.holes[x.pos] = static_cast<Count>(s.holes[x.pos] + x.count);
        break;
    }
  }
  EXPECT_EQ(hand, (std::array<int, 2>{0, 0})) << "counters left in a hand";
  return s;
}

// What steps can show: the board, the stores and the special holes (the wegs where there are
// wegs: their words hold other rules' state elsewhere, state.h).
void expect_same_board(const Game& g, const State& stepped, const State& played) {
  EXPECT_EQ(stepped.holes, played.holes);
  EXPECT_EQ(stepped.store, played.store);
  EXPECT_EQ(stepped.sink, played.sink);
  EXPECT_EQ(stepped.tuzdyk, played.tuzdyk);
  if (g.rules().weg_count > 0) {
    EXPECT_EQ(stepped.weg(0), played.weg(0));
    EXPECT_EQ(stepped.weg(1), played.weg(1));
  }
}

// Toguz Kumalak, the first move 7 (9 counters): "the first ball goes back into the hole it came
// from", so 7, 8, 9 of P1 and P2's 1..6 take one each; P2's 6 then holds 10, "an even number"
// in the opponent's row: P1 captures it.
TEST(Steps, ToguzSowsFromTheOriginAndTakesTheEvenHole) {
  const Game game(load_ruleset("toguz_kumalak"));
  State s = game.initial_state();
  Recorder rec;
  game.apply(s, Move{6, false}, &rec);
  std::vector<Step> expected{step(Kind::kLift, 0, 6, 9)};
  for (int pos = 6; pos <= 14; ++pos) expected.push_back(step(Kind::kDrop, 0, pos));
  expected.push_back(step(Kind::kTake, 0, 14, 10));
  EXPECT_EQ(rec.steps, expected);
  EXPECT_EQ(s.store[0], 10);
}

// Kalah: "a counter sown into one's own store" is a drop naming the store's owner; a move ending
// there gives no capture.
TEST(Steps, KalahDropsIntoTheStoreOnThePath) {
  const Game game(load_ruleset("kalah/standard"));
  State s = game.initial_state();
  Recorder rec;
  game.apply(s, Move{2, false}, &rec);  // hole 3: 4 counters into 4, 5, 6 and the store
  const std::vector<Step> expected{step(Kind::kLift, 0, 2, 4), step(Kind::kDrop, 0, 3),
                                   step(Kind::kDrop, 0, 4), step(Kind::kDrop, 0, 5),
                                   step(Kind::kDrop, 0, kStorePos, 1, 0)};
  EXPECT_EQ(rec.steps, expected);
  EXPECT_TRUE(rec.steps.back().taker == 0);
}

// Otep's opening, both sowing o7 at once in lockstep: each tick P1's counter then P2's; the last
// counter in an occupied inner hole with both opposite holes occupied seizes them into the hand
// ("captured and sown beginning in the first hole").
TEST(Steps, OtepsOpeningInterleavesBothHandsAndSeizesForResowing) {
  const Game game(load_ruleset("otep"));
  State s = game.initial_state();
  Recorder rec;
  JointMove jm;
  jm.move = {Move{6, false}, Move{6, false}};
  jm.plays = {true, true};
  game.apply_joint(s, jm, &rec);
  ASSERT_GE(rec.steps.size(), 6u);
  EXPECT_EQ(rec.steps[0], step(Kind::kLift, 0, 6, 2));
  EXPECT_EQ(rec.steps[1], step(Kind::kLift, 1, 16 + 6, 2));
  EXPECT_EQ(rec.steps[2], step(Kind::kDrop, 0, 7));
  EXPECT_EQ(rec.steps[3], step(Kind::kDrop, 1, 16 + 7));
  bool seized = false;
  for (const Step& x : rec.steps) seized = seized || x.kind == Kind::kSeize;
  EXPECT_TRUE(seized);
}

// Plays a few random games (or matches) of the ruleset, each move once watched and once not:
// the same position after it, the same effect, and the steps lead from the position before to
// the position after.
class StepsOfEveryRuleset : public play_testing::RulesetTest {};

TEST_P(StepsOfEveryRuleset, ReplayToThePositionTheMoveLeavesAndChangeNothing) {
  for (int i = 0; i < scaled(20, 5); ++i) {
    Rng rng(31, static_cast<uint64_t>(i));
    MatchState match;
    State s = start_match(game, match);
    MoveList moves;
    for (int ply = 0; !(s.over && (!game.rules().match || match.over)); ++ply) {
      if (s.over) {
        finish_round(game, match, s);
        if (!next_round(game, match, s, rng)) break;
      }
      SCOPED_TRACE(GetParam() + " game " + std::to_string(i) + " ply " + std::to_string(ply));
      State watched = s, unwatched = s;
      Recorder rec;
      if (game.joint_turn(s)) {
        const JointMove jm = choose_joint_move(game, s, moves, rng, [&](int, const MoveList& m) {
          return m[static_cast<int>(rng.below(static_cast<uint32_t>(m.size)))];
        });
        const JointEffect a = game.apply_joint(watched, jm, &rec);
        const JointEffect b = game.apply_joint(unwatched, jm);
        EXPECT_EQ(a.ticks, b.ticks);
        EXPECT_EQ(a.fx[0].captured + a.fx[1].captured, b.fx[0].captured + b.fx[1].captured);
      } else {
        const Move m = random_move(game, s, rng, moves);
        const MoveEffect a = game.apply(watched, m, &rec);
        const MoveEffect b = game.apply(unwatched, m);
        EXPECT_EQ(a.captured, b.captured);
        EXPECT_EQ(a.last_pos, b.last_pos);
        EXPECT_EQ(a.sowings, b.sowings);
      }
      ASSERT_EQ(watched, unwatched);
      // Issue 38: the stylised openings (ply 0) lift part of a hole (Lam Waladach: three of four).
      const bool opening = game.rules().stylised_opening != StylisedOpening::kNone && s.ply == 0;
      expect_same_board(game, apply_steps(s, rec.steps, opening), watched);
      if (::testing::Test::HasFailure()) return;
      s = watched;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Rulesets, StepsOfEveryRuleset,
                         ::testing::ValuesIn(play_testing::shipped_ruleset_ids()),
                         test_support::param_name);

}  // namespace
}  // namespace mancala::sim
