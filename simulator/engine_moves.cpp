// Game's legal moves: the playable holes, the opening rules, reversed sowings (Otep), the
// must-feed and grand-slam filters, and the rules on single counters.
#include <bit>

#include "simulator/engine.h"
#include "simulator/engine_steps.h"

namespace mancala::sim {

void Game::legal_moves(const State& s, int p, MoveList& out) const {
  out.size = 0;
  if (s.over) return;
  if (rules_.opening_hole > 0 && opening_move(s)) {
    // Otep: "The first move must begin from the second hole from the right in the player's outer
    // row". An empty hole (emptied by the opponent's first move, or in a dealt round) or one out
    // of play cannot be the first move: the rule lapses and the first move is free, so a player
    // for whom has_move() is true always has a legal move (issue 12).
    const int k = rules_.opening_hole - 1;
    const int pos = global(p, k);
    if (s.holes[pos] > 0 && !in_mask(s.out_of_play, pos)) {
      out.push(Move{static_cast<uint8_t>(k), false});
      return;
    }
  }
  // From the playable mask: one compare of the whole side, then one store per legal move.
  HoleBits bits = playable(s, p);
  if (!rules_.opening_holes.empty() && opening_move(s)) {
    // Muvalavala: "The first move must be from the inner row." When none of the holes named can
    // be played, the rule lapses as opening_hole's does.
    HoleBits named = 0;
    for (int hole : rules_.opening_holes) named |= HoleBits{1} << (hole - 1);
    if (bits & named) bits &= named;
  }
  Move* moves = out.moves.data();
  int n = 0;
  if (rules_.direction == Direction::kByHalf) {
    // Um el-Bagara: "From the leftmost two holes: clockwise. From the rightmost two holes:
    // anti-clockwise. from the center hole: the player may choose either direction."
    const int row = rules_.holes_per_row;
    for (; bits != 0; bits &= bits - 1) {
      const int k = std::countr_zero(bits);
      if (2 * k + 1 >= row) moves[n++] = Move{static_cast<uint8_t>(k), false};
      if (2 * k + 1 <= row) moves[n++] = Move{static_cast<uint8_t>(k), true};
    }
  } else if (rules_.direction == Direction::kEither) {
    either_way_moves(bits, moves, n);
  } else if (rules_.direction_chosen_once) {
    chosen_once_moves(s, p, bits, moves, n);
  } else {
    for (; bits != 0; bits &= bits - 1)
      moves[n++] = Move{static_cast<uint8_t>(std::countr_zero(bits)), false};
  }
  out.size = n;
  if (rules_.reverse_privilege != ReversePrivilege::kNone) add_reverse_moves(s, p, out);
  if (move_filter_) filter_moves(s, p, out);
}

void Game::either_way_moves(HoleBits bits, Move* moves, int& n) const {
  // Bao Ki Arabu (Zanzibar 1): "Players pick up counters from any of their holes and sow them in
  // either direction": each playable hole anticlockwise, then clockwise.
  for (; bits != 0; bits &= bits - 1) {
    const auto k = static_cast<uint8_t>(std::countr_zero(bits));
    moves[n++] = Move{k, false};
    moves[n++] = Move{k, true};
  }
}

bool Game::feeds(const State& s, int player, Move m, bool* grand_slam) const {
  State copy = s;
  const MoveEffect fx = try_move(copy, player, m);
  const int q = 1 - player;
  *grand_slam = fx.by_rule > 0 && !side_empty(s, q) && side_empty(copy, q);
  return playable(copy, q) != 0;
}

void Game::filter_moves(const State& s, int p, MoveList& out) const {
  if (own_listing_) [[unlikely]] {
    if (bao_) return bao_moves(s, p, out);
    // issue 38, ownership: the holes of the opponent's row the mover owns
    if (rules_.hole_ownership != HoleOwnership::kNone) return owned_moves(s, p, out);
    add_stop_moves(s, p, out);  // issue 38, fourrow2: optional stops
  }
  const bool opponent_empty = side_empty(s, 1 - p);
  const bool feed = rules_.must_feed == MustFeed::kAlways ||
                    (rules_.must_feed == MustFeed::kWhenEmpty && opponent_empty);
  const bool slam = rules_.grand_slam == GrandSlam::kForbidden && !opponent_empty;
  if (!feed && !slam) return;
  std::array<bool, kMaxMoves> fed{}, slams{};
  int n_fed = 0;
  for (int i = 0; i < out.size; ++i) {
    bool grand = false;
    fed[i] = feeds(s, p, out[i], &grand);
    slams[i] = grand;
    n_fed += fed[i];
  }
  // Oware: "If an opponent's holes are all empty, the other player must make a move placing
  // counters in the opponent's row. If not possible, the player captures all the counters in
  // their row" (when_empty: no move is left and the turn ends the round, see has_move); J'odu:
  // "A player must play so that the opponent is able to play on their next turn, if possible"
  // (always: when none can, any move).
  const bool keep_unfed = !feed || (rules_.must_feed == MustFeed::kAlways && n_fed == 0);
  int kept = 0, slams_kept = 0;
  for (int i = 0; i < out.size; ++i) {
    const bool ok = keep_unfed || fed[i];
    kept += ok;
    slams_kept += ok && slams[i];
  }
  // Oware: "A move which would capture all of the opponent's counters is not allowed." When every
  // move left would, they stay allowed: the rule cannot leave the mover without a move.
  const bool drop_slams = slam && slams_kept < kept;
  int n = 0;
  for (int i = 0; i < out.size; ++i) {
    if ((keep_unfed || fed[i]) && !(drop_slams && slams[i])) out.moves[n++] = out.moves[i];
  }
  out.size = n;
}

bool Game::is_legal(const State& s, int player, Move m) const {
  MoveList list;
  legal_moves(s, player, list);
  for (const Move& x : list) {
    if (x == m) return true;
  }
  return false;
}

// One of the two holes at either end of a row.
bool Game::end_hole(int pos) const {
  const int c = column(pos);
  return c < 2 || c >= rules_.holes_per_row - 2;
}

void Game::add_reverse_moves(const State& s, int p, MoveList& out) const {
  // Otep: "Players may sow in a clockwise direction if the first sowing of the turn ends in one of
  // the two leftmost or rightmost holes in either row, and only if a capture can be made in that
  // turn": each playable hole is tried reversed on a copy.
  const int forward = out.size;
  for (int i = 0; i < forward; ++i) {
    const Move m{out[i].hole, true};
    // Where the reversed first sowing ends, walked without sowing (the path does not change).
    const int origin = global(p, m.hole);
    const int count = s.holes[origin];
    const bool into_origin =
        rules_.first_into_origin && !(count == 1 && rules_.single_counter_moves_on);
    int pos = origin;
    int left = into_origin ? count - 1 : count;
    const int at = lap_index_[p][1][origin];
    if (at != kOffPath && !rules_.skip_origin_on_laps && (s.out_of_play | s.closed_to[p]) == 0) {
      // Nothing to skip: the path's position `left` on from the origin, by index (as sow_rest
      // sows), not counter by counter.
      if (left > 0) pos = lap_[p][1][(at + left) % lap_len_];
    } else {
      for (; left > 0; --left) {
        pos = step(s, p, true, pos);
        if (rules_.skip_origin_on_laps && pos == origin) pos = step(s, p, true, pos);
      }
    }
    if (pos >= kMaxHoles || owner(pos) != p || !end_hole(pos)) continue;
    State copy = s;
    if (try_captures(copy, p, m)) out.push(m);
  }
}

HoleBits Game::singles(const State& s, int player, HoleBits bits) const {
  if (wegs_) [[unlikely]]
    return weg_playable(s, player, bits);  // issue 38 (weg_holes.cpp)
  if (rules_.start_holes != StartHoles::kAny) bits = rearmost_holes(s, player, bits);
  // Khrour (short_holes_locked): "Sowing cannot begin ... from these holes until the contents of
  // these holes reaches the required number of counters to fill them."
  if (s.locked() != 0) bits &= ~(HoleBits{s.locked()} >> (player * rules_.holes_per_player));
  if (rules_.locked_end_holes) {
    // Lobudok (issue 38): "players may not sow into or sow from the leftmost and rightmost holes
    // in both of their rows" (closed to him until he is blocked: unlock_end_holes).
    bits &= ~(s.closed_to[player] >> (player * rules_.holes_per_player));
    if (!rules_.singletons_last_resort && !rules_.single_into_empty_only) return bits;
  }
  HoleBits multi = 0, single = 0;
  for (HoleBits b = bits; b != 0; b &= b - 1) {
    const int k = std::countr_zero(b);
    (s.holes[global(player, k)] >= 2 ? multi : single) |= HoleBits{1} << k;
  }
  // Tsoro: "Players cannot sow from a hole with a single counter unless there are no holes with
  // multiple counters."
  if (rules_.singletons_last_resort && multi != 0) return multi;
  if (rules_.single_into_empty_only) {
    // "Single counters can only be sown into an empty hole."
    for (HoleBits b = single; b != 0; b &= b - 1) {
      const int k = std::countr_zero(b);
      const int next = step(s, player, false, global(player, k));
      if (next >= kMaxHoles || s.holes[next] != 0) single &= ~(HoleBits{1} << k);
    }
  }
  return multi | single;
}

HoleBits Game::playable_wide(const State& s, int player) const {
  const int h = rules_.holes_per_player;
  const Count* holes = s.holes.data() + player * h;
  HoleBits bits = 0;
  for (int k = 0; k < h; ++k)
    bits |= static_cast<HoleBits>(holes[k] >= rules_.min_counters_to_sow) << k;
  return bits & side_mask_;
}

}  // namespace mancala::sim
