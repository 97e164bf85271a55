// A tally's outcomes game by game as JSON (the messages between MPI ranks: run_stats.h).
#include "common/error.h"
#include "simulator/run_stats.h"

namespace mancala::sim {

using nlohmann::json;

json outcomes_to_json(const GameTally& t) {
  json out = json::array();
  for (const GameOutcome& o : t.outcomes) {
    out.push_back({o.winner, o.end, o.relay_cut, o.rounds_recorded, o.first_mover_wins,
                   o.decided_rounds, o.no_progress_rounds, o.own_rule_rounds, o.plies, o.rounds});
  }
  return out;
}

void outcomes_from_json(const json& j, GameTally& t, const std::string& context) {
  const auto bad = [&] {
    return Error(where(context, "game_outcomes", "expected an array of 10 integers per game"));
  };
  if (!j.is_array()) throw bad();
  t.keep_outcomes = true;
  t.outcomes.clear();
  for (const json& g : j) {
    if (!g.is_array() || g.size() != 10) throw bad();
    for (const json& v : g)
      if (!v.is_number_integer()) throw bad();
    GameOutcome o;
    o.winner = g[0].get<int8_t>();
    o.end = g[1].get<uint8_t>();
    o.relay_cut = g[2].get<uint8_t>();
    o.rounds_recorded = g[3].get<uint8_t>();
    o.first_mover_wins = g[4].get<uint8_t>();
    o.decided_rounds = g[5].get<uint8_t>();
    o.no_progress_rounds = g[6].get<uint8_t>();
    o.own_rule_rounds = g[7].get<uint8_t>();
    o.plies = g[8].get<int32_t>();
    o.rounds = g[9].get<int32_t>();
    t.outcomes.push_back(o);
  }
}

}  // namespace mancala::sim
