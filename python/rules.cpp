// Rulesets and single games: `rules list`, `rules show --format json`, `rules check`, a reading
// changed in memory (the readings files' way of setting keys), and a game played move by move
// as `replay` plays it (sim::play_move), traced as `trace --format json` records each move.
#include <memory>
#include <optional>
#include <set>
#include <sstream>

#include "common/paths.h"
#include "python/bindings.h"
#include "reports/rules_text.h"
#include "reports/trace.h"
#include "simulator/describe.h"
#include "simulator/engine.h"
#include "simulator/match.h"
#include "simulator/play_moves.h"
#include "simulator/ruleset_io.h"
#include "simulator/simultaneous.h"

namespace mancala::python {
namespace {

using nlohmann::json;

Ruleset load(const std::string& id_or_path) {
  sim::RuleSet rules = sim::load_ruleset(id_or_path);
  const auto file = sim::rulesets_dir() / (rules.id + ".json");
  std::error_code ec;
  std::string origin = std::filesystem::is_regular_file(file, ec) ? file.string() : id_or_path;
  return {std::move(rules), std::move(origin)};
}

// One game, move by move: the position, its match, and the trace of every move (the records of
// `trace --format json`).
class Game {
 public:
  Game(const Ruleset& ruleset, uint64_t seed)
      : game_(std::make_unique<sim::Game>(ruleset.rules)),
        seed_(seed),
        observer_(std::make_unique<reports::TraceObserver>(*game_, true, sink_)) {
    state_ = sim::start_match(*game_, match_);
    observer_->on_start(state_);
  }

  // The legal moves as labels: [labels] of the player to move, or {1: [...], 2: [...]} in a
  // simultaneous turn (as JSON); [] once the game is over.
  std::string legal_moves() const {
    const sim::State s = upcoming();
    if (s.over) return "[]";
    const auto labels = [&](int player) {
      sim::MoveList moves;
      game_->legal_moves(s, player, moves);
      json out = json::array();
      for (sim::Move m : moves) out.push_back(sim::move_label(*game_, s, player, m));
      return out;
    };
    if (game_->joint_turn(s)) return text({{"1", labels(0)}, {"2", labels(1)}});
    return text(labels(s.to_move));
  }

  void play(const std::string& token) {
    // An illegal move is a bad argument (ValueError), with replay's message.
    try {
      sim::play_move(*game_, match_, state_, token,
                     "Game.play: move " + std::to_string(played_ + 1) + " '" + token + "'", seed_,
                     observer_.get());
    } catch (const UsageError&) {
      throw;
    } catch (const Error& e) {
      throw UsageError(e.what());
    }
    ++played_;
  }

  std::string state() const { return text(sim::state_to_json(*game_, state_)); }
  std::string board() const {
    std::string out = sim::draw_board(*game_, state_);
    if (state_.over) out += reports::describe_end(state_) + "\n";
    return out;
  }
  // {"start": position, "moves": [...], "rounds": [...]}, as `trace --format json` has them.
  std::string trace() const {
    return text({{"start", observer_->start_},
                 {"moves", observer_->moves_},
                 {"rounds", observer_->rounds_}});
  }
  bool over() const { return upcoming().over; }

 private:
  // The position the next move is played from: a round over in a match deals the next one, as
  // play() will deal it.
  sim::State upcoming() const {
    sim::MatchState match = match_;
    sim::State s = state_;
    sim::deal_next_round(*game_, match, s, seed_);
    return s;
  }

  std::unique_ptr<sim::Game> game_;
  uint64_t seed_;
  std::ostringstream sink_;
  std::unique_ptr<reports::TraceObserver> observer_;
  sim::MatchState match_;
  sim::State state_;
  int played_ = 0;
};

// `replay RULESET --moves MOVES --format json`: the position after the moves.
std::string replay(const Ruleset& ruleset, const std::string& moves) {
  const sim::Game game(ruleset.rules);
  return text(sim::state_to_json(game, sim::play_moves(game, moves, "replay")));
}

}  // namespace

// `rules show --format json` (sim::standalone_ruleset_json): the resolved keys, provenance,
// name, status, evidence and summary.
std::string Ruleset::document() const { return ordered_text(sim::standalone_ruleset_json(rules)); }
// The resolved rule keys (key -> value).
std::string Ruleset::keys() const { return text(sim::rules_to_json(rules)); }
std::string Ruleset::hash() const { return sim::rules_hash(rules); }
std::vector<std::string> Ruleset::acting() const { return sim::acting_keys(rules); }

// A copy with `keys_json`'s rule keys set and checked as a ruleset file's are (finalize), named
// `id`.
Ruleset Ruleset::with_rules(const std::string& keys_json, const std::string& id) const {
  const json keys = parse(keys_json);
  if (!keys.is_object())
    throw UsageError("Ruleset.with_rules: give a dict of rule keys and their values");
  Ruleset changed{rules, rules.id + " (with_rules)"};
  try {  // an unknown key is a bad ruleset too (RulesetError, a ValueError)
    sim::apply_rule_keys(changed.rules, keys, changed.origin);
  } catch (const sim::RuleError&) {
    throw;
  } catch (const Error& e) {
    throw sim::RuleError(e.what());
  }
  sim::finalize(changed.rules, changed.origin);
  changed.rules.id = id;
  changed.rules.extends = rules.id;
  return changed;
}

// What `rules check` finds beyond loading (sim::ruleset_problems).
std::vector<std::string> Ruleset::problems() const { return sim::ruleset_problems(rules, origin); }

void add_rules(py::module_& m) {
  // `rules list [--game G]`, and with the board, place and date filters the rulesets citing one
  // of `records` (the ids those filters find in the archive, Archive.search).
  m.def("rulesets",
        [](const std::string& game, const std::optional<std::vector<std::string>>& records) {
          std::optional<std::set<std::string>> cited;
          if (records) cited.emplace(records->begin(), records->end());
          return text(reports::rulesets_json(game, cited));
        });
  m.def("default_db_path", [] { return default_db_path(); });
  py::class_<Ruleset>(m, "_Ruleset")
      .def_property_readonly("id", [](const Ruleset& r) { return r.rules.id; })
      .def_property_readonly("origin", [](const Ruleset& r) { return r.origin; })
      .def("document", &Ruleset::document)
      .def("keys", &Ruleset::keys)
      .def("hash", &Ruleset::hash)
      .def("acting", &Ruleset::acting)
      .def("with_rules", &Ruleset::with_rules)
      .def("problems", &Ruleset::problems)
      .def("text", [](const Ruleset& r) { return reports::ruleset_text(r.rules); });
  m.def("load_ruleset", &load);
  py::class_<Game>(m, "_Game")
      .def(py::init<const Ruleset&, uint64_t>())
      .def("legal_moves", &Game::legal_moves)
      .def("play", &Game::play)
      .def("state", &Game::state)
      .def("board", &Game::board)
      .def("trace", &Game::trace)
      .def_property_readonly("over", &Game::over);
  m.def("replay", &replay);
}

}  // namespace mancala::python
