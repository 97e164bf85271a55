#include "simulator/engine.h"

#include <cassert>
#include <vector>

namespace mancala::sim {

Game::Game(RuleSet rules) : rules_(std::move(rules)) {
  const int h = rules_.holes_per_player;
  const int n = rules_.holes_per_row;
  for (auto& per_player : next_) {
    for (auto& table : per_player) table.fill(0xFF);
  }
  for (int p = 0; p < 2; ++p) {
    // The anticlockwise path of player p, as a cycle of positions.
    std::vector<int> path;
    for (int k = 0; k < h; ++k) path.push_back(p * h + k);
    if (rules_.circuit == Circuit::kWholeBoard) {
      if (rules_.stores == StoreMode::kSown) path.push_back(kStorePos + p);
      for (int k = 0; k < h; ++k) path.push_back((1 - p) * h + k);
    }
    const int len = static_cast<int>(path.size());
    const bool clockwise = rules_.direction == Direction::kClockwise;
    for (int i = 0; i < len; ++i) {
      const auto succ = static_cast<uint8_t>(path[(i + 1) % len]);
      const auto pred = static_cast<uint8_t>(path[(i + len - 1) % len]);
      next_[p][0][path[i]] = clockwise ? pred : succ;
      next_[p][1][path[i]] = clockwise ? succ : pred;
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
  for (int pos = 0; pos < rules_.total_holes; ++pos) s.holes[pos] = static_cast<uint8_t>(rules_.counters_per_hole);
  s.sink.fill(kNobody);
  s.sink[kStorePos] = 0;
  s.sink[kStorePos + 1] = 1;
  return s;
}

int Game::counters_total(const State& s) const {
  int total = s.store[0] + s.store[1];
  for (int pos = 0; pos < rules_.total_holes; ++pos) total += s.holes[pos];
  return total;
}

void Game::legal_moves(const State& s, MoveList& out) const {
  out.size = 0;
  if (s.over) return;
  const int p = s.to_move;
  for (int k = 0; k < rules_.holes_per_player; ++k) {
    const int pos = global(p, k);
    if (s.holes[pos] >= rules_.min_counters_to_sow && !(s.out_of_play >> pos & 1u) && s.sink[pos] == kNobody) {
      out.push(Move{static_cast<uint8_t>(k), false});
    }
  }
}

bool Game::is_legal(const State& s, Move m) const {
  MoveList list;
  legal_moves(s, list);
  for (const Move& x : list) {
    if (x == m) return true;
  }
  return false;
}

bool Game::has_move(const State& s, int player) const {
  for (int k = 0; k < rules_.holes_per_player; ++k) {
    const int pos = global(player, k);
    if (s.holes[pos] >= rules_.min_counters_to_sow && !(s.out_of_play >> pos & 1u) && s.sink[pos] == kNobody) return true;
  }
  return false;
}

// The next position on the path that is in play.
inline int Game::step(const State& s, int player, bool reverse, int pos) const {
  int guard = kPositions;
  do {
    pos = next_[player][reverse][pos];
  } while (pos < kMaxHoles && (s.out_of_play >> pos & 1u) && --guard > 0);
  return pos;
}

inline void Game::drop(State& s, int pos, MoveEffect& fx, int player) const {
  const int8_t taker = s.sink[pos];
  if (taker != kNobody) {
    ++s.store[taker];
    if (taker == player) ++fx.captured;
  } else {
    ++s.holes[pos];
  }
}

// Sows `count` counters for `player` from hole `from` (already emptied): into `from` itself first
// when first_into_from, then along the path. Returns the position of the last counter.
int Game::sow(State& s, int player, bool reverse, int from, int count, bool first_into_from, MoveEffect& fx) const {
  int pos = from;
  if (first_into_from) {
    drop(s, pos, fx, player);
    --count;
  }
  const bool skip_origin = rules_.skip_origin_on_laps;
  while (count > 0) {
    pos = step(s, player, reverse, pos);
    if (skip_origin && pos == from) pos = step(s, player, reverse, pos);
    drop(s, pos, fx, player);
    --count;
  }
  return pos;
}

int Game::take(State& s, int pos, int player) const {
  if (pos < 0 || pos >= kMaxHoles || (s.out_of_play >> pos & 1u) || s.sink[pos] != kNobody) return 0;
  const int c = s.holes[pos];
  s.holes[pos] = 0;
  s.store[player] = static_cast<int16_t>(s.store[player] + c);
  return c;
}

void Game::capture_at_end(State& s, int p, int last, int empty_next, MoveEffect& fx) const {
  switch (rules_.capture) {
    case Capture::kNone:
      break;
    case Capture::kEvenInOpponentRow: {
      // Toguz Kumalak: "If the last ball falls into a hole on the opponent's side, and the
      // contents of this hole become an even number of balls, these are captured."
      if (last >= kMaxHoles || owner(last) == p || s.sink[last] != kNobody) break;
      const int c = s.holes[last];
      if (c % 2 == 0) {
        fx.captured += take(s, last, p);
        break;
      }
      // "...number then three balls, the hole becomes your tuzdyk" with its three conditions.
      if (!rules_.tuzdyk || c != rules_.tuzdyk_count || s.tuzdyk[p] != kNobody) break;
      if (rules_.tuzdyk_forbid_last_hole && local(last) == rules_.holes_per_player - 1) break;
      const int theirs = s.tuzdyk[1 - p];
      if (theirs != kNobody) {
        if (rules_.tuzdyk_symmetry == TuzdykSymmetry::kSameNumber && local(theirs) == local(last)) break;
        if (rules_.tuzdyk_symmetry == TuzdykSymmetry::kOpposite && opposite(theirs) == last) break;
      }
      fx.captured += take(s, last, p);
      s.sink[last] = static_cast<int8_t>(p);
      s.tuzdyk[p] = static_cast<int8_t>(last);
      fx.made_tuzdyk = true;
      break;
    }
    case Capture::kAfterEmptyNext:
      // "...captures any counters from the hole after the empty hole"
      if (empty_next >= 0) fx.captured += take(s, step(s, p, false, empty_next), p);
      break;
    case Capture::kOppositeEmptyNext:
      if (empty_next >= 0 && empty_next < kMaxHoles) fx.captured += take(s, opposite(empty_next), p);
      break;
    case Capture::kOppositeLastInOwnRow:
      if (last < kMaxHoles && owner(last) == p) fx.captured += take(s, opposite(last), p);
      break;
    case Capture::kResowOppositePair:
      break;  // made during the relay chain, see apply()
  }
}

MoveEffect Game::apply(State& s, Move m) const {
  assert(!s.over && is_legal(s, m));
  MoveEffect fx;
  const int p = s.to_move;
  const bool rev = m.reverse;
  const int origin = global(p, m.hole);
  const int count = s.holes[origin];
  s.holes[origin] = 0;
  const bool into_origin = rules_.first_into_origin && !(count == 1 && rules_.single_counter_moves_on);
  int last = sow(s, p, rev, origin, count, into_origin, fx);
  int empty_next = -1;

  switch (rules_.relay) {
    case Relay::kNone:
      break;
    case Relay::kNextHole:
      // "the player picks up the contents of the next hole ... and continues sowing"
      for (;;) {
        int next = step(s, p, rev, last);
        if (next >= kMaxHoles) next = step(s, p, rev, next);  // a store is not a hole to pick up
        if (s.holes[next] == 0 || s.sink[next] != kNobody) {
          empty_next = next;
          break;
        }
        if (fx.sowings >= rules_.max_sowings_per_move) {
          fx.relay_bound = true;
          break;
        }
        const int c = s.holes[next];
        s.holes[next] = 0;
        ++fx.sowings;
        last = sow(s, p, rev, next, c, false, fx);
      }
      break;
    case Relay::kLandingHole:
      for (;;) {
        if (last >= kMaxHoles || s.sink[last] != kNobody || s.holes[last] <= 1) break;
        if (fx.sowings >= rules_.max_sowings_per_move) {
          fx.relay_bound = true;
          break;
        }
        const int c = s.holes[last];
        s.holes[last] = 0;
        ++fx.sowings;
        last = sow(s, p, rev, last, c, false, fx);
      }
      break;
  }
  fx.last_pos = last;
  if (fx.relay_bound) {
    ++s.relay_bound_hits;
  } else {
    capture_at_end(s, p, last, empty_next, fx);
  }
  end_turn(s, fx);
  return fx;
}

void Game::end_round(State& s, EndReason reason) const {
  s.over = true;
  s.reason = reason;
  if (reason == EndReason::kSafetyBound) {
    s.winner = kNobody;
  } else if (s.winner == kNobody) {
    s.winner = s.store[0] > s.store[1] ? 0 : s.store[1] > s.store[0] ? 1 : kDraw;
  }
}

void Game::end_turn(State& s, const MoveEffect& fx) const {
  ++s.ply;
  s.quiet_turns = fx.captured > 0 ? 0 : static_cast<uint16_t>(s.quiet_turns + 1);
  auto owners_take_rows = [&] {
    for (int pos = 0; pos < rules_.total_holes; ++pos) take(s, pos, owner(pos));
  };
  // Toguz: "the game ends as soon as a player has captured more than 81".
  if (rules_.end_on_majority && 2 * std::max(s.store[0], s.store[1]) > rules_.total_counters) {
    end_round(s, EndReason::kRule);
    return;
  }
  if (rules_.no_progress_turns > 0 && s.quiet_turns >= rules_.no_progress_turns) {
    owners_take_rows();
    end_round(s, EndReason::kNoProgress);
    return;
  }
  s.to_move = static_cast<uint8_t>(1 - s.to_move);
  if (!has_move(s, s.to_move)) {
    switch (rules_.no_move) {
      case NoMove::kEndOwnersTakeRows:
        // Toguz: "the opponent takes what is left on his own side".
        owners_take_rows();
        end_round(s, EndReason::kRule);
        return;
      case NoMove::kEndMoverLoses:
        s.winner = static_cast<int8_t>(1 - s.to_move);
        end_round(s, EndReason::kRule);
        return;
      case NoMove::kPass:
        if (!has_move(s, 1 - s.to_move)) {
          owners_take_rows();
          end_round(s, EndReason::kRule);
          return;
        }
        s.to_move = static_cast<uint8_t>(1 - s.to_move);
        break;
    }
  }
  if (s.ply >= rules_.max_plies) end_round(s, EndReason::kSafetyBound);
}

}  // namespace mancala::sim
