// The instruction budget's measurement (issue 37): random games of every shipped ruleset, played as
// `mancala simulate` plays them (play_game with random agents, Rng(1, g) for game g, each result
// added to a run's tally), the instructions of that loop alone counted by valgrind's callgrind.
// Instruction counts are exact where times are not: the same binary plays the same games in the
// same instructions on any machine, however loaded. scripts/instructions.py runs it under
// callgrind and writes or checks bench/instructions.tsv.
//
//   mancala_instructions [--plies N] [--list] [--build] [RULESET...]
//
// Each ruleset plays games 0, 1, 2... until they total at least N plies (default 3000), then plays
// the same games again with callgrind collecting, and dumps the count under the ruleset's id
// (CALLGRIND_DUMP_STATS_AT). It prints "<ruleset> <games> <plies>" per ruleset. Outside callgrind
// the client requests do nothing: the program plays and prints alike. --list prints the shipped
// rulesets' ids, --build the compiler and flags it was built with (MANCALA_INSTRUCTIONS_BUILD).
#include <valgrind/callgrind.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "simulator/agents.h"
#include "simulator/play.h"
#include "simulator/ruleset_io.h"
#include "simulator/run_stats.h"

namespace {

using namespace mancala::sim;

struct Played {
  int64_t games = 0;
  int64_t plies = 0;
};

// Games 0..games-1 (or until `plies` are played when games is 0), as simulate plays them.
[[gnu::noinline]] Played play(const Game& game, Player& player, GameTally& tally, int64_t games,
                              int64_t plies) {
  Played done;
  for (int64_t g = 0; games > 0 ? g < games : done.plies < plies; ++g) {
    Rng rng(1, static_cast<uint64_t>(g));
    const GameResult result = play_game(game, player, player, rng);
    done.plies += result.plies;
    ++done.games;
    tally.add(result);
  }
  return done;
}

}  // namespace

int main(int argc, char** argv) {
  int64_t min_plies = 3000;
  std::vector<std::string> ids;
  bool list = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--plies") && i + 1 < argc) {
      min_plies = std::atoll(argv[++i]);
    } else if (!std::strcmp(argv[i], "--list")) {
      list = true;
    } else if (!std::strcmp(argv[i], "--build")) {
      std::printf("%s\n", MANCALA_INSTRUCTIONS_BUILD);
      return 0;
    } else {
      ids.push_back(argv[i]);
    }
  }
  if (ids.empty()) ids = list_ruleset_ids();
  if (list) {
    for (const auto& id : ids) std::printf("%s\n", id.c_str());
    return 0;
  }
  for (const std::string& id : ids) {
    const RuleSet rules = load_ruleset(id);
    const Game game(rules);
    Player player(game, AgentSpec{});
    GameTally first, measured;
    first.match.enabled = measured.match.enabled = rules.match;
    const Played sized = play(game, player, first, 0, min_plies);
    CALLGRIND_TOGGLE_COLLECT;
    const Played again = play(game, player, measured, sized.games, 0);
    CALLGRIND_TOGGLE_COLLECT;
    CALLGRIND_DUMP_STATS_AT(id.c_str());
    if (again.plies != sized.plies) {
      std::fprintf(
          stderr, "mancala_instructions: %s: the same games played %lld plies, then %lld\n",
          id.c_str(), static_cast<long long>(sized.plies), static_cast<long long>(again.plies));
      return 1;
    }
    std::printf("%s %lld %lld\n", id.c_str(), static_cast<long long>(again.games),
                static_cast<long long>(again.plies));
    std::fflush(stdout);
  }
  return 0;
}
