#include "simulator/play.h"

#include <cstring>

#include "simulator/playout.h"

namespace mancala::sim {
namespace {

// The always-on checks (issue 12): cheap, once a round or one comparison a move, so that a
// defect of the engine is an error naming the ruleset, never a silent figure.
[[noreturn]] void no_move_fault(const Game& game, const State& s, int player) {
  throw EngineFault(game.rules().id, "round " + std::to_string(s.round + 1) + ", ply " +
                                         std::to_string(s.ply) + ": P" +
                                         std::to_string(player + 1) +
                                         " has no legal move in a position that is not over");
}

// Every counter is on the board, in a store or set aside: "round R <what> N counters of T".
void check_counters(const Game& game, const State& s, int round, const char* what) {
  const int total = game.rules().total_counters;
  const int on_board = game.counters_total(s);
  if (on_board != total) {
    throw EngineFault(game.rules().id, "round " + std::to_string(round) + " " + what + " " +
                                           std::to_string(on_board) + " counters of " +
                                           std::to_string(total));
  }
}

void check_deal(const Game& game, const State& dealt, int round) {
  check_counters(game, dealt, round, "was dealt");
}

}  // namespace

void check_round_conservation(const Game& game, const State& ended, const RoundRecord& record,
                              int round) {
  check_counters(game, ended, round, "ended with");
  const int total = game.rules().total_counters;
  if (game.rules().match && record.reason != EndReason::kSafetyBound &&
      record.holdings[0] + record.holdings[1] != total) {
    throw EngineFault(game.rules().id, "round " + std::to_string(round) + " ended with holdings " +
                                           std::to_string(record.holdings[0]) + "-" +
                                           std::to_string(record.holdings[1]) + " of " +
                                           std::to_string(total) + " counters");
  }
}

namespace {

// Follows one round for its RoundPlay (docs/metrics.md): a few integer operations per ply, no
// allocation, so the playout loop keeps its speed.
class RoundTracker {
 public:
  // Where captured counters are sown again on the capturer's side (Otep's re-sowing capture)
  // nothing is stored: a player's material is then every counter on his side, and holding more
  // than half decides nothing (it can all be taken back), so no majority is recorded.
  explicit RoundTracker(const Game& game)
      : total_(game.rules().total_counters),
        holes_(game.rules().holes_per_player),
        on_side_(game.material_on_side()) {}

  // The round as dealt.
  void start(const State& s) {
    const int lead = held(s, 0) - held(s, 1);
    lead_ = lead;
    first_ply_ = lead_since_ = s.ply;
    lead_sum_ = lead_square_sum_ = 0;
    play_.turns = 0;
    play_.lead_changes = 0;
    play_.max_lead = play_.min_lead = static_cast<int16_t>(lead);
    sign_ = (lead > 0) - (lead < 0);
    last_stores_ = stores(s);
    for (int p = 0; p < 2; ++p)
      play_.majority_ply[p] = !on_side_ && 2 * held(s, p) > total_ ? 0 : RoundPlay::kNever;
    owed_ = kNobody;
    extra_moves_ = 0;
  }
  // After a ply of `mover` alone: an extra move when his previous ply earned him one
  // (MoveEffect::extra_move); a turn is any other ply.
  [[gnu::always_inline]] void after_move(const State& s, int mover, bool extra_move) {
    if ((owed_ != kNobody) | extra_move) [[unlikely]] {
      if (owed_ == mover) ++extra_moves_;
      owed_ = extra_move ? static_cast<int8_t>(mover) : kNobody;
    }
    update(s);
  }
  // After a joint ply (simultaneous.h): always a turn of its own; a player who alone earned
  // another move plays it next, alone.
  void after_joint(const State& s, const JointMove& jm, const JointEffect& fx) {
    const bool e0 = jm.plays[0] && fx.fx[0].extra_move, e1 = jm.plays[1] && fx.fx[1].extra_move;
    owed_ = e0 == e1 ? kNobody : static_cast<int8_t>(e0 ? 0 : 1);
    update(s);
  }
  // The round's record, once it is over (`s` as it ended).
  const RoundPlay& finish(const State& s) {
    play_.turns = static_cast<uint16_t>(s.ply - extra_moves_);
    hold_lead_until(s.ply + 1);
    play_.stability = stability(s.ply + 1 - first_ply_);
    return play_;
  }

 private:
  // Both stores as one word: one comparison tells whether either moved.
  static uint32_t stores(const State& s) {
    uint32_t word;
    static_assert(sizeof(word) == sizeof(s.store));
    std::memcpy(&word, s.store.data(), sizeof(word));
    return word;
  }
  int held(const State& s, int p) const {
    int n = s.store[static_cast<size_t>(p)] + s.aside[static_cast<size_t>(p)];
    if (on_side_) {
      for (int k = p * holes_; k < (p + 1) * holes_; ++k) n += s.holes[static_cast<size_t>(k)];
    }
    return n;
  }
  // The lead moves only when a store does (aside is fixed through a round): most plies stop
  // here, inlined; the rest is out of line.
  [[gnu::always_inline]] void update(const State& s) {
    if (stores(s) != last_stores_ || on_side_) changed(s);
  }
  [[gnu::noinline]] void changed(const State& s) {
    last_stores_ = stores(s);
    const int h0 = held(s, 0), h1 = held(s, 1);
    const int lead = h0 - h1;
    hold_lead_until(s.ply);
    lead_ = lead;
    track_lead(lead);
    if (on_side_) return;
    if (2 * h0 > total_ && play_.majority_ply[0] == RoundPlay::kNever)
      play_.majority_ply[0] = s.ply;
    if (2 * h1 > total_ && play_.majority_ply[1] == RoundPlay::kNever)
      play_.majority_ply[1] = s.ply;
  }
  // The positions before ply `ply` held the last lead since it was set: their sums.
  void hold_lead_until(int ply) {
    const int64_t positions = ply - lead_since_;
    lead_sum_ += positions * lead_;
    lead_square_sum_ += positions * lead_ * lead_;
    lead_since_ = ply;
  }
  // floor(1000 sd / total) of the lead over `n` positions, exactly from the integer sums: sd =
  // sqrt(n S2 - S1^2) / n.
  uint16_t stability(int64_t n) const {
    if (n <= 0 || total_ <= 0) return 0;
    using u128 = __uint128_t;
    const __int128_t spread = static_cast<__int128_t>(n) * lead_square_sum_ -
                              static_cast<__int128_t>(lead_sum_) * lead_sum_;
    const u128 x = static_cast<u128>(spread) * 1000000u;
    u128 root = 0;  // floor(sqrt(x)), bit by bit
    for (int bit = 63; bit >= 0; --bit) {
      const u128 next = root | (u128{1} << bit);
      if (next * next <= x) root = next;
    }
    const u128 value = root / static_cast<u128>(n * total_);
    return static_cast<uint16_t>(value > 1000 ? 1000 : value);
  }
  void track_lead(int lead) {
    if (lead > play_.max_lead) play_.max_lead = static_cast<int16_t>(lead);
    if (lead < play_.min_lead) play_.min_lead = static_cast<int16_t>(lead);
    const int sign = (lead > 0) - (lead < 0);
    if (sign != 0 && sign != sign_) {
      if (sign_ != 0) ++play_.lead_changes;
      sign_ = sign;
    }
  }

  int total_;
  int holes_;
  bool on_side_;
  int sign_ = 0;           // of the last non-zero lead
  int8_t owed_ = kNobody;  // the player the last ply earned another move, if any
  int extra_moves_ = 0;
  uint32_t last_stores_ = 0;  // both stores after the last ply (stores())
  // The lead and the sums of it and its square over the positions so far (stability): the lead
  // `lead_` has held since position `lead_since_`, the round's first position is `first_ply_`.
  int lead_ = 0, lead_since_ = 0, first_ply_ = 0;
  int64_t lead_sum_ = 0, lead_square_sum_ = 0;
  RoundPlay play_{};
};

}  // namespace

GameResult play_game(const Game& game, AgentSpec first, AgentSpec second, Rng& rng,
                     GameObserver* observer) {
  Player p1(game, first);
  if (first == second) return play_game(game, p1, p1, rng, observer);
  Player p2(game, second);
  return play_game(game, p1, p2, rng, observer);
}

namespace {

// One round played to its end (s.over), every move shown to `tracker` (the playability metrics'
// RoundTracker, or NoPlayoutHooks) and to the observer, if any.
template <class Tracker>
void play_round_tracked(const Game& game, const MatchState& match, State& s, Player& first,
                        Player& second, Rng& rng, GameObserver* observer, Tracker& tracker) {
  // Random against random, unwatched: the playout loop draws the same moves from the same stream.
  if (!observer && first.spec().kind == Agent::kRandom && second.spec().kind == Agent::kRandom) {
    random_playout(game, s, rng, tracker);
    return;
  }
  MoveList moves;
  while (!s.over) {
    if (game.joint_turn(s)) {
      // Both choose from the same position, neither seeing the other's choice.
      const JointMove jm = choose_joint_move(game, s, moves, rng, [&](int p, const MoveList& m) {
        return (p == 0 ? first : second).choose(match, s, p, m, rng);
      });
      if (!jm.plays[0] && !jm.plays[1]) [[unlikely]]
        no_move_fault(game, s, s.to_move);
      if (observer) {
        const State before = s;
        const JointEffect fx = game.apply_joint(s, jm);
        tracker.after_joint(s, jm, fx);
        observer->on_joint_move(before, jm, fx, s);
      } else {
        tracker.after_joint(s, jm, game.apply_joint(s, jm));
      }
      continue;
    }
    game.legal_moves(s, moves);
    if (moves.size == 0) [[unlikely]]
      no_move_fault(game, s, s.to_move);
    const int mover = s.to_move;
    const Move m = (mover == 0 ? first : second).choose(match, s, mover, moves, rng);
    if (observer) {
      const State before = s;
      const MoveEffect fx = game.apply(s, m);
      tracker.after_move(s, mover, fx.extra_move);
      observer->on_move(before, m, fx, s);
    } else {
      tracker.after_move(s, mover, game.apply(s, m).extra_move);
    }
  }
}

}  // namespace

void play_round(const Game& game, const MatchState& match, State& s, Player& first, Player& second,
                Rng& rng, GameObserver* observer) {
  NoPlayoutHooks none;
  play_round_tracked(game, match, s, first, second, rng, observer, none);
}

GameResult play_game(const Game& game, Player& first, Player& second, Rng& rng,
                     GameObserver* observer) {
  first.new_game();
  second.new_game();
  GameResult result;
  MatchState match;
  State s = start_match(game, match);
  if (observer) observer->on_start(s);
  RoundTracker tracker(game);
  tracker.start(s);
  for (;;) {  // rounds: one unless the rules play a match
    play_round_tracked(game, match, s, first, second, rng, observer, tracker);
    result.plies += s.ply;
    result.relay_bound_hits += s.relay_bound_hits;
    const RoundPlay& play = tracker.finish(s);
    result.turns += play.turns;
    const RoundRecord record = finish_round(game, match, s);
    if (result.rounds < kMaxRounds) {
      result.round[result.rounds] = record;
      result.play[result.rounds] = play;
    }
    ++result.rounds;
    check_round_conservation(game, s, record, result.rounds);
    if (!game.rules().match) {
      next_round(game, match, s, rng);
      break;
    }
    if (observer) {
      const State ended = s;
      const bool more = next_round(game, match, s, rng);
      if (more) check_deal(game, s, result.rounds + 1);
      observer->on_round_end(ended, record, more ? &s : nullptr, match);
      if (!more) break;
    } else if (!next_round(game, match, s, rng)) {
      break;
    } else {
      check_deal(game, s, result.rounds + 1);
    }
    tracker.start(s);
  }
  if (observer) observer->on_end(s);
  result.winner = match.winner;
  result.reason = match.reason;
  result.store = match.holdings;
  return result;
}

}  // namespace mancala::sim
