#include "simulator/simultaneous.h"

#include <cassert>

#include "common/error.h"
#include "simulator/describe.h"
#include "simulator/engine_steps.h"

namespace mancala::sim {

JointEffect Game::apply_joint(State& s, const JointMove& jm, StepObserver* steps) const {
  return steps ? resolve_joint(s, jm, StepWatch{steps}) : resolve_joint(s, jm, NoWatch{});
}

template <class W>
JointEffect Game::resolve_joint(State& s, const JointMove& jm, W watch) const {
  assert(!s.over && joint_turn(s));
  assert(!jm.plays[0] || is_legal(s, 0, jm.move[0]));
  assert(!jm.plays[1] || is_legal(s, 1, jm.move[1]));
  JointEffect out;
  out.first = rules_.resolution == Resolution::kLockstep ? 0 : static_cast<uint8_t>(jm.first & 1u);
  const int order[2] = {out.first, 1 - out.first};
  std::array<Sowing, 2> c;
  if (rules_.resolution == Resolution::kSequentialRandom) {
    for (const int p : order) {
      if (!jm.plays[p]) continue;
      // The first move may have emptied the hole the second player chose.
      const int origin = has(W::kFeatures, feature::kOwnership) ? move_origin(p, jm.move[p].hole)
                                                                : global(p, jm.move[p].hole);
      if (s.holes[origin] == 0) {
        out.lapsed[p] = true;
        continue;
      }
      begin_move(s, p, jm.move[p], c[p], watch);
      run_move(s, c[p], watch);
      out.fx[p] = c[p].fx;
    }
  } else {
    // Both lift their holes at once (each his own), then drop one counter each per tick.
    std::array<bool, 2> sowing{};
    for (const int p : order) {
      if (!jm.plays[p]) continue;
      begin_move(s, p, jm.move[p], c[p], watch);
      sowing[p] = true;
    }
    while (sowing[0] || sowing[1]) {
      ++out.ticks;
      for (const int p : order) {
        if (!sowing[p]) continue;
        drop_one(s, c[p], watch);
        if (c[p].hand == 0 && !after_sowing(s, c[p], watch)) {
          sowing[p] = false;  // "dead": waits for the other
          out.ended_at[p] = out.ticks;
        }
      }
    }
    for (int p = 0; p < 2; ++p) {
      if (jm.plays[p]) out.fx[p] = c[p].fx;
    }
    // Mewelad: "Play begins with a simultaneous racing move, where players attempt to be the
    // first to drop the final counter of their sowing into an empty hole": the first whose move
    // ended moves first once turns alternate (next_alternating_turn starts from to_move).
    if (rules_.after_joint_opening == AfterJointOpening::kFirstToFinish && jm.plays[0] &&
        jm.plays[1] && out.ended_at[0] != out.ended_at[1])
      s.to_move = out.ended_at[0] < out.ended_at[1] ? 0 : 1;
  }
  bool captured = false;
  for (const MoveEffect& e : out.fx) captured = captured || e.captured + e.opponent_captured > 0;
  const unsigned extra = (out.fx[0].extra_move ? 1u : 0u) | (out.fx[1].extra_move ? 2u : 0u);
  if constexpr (W::kOn) {
    settle_turn<kAllFeatures>(s, captured, extra, true, watch.steps);
  } else {
    settle_turn<kAllFeatures>(s, captured, extra, true, nullptr);
  }
  return out;
}

std::string joint_move_label(const Game& game, const JointMove& jm) {
  std::string text;
  for (int p = 0; p < 2; ++p) {
    if (p == 1) text += "/";
    text += jm.plays[p] ? move_label(game, p, jm.move[p]) : "-";
  }
  if (game.draws_order() && jm.first == 1) text += ":2";
  return text;
}

JointMove parse_joint_move(const Game& game, const State& s, const std::string& text,
                           const std::string& where) {
  std::string body = text;
  JointMove jm;
  if (const auto colon = body.find(':'); colon != std::string::npos) {
    const std::string order = body.substr(colon + 1);
    if (order != "1" && order != "2")
      throw Error(where + ": '" + order + "' after ':' is not who came first (1 or 2)");
    jm.first = order == "2" ? 1 : 0;
    body = body.substr(0, colon);
  }
  const auto slash = body.find('/');
  if (slash == std::string::npos) {
    throw Error(where +
                ": this turn is simultaneous: give both players' holes as P1/P2 (e.g. 3/4; '-' for "
                "a player "
                "without a move)");
  }
  const std::string part[2] = {body.substr(0, slash), body.substr(slash + 1)};
  MoveList moves;
  for (int p = 0; p < 2; ++p) {
    game.legal_moves(s, p, moves);
    if (part[p] == "-") {
      if (moves.size > 0)
        throw Error(where + ": P" + std::to_string(p + 1) + " has a move and must play");
      continue;
    }
    const Move m = parse_move(game, p, part[p], where);
    if (!game.is_legal(s, p, m))
      throw Error(where + ": '" + part[p] + "' is illegal for P" + std::to_string(p + 1) +
                  " in this position");
    jm.move[p] = m;
    jm.plays[p] = true;
  }
  return jm;
}

}  // namespace mancala::sim
