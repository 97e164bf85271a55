// What the MPI build sends between ranks (simulator/distributed.cpp): a block's tally as bytes,
// read back exactly, and refused when cut short. The byte-for-byte comparison of whole runs
// under mpirun is tests/scale/mpi_identical.sh (MPI build only).
#include <gtest/gtest.h>

#include "common/error.h"
#include "simulator/batch.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {
namespace {

TEST(Distributed, ABlockTallyOfAMatchRulesetTravelsAsBytesExactly) {
  const RuleSet rules = load_ruleset("khutka_boia");
  BatchOptions options;
  options.games = 40;
  options.seed = 11;
  const RunStats run = simulate_ruleset(rules, options);
  ASSERT_TRUE(run.tally.match.enabled);
  const GameRange block{1000, 1040};
  GameRange back;
  const GameTally read = block_tally_from_bytes(block_tally_bytes(block, run.tally), back);
  EXPECT_EQ(back, block);
  EXPECT_EQ(read, run.tally);
}

TEST(Distributed, AMessageCutShortIsRefused) {
  GameRange block;
  EXPECT_THROW(block_tally_from_bytes(std::vector<uint8_t>(10, 0), block), Error);
}

TEST(Distributed, WithoutMpiThereIsOneRankAndPlayGamesRunsLocally) {
  BatchOptions options;
  options.threads = 2;
  const PlayOne play = [](int64_t g) {
    GameResult r;
    r.winner = static_cast<int8_t>(g % 2);
    r.reason = EndReason::kRule;
    r.plies = 10;
    r.rounds = 1;
    r.round[0] = RoundRecord{};  // the metrics read the round's records
    r.round[0].setup = RoundSetup::none();
    r.round[0].winner = r.winner;
    r.play[0] = RoundPlay::none();
    return r;
  };
  const GameTally local = play_games(GameRange{0, 100}, play, options);
  const GameTally same = play_games_distributed(
      GameRange{0, 100}, [&play] { return play; }, options, GameTally{});
  EXPECT_EQ(local, same);
  EXPECT_EQ(local.wins[0], 50u);
}

}  // namespace
}  // namespace mancala::sim
