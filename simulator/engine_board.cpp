// Game's board: the hole graph built from the rules, hole names, the start position.
#include <algorithm>
#include <string>
#include <vector>

#include "simulator/engine.h"

namespace mancala::sim {

Game::Game(RuleSet rules, int profile)
    : rules_(std::move(rules)), ending_classes_(ending_classes(rules_)) {
  const int h = rules_.holes_per_player;
  const int n = rules_.holes_per_row;
  for (int pos = 0; pos < kPositions; ++pos) {
    owner_[pos] = static_cast<uint8_t>(pos >= kMaxHoles ? pos - kMaxHoles : pos / h);
    local_[pos] = static_cast<uint8_t>(pos % h);
  }
  for (int p = 0; p < 2; ++p) {
    // Issue 38, ownership: move k of player p, on along the board past his row (move_origin).
    for (int k = 0; k < kMaxMoves; ++k)
      move_origin_[p][k] = static_cast<uint8_t>((p * h + k) % std::max(2 * h, 1));
  }
  for (auto& per_player : next_) {
    for (auto& table : per_player) table.fill(0xFF);
  }
  for (int p = 0; p < 2; ++p) {
    // The anticlockwise path of player p, as a cycle of positions.
    std::vector<int> path;
    for (int k = 0; k < h; ++k) path.push_back(p * h + k);
    if (rules_.circuit == Circuit::kWholeBoard) {
      // His store at his right comes after his row, at his left after the opponent's row (the
      // opponent's last hole is at his left): store_side, resolved by finalize into store_at.
      const bool sown = rules_.stores == StoreMode::kSown;
      if (sown && rules_.store_at == StoreSide::kRight) path.push_back(kStorePos + p);
      for (int k = 0; k < h; ++k) path.push_back((1 - p) * h + k);
      if (sown && rules_.store_at == StoreSide::kLeft) path.push_back(kStorePos + p);
    }
    const int len = static_cast<int>(path.size());
    const bool clockwise = rules_.direction == Direction::kClockwise;
    for (int i = 0; i < len; ++i) {
      const auto succ = static_cast<uint8_t>(path[(i + 1) % len]);
      const auto pred = static_cast<uint8_t>(path[(i + len - 1) % len]);
      next_[p][0][path[i]] = clockwise ? pred : succ;
      next_[p][1][path[i]] = clockwise ? succ : pred;
    }
    lap_len_ = len;  // the same for both players
    for (int rev = 0; rev < 2; ++rev) {
      lap_index_[p][rev].fill(kOffPath);
      int pos = path[0];
      for (int i = 0; i < len; ++i) {
        lap_[p][rev][i] = lap_[p][rev][i + len] = static_cast<uint8_t>(pos);
        lap_index_[p][rev][pos] = static_cast<uint8_t>(i);
        pos = next_[p][rev][pos];
      }
    }
  }
  for (int pos = 0; pos < rules_.total_holes; ++pos) {
    const int p = owner(pos);
    const int col = column(pos);
    const int facing = n - 1 - col;  // column of the facing hole, from the opponent's left
    const int q = 1 - p;
    if (rules_.rows_per_player == 1) {
      opposite_[pos] = static_cast<uint8_t>(global(q, facing));
      opposite_outer_[pos] = opposite_[pos];
    } else {
      opposite_[pos] = static_cast<uint8_t>(global(q, 2 * n - 1 - facing));
      opposite_outer_[pos] = static_cast<uint8_t>(global(q, facing));
    }
  }
  for (int count = 0; count < 256; ++count)
    capturing_count_[count] = rules_.capture_counts.contains(count);
  choose_profile(profile);
}

int Game::column(int pos) const {
  const int k = local(pos);
  const int n = rules_.holes_per_row;
  return k < n ? k : 2 * n - 1 - k;
}

int Game::row(int pos) const { return local(pos) < rules_.holes_per_row ? 0 : 1; }

std::string Game::hole_label(int pos) const {
  if (pos >= kMaxHoles) return "store";
  const std::string number = std::to_string(column(pos) + 1);
  if (rules_.rows_per_player == 1) return number;
  return (row(pos) == 0 ? "o" : "i") + number;
}

State Game::initial_state() const {
  State s;
  const auto& layout = rules_.start_layout;
  const int h = rules_.holes_per_player;
  for (int pos = 0; pos < rules_.total_holes; ++pos) {
    // An uneven start is given along each player's path, one side for both or both sides.
    const int k = static_cast<int>(layout.size()) == h ? local(pos) : pos;
    s.holes[pos] = static_cast<Count>(layout.empty() ? rules_.counters_per_hole : layout[k]);
  }
  s.sink.fill(kNobody);
  s.sink[kStorePos] = 0;
  s.sink[kStorePos + 1] = 1;
  // Bao: each player's counters in hand, entered one a move (State::aside holds them).
  s.aside = {static_cast<int16_t>(rules_.in_hand), static_cast<int16_t>(rules_.in_hand)};
  settle_start(s);  // a no-op for every ruleset finalize() accepts: each hole can be played
  return s;
}

void Game::settle_start(State& s) const {
  if (s.over || has_move(s, s.to_move)) return;
  // Nobody has moved yet, so no turn has been missed: the other opens (in a joint turn, plays
  // alone), as deal_round has always had a starter with nothing to sow do.
  if (has_move(s, 1 - s.to_move)) {
    s.to_move = static_cast<uint8_t>(1 - s.to_move);
    return;
  }
  for (int pos = 0; pos < rules_.total_holes; ++pos) take(s, pos, owner_in(s, pos));
  end_round(s, EndReason::kRule, RuleEnd::kNoMove);
}

int Game::counters_total(const State& s) const {
  int total = s.store[0] + s.store[1] + s.aside[0] + s.aside[1];
  for (int pos = 0; pos < rules_.total_holes; ++pos) total += s.holes[pos];
  return total;
}

}  // namespace mancala::sim
