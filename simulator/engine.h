// Game: the engine for one ruleset. Immutable after construction and shared by threads.
//
// Contract: if a state is not over, the player to move has at least one legal move (a player
// without one is dealt with by the ruleset's no_move rule inside apply(), before his turn).
// apply() checks the move in debug builds, does the rule work in private steps and keeps the
// bookkeeping (ply, quiet turns, end of round) in one place. Nothing in the move loop allocates.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "common/error.h"
#include "simulator/ending.h"
#include "simulator/profile.h"
#include "simulator/rng.h"
#include "simulator/rules.h"
#include "simulator/state.h"
#include "simulator/steps.h"

namespace mancala::sim {

struct NoPlayoutHooks;  // playout.h
class RoundTracker;     // round_tracker.h

// The engine broke its own contract: counters were lost or created in a round, or the player to
// move had no legal move in a position that is not over. Never a rule of a game: a defect, found
// by the always-on checks of play_game (at the end of every round) and of the playout loops
// (issue 12), turned into a clear error instead of a silent figure. The message names the ruleset
// and, once the batch runner has added it (in_game), the game's index and the run's seed, so that
// the game can be replayed.
class EngineFault : public Error {
 public:
  EngineFault(const std::string& ruleset, const std::string& detail, const std::string& game = "")
      : Error(where(ruleset, game, detail) +
              " (an engine fault, not a rule of the game: please report it with the ruleset and "
              "the seed)"),
        ruleset_(ruleset),
        detail_(detail) {}
  // The same fault, naming the game of a run it happened in ("game 17 of seed 1").
  EngineFault in_game(uint64_t seed, int64_t game) const {
    return EngineFault(ruleset_, detail_,
                       "game " + std::to_string(game) + " of seed " + std::to_string(seed));
  }

 private:
  std::string ruleset_, detail_;
};

// What one move did, for traces and the greedy agent.
struct MoveEffect {
  int captured = 0;  // counters the mover captured (stores/sinks included)
  int opponent_captured =
      0;  // counters the other player gained during the move (his sinks, fours...)
  // What the two totals are made of, for traces ([0] the mover, [1] the other player). The rest of
  // a player's total is what the sowing dropped into his store or sinks (a store on the sowing
  // path, a bha, a tuzdyk, a toll hole).
  int by_rule = 0;  // the mover's captures by the capture rule (and a tuzdyk's making)
  std::array<int16_t, 2> fours{};         // holes of four taken
  std::array<int16_t, 2> tribute{};       // the Kungidar's counter from a lifted hole
  std::array<int16_t, 2> extra_number{};  // holes made to hold an extra number
  int sowings = 1;                        // sowings in the relay chain
  bool made_tuzdyk = false;
  int last_pos = -1;  // global position of the last counter
  bool relay_bound = false;
  bool extra_move = false;  // ended in the mover's own store: he moves again (store_extra_move)
};

// What a simultaneous turn did (see simultaneous.h).
struct JointEffect {
  std::array<MoveEffect, 2> fx{};  // each player's move; untouched for a player who did not play
  std::array<int, 2> ended_at{};   // lockstep: the tick at which each player's move ended ("dead")
  std::array<bool, 2> lapsed{};    // sequential_random: the chosen hole was empty by his turn
  int ticks = 0;                   // lockstep: ticks until both were dead
  uint8_t first = 0;               // the order used: whose counter (or move) came first
};

class Game {
 public:
  // The engine of `rules`, playing under the first rule profile of kProfiles that holds every
  // feature its keys use (profile.h); `profile` forces another index of kProfiles, one that holds
  // them (tests: every profile plays the same games).
  explicit Game(RuleSet rules, int profile = -1);

  const RuleSet& rules() const { return rules_; }
  // The rule features the ruleset uses, and the index in kProfiles of the profile it plays under.
  Features features() const { return features_; }
  int profile() const { return profile_; }
  // The class of an ending by the rule `r` of this ruleset (ending.h: from its key's witness).
  Completion ending_class(RuleEnd r) const { return ending_classes_[static_cast<size_t>(r)]; }
  State initial_state() const;

  // Legal moves of the player to move; none when the state is over. In a joint turn to_move is
  // the first player who has a move, so the list is empty exactly when the state is over.
  void legal_moves(const State& s, MoveList& out) const { legal_moves(s, s.to_move, out); }
  // Legal moves of `player` (in a joint turn both players choose from the same state).
  void legal_moves(const State& s, int player, MoveList& out) const;
  // `player`'s playable holes as a bit mask: bit k when his hole k holds at least
  // min_counters_to_sow counters and is in play. When plain_moves(), these are his legal moves
  // (forward, in hole order) in any state that is not over.
  // (Issue 38, ownership: without the holes that changed owner, State::ceded, whose rulesets list
  // their moves out of line, owned_moves: the code every other ruleset runs is that of before.)
  HoleBits playable(const State& s, int player) const {
    return playable_as<kAllFeatures & ~feature::kOwnership>(s, player);
  }
  // playable() under the profile F: the tests of the features it lacks left out.
  template <Features F>
  HoleBits playable_as(const State& s, int player) const {
    const int h = rules_.holes_per_player;
    HoleBits bits;
    if constexpr (has(F, feature::kWideSide)) {
      bits = h > 16 ? playable_wide(s, player) : playable16(s, player);
    } else {
      bits = playable16(s, player);
    }
    if constexpr (has(F, feature::kSkips)) bits &= ~(s.out_of_play >> (player * h));
    if constexpr (has(F, feature::kOwnership)) {
      // Issue 38, ownership: holes that changed owner for the round (State::ceded).
      if (s.ceded != 0) [[unlikely]]
        return owned_playable(s, player);
    }
    // The rules on single counters, start_holes rearmost (fourrow1) and Lobudok's locked end holes
    // (issue 38, kLockedEnds: tested with them, so that no other ruleset's playable() tests
    // anything more).
    if constexpr (has(F, feature::kSingles | feature::kStartHoles | feature::kLockedEnds)) {
      if (singles_rule_) [[unlikely]]
        return singles(s, player, bits);
    }
    return bits;
  }
  // The holes of a side of at most 16 that hold min_counters_to_sow, and of a wider side
  // (kWideSide), hole by hole.
  HoleBits playable16(const State& s, int player) const {
    const Count* holes = s.holes.data() + player * rules_.holes_per_player;
#if defined(__SSE2__)
    // Two compares of 8 holes (h <= 16: the loads stay in the array, player * h + 16 <= 32),
    // packed to one byte a hole. Counts are at most kMaxCounters, so the signed compare is exact.
    static_assert(2 * 16 <= kMaxHoles && kMaxCounters < 32767);
    if constexpr (sizeof(Count) == 1) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(holes));
      const __m128i at_least = _mm_cmpeq_epi8(_mm_max_epu8(v, min_sow8_), v);
      return static_cast<uint32_t>(_mm_movemask_epi8(at_least)) & side_mask_;
    } else {
      const __m128i low = _mm_loadu_si128(reinterpret_cast<const __m128i*>(holes));
      const __m128i high = _mm_loadu_si128(reinterpret_cast<const __m128i*>(holes + 8));
      const __m128i at_least =
          _mm_packs_epi16(_mm_cmpgt_epi16(low, min_sow_), _mm_cmpgt_epi16(high, min_sow_));
      return static_cast<uint32_t>(_mm_movemask_epi8(at_least)) & side_mask_;
    }
#else
    HoleBits bits = 0;
    for (int k = 0; k < rules_.holes_per_player; ++k)
      bits |= static_cast<HoleBits>(holes[k] >= rules_.min_counters_to_sow) << k;
    return bits & side_mask_;
#endif
  }
  [[gnu::noinline]] HoleBits playable_wide(const State& s, int player) const;
  // True when a player's legal moves are always his playable holes (no opening hole, no reverse
  // privilege, no direction by hole, no rule that filters moves by what they do): random play
  // draws from playable() without building the list.
  bool plain_moves() const { return plain_moves_; }
  bool is_legal(const State& s, Move m) const { return is_legal(s, s.to_move, m); }
  bool is_legal(const State& s, int player, Move m) const;
  // Plays a legal move of the player to move; settles the end of the turn and of the round.
  // Not for a joint turn (joint_turn(s)): see apply_joint.
  MoveEffect apply(State& s, Move m) const { return (this->*apply_)(s, m); }
  // The same, showing each step of the move (steps.h) to `steps` as it is made: the same play,
  // one counter at a time. For people watching; batches and searches use the form above.
  MoveEffect apply(State& s, Move m, StepObserver* steps) const;

  // At the start of a round (the initial position, a dealt round; initial_state and deal_round
  // call it), before anyone has moved: a player to move who has no legal move does not open, the
  // other does (in a joint turn he plays alone and to_move names him), whatever no_move says (no
  // turn has been missed yet); when neither can move the round ends and each takes what is in his
  // own rows. Afterwards the contract above holds.
  void settle_start(State& s) const;

  // Simultaneous turns (simultaneous.h): true when both players choose this turn's move.
  bool joint_turn(const State& s) const {
    return s.solo == kNobody && (rules_.turns == Turns::kSimultaneous ||
                                 (rules_.turns == Turns::kSimultaneousOpening && s.ply == 0));
  }
  // True when the resolution needs JointMove::first drawn at random each turn.
  bool draws_order() const { return rules_.resolution != Resolution::kLockstep; }
  // Plays a joint turn: both players' moves resolved by rules().resolution; then settles the end
  // of the turn and of the round as apply() does; `steps`, when given, sees each step of both
  // moves in the order the resolution makes them (steps.h). Defined in simultaneous.cpp.
  JointEffect apply_joint(State& s, const JointMove& jm, StepObserver* steps = nullptr) const;
  // Plays `player`'s move alone, without ending the turn (what the move would do: for agents, and
  // the legal-move rules that try a move on a copy: must_feed, grand_slam), under the game's
  // profile (try_as).
  MoveEffect try_move(State& s, int player, Move m) const { return (this->*try_)(s, player, m); }
  // Whether `player`'s move captures anything (try_move's captured > 0): the move played on `s`
  // only as far as its first capture (reverse_privilege's test), under the game's profile.
  bool try_captures(State& s, int player, Move m) const {
    return (this->*try_captures_)(s, player, m);
  }
  // Random play of `s` to the end of its round under the game's profile, `hooks` seeing every
  // move (playout.h's random_playout; engine_playout.cpp): the plies played.
  int playout(State& s, Rng& rng, NoPlayoutHooks& hooks) const;
  int playout(State& s, Rng& rng, RoundTracker& hooks) const;

  // Bao (capture occupied_inner_facing, in_hand): whether `player`'s moves now enter a counter
  // from his hand (State::aside holds each player's hand), written with a leading '+'.
  bool enters_from_hand(const State& s, int player) const {
    return rules_.in_hand > 0 && s.aside[player] > 0;
  }

  // Board geometry.
  int holes_per_player() const { return rules_.holes_per_player; }
  // By table: no division in the move loop.
  int owner(int pos) const { return owner_[pos]; }
  int global(int player, int k) const { return player * rules_.holes_per_player + k; }
  int local(int pos) const { return local_[pos]; }
  // Issue 38, ownership: the player who owns hole `pos` in this round: its row's player unless
  // the hole has changed owner (State::ceded, hole_ownership); owner() where holes never do.
  int owner_in(const State& s, int pos) const {
    return owner_[pos] ^ static_cast<int>(in_mask(s.ceded, pos));
  }
  // The hole of `player`'s move `k`: his own row's k-th hole (k < holes_per_player), or where he
  // owns holes of the opponent's row (hole_ownership), k counted on along the board from his
  // first hole: the opponent's hole k - holes_per_player.
  int move_origin(int player, int k) const { return move_origin_[player][k]; }
  // Issue 38, ownership: `player`'s playable holes where some hole changed owner (State::ceded),
  // as bits of his moves' k (move_origin): the holes he owns that hold min_counters_to_sow and are
  // in play.
  [[gnu::noinline]] HoleBits owned_playable(const State& s, int player) const;
  // Issue 38, ownership: `player`'s legal moves where holes change owner (legal_moves' filter).
  [[gnu::noinline]] void owned_moves(const State& s, int player, MoveList& out) const;
  // The opponent's hole facing `pos` across the board (on a 4-row board: the inner one).
  int opposite(int pos) const { return opposite_[pos]; }
  // The outer hole behind opposite(pos) on a 4-row board.
  int opposite_outer(int pos) const { return opposite_outer_[pos]; }
  // Next position on `player`'s sowing path, skipping nothing (stores on the path included).
  int next_on_path(int player, bool reverse, int pos) const { return next_[player][reverse][pos]; }
  // Label of a hole for people: its number from its owner's left (1-based); on a 4-row board
  // "o1".."oN" (outer) and "i1".."iN" (inner).
  std::string hole_label(int pos) const;
  // Column from the owner's left (0-based) and row (0 outer, 1 inner) of a hole.
  int column(int pos) const;
  int row(int pos) const;

  // Counters in play on the board plus stores: constant over a game (conservation).
  int counters_total(const State& s) const;

  // True when captured counters stay on the board: Otep's capture sows them again on the
  // capturer's side ("captured and sown beginning in the first hole"), so nothing reaches a store
  // before the round ends and each player then takes his own side.
  bool material_on_side() const { return material_on_side_; }
  // What player p holds: his store (which sinks feed) and what he has set aside and, where
  // material_on_side(), every counter in his own holes. The search's evaluation reads it; the
  // playability metrics' lead counts as this first sentence does, on its own (play.cpp).
  // Where emptying one's own row wins (empty_side_wins: Waurie) it is a score, not a count: minus
  // twice his store and minus his holes that hold counters. Only his own sowing empties his row
  // and each such hole is a sowing still to make; a counter in his store came with a sowing that
  // passed the rest of its hole into the opponent's row, which the opponent's long sowings send
  // back. Counting what he has put out of his row instead (every counter but his own holes'), or
  // his store alone, made alphabeta:2 lose to random (31% and 26% as player 1); this score wins
  // 82% in either seat at depth 2 and 90% at depth 3 (1,000 games a seat, seed 7; docs/agents.md).
  // Where a sowing takes every hole it made hold one of the counts, in either row (capture
  // count_sown_holes: Kapana Bona, Wore, Oure Ngat), and every end of a round gives the counters
  // left in the holes to their rows' owners (rows_go_to_owners), it is twice his store and what he
  // has set aside plus every counter in his own holes: what the round's end gives him (64% of
  // Kapana Bona's random games end by the no-progress rule), the captures counting twice since a
  // row's counters can still be taken by either player. Against random, alphabeta:2 won 94% as
  // player 1 and 74% as player 2 in Kapana Bona (57% and 70% counting captures alone; random as
  // player 1: 49%), 93% and 91% in Wore (76%, 76%), 49% and 97% in Oure Ngat, whose player 1 loses
  // under perfect play (23%, 95%); alphabeta:3 won as many games against greedy in each seat or
  // more. Counting the rows in all 86 rulesets whose rows go to their owners cost alphabeta:2 more
  // than 3 points in a seat in 22 of them (captures counted once: 36; four times: 10), as Fondji's
  // 96% to 72% and Um el Bil's 97% to 82% as player 1 (the last counter captures there, and a
  // player's row is where his opponent's sowings end), and gained in 3 more only (I, Manddiare, the
  // one round of Khutka Boia). 1,000 games a seat, seed 7; docs/agents.md.
  int material(const State& s, int p) const {
    if (rules_.empty_side_wins) {
      const int h = rules_.holes_per_player;
      int n = -2 * s.store[p];
      for (int k = p * h; k < (p + 1) * h; ++k) n -= s.holes[k] != 0;
      return n;
    }
    int held = s.store[p] + s.aside[p];
    if (wegs_) held += weg_counters(s, p);  // issue 38: what his wegs hold is his at the end
    if (!material_on_side_ && !own_row_counts_) return held;
    int n = own_row_counts_ ? 2 * held : held;
    const int h = rules_.holes_per_player;
    for (int k = p * h; k < (p + 1) * h; ++k) n += s.holes[k];
    return n;
  }
  // True when every end of a round the rules have gives the counters still in the holes to their
  // rows' owners (the no-move rule end_owners_take_rows or pass, must_feed, no_progress_turns,
  // end_on_empty_side, end_on_singletons), never to a player who ends it by a capture
  // (end_when_left) nor to nobody (end_on_majority, end_on_captures: stores decide; no_move
  // end_mover_loses, empty_side_wins: the rule names the winner). max_plies is a safety bound,
  // not an end of the game's.
  static bool rows_go_to_owners(const RuleSet& r) {
    return !r.end_on_majority && r.end_on_captures == 0 && r.end_when_left == 0 &&
           r.no_move != NoMove::kEndMoverLoses && !r.empty_side_wins;
  }

 private:
  // A move in progress, resumable one counter at a time: the alternating path sows each hand in a
  // tight loop (sow_rest), the lockstep resolver interleaves two moves with drop_one; both end
  // each sowing with after_sowing, where relay, re-sowing and the final capture live once.
  struct Sowing {
    // Set by begin_move and start_sowing, so without initialisers (a move pays only for what its
    // profile uses): the sowing, its hand, and what the captures of its profile read.
    int player;
    bool reverse;         // the current sowing goes against the direction
    int from;             // the hole the current sowing started from (emptied)
    int pos;              // where the last counter fell (before any drop: from)
    int hand;             // counters of the current sowing not yet dropped
    bool into_from;       // the next counter goes into `from` itself
    int first;            // kResow: the first hole the current sowing drops into
    int sown;             // kCapture: counters of the current sowing (count_sown_holes walks them)
    bool sown_into_from;  // kCapture: the current sowing's first counter went into `from`
    int empty_next = -1;  // relay next_hole: the empty hole that ended the move
    int resows = 0;       // captures with re-sowing made by this move
    HoleBits sown_holes = 0;  // every hole the move dropped into (fours end_of_turn_sown)
    int seized = 0;  // capture_resow after_last: captured counters in the hand, to be sown again
    bool last_sowing = false;  // resow_pair_ends_move: the move ends with the current sowing
    MoveEffect fx;
    // Issue 38, fourrow2 (kOptionalStop; set by begin_move): the optional stop the move ends at
    // (Move::stop; 0: none) and the optional stops its chain has reached.
    int stop_at;
    int stops;
  };
  // Who watches a move (steps.h), a template argument of the move's steps: NoWatch for every
  // batch, search and playout, whose calls compile to nothing, so that the move loop is the same
  // code as if no one could watch (an observer tested at run time, even once a sowing, cost the
  // loop up to 13%: the possible call kept registers saved in every step's function); StepWatch
  // shows each step to an observer and sows counter by counter (drop_one).
  // Both carry the rule profile the steps play (kFeatures, profile.h): NoWatchOf<F> is play under
  // the profile F, StepWatch and NoWatch play every feature.
  template <Features F>
  struct NoWatchOf {
    static constexpr bool kOn = false;
    static constexpr Features kFeatures = F;
    void operator()(Step::Kind, int, int, int, int = kNobody) const {}
  };
  using NoWatch = NoWatchOf<kAllFeatures>;
  struct StepWatch {
    static constexpr bool kOn = true;
    static constexpr Features kFeatures = kAllFeatures;
    StepObserver* steps;
    void operator()(Step::Kind kind, int player, int pos, int count, int taker = kNobody) const {
      steps->on_step(Step{kind, static_cast<int8_t>(player), static_cast<uint8_t>(pos),
                          static_cast<int16_t>(count), static_cast<int8_t>(taker)});
    }
  };
  int step(const State& s, int player, bool reverse, int pos) const;
  // step() with the holes to skip given (out of play, closed to the player): sowing loops compute
  // the mask once per sowing.
  int step_skipping(HoleBits skip, int player, bool reverse, int pos) const {
    int guard = kPositions;
    do {
      pos = next_[player][reverse][pos];
    } while (in_mask(skip, pos) && --guard > 0);
    return pos;
  }
  void drop(State& s, int pos, MoveEffect& fx, int player) const;
  // `n` counters dropped at once into `pos` (full laps of a sowing): as n calls of drop().
  void drop_many(State& s, int pos, int n, MoveEffect& fx, int player) const;
  // drop_many under the profile F (only the sinks it can have).
  template <Features F>
  void drop_as(State& s, int pos, int n, MoveEffect& fx, int player) const;
  // The profile's instances (engine_playout.cpp): a move, a random move, random play.
  template <Features F>
  MoveEffect apply_as(State& s, Move m) const;
  template <Features F>
  MoveEffect try_as(State& s, int player, Move m) const;
  template <Features F>
  bool try_captures_as(State& s, int player, Move m) const;
  template <Features F>
  Move random_move_as(const State& s, Rng& rng, MoveList& moves) const;
  template <Features F, class Hooks>
  int playout_as(State& s, Rng& rng, Hooks& hooks) const;
  // Sets features_, profile_, apply_, try_ and try_captures_ (forced: a profile index, or -1).
  void choose_profile(int forced);
  // The move's steps, each watched by W (NoWatch or StepWatch, above).
  template <class W = NoWatch>
  void begin_move(State& s, int player, Move m, Sowing& c, W watch = {}) const;
  template <class W>
  void start_sowing(const State& s, Sowing& c, int from, int count, bool into_from, W) const;
  template <class W = NoWatch>
  void drop_one(State& s, Sowing& c, W watch = {}) const;
  template <class W = NoWatch>
  void sow_rest(State& s, Sowing& c, W watch = {}) const;
  template <class W = NoWatch>
  bool after_sowing(State& s, Sowing& c, W watch = {}) const;
  template <class W>
  bool relay_from(State& s, Sowing& c, int from, W watch) const;
  template <class W = NoWatch>
  void run_move(State& s, Sowing& c, W watch = {}) const;
  // run_move until the move's first capture: whether it made one.
  template <class W>
  bool run_move_to_capture(State& s, Sowing& c, W watch) const;
  template <class W>
  bool resow_capture(State& s, Sowing& c, W watch) const;
  // singletons_end side_loses (issue 38): the player (0, 1) whose holes hold no more than one
  // counter each, 2 when both do, -1 when neither does.
  [[gnu::noinline]] int side_of_singletons(const State& s) const;
  // capture_resow with_landing_hole (issue 38): the facing holes seized at the occupied landing
  // hole, to be sown on with it (their count).
  template <class W>
  [[gnu::noinline]] int seize_into_landing(State& s, Sowing& c, W watch) const;
  // relay next_after_occupied_landing, next_after_empty_landing (issue 38): whether it relayed.
  // Out of line, and tested before the relay switch (issue 38): a case of its own in the switch
  // moved Otep's relay loop by 3%.
  template <class W>
  [[gnu::noinline]] bool relay_on_condition(State& s, Sowing& c, W watch) const;
  // Issue 38, tworow (engine_steps_tworow.h): after_empty_chain's run beyond the hole after the
  // empty one (`beyond`, taken with it); the counters taken.
  template <class W>
  [[gnu::noinline]] void tworow_capture(State& s, Sowing& c, W watch) const;
  template <class W>
  int take_alternating_run(State& s, const Sowing& c, W watch) const;
  // facing_counts (Okwe (Igbo)): whether the facing hole opposite_last_in_own_row would take
  // holds one of the counts (engine_steps_tworow.h).
  [[gnu::noinline]] bool facing_count_captures(const State& s, const Sowing& c) const;
  // short_holes_locked (Khrour): unlocks the locked holes that hold counters_per_hole again.
  [[gnu::noinline]] void unlock_filled(State& s) const;
  // Issue 38, weg (engine_steps_weg.h): after the last counter of a sowing, whether the move
  // ends at a weg, made there or fallen into (its toll taken); the counters of `player`'s wegs;
  // each weg's counters to its capturer when the round ends.
  template <class W>
  [[gnu::noinline]] bool weg_landing(State& s, Sowing& c, W watch) const;
  int weg_counters(const State& s, int player) const;
  // The playable holes `bits` without the wegs (singles(), where the rules have wegs).
  [[gnu::noinline]] HoleBits weg_playable(const State& s, int player, HoleBits bits) const;
  void take_wegs(State& s, StepObserver* steps) const;
  // True during each player's first move (opening_hole, opening_captures).
  bool first_move(const State& s) const {
    return rules_.turns == Turns::kAlternating ? s.ply < 2 : s.ply == 0;
  }
  // True during a first move the opening rule names (opening_for: both players' or the first's).
  bool opening_move(const State& s) const {
    return rules_.opening_for == OpeningFor::kFirstPlayer ? s.ply == 0 : first_move(s);
  }
  // Issue 38, fourrow2 (fourrow2_moves.cpp): whether the landing hole `last`, where the chain
  // would relay, is an optional stop, counted, at which the move ends (its stop-th); the optional
  // stops `m`'s whole chain reaches; each listed move again with each of its first
  // kMaxOptionalStops stops.
  bool optional_stop(Sowing& c, int last) const {
    if (owner(last) != c.player || !(stop_holes_ >> local(last) & 1u)) return false;
    return ++c.stops == c.stop_at;
  }
  [[gnu::noinline]] int optional_stops(const State& s, int player, Move m) const;
  [[gnu::noinline]] void add_stop_moves(const State& s, int player, MoveList& out) const;
  // The extra holes of extra_holes_spare_stops (never the opponent's stop holes), and capture_outer
  // when_inner_empty's outer hole (Sute), out of capture_family's line (engine_steps_fourrow2.h):
  // the counters taken.
  template <class W>
  [[gnu::noinline]] int extra_holes_sparing_stops(State& s, int player, W watch) const;
  template <class W>
  [[gnu::noinline]] int outer_when_inner_empty(State& s, int player, int last, W watch) const;
  // Lobudok (locked_end_holes): each player's end holes, closed to him (State::closed_to), and
  // whether the player to move, blocked, had them opened and can now move.
  HoleBits end_holes(int player) const;
  bool unlock_end_holes(State& s) const;
  // stylised_opening (issue 38, ethiopia; ethiopia_opening.cpp): the stylised move of the round's
  // first move from the mover's hole `hole`, made on `s` (each step shown to `seen`, when given):
  // the hole the move's sowing then starts from and the counters it sows.
  struct Opened {
    int from = 0;
    int count = 0;
  };
  [[gnu::noinline]] Opened open_stylised(State& s, int player, int hole, StepObserver* seen) const;
  // Otep's reversed sowings, out of line: legal_moves, inlined into the move loops, keeps its size.
  [[gnu::noinline]] void add_reverse_moves(const State& s, int player, MoveList& out) const;
  // direction either: each of `bits`' holes both ways, appended at moves[n...] (out of line too).
  [[gnu::noinline]] void either_way_moves(HoleBits bits, Move* moves, int& n) const;
  // The legal moves of the rules that judge a move by what it does: must_feed, grand_slam (each
  // move tried on a copy).
  [[gnu::noinline]] void filter_moves(const State& s, int player, MoveList& out) const;
  // Bao's moves (capture occupied_inner_facing; bao_moves.cpp): their own legal moves, the move
  // with its entry from the hand, captures sown again from the inner row's end holes and relays,
  // and the end of its turn; apply_, try_ and try_captures_ point to them, playout plays them.
  void bao_moves(const State& s, int player, MoveList& out) const;
  bool bao_has_move(const State& s, int player) const;
  // What a Bao move did beside its MoveEffect: own_row_emptied, the mover's inner row emptied
  // in the middle of a sowing (end_mid_sowing), which ends the move; stops, the optional stops
  // it reached (house_stop: the move ends at the Move::stop-th).
  struct BaoMoveInfo {
    bool own_row_emptied = false;
    int stops = 0;
  };
  MoveEffect bao_move(State& s, int player, Move m, StepObserver* steps, BaoMoveInfo& info) const;
  MoveEffect bao_apply(State& s, Move m) const;
  MoveEffect bao_apply_watched(State& s, Move m, StepObserver* steps) const;
  MoveEffect bao_try(State& s, int player, Move m) const;
  bool bao_try_captures(State& s, int player, Move m) const;
  // must_capture's test: the move's entry captures, or its first sowing's last counter.
  bool bao_captures_at_once(const State& s, int player, Move m) const;
  // namua: the move entered a counter from the hand.
  void bao_end_turn(State& s, const MoveEffect& fx, bool namua, const BaoMoveInfo& info) const;
  // The moves of `player` before the duties choose among them (bao_moves.cpp), each with its
  // rank: 0 captures at once, 1 ends in the house, 2 in an occupied hole, 3 in an empty one.
  void bao_candidates(const State& s, int player, MoveList& out,
                      std::array<int8_t, kMaxMoves>& rank) const;
  // The opponent's inner holes `player`'s moves would capture at once (takasa), bit j for the
  // opponent's local hole holes_per_row + j.
  uint8_t bao_threats(const State& s, int player) const;
  template <class Hooks>
  int bao_playout(State& s, Rng& rng, Hooks& hooks) const;
  // True when a move of `player` from `s` leaves his opponent a move (must_feed).
  [[gnu::noinline]] bool feeds(const State& s, int player, Move m, bool* grand_slam) const;
  // playable() under singletons_last_resort and single_into_empty_only (and start_holes).
  // playable() under singletons_last_resort and single_into_empty_only, and without the wegs
  // (issue 38: weg_count).
  [[gnu::noinline]] HoleBits singles(const State& s, int player, HoleBits bits) const;
  // Issue 38, fourrow1 (fourrow1_moves.cpp): start_holes rearmost: the holes of `bits` whose hole
  // before them on the mover's path is empty (all of `bits` when none is).
  HoleBits rearmost_holes(const State& s, int player, HoleBits bits) const;
  // direction_chosen_once: the moves of `bits` in the ways `player` may sow now.
  [[gnu::noinline]] void chosen_once_moves(const State& s, int player, HoleBits bits, Move* moves,
                                           int& n) const;
  // inner_facing_when occupied_any_row (Lisolo): the capture made at an occupied landing hole
  // instead of its relay; true when it took the facing holes (engine_steps_fourrow1.h).
  template <class W>
  [[gnu::noinline]] bool capture_at_occupied_landing(State& s, Sowing& c, W watch) const;
  // capture inner_facing under inner_facing_when and capture_outer both_required: whether the
  // last counter at `last` captures, and whether the outer hole is taken too.
  [[gnu::noinline]] bool facing_rule_allows(const State& s, int last, bool& take_outer) const;
  // Count captures: whether the hole at `pos` may be taken by `player`'s capture.
  bool count_capturable(const State& s, int player, int pos) const;
  // end_when_left: the capture that ends the round with the last counters; true when it did.
  [[gnu::noinline]] bool sweep_last(State& s, const MoveEffect& fx, StepObserver* steps) const;
  bool end_hole(int pos) const;
  template <class W>
  void capture_at_end(State& s, Sowing& c, W watch) const;
  template <class W>
  void capture_by_rule(State& s, Sowing& c, W watch) const;  // the capture rule's own work
  template <class W>
  [[gnu::noinline]] void capture_family(State& s, Sowing& c, W watch) const;  // issue 25's rules
  // A joint turn's moves (simultaneous.cpp).
  template <class W>
  JointEffect resolve_joint(State& s, const JointMove& jm, W watch) const;
  // The end of a turn and of a round under the profile F (engine_steps.h).
  template <Features F>
  void end_turn(State& s, const MoveEffect& fx, StepObserver* steps) const;
  // Bookkeeping after a turn (alternating, solo or joint): ply, quiet turns, end of round, who
  // moves next. `extra` has bit p set when player p earned another move. `steps` sees what each
  // player takes from his rows when the round ends.
  template <Features F>
  void settle_turn(State& s, bool captured, unsigned extra, bool was_joint,
                   StepObserver* steps) const;
  // Its parts: a round ended by end_on_majority, no_progress_turns or end_on_empty_side (true
  // when ended); who moves next in each turn model (false when the round ended instead).
  template <Features F>
  bool ended_by_rule(State& s, StepObserver* steps) const;
  bool next_joint_turn(State& s, unsigned extra, StepObserver* steps) const;
  template <Features F>
  bool next_alternating_turn(State& s, unsigned extra, bool was_joint, StepObserver* steps) const;
  // The player to move has no legal move: the no-move rule (false when the round ended).
  bool no_move_left(State& s, StepObserver* steps) const;
  template <Features F>
  bool has_move_as(const State& s, int player) const;
  // Each player takes what is in his own rows and the round ends.
  void end_owners_take_rows(State& s, EndReason reason, RuleEnd rule,
                            StepObserver* steps = nullptr) const;
  bool side_empty(const State& s, int player) const;
  // Ends the round; `rule` names the rule of the game that ended it (kNone for a stop).
  void end_round(State& s, EndReason reason, RuleEnd rule = RuleEnd::kNone) const;
  bool has_move(const State& s, int player) const;
  // must_feed when_empty: whether `player` has a move that feeds his empty opponent.
  [[gnu::noinline]] bool has_feeding_move(const State& s, int player) const;
  int take(State& s, int pos, int player) const;
  // take(), watched: a take step when it took any counter.
  template <class W>
  int take_watched(State& s, int pos, int player, W watch) const {
    const int got = take(s, pos, player);
    if (W::kOn && got > 0) watch(Step::Kind::kTake, player, pos, got);
    return got;
  }
  // Handicaps and match rules in the move loop (engine_handicaps.cpp). They take and return plain
  // values, never the move in progress, so that the common path keeps it in registers.
  struct Gains {
    int pos = -1;                // sow_watched: where the last counter fell
    HoleBits sown = 0;           // sow_watched: the holes dropped into
    int mover = 0;               // counters the mover gained
    int other = 0;               // counters the other player gained
    std::array<int, 2> fours{};  // of which taken as fours ([0] mover, [1] other)
    std::array<int, 2> extra{};  // of which taken as extra numbers
    void add(const Gains& g) {
      mover += g.mover;
      other += g.other;
      for (int i = 0; i < 2; ++i) {
        fours[i] += g.fours[i];
        extra[i] += g.extra[i];
      }
    }
  };
  static void add_gains(MoveEffect& fx, const Gains& g) {
    fx.captured += g.mover;
    fx.opponent_captured += g.other;
    for (int i = 0; i < 2; ++i) {
      fx.fours[i] = static_cast<int16_t>(fx.fours[i] + g.fours[i]);
      fx.extra_number[i] = static_cast<int16_t>(fx.extra_number[i] + g.extra[i]);
    }
  }
  Gains take_tribute(State& s, int player) const;
  Gains watch_drop(State& s, int pos, int player, bool last) const;
  Gains sow_watched(State& s, int player, bool reverse, int from, int pos, int count,
                    bool into_from) const;
  template <class W>
  Gains take_fours(State& s, int player, HoleBits sown, W watch) const;
  // Whether a four at `pos` is taken in `player`'s move, and by whom (fours_scope).
  int fours_taker(const State& s, int pos, int player) const;

  RuleSet rules_;
  EndingClasses ending_classes_{};
  Features features_ = 0;  // the ruleset's (features_of)
  int profile_ = 0;        // the index in kProfiles of the profile it plays under
  MoveEffect (Game::*apply_)(State&, Move) const = nullptr;        // apply_as of that profile
  MoveEffect (Game::*try_)(State&, int, Move) const = nullptr;     // try_as of that profile
  bool (Game::*try_captures_)(State&, int, Move) const = nullptr;  // try_captures_as
  std::array<uint8_t, kPositions> owner_{}, local_{};  // owner() and local() by position
  std::array<std::array<std::array<uint8_t, kPositions>, 2>, 2> next_{};  // [player][reverse][pos]
  // Each sowing path as a flat cycle, written twice over (lap_[p][rev][i] for 0 <= i < 2 *
  // lap_len_), and each position's index in it (kOffPath when not on the path): a sowing with
  // nothing to skip walks it by index instead of chasing next_ from counter to counter.
  static constexpr uint8_t kOffPath = 0xFF;
  int lap_len_ = 0;
  std::array<std::array<std::array<uint8_t, 2 * kPositions>, 2>, 2> lap_{};
  std::array<std::array<std::array<uint8_t, kPositions>, 2>, 2> lap_index_{};
  std::array<uint8_t, kMaxHoles> opposite_{};
  std::array<uint8_t, kMaxHoles> opposite_outer_{};
  HoleBits side_mask_ = (HoleBits{1} << rules_.holes_per_player) - 1;  // bits of one side's holes
#if defined(__SSE2__)
  __m128i min_sow_ = _mm_set1_epi16(static_cast<int16_t>(rules_.min_counters_to_sow - 1));
  __m128i min_sow8_ = _mm_set1_epi8(static_cast<char>(rules_.min_counters_to_sow));
#endif
  // Captures sown again on the capturer's side (Otep; capture_resow, Tsoro (Reentered Captures)).
  bool material_on_side_ =
      rules_.capture == Capture::kResowOppositePair || rules_.capture_resow != CaptureResow::kNone;
  // Kapana Bona, Wore, Oure Ngat: material counts the own row (see material()).
  bool own_row_counts_ = rules_.capture == Capture::kCountSownHoles && rows_go_to_owners(rules_);
  // must_feed or grand_slam: legal moves are tried before they are listed.
  bool move_filter_ =
      rules_.must_feed != MustFeed::kNone || rules_.grand_slam != GrandSlam::kAllowed ||
      rules_.capture == Capture::kOccupiedInnerFacing || !rules_.optional_stop_holes.empty() ||
      rules_.hole_ownership != HoleOwnership::kNone;
  // Bao: its moves are played by bao_moves.cpp.
  bool bao_ = rules_.capture == Capture::kOccupiedInnerFacing;
  // Bao, or holes that change owner (issue 38, ownership): legal moves and has_move out of line,
  // behind the one test Bao's had.
  bool own_moves_ = bao_ || rules_.hole_ownership != HoleOwnership::kNone;
  bool plain_moves_ = rules_.opening_hole <= 0 && rules_.opening_holes.empty() &&
                      !sows_both_ways(rules_) && !move_filter_;
  // singletons_last_resort, single_into_empty_only, locked_end_holes, start_holes rearmost or
  // short_holes_locked (issue 38): playable() goes through singles().
  bool singles_rule_ = rules_.singletons_last_resort || rules_.single_into_empty_only ||
                       rules_.locked_end_holes || rules_.start_holes != StartHoles::kAny ||
                       rules_.short_holes_locked || rules_.weg_count > 0;
  // Issue 38, fourrow1: capture inner_facing's own conditions (facing_rule_allows).
  bool facing_rules_ = rules_.capture == Capture::kInnerFacing &&
                       (rules_.inner_facing_when != InnerFacingWhen::kLanding ||
                        rules_.capture_outer == CaptureOuter::kBothRequired);
  // first_into_origin: a lifted hole of at least this many counters sows its first counter back
  // into itself (2 when a lone counter moves on); no first_into_origin: never.
  int into_origin_from_ = !rules_.first_into_origin        ? 1 << 30
                          : rules_.single_counter_moves_on ? 2
                                                           : 1;
  // A drop can trigger a capture at once (instant fours, extra numbers), or is remembered (fours
  // of the sown holes): sowing checks each drop.
  bool watch_drops_ = rules_.capture_fours == Fours::kInstant ||
                      rules_.capture_fours == Fours::kEndOfTurnSown ||
                      rules_.extra_number != ExtraNumber::kNone;
  // count, count_sown_holes: capture_counts as a table by count.
  std::array<bool, kMaxCounters + 1> capturing_count_{};
  // Issue 38, fourrow2: optional_stop_holes as a mask of a side's holes (bit k: the mover's hole
  // k), and whether there are any (legal moves are then listed with their stops).
  static HoleBits side_bits(const std::vector<int>& holes) {
    HoleBits bits = 0;
    for (int h : holes) bits |= HoleBits{1} << (h - 1);
    return bits;
  }
  HoleBits stop_holes_ = side_bits(rules_.optional_stop_holes);
  // Issue 38, tworow: a capture of single two-row games' rules (tworow_capture) is played.
  bool tworow_capture_ =
      has(features_of(rules_),
          feature::kAlternatingChain | feature::kGameCaptures | feature::kLockedHoles);
  // filter_moves lists the moves itself: Bao's, or with their optional stops (one test there).
  bool own_listing_ = bao_ || stop_holes_ != 0 || rules_.hole_ownership != HoleOwnership::kNone;
  // Issue 38, ownership: move_origin() by table (a load, as global()'s multiply and add).
  std::array<std::array<uint8_t, kMaxMoves>, 2> move_origin_{};
  // Issue 38, weg: the rules capture holes as wegs (weg_count).
  bool wegs_ = rules_.weg_count > 0;
};

}  // namespace mancala::sim
