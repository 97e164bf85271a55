#include "reports/trace.h"

#include <array>
#include <sstream>

#include "simulator/describe.h"
#include "simulator/ownership.h"
#include "simulator/ruleset_io.h"
#include "simulator/simultaneous.h"

namespace mancala::reports {

using nlohmann::json;
using namespace mancala::sim;

namespace {

// Where the counters a sowing drops into a player's own store or sinks go, in words.
std::string sink_name(const RuleSet& r) {
  if (r.stores == StoreMode::kSown) return "store";
  if (r.tuzdyk) return "tuzdyk";
  if (r.remainder == Remainder::kSettleFives) return "bha";
  if (r.toll_hole != TollHole::kNone && r.winner_takes_remainder_hole)
    return "toll or remainder hole";
  if (r.toll_hole != TollHole::kNone) return "toll hole";
  return "remainder hole";
}

// What a move gave each player (MoveEffect's totals taken apart): [0] the mover, [1] the other.
struct Gain {
  int total = 0, capture = 0, fours = 0, tribute = 0, extra_number = 0, dropped_in = 0;
};
std::array<Gain, 2> gains_of(const MoveEffect& fx) {
  std::array<Gain, 2> g;
  g[0].total = fx.captured;
  g[1].total = fx.opponent_captured;
  g[0].capture = fx.by_rule;
  for (int i = 0; i < 2; ++i) {
    g[i].fours = fx.fours[i];
    g[i].tribute = fx.tribute[i];
    g[i].extra_number = fx.extra_number[i];
    g[i].dropped_in = g[i].total - g[i].capture - g[i].fours - g[i].tribute - g[i].extra_number;
  }
  return g;
}

std::string fours_text(int n) {
  return n == 4 ? "takes a four (4)"
                : "takes " + std::to_string(n / 4) + " fours (" + std::to_string(n) + ")";
}

// The mover's gains after "captures": ", captures 1, takes a four (4), 3 into his store", then
// the other player's: "; P1 takes a four (4)". Empty when nobody gained anything.
std::string gains_text(const Game& game, int mover, const MoveEffect& fx) {
  const std::array<Gain, 2> g = gains_of(fx);
  const std::string other = player_name(1 - mover);
  const std::string sink = sink_name(game.rules());
  std::string out;
  if (g[0].capture > 0) out += ", captures " + std::to_string(g[0].capture);
  if (g[0].fours > 0) out += ", " + fours_text(g[0].fours);
  if (g[0].tribute > 0)
    out += ", keeps " + std::to_string(g[0].tribute) + " as the Kungidar's tribute";
  if (g[0].extra_number > 0)
    out += ", takes " + other + "'s extra number (" + std::to_string(g[0].extra_number) + ")";
  if (g[0].dropped_in > 0) out += ", " + std::to_string(g[0].dropped_in) + " into his " + sink;
  if (g[1].fours > 0) out += "; " + other + " " + fours_text(g[1].fours);
  if (g[1].tribute > 0)
    out += "; " + other + " receives the Kungidar's tribute (" + std::to_string(g[1].tribute) + ")";
  if (g[1].extra_number > 0)
    out += "; " + other + " takes his extra number (" + std::to_string(g[1].extra_number) + ")";
  if (g[1].dropped_in > 0)
    out += "; " + std::to_string(g[1].dropped_in) + " into " + other + "'s " + sink;
  return out;
}

json gains_json(int mover, const MoveEffect& fx) {
  const std::array<Gain, 2> g = gains_of(fx);
  json out = json::array();
  for (int p = 0; p < 2; ++p) {
    const Gain& x = g[p == mover ? 0 : 1];
    out.push_back({{"player", p + 1},
                   {"total", x.total},
                   {"capture", x.capture},
                   {"fours", x.fours},
                   {"tribute", x.tribute},
                   {"extra_number", x.extra_number},
                   {"dropped_in", x.dropped_in}});
  }
  return out;
}

// Why `player` has no move in `s`, in words.
std::string no_move_reason(const Game& game, const State& s, int player) {
  int counters = 0;
  for (int k = 0; k < game.holes_per_player(); ++k) {
    const int pos = game.global(player, k);
    if (!in_mask(s.out_of_play, pos)) counters += s.holes[pos];
  }
  if (counters == 0) return "no counters to sow";
  const int min = game.rules().min_counters_to_sow;
  if (min > 1) return "no hole holds " + std::to_string(min) + " or more";
  return "nothing he may sow";
}

bool can_move(const Game& game, const State& s, int player) {
  MoveList moves;
  game.legal_moves(s, player, moves);
  return moves.size > 0;
}

// The player who passed right after a turn (the engine gave the turn back because he could not
// move), or kNobody. `due` is who would have moved next.
int passer(const Game& game, const State& after, int due) {
  if (after.over || game.joint_turn(after) || due == kNobody || after.to_move == due)
    return kNobody;
  return due;
}

// Who moves after a move of `mover` unless he cannot: the mover again after an extra move.
int due_after_move(const Game& game, const State& after, int mover, const MoveEffect& fx) {
  if (game.rules().turns == Turns::kSimultaneous) return kNobody;  // the next turn is joint or solo
  return fx.extra_move && can_move(game, after, mover) ? mover : 1 - mover;
}

// Who moves first after a simultaneous opening: the one player who earned another move, else the
// round's starter (Game::settle_turn).
int due_after_joint(const Game& game, const State& before, const JointEffect& fx) {
  if (game.rules().turns != Turns::kSimultaneousOpening) return kNobody;
  const bool e0 = fx.fx[0].extra_move, e1 = fx.fx[1].extra_move;
  return e0 != e1 ? (e0 ? 0 : 1) : before.to_move;
}

std::string pass_text(const Game& game, const State& after, int who) {
  return who == kNobody ? ""
                        : "; " + player_name(who) + " passes: " + no_move_reason(game, after, who);
}

json pass_json(const Game& game, const State& after, int who) {
  if (who == kNobody) return nullptr;
  return {{"player", who + 1}, {"reason", no_move_reason(game, after, who)}};
}

std::string describe_move(const Game& game, const State& before, Move m, const MoveEffect& fx) {
  const int p = before.to_move;
  const int origin = game.move_origin(p, m.hole);
  std::ostringstream out;
  if (game.enters_from_hand(before, p)) {
    out << player_name(p) << " enters a counter into " << game.hole_label(origin) << " ("
        << int(before.holes[origin]) << ", " << before.aside[p] << " in hand), move "
        << move_label(game, before, p, m);
  } else {
    out << player_name(p) << " sows " << move_label(game, p, m) << " (" << int(before.holes[origin])
        << ")";
  }
  if (fx.last_pos >= 0) {
    out << ", last in "
        << (fx.last_pos >= kMaxHoles
                ? player_name(fx.last_pos - kMaxHoles) + "'s store"
                : player_name(game.owner(fx.last_pos)) + "'s " + game.hole_label(fx.last_pos));
  }
  if (fx.sowings > 1) out << ", " << fx.sowings << " sowings";
  out << gains_text(game, p, fx);
  if (fx.made_tuzdyk) out << ", makes a tuzdyk";
  if (fx.relay_bound) out << ", relay bound reached";
  if (fx.extra_move) out << ", ends in his store: moves again";
  return out.str();
}

std::string last_text(const Game& game, int last_pos) {
  return last_pos >= kMaxHoles
             ? player_name(last_pos - kMaxHoles) + "'s store"
             : player_name(game.owner(last_pos)) + "'s " + game.hole_label(last_pos);
}

// A simultaneous turn: both choices on one line, then what each move did.
std::string describe_joint_move(const Game& game, const State& before, const JointMove& jm,
                                const JointEffect& fx) {
  std::ostringstream out;
  out << "Simultaneous:";
  for (int p = 0; p < 2; ++p) {
    out << (p == 0 ? " " : " | ") << player_name(p);
    if (jm.plays[p]) {
      out << " sows " << move_label(game, p, jm.move[p]) << " ("
          << int(before.holes[game.move_origin(p, jm.move[p].hole)]) << ")";
    } else {
      out << " has no move";
    }
  }
  const std::string first = player_name(fx.first);
  switch (jm.plays[0] && jm.plays[1] ? game.rules().resolution : Resolution::kLockstep) {
    case Resolution::kLockstep:
    case Resolution::kLockstepRandom:
      out << "; lockstep";
      if (jm.plays[0] && jm.plays[1]) out << ", " << first << "'s counter first in each tick";
      out << ", " << fx.ticks << (fx.ticks == 1 ? " tick" : " ticks");
      break;
    case Resolution::kSequentialRandom:
      out << "; whole moves one after the other, " << first << "'s first";
      break;
  }
  for (int p = 0; p < 2; ++p) {
    if (!jm.plays[p]) continue;
    const MoveEffect& e = fx.fx[p];
    out << "\n   " << player_name(p) << ": ";
    if (fx.lapsed[p]) {
      out << "the hole was emptied by the other's move: nothing to sow";
      continue;
    }
    out << "last in " << last_text(game, e.last_pos);
    if (e.sowings > 1) out << ", " << e.sowings << " sowings";
    out << gains_text(game, p, e);
    if (e.relay_bound) out << ", relay bound reached";
    if (e.extra_move) out << ", ends in his store: moves again alone";
    if (fx.ended_at[p] > 0) out << "; dead at tick " << fx.ended_at[p];
  }
  return out.str();
}

}  // namespace

std::string describe_end(const State& s) {
  std::ostringstream out;
  if (s.reason == EndReason::kSafetyBound) {
    out << "Unfinished: stopped by the safety bound after " << s.ply << " plies";
  } else if (s.rule_end == RuleEnd::kInnerRowEmpty && s.winner != kDraw) {
    // Bao: the captures stay on the board (the stores hold nothing): the rule decides.
    out << player_name(s.winner) << " wins after " << s.ply
        << " plies (rule: " << player_name(1 - s.winner) << "'s inner row is empty)";
  } else {
    out << (s.winner == kDraw ? std::string("Draw") : player_name(s.winner) + " wins") << " "
        << s.store[0] << "-" << s.store[1] << " after " << s.ply << " plies ("
        << end_reason_name(s.reason) << ")";
  }
  return out.str();
}

std::array<int, 2> counters_in_holes(const Game& game, const State& s) {
  std::array<int, 2> out{};
  for (int pos = 0; pos < game.rules().total_holes; ++pos)
    out[game.owner_in(s, pos)] += s.holes[pos];
  return out;
}

std::string describe_match_end(const Game& game, const GameResult& result,
                               const std::array<int, 2>& in_holes) {
  const RuleSet& r = game.rules();
  const std::array<int, 2> held{result.store[0] + in_holes[0], result.store[1] + in_holes[1]};
  const std::string score = std::to_string(held[0]) + "-" + std::to_string(held[1]);
  const std::string rounds =
      std::to_string(result.rounds) + (result.rounds == 1 ? " round" : " rounds");
  std::ostringstream out;
  if (result.reason == EndReason::kSafetyBound) {
    const bool round_cut = result.rounds >= 1 && result.rounds <= kMaxRounds &&
                           result.round[result.rounds - 1].reason == EndReason::kSafetyBound;
    out << "unfinished after " << rounds << ": ";
    if (round_cut) {
      out << "round " << result.rounds << " stopped by the safety bound (max_plies " << r.max_plies
          << ")";
    } else {
      out << "stopped by the safety bound on rounds (max_rounds " << r.max_rounds << ")";
    }
    out << "; holdings " << score;
    if (in_holes[0] + in_holes[1] > 0)
      out << " with " << in_holes[0] << "-" << in_holes[1] << " still in holes";
    return out.str();
  }
  out << (result.winner == kDraw ? std::string("draw") : player_name(result.winner) + " wins")
      << " " << score << " after " << rounds << ": ";
  if (result.reason == EndReason::kStopAfterRounds) {
    out << "the reconstruction stops after " << r.stop_after_rounds
        << (r.stop_after_rounds == 1 ? " round" : " rounds")
        << " (stop_after_rounds), the holder of more counters wins";
    return out.str();
  }
  if (result.reason != EndReason::kRule) {
    out << end_reason_name(result.reason);
    return out.str();
  }
  // The match's end rule (match.cpp, match_end_reached): who is out, and by which clause.
  const int loser = result.winner == kDraw ? kNobody : 1 - result.winner;
  const auto short_of = [&](int p) { return held[p] < r.counters_per_hole; };
  if (r.match_end == MatchEnd::kAllCounters && loser != kNobody && held[loser] == 0) {
    out << player_name(loser) << " has no counters left (match_end all_counters)";
  } else if (r.match_end == MatchEnd::kAllHoles && loser != kNobody) {
    out << player_name(loser) << " owns no hole (match_end all_holes)";
  } else if (r.match_end == MatchEnd::kCannotFillHole && loser == kNobody) {
    out << "neither can fill a hole (" << r.counters_per_hole
        << " counters each; match_end cannot_fill_hole)";
  } else if (r.match_end == MatchEnd::kCannotFillHole && short_of(loser)) {
    out << player_name(loser) << " holds " << held[loser] << ", too few to fill a hole ("
        << r.counters_per_hole << " counters each; match_end cannot_fill_hole)";
  } else {
    out << player_name(loser == kNobody ? 0 : loser) << " has no hole left in play";
  }
  return out.str();
}

namespace {

// The handicaps a round was dealt with (Khutka Boia's settlements, Mawkar Katiya's perks), as
// text ("" when none) and as JSON.
std::string settlement_text(const Game& game, const RoundSetup& setup) {
  std::ostringstream out;
  auto hole = [&](int pos) { return player_name(game.owner(pos)) + "'s " + game.hole_label(pos); };
  for (int p = 0; p < 2; ++p) {
    if (setup.gave[p] > 0)
      out << "; " << player_name(p) << " gives " << int(setup.gave[p]) << " to "
          << player_name(1 - p);
  }
  if (setup.tribute_to != kNobody) {
    out << " (1-4: " << player_name(setup.tribute_to)
        << " is the Kungidar, taking one counter from "
        << (game.rules().tribute == Tribute::kEachRound ? "the round's first hole sown)"
                                                        : "every hole sown)");
  }
  if (setup.bha_owner != kNobody) {
    out << " (2-3: " << player_name(setup.bha_owner) << " makes " << hole(setup.bha_hole)
        << " his bha and returns " << int(setup.bha_owed) << " when the round ends)";
  }
  if (setup.toll_hole >= 0) {
    out << "; toll hole " << hole(setup.toll_hole) << " (" << player_name(setup.favoured)
        << " gains what he sows into it, " << player_name(1 - setup.favoured) << " skips it)";
  }
  if (setup.remainder_hole >= 0) {
    out << "; remainder in " << hole(setup.remainder_hole);
    if (setup.favoured != kNobody && game.rules().winner_takes_remainder_hole) {
      out << " (what falls into it is " << player_name(setup.favoured) << "'s)";
    }
  }
  if (setup.extra_number[0] > 0 || setup.extra_number[1] > 0) {
    out << "; extra numbers " << int(setup.extra_number[0]) << "-" << int(setup.extra_number[1]);
  }
  return out.str();
}

json settlement_json(const Game& game, const RoundSetup& setup) {
  auto player = [](int p) { return p == kNobody ? json(nullptr) : json(p + 1); };
  auto hole = [&](int pos) {
    return pos < 0 ? json(nullptr)
                   : json({{"owner", game.owner(pos) + 1}, {"hole", game.hole_label(pos)}});
  };
  return {{"holdings", {setup.holdings[0], setup.holdings[1]}},
          {"gave", {setup.gave[0], setup.gave[1]}},
          {"kungidar", player(setup.tribute_to)},
          {"bhadar", player(setup.bha_owner)},
          {"bha", hole(setup.bha_hole)},
          {"bha_owed", setup.bha_owed},
          {"favoured", player(setup.favoured)},
          {"toll_hole", hole(setup.toll_hole)},
          {"remainder_hole", hole(setup.remainder_hole)},
          {"extra_number", {setup.extra_number[0], setup.extra_number[1]}}};
}

}  // namespace

std::string player_name(int p) { return "P" + std::to_string(p + 1); }

TraceObserver::TraceObserver(const Game& game, bool as_json, std::ostream& out)
    : game_(game), json_(as_json), out_(out) {}

void TraceObserver::on_start(const State& s) {
  if (json_) {
    start_ = state_to_json(game_, s);
  } else {
    out_ << "Start\n" << draw_board(game_, s) << "\n";
  }
}

void TraceObserver::on_move(const State& before, Move m, const MoveEffect& fx, const State& after) {
  ++ply_;
  const int passed = passer(game_, after, due_after_move(game_, after, before.to_move, fx));
  if (json_) {
    json j = {{"ply", ply_},
              {"player", before.to_move + 1},
              {"move", move_label(game_, before, before.to_move, m)},
              {"captured", fx.captured},
              {"gains", gains_json(before.to_move, fx)},
              {"sowings", fx.sowings},
              {"tuzdyk", fx.made_tuzdyk},
              {"pass", pass_json(game_, after, passed)},
              {"state", state_to_json(game_, after)}};
    if (fx.last_pos >= 0 && fx.last_pos < kMaxHoles) {
      j["last"] = {{"owner", game_.owner(fx.last_pos) + 1},
                   {"hole", game_.hole_label(fx.last_pos)}};
    }
    moves_.push_back(j);
    return;
  }
  out_ << ply_ << ". " << describe_move(game_, before, m, fx) << pass_text(game_, after, passed)
       << "\n"
       << draw_board(game_, after) << "\n";
}

void TraceObserver::on_joint_move(const State& before, const JointMove& jm, const JointEffect& fx,
                                  const State& after) {
  ++ply_;
  const int passed = passer(game_, after, due_after_joint(game_, before, fx));
  if (json_) {
    json moves = json::array();
    for (int p = 0; p < 2; ++p) {
      if (!jm.plays[p]) continue;
      const MoveEffect& e = fx.fx[p];
      json one = {{"player", p + 1},           {"move", move_label(game_, p, jm.move[p])},
                  {"captured", e.captured},    {"gains", gains_json(p, e)},
                  {"sowings", e.sowings},      {"lapsed", fx.lapsed[p]},
                  {"extra_move", e.extra_move}};
      if (fx.ended_at[p] > 0) one["dead_at_tick"] = fx.ended_at[p];
      if (e.last_pos >= 0 && e.last_pos < kMaxHoles) {
        one["last"] = {{"owner", game_.owner(e.last_pos) + 1},
                       {"hole", game_.hole_label(e.last_pos)}};
      }
      moves.push_back(one);
    }
    moves_.push_back({{"ply", ply_},
                      {"simultaneous", true},
                      {"move", joint_move_label(game_, jm)},
                      {"resolution", rule_value(game_.rules(), "resolution")},
                      {"first", fx.first + 1},
                      {"ticks", fx.ticks},
                      {"moves", moves},
                      {"pass", pass_json(game_, after, passed)},
                      {"state", state_to_json(game_, after)}});
    return;
  }
  out_ << ply_ << ". " << describe_joint_move(game_, before, jm, fx)
       << pass_text(game_, after, passed) << "\n"
       << draw_board(game_, after) << "\n";
}
// A match (rules.match): how the round ended and how the next one is dealt.

void TraceObserver::on_round_end(const State& ended, const RoundRecord& record, const State* next,
                                 const MatchState& match) {
  // A round stopped by the safety bound leaves counters in the holes: they are still the holes'
  // owners', so the holdings count them and add up to the total.
  in_holes_ = counters_in_holes(game_, ended);
  const std::array<int, 2> held{record.holdings[0] + in_holes_[0],
                                record.holdings[1] + in_holes_[1]};
  json deal = nullptr;
  std::ostringstream text;
  if (next) {
    const RoundSetup& setup = match.setup;
    deal = json::array();
    for (int p = 0; p < 2; ++p) {
      deal.push_back({{"player", p + 1},
                      {"holes_in_play", setup.holes_in_play[p]},
                      {"holes_out", setup.holes_out[p]},
                      {"aside", setup.aside[p]}});
      text << (p == 0 ? "" : "; ") << player_name(p) << " fills " << int(setup.holes_in_play[p])
           << " of " << game_.holes_per_player() << " holes";
      if (setup.holes_out[p] > 0) text << ", " << int(setup.holes_out[p]) << " out of play";
      if (setup.aside[p] > 0) text << ", " << setup.aside[p] << " set aside";
    }
    if (game_.rules().hole_ownership != HoleOwnership::kNone) {
      // Issue 38, ownership: the holes each owns in the round (simulator/ownership.h).
      const int owned0 = owned_by_first(game_, *next);
      text << "; " << player_name(0) << " owns " << owned0 << " holes, " << player_name(1) << " "
           << game_.rules().total_holes - owned0;
    }
    if (!game_.joint_turn(*next)) text << "; " << player_name(setup.starter) << " starts";
    text << settlement_text(game_, setup);
    if (setup.passed != kNobody) {
      // A player named to start with nothing to sow (a Bhadar whose only hole is his bha)
      // passes at once: the other opens and is the round's starter (match.cpp).
      text << "; " << player_name(setup.passed)
           << " passes at once: " << no_move_reason(game_, *next, setup.passed);
    }
  }
  if (json_) {
    rounds_.push_back(
        {{"round", match.rounds},
         {"end", end_reason_name(record.reason)},
         {"winner", record.winner == kNobody
                        ? json(nullptr)
                        : json(record.winner == kDraw ? 0 : record.winner + 1)},
         {"holdings", {held[0], held[1]}},
         {"in_holes", {in_holes_[0], in_holes_[1]}},
         {"next_deal", deal},
         {"next_settlement", next ? settlement_json(game_, match.setup) : json(nullptr)},
         {"next_pass", next && match.setup.passed != kNobody
                           ? pass_json(game_, *next, match.setup.passed)
                           : json(nullptr)}});
    return;
  }
  out_ << "Round " << match.rounds << " over after " << record.plies << " plies ("
       << end_reason_name(record.reason) << "): "
       << (record.winner == kNobody ? std::string("unfinished")
           : record.winner == kDraw ? std::string("even")
                                    : player_name(record.winner) + " holds more")
       << "; holdings " << held[0] << "-" << held[1] << " (stores " << ended.store[0] << "-"
       << ended.store[1] << ", set aside " << ended.aside[0] << "-" << ended.aside[1];
  if (in_holes_[0] + in_holes_[1] > 0)
    out_ << ", still in holes " << in_holes_[0] << "-" << in_holes_[1];
  out_ << ")\n";
  if (next)
    out_ << "\nRound " << match.rounds + 1 << ": " << text.str() << "\n"
         << draw_board(game_, *next) << "\n";
}

void TraceObserver::on_end(const State& s) {
  if (!json_ && !game_.rules().match) out_ << describe_end(s) << "\n";
}

}  // namespace mancala::reports
