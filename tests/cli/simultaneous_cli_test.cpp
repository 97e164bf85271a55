// Simultaneous turns through the commands (moved from tests/simulator/simultaneous_test.cpp, issue
// 22: a test of a command is a cli test): `replay` takes joint moves P1/P2 and follows a Sonka
// match as its trace played it; `trace` shows both moves of a simultaneous turn.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/cli.h"

namespace mancala::sim {
namespace {

TEST(Replay, AcceptsJointMovesAndShowsTheResultingBoard) {
  std::ostringstream out, err;
  ASSERT_EQ(cli::run({"replay", "otep", "--moves", "o7/o7 o4", "--format", "json"}, out, err), 0)
      << err.str();
  const auto j = nlohmann::json::parse(out.str());
  // After the opening (see otep_test.cpp) P1 sows o4 (3): o5 o6 o7; o7 (2) is picked up: o8 i8;
  // i8 (7) faces P2's o1 (2) and i1 (empty): picked up: i7 i6 i5 i4 i3 i2 i1; i1 was empty.
  // Holes from P1's left: outer o1..o8, then inner i1..i8.
  EXPECT_EQ(j["holes"][0], (nlohmann::json{2, 1, 1, 0, 1, 4, 0, 1, 1, 2, 1, 5, 5, 2, 6, 0}));
  EXPECT_EQ(j["to_move"], 2);
  EXPECT_EQ(j["simultaneous"], false);
}

TEST(Replay, ASingleMoveInASimultaneousTurnIsRejectedWithItsNumber) {
  std::ostringstream out, err;
  EXPECT_EQ(cli::run({"replay", "otep", "--moves", "o7"}, out, err), 1);
  EXPECT_EQ(
      err.str(),
      "mancala: replay: move 1 'o7': this turn is simultaneous: give both players' holes as P1/P2 "
      "(e.g. 3/4; '-' for a player without a move)\n");
}

TEST(Replay, FollowsASonkaMatchFromRoundToRoundAsTheTracePlayedIt) {
  // Every move of the seed-1 trace (joint moves with their drawn order), replayed, gives the
  // trace's state after each of them, across the rounds of the match.
  std::ostringstream trace, err;
  ASSERT_EQ(cli::run({"trace", "sonka", "--seed", "1", "--format", "json"}, trace, err), 0)
      << err.str();
  const auto j = nlohmann::json::parse(trace.str());
  ASSERT_GT(j["rounds"].size(), 1u);
  std::string moves;
  int checked = 0;
  for (const auto& m : j["moves"]) {
    moves += m["move"].get<std::string>() + " ";
    if (m["state"]["ply"] != 1 && &m != &j["moves"].back())
      continue;  // first turn of a round, and the last
    std::ostringstream out;
    ASSERT_EQ(cli::run({"replay", "sonka", "--moves", moves, "--format", "json"}, out, err), 0)
        << err.str();
    EXPECT_EQ(nlohmann::json::parse(out.str()), m["state"]) << "after " << moves;
    ++checked;
  }
  EXPECT_EQ(checked, static_cast<int>(j["rounds"].size()) + 1);
}

TEST(Trace, ShowsBothMovesOfASimultaneousTurn) {
  std::ostringstream out, err;
  ASSERT_EQ(cli::run({"trace", "otep", "--seed", "1"}, out, err), 0) << err.str();
  const std::string text = out.str();
  EXPECT_NE(text.find("1. Simultaneous: P1 sows o7 (2) | P2 sows o7 (2); lockstep, P1's counter "
                      "first in each tick, "
                      "33 ticks\n   P1: last in P1's o2, 10 sowings, captures 8; dead at tick 33\n "
                      "  P2: last in P2's o2, "
                      "10 sowings, captures 8; dead at tick 33\n"),
            std::string::npos)
      << text.substr(0, 2000);
}

}  // namespace
}  // namespace mancala::sim
