#include "simulator/describe.h"

#include <algorithm>
#include <iomanip>
#include <sstream>

#include "common/error.h"

namespace mancala::sim {
namespace {

using nlohmann::json;

std::string cell(const Game& game, const State& s, int pos) {
  std::ostringstream out;
  if (in_mask(s.out_of_play, pos)) return "[ xx]";
  // Issue 38: a weg, its counters and its capturer (W: player 1's, w: player 2's); only where
  // there are wegs (their words hold other rules' state elsewhere: state.h).
  for (int p = 0; p < 2 && game.rules().weg_count > 0; ++p) {
    if (in_mask(s.weg(p), pos)) {
      out << "[" << std::setw(2) << static_cast<int>(s.holes[pos]) << (p == 0 ? 'W' : 'w') << "]";
      return out.str();
    }
  }
  if (s.sink[pos] != kNobody) {
    // A sink may still hold counters dealt into it (a loser's remainder hole): shown before the
    // mark.
    const int held = s.holes[pos];
    out << "[" << (held > 0 && held < 10 ? static_cast<char>('0' + held) : ' ')
        << (game.rules().tuzdyk ? 'T' : 'B') << s.sink[pos] + 1 << "]";
    return out.str();
  }
  // Issue 38, ownership: a hole owned for the round by the opponent of its row's player, in
  // angle brackets.
  const bool ceded = in_mask(s.ceded, pos);
  out << (ceded ? "<" : "[") << std::setw(3) << static_cast<int>(s.holes[pos])
      << (ceded ? ">" : "]");
  return out.str();
}

std::string numbers(const std::vector<int>& cols) {
  std::ostringstream out;
  for (int c : cols) out << std::setw(4) << c << " ";
  return out.str();
}

}  // namespace

std::string end_reason_name(EndReason reason) {
  switch (reason) {
    case EndReason::kNone:
      return "none";
    case EndReason::kRule:
      return "rule";
    case EndReason::kNoProgress:
      return "no_progress";
    case EndReason::kSafetyBound:
      return "safety_bound";
    case EndReason::kStopAfterRounds:
      return "stop_after_rounds";
  }
  return "none";
}

std::string draw_board(const Game& game, const State& s) {
  const RuleSet& r = game.rules();
  const int n = r.holes_per_row;
  std::ostringstream out;
  auto header = [&](int p) {
    // In a simultaneous turn every player who has a move is to move.
    MoveList moves;
    if (game.joint_turn(s)) game.legal_moves(s, p, moves);
    const bool moving = !s.over && (game.joint_turn(s) ? moves.size > 0 : s.to_move == p);
    out << "  Player " << p + 1 << (moving ? " (to move)" : "") << "  store " << s.store[p];
    if (r.tuzdyk) {
      out << "  tuzdyk "
          << (s.tuzdyk[p] == kNobody ? std::string("-")
                                     : "on his opponent's " + game.hole_label(s.tuzdyk[p]));
    }
    if (r.in_hand > 0) out << "  in hand " << s.aside[p];
    if (r.weg_count > 0) out << "  wegs " << (p == 0 ? "W" : "w");
    if (r.match) {
      out << "  aside " << s.aside[p];
      if (s.extra_number[p] > 0) out << "  number " << int(s.extra_number[p]);
      if (s.tribute_to == p) out << "  Kungidar";
    }
    out << "\n";
  };
  // Row of player p's holes in the given row, in screen order (left to right on screen), the
  // screen's columns [from, to).
  auto row_cells = [&](int p, int row, bool top, int from, int to) {
    std::string line = "   ";
    for (int i = from; i < to; ++i) {
      const int col = top ? n - 1 - i : i;
      const int k = row == 0 ? col : 2 * n - 1 - col;
      line += cell(game, s, game.global(p, k));
    }
    return line;
  };
  // A row of more than 16 holes (2x40, 4x20: issue 37) is drawn in bands of at most 16 columns,
  // one below the other, each with both players' rows and the holes' numbers, so that a line
  // stays within 83 characters; a smaller board is one band.
  const int bands = (n + 15) / 16;
  const int width = (n + bands - 1) / bands;
  header(1);
  for (int from = 0; from < n; from += width) {
    const int to = std::min(n, from + width);
    std::vector<int> down, up;
    for (int i = from; i < to; ++i) {
      down.push_back(n - i);
      up.push_back(i + 1);
    }
    if (from > 0) out << "\n";
    out << "   " << numbers(down) << (r.rows_per_player == 2 ? " (outer, inner)\n" : "\n");
    if (r.rows_per_player == 2) out << row_cells(1, 0, true, from, to) << "\n";
    out << row_cells(1, r.rows_per_player == 2 ? 1 : 0, true, from, to) << "\n";
    out << row_cells(0, r.rows_per_player == 2 ? 1 : 0, false, from, to) << "\n";
    if (r.rows_per_player == 2) out << row_cells(0, 0, false, from, to) << "\n";
    out << "   " << numbers(up) << (r.rows_per_player == 2 ? " (inner, outer)\n" : "\n");
  }
  header(0);
  return out.str();
}

json state_to_json(const Game& game, const State& s) {
  const int h = game.holes_per_player();
  const int n = game.rules().holes_per_row;
  json holes = json::array();
  for (int p = 0; p < 2; ++p) {
    json row = json::array();
    // From the owner's left: the outer (or only) row, then the inner row.
    for (int col = 0; col < n; ++col) row.push_back(s.holes[game.global(p, col)]);
    if (game.rules().rows_per_player == 2) {
      for (int col = 0; col < n; ++col) row.push_back(s.holes[game.global(p, 2 * n - 1 - col)]);
    }
    holes.push_back(row);
  }
  json tuzdyk = json::array();
  for (int p = 0; p < 2; ++p) {
    if (s.tuzdyk[p] == kNobody) {
      tuzdyk.push_back(nullptr);
    } else {
      tuzdyk.push_back(game.column(s.tuzdyk[p]) + 1);
    }
  }
  json sinks = json::array();
  for (int pos = 0; pos < game.rules().total_holes; ++pos) {
    if (s.sink[pos] != kNobody && (s.tuzdyk[0] != pos && s.tuzdyk[1] != pos)) {
      sinks.push_back({{"player", s.sink[pos] + 1},
                       {"hole", game.hole_label(pos)},
                       {"owner", game.owner(pos) + 1}});
    }
  }
  json out_of_play = json::array();
  for (int pos = 0; pos < game.rules().total_holes; ++pos) {
    if (in_mask(s.out_of_play, pos))
      out_of_play.push_back({{"owner", game.owner(pos) + 1}, {"hole", game.hole_label(pos)}});
  }
  json j;
  j["holes"] = holes;
  j["stores"] = {s.store[0], s.store[1]};
  j["tuzdyk"] = tuzdyk;
  j["to_move"] = s.to_move + 1;
  j["status"] = s.over ? "over" : "ongoing";
  j["winner"] = s.winner == kNobody ? json(nullptr) : json(s.winner == kDraw ? 0 : s.winner + 1);
  j["end"] = end_reason_name(s.reason);
  // The rule of the game that ended it (end "rule"): its key, as docs/metrics.md names them.
  j["end_rule"] = s.rule_end == RuleEnd::kNone ? json(nullptr) : json(rule_end_key(s.rule_end));
  j["ply"] = s.ply;
  j["quiet_turns"] = s.quiet_turns;
  j["relay_bound_hits"] = s.relay_bound_hits;
  // Simultaneous turns: whether both choose now, and who plays an extra move alone.
  j["simultaneous"] = game.joint_turn(s) && !s.over;
  j["solo"] = s.solo == kNobody ? json(nullptr) : json(s.solo + 1);
  j["sinks"] = sinks;
  j["out_of_play"] = out_of_play;
  // The holes closed to a player: a match's toll holes, Lobudok's locked end holes (issue 38).
  json closed = json::array();
  for (int p = 0; p < 2; ++p) {
    for (int pos = 0; pos < game.rules().total_holes; ++pos) {
      if (in_mask(s.closed_to[p], pos)) {
        closed.push_back(
            {{"player", p + 1}, {"owner", game.owner(pos) + 1}, {"hole", game.hole_label(pos)}});
      }
    }
  }
  if (game.rules().locked_end_holes) j["closed_to"] = closed;
  if (game.rules().match) {
    // Matches and handicaps (match.h): the round, counters set aside, the perks of the round.
    j["round"] = s.round + 1;
    j["aside"] = {s.aside[0], s.aside[1]};
    j["tribute_to"] = s.tribute_to == kNobody ? json(nullptr) : json(s.tribute_to + 1);
    j["extra_number"] = {s.extra_number[0], s.extra_number[1]};
    j["closed_to"] = closed;
    if (game.rules().short_holes_locked) {
      // Khrour: the holes dealt short, not yet filled (neither sown from nor captured).
      json locked = json::array();
      for (int pos = 0; pos < game.rules().total_holes; ++pos) {
        if (in_mask(s.locked(), pos))
          locked.push_back({{"owner", game.owner(pos) + 1}, {"hole", game.hole_label(pos)}});
      }
      j["locked"] = locked;
    }
    if (game.rules().hole_ownership != HoleOwnership::kNone) {
      // Issue 38, ownership: the holes owned for the round by the opponent of their row's player.
      json ceded = json::array();
      for (int pos = 0; pos < game.rules().total_holes; ++pos) {
        if (in_mask(s.ceded, pos))
          ceded.push_back({{"owner", game.owner_in(s, pos) + 1}, {"hole", game.hole_label(pos)}});
      }
      j["ceded"] = ceded;
    }
  }
  // Bao (in_hand): the counters each player still holds in his hand, to be entered.
  if (!game.rules().match && game.rules().in_hand > 0) j["aside"] = {s.aside[0], s.aside[1]};
  // Bao's house and takasa (issue 38, bao2): whose house has been emptied, whether a capture
  // has been made since the namua, and the inner holes the player to move may not sow.
  const RuleSet& r = game.rules();
  if (r.house > 0 || r.big_hole > 0 || r.takasa) {
    j["house_emptied"] = {(s.bao & 1) != 0, (s.bao & 2) != 0};
    j["captured_since_namua"] = (s.bao & 4) != 0;
    json takasa = json::array();
    for (int b = 0; b < 8; ++b) {
      if (s.takasa >> b & 1) takasa.push_back(game.hole_label(game.global(s.to_move, n + b)));
    }
    j["takasa"] = takasa;
  }
  // direction_chosen_once (issue 38): the way each player chose on his second move (0: not yet,
  // 1 the ruleset's direction, 2 clockwise).
  if (game.rules().direction_chosen_once) j["way"] = {s.way(0), s.way(1)};
  // Issue 38 (weg_count): each weg, its capturer, and whether its first toll was spared.
  if (game.rules().weg_count > 0) {
    json wegs = json::array();
    for (int p = 0; p < 2; ++p) {
      for (int pos = 0; pos < game.rules().total_holes; ++pos) {
        if (in_mask(s.weg(p), pos)) {
          wegs.push_back({{"player", p + 1},
                          {"owner", game.owner(pos) + 1},
                          {"hole", game.hole_label(pos)},
                          {"spared", in_mask(s.weg_spared, pos)}});
        }
      }
    }
    j["wegs"] = wegs;
  }
  (void)h;
  return j;
}

namespace {

int hole_from_label(const Game& game, int owner, const std::string& label,
                    const std::string& where) {
  const int n = game.rules().holes_per_row;
  std::string digits = label;
  int row = 0;
  if (game.rules().rows_per_player == 2) {
    if (label.empty() || (label[0] != 'o' && label[0] != 'i'))
      throw Error(where + ": '" + label + "' is not a hole (o1..o" + std::to_string(n) + ", i1..i" +
                  std::to_string(n) + ")");
    row = label[0] == 'i';
    digits = label.substr(1);
  }
  int col = 0;
  try {
    size_t used = 0;
    col = std::stoi(digits, &used);
    if (used != digits.size()) col = 0;
  } catch (const std::exception&) {
    col = 0;
  }
  if (col < 1 || col > n)
    throw Error(where + ": '" + label + "' is not a hole (1.." + std::to_string(n) + ")");
  const int k = row == 0 ? col - 1 : 2 * n - col;
  return game.global(owner, k);
}

// The bit of hole `pos` in a board mask: a hole past the 64 a mask names cannot be marked (only
// a board of more than 64 holes has one, and no rule of such a board marks a hole).
HoleBits mask_bit(int pos, const std::string& where) {
  if (pos >= kMaskHoles) {
    throw Error(where + ": hole " + std::to_string(pos + 1) +
                " of the board: only the first 64 holes can be marked");
  }
  return HoleBits{1} << pos;
}

}  // namespace

State state_from_json(const Game& game, const json& j) {
  const int n = game.rules().holes_per_row;
  const int width = n * game.rules().rows_per_player;
  State s = game.initial_state();
  try {
    const json& holes = j.at("holes");
    if (!holes.is_array() || holes.size() != 2) throw Error("state: holes: expected two arrays");
    for (int p = 0; p < 2; ++p) {
      if (!holes[p].is_array() || static_cast<int>(holes[p].size()) != width) {
        throw Error("state: holes: expected " + std::to_string(width) + " holes for player " +
                    std::to_string(p + 1));
      }
      for (int i = 0; i < width; ++i) {
        const int v = holes[p][i].get<int>();
        if (v < 0 || v > kMaxCounters) throw Error("state: holes: count out of range");
        const int k = i < n ? i : 2 * n - 1 - (i - n);
        s.holes[game.global(p, k)] = static_cast<Count>(v);
      }
    }
    for (int p = 0; p < 2; ++p) s.store[p] = static_cast<int16_t>(j.at("stores").at(p).get<int>());
    for (int p = 0; p < 2; ++p) {
      const json& t = j.at("tuzdyk").at(p);
      if (t.is_null()) continue;
      const int pos = game.global(1 - p, t.get<int>() - 1);
      s.tuzdyk[p] = static_cast<int8_t>(pos);
      s.sink[pos] = static_cast<int8_t>(p);
    }
    for (const auto& sink : j.value("sinks", json::array())) {
      const int owner = sink.at("owner").get<int>() - 1;
      s.sink[hole_from_label(game, owner, sink.at("hole").get<std::string>(), "state: sinks")] =
          static_cast<int8_t>(sink.at("player").get<int>() - 1);
    }
    for (const auto& hole : j.value("out_of_play", json::array())) {
      const int owner = hole.at("owner").get<int>() - 1;
      s.out_of_play |= mask_bit(
          hole_from_label(game, owner, hole.at("hole").get<std::string>(), "state: out_of_play"),
          "state: out_of_play");
    }
    for (const auto& hole : j.value("locked", json::array())) {
      const int owner = hole.at("owner").get<int>() - 1;
      s.locked() = static_cast<uint16_t>(
          s.locked() | mask_bit(hole_from_label(game, owner, hole.at("hole").get<std::string>(),
                                                "state: locked"),
                                "state: locked"));
    }
    for (const auto& weg : j.value("wegs", json::array())) {
      const int owner = weg.at("owner").get<int>() - 1;
      const int player = weg.at("player").get<int>() - 1;
      if (player != 0 && player != 1) throw Error("state: wegs: player: expected 1 or 2");
      const int pos =
          hole_from_label(game, owner, weg.at("hole").get<std::string>(), "state: wegs");
      if (pos >= 16) throw Error("state: wegs: only the first 16 holes can be wegs");
      const auto bit = static_cast<uint16_t>(1u << pos);
      s.weg(player) = static_cast<uint16_t>(s.weg(player) | bit);
      if (weg.value("spared", false)) s.weg_spared = static_cast<uint16_t>(s.weg_spared | bit);
    }
    const int to_move = j.at("to_move").get<int>();
    if (to_move != 1 && to_move != 2) throw Error("state: to_move: expected 1 or 2");
    s.to_move = static_cast<uint8_t>(to_move - 1);
    s.over = j.at("status").get<std::string>() == "over";
    const json& w = j.at("winner");
    s.winner = w.is_null()         ? kNobody
               : w.get<int>() == 0 ? kDraw
                                   : static_cast<int8_t>(w.get<int>() - 1);
    const std::string end = j.value("end", "none");
    for (EndReason r : {EndReason::kNone, EndReason::kRule, EndReason::kNoProgress,
                        EndReason::kSafetyBound, EndReason::kStopAfterRounds}) {
      if (end_reason_name(r) == end) s.reason = r;
    }
    if (j.contains("end_rule") && j["end_rule"].is_string()) {
      const std::string rule = j["end_rule"].get<std::string>();
      for (int r = 1; r < kRuleEnds; ++r) {
        if (rule == rule_end_key(static_cast<RuleEnd>(r))) s.rule_end = static_cast<RuleEnd>(r);
      }
    }
    s.ply = j.value("ply", 0);
    s.quiet_turns = j.value("quiet_turns", 0);
    s.relay_bound_hits = j.value("relay_bound_hits", 0u);
    if (j.contains("solo") && !j["solo"].is_null()) {
      const int solo = j["solo"].get<int>();
      if (solo != 1 && solo != 2) throw Error("state: solo: expected 1, 2 or null");
      s.solo = static_cast<int8_t>(solo - 1);
    }
    s.round = static_cast<uint8_t>(j.value("round", 1) - 1);
    if (j.contains("aside")) {
      for (int p = 0; p < 2; ++p) s.aside[p] = static_cast<int16_t>(j["aside"].at(p).get<int>());
    }
    if (j.contains("way")) {
      for (int p = 0; p < 2; ++p) {
        const int chosen = j["way"].at(p).get<int>();
        if (chosen < 0 || chosen > 2) throw Error("state: way: expected 0, 1 or 2");
        s.set_way(p, static_cast<uint8_t>(chosen));
      }
    }
    if (j.contains("extra_number")) {
      for (int p = 0; p < 2; ++p)
        s.extra_number[p] = static_cast<uint8_t>(j["extra_number"].at(p).get<int>());
    }
    if (j.contains("tribute_to") && !j["tribute_to"].is_null()) {
      const int t = j["tribute_to"].get<int>();
      if (t != 1 && t != 2) throw Error("state: tribute_to: expected 1, 2 or null");
      s.tribute_to = static_cast<int8_t>(t - 1);
    }
    for (const auto& hole : j.value("ceded", json::array())) {
      // Issue 38, ownership: a hole owned for the round by the opponent of its row's player.
      const int owner = hole.at("owner").get<int>() - 1;
      if (owner != 0 && owner != 1) throw Error("state: ceded: owner: expected 1 or 2");
      const int pos =
          hole_from_label(game, 1 - owner, hole.at("hole").get<std::string>(), "state: ceded");
      if (pos >= 16) throw Error("state: ceded: only the first 16 holes can change owner");
      s.ceded = static_cast<uint16_t>(s.ceded | HoleBits{1} << pos);
    }
    if (j.contains("house_emptied")) {
      for (int p = 0; p < 2; ++p) {
        if (j["house_emptied"].at(p).get<bool>()) s.bao |= static_cast<uint8_t>(1u << p);
      }
    }
    if (j.value("captured_since_namua", false)) s.bao |= 4u;
    for (const auto& hole : j.value("takasa", json::array())) {
      const int k =
          game.local(hole_from_label(game, s.to_move, hole.get<std::string>(), "state: takasa")) -
          n;
      if (k < 0 || k >= 8 || game.rules().rows_per_player != 2)
        throw Error("state: takasa: expected inner holes");
      s.takasa |= static_cast<uint8_t>(1u << k);
    }
    if (j.contains("closed_to")) s.closed_to = {0, 0};  // as given (Lobudok's start locks some)
    for (const auto& hole : j.value("closed_to", json::array())) {
      const int player = hole.at("player").get<int>() - 1;
      if (player != 0 && player != 1) throw Error("state: closed_to: player: expected 1 or 2");
      const int owner = hole.at("owner").get<int>() - 1;
      s.closed_to[player] |= mask_bit(
          hole_from_label(game, owner, hole.at("hole").get<std::string>(), "state: closed_to"),
          "state: closed_to");
    }
  } catch (const json::exception& e) {
    throw Error(std::string("state: ") + e.what());
  }
  return s;
}

std::string move_label(const Game& game, int player, Move m) {
  // Issue 38, ownership: a hole of the opponent's row the mover owns is numbered on from his
  // own row (7..12 on a 2x6 board).
  if (m.hole >= game.holes_per_player()) return std::to_string(m.hole + 1);
  std::string label = game.hole_label(game.global(player, m.hole)) + (m.reverse ? "<" : "");
  if (m.stop > 0) label += "." + std::to_string(m.stop);  // issue 38: its optional stop
  return label;
}

std::string move_label(const Game& game, const State& before, int player, Move m) {
  return (game.enters_from_hand(before, player) ? "+" : "") + move_label(game, player, m);
}

Move parse_move(const Game& game, const State& s, int player, const std::string& text,
                const std::string& where) {
  if (!text.empty() && text.front() == '+' && !game.enters_from_hand(s, player)) {
    throw Error(where + ": '+' enters a counter from the hand, and P" + std::to_string(player + 1) +
                " holds none");
  }
  return parse_move(game, player, text, where);
}

Move parse_move(const Game& game, int player, const std::string& text, const std::string& where) {
  std::string label = text;
  if (!label.empty() && label.front() == '+') label.erase(0, 1);
  // Issue 38: ".k" ends the move at its k-th optional stop (1..127).
  uint8_t stop = 0;
  if (const size_t dot = label.rfind('.'); dot != std::string::npos) {
    const std::string k = label.substr(dot + 1);
    if (k.empty() || k.size() > 3 || k.find_first_not_of("0123456789") != std::string::npos ||
        std::stoi(k) < 1 || std::stoi(k) > 127) {
      throw Error(where + ": '" + text + "': '." + k +
                  "' names no optional stop (write .1 for the first, .2 for the second...)");
    }
    stop = static_cast<uint8_t>(std::stoi(k));
    label.erase(dot);
  }
  bool reverse = false;
  if (!label.empty() && label.back() == '<') {
    reverse = true;
    label.pop_back();
  }
  if (game.rules().hole_ownership != HoleOwnership::kNone && !label.empty() &&
      std::all_of(label.begin(), label.end(), [](char ch) { return ch >= '0' && ch <= '9'; })) {
    // Issue 38, ownership: 7..12 on a 2x6 board, the opponent's holes 1..6 (move_label).
    const int h = game.holes_per_player();
    const int n = std::stoi(label);
    if (n > h && n <= 2 * h) return Move{static_cast<uint8_t>(n - 1), reverse};
  }
  const int pos = hole_from_label(game, player, label, where);
  return Move{static_cast<uint8_t>(game.local(pos)), reverse, stop};
}

}  // namespace mancala::sim
