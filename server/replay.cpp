#include "server/replay.h"

#include <sstream>

#include "simulator/ruleset_io.h"

namespace mancala::server {

using nlohmann::json;

archive::PlaytestRecord playtest_record(const LiveGame& game, const std::string& notes) {
  const sim::RuleSet& r = game.game().rules();
  archive::PlaytestRecord p;
  p.ruleset = r.id;
  p.rules_hash = sim::rules_hash(r);
  p.engine_version = MANCALA_VERSION;
  p.seats = {game.seats()[0].label(), game.seats()[1].label()};
  p.seed = game.seed();
  p.moves = game.moves_text();
  p.plies = game.move_count();
  p.notes = notes;
  if (const json result = game.result_json(); !result.is_null()) {
    p.rounds = result.at("rounds").get<int>();
    if (!result.at("winner").is_null()) p.winner = result.at("winner").get<int>();
    p.end = result.at("end").get<std::string>();
    p.holdings = {result.at("holdings")[0].get<int>(), result.at("holdings")[1].get<int>()};
    p.result = result.at("text").get<std::string>();
  } else {
    const json state = game.state_json();
    const int round = state.value("round", 1);
    p.rounds = round - 1;
    for (int i = 0; i < 2; ++i) {
      p.holdings[i] = state.at("stores")[i].get<int>() +
                      (state.contains("aside") ? state["aside"][i].get<int>() : 0);
    }
    std::ostringstream text;
    text << "Unfinished: saved after " << p.plies << (p.plies == 1 ? " ply" : " plies");
    if (r.match) text << " in round " << round;
    // Counted whole: what each side holds, and what is still in play in the holes (an unfinished
    // Sonka save held 21-13 with 26 counters still sown about).
    int in_holes = 0;
    for (const json& side : state.at("holes"))
      for (const json& count : side) in_holes += count.get<int>();
    text << ", holding " << p.holdings[0] << "-" << p.holdings[1];
    if (in_holes > 0) text << " with " << in_holes << " still in the holes";
    p.result = text.str();
  }
  // The saved play-test says the game was taken back (and what the person had seen).
  if (!game.undos().empty()) {
    std::string list;
    for (const std::string& u : game.undos()) list += (list.empty() ? "" : "; ") + u;
    p.result += " (" + std::to_string(game.undos().size()) +
                (game.undos().size() == 1 ? " undo: " : " undos: ") + list + ")";
  }
  return p;
}

json replay_playtest(std::shared_ptr<const sim::Game> game, const archive::PlaytestRecord& p) {
  std::array<Seat, 2> seats{};
  for (int i = 0; i < 2; ++i) {
    sim::AgentSpec spec;
    if (p.seats[i] != "human" && sim::try_parse_agent(p.seats[i], spec))
      seats[i] = Seat{false, spec};
  }
  LiveGame g(std::move(game), seats, p.seed, true);
  std::istringstream in(p.moves);
  std::string label;
  for (int i = 1; in >> label; ++i) {
    try {
      g.play_label(label);
    } catch (const GameError& e) {
      throw GameError{422, "play-test " + std::to_string(p.id) + ": move " + std::to_string(i) +
                               ": " + e.message +
                               (p.rules_hash == sim::rules_hash(g.game().rules())
                                    ? ""
                                    : " (the ruleset was edited since: its rules hash differs)")};
    }
  }
  json out = g.to_json(0);
  out["replay"] = true;
  return out;
}

json replay_trace(std::shared_ptr<const sim::Game> game, const json& trace) {
  std::array<Seat, 2> seats{};
  if (trace.contains("agents") && trace["agents"].is_array() && trace["agents"].size() == 2) {
    for (int i = 0; i < 2; ++i) {
      sim::AgentSpec spec;
      if (trace["agents"][i].is_string() &&
          sim::try_parse_agent(trace["agents"][i].get<std::string>(), spec))
        seats[i] = Seat{false, spec};
    }
  }
  uint64_t seed = 0;
  if (trace.contains("seed") && trace["seed"].is_number_unsigned())
    seed = trace["seed"].get<uint64_t>();
  LiveGame g(std::move(game), seats, seed, true);
  const json& moves = trace["moves"];
  const json rounds = trace.value("rounds", json::array());
  for (size_t i = 0; i < moves.size(); ++i) {
    const std::string where = "trace: move " + std::to_string(i + 1);
    const json& m = moves[i];
    if (!m.is_object() || !m.contains("move") || !m["move"].is_string())
      throw GameError{400, where + ": expected an object with \"move\""};
    // A match dealt as the trace dealt it: the Bhadar's end of the coming deal.
    const size_t round = static_cast<size_t>(g.rounds_finished());
    if (rounds.is_array() && round < rounds.size() && rounds[round].is_object() &&
        rounds[round].contains("next_settlement") && rounds[round]["next_settlement"].is_object())
      g.set_next_bha(rounds[round]["next_settlement"].value("bha", json()));
    try {
      g.play_label(m["move"].get<std::string>());
    } catch (const GameError& e) {
      throw GameError{422, where + ": " + e.message};
    }
    if (m.contains("state") && m["state"].is_object()) {
      const json& mine = g.last_state();
      const json& theirs = m["state"];
      if (mine.at("holes") != theirs.value("holes", json()) ||
          mine.at("stores") != theirs.value("stores", json())) {
        throw GameError{422, where + " '" + m["move"].get<std::string>() +
                                 "': the position after it differs from the trace's (made with "
                                 "other rules or another version of the engine?)"};
      }
    }
  }
  json out = g.to_json(0);
  out["replay"] = true;
  return out;
}

}  // namespace mancala::server
