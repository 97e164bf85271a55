// State: one position of a game, a small fixed-size value (copy it freely; no heap).
//
// Holes are indexed globally: player p owns holes p*H .. p*H+H-1 (H = holes per player). Within a
// player's own holes, index k counts along his sowing path in the anticlockwise direction: on a
// 2xN board k is the hole's column from the player's left; on a 4xN board k < N is the outer row
// from his left and k >= N the inner row from his right. Positions kMaxHoles + p are the stores.
#pragma once

#include <array>
#include <cstdint>

#include "simulator/rules.h"

namespace mancala::sim {

// What a hole holds: at most kMaxCounters (320) counters, so 16 bits (issue 37: 8 bits held 255).
using Count = uint16_t;
// A bit per hole of the board (holes out of play, closed to a player, sown) or of one side
// (Game::playable): kMaxHoles (80) holes, of which the 64 bits name the first 64 (a side's 40 from
// its first hole, and every hole of a board of up to 64 holes, 4x16 included). The masks of the
// whole board (out_of_play, closed_to, sown) are set only by the rules of the games a 4x8 board at
// most plays (a match's holes out of play, a toll hole, fours): ruleset_check refuses them on a
// board of more than 64 holes.
using HoleBits = uint64_t;
constexpr int kMaskHoles = 64;  // the holes a HoleBits names: positions 0..63
// Whether hole `pos` is in the board mask `m`: never a position past the mask's (a store, or a
// hole of a board of more than 64 holes, which no board mask names).
constexpr bool in_mask(HoleBits m, int pos) { return pos < kMaskHoles && (m >> pos & 1u); }

constexpr int kStorePos = kMaxHoles;  // position of player 0's store; player 1's is kStorePos + 1
constexpr int kPositions = kMaxHoles + 2;
constexpr int8_t kNobody = -1;
constexpr int8_t kDraw = 2;

// Why a round (or game) ended.
enum class EndReason : uint8_t {
  kNone,         // still going
  kRule,         // by a rule of the game (no move, majority, everything captured...)
  kNoProgress,   // by the reconstruction's no-progress rule
  kSafetyBound,  // stopped at max_plies: unfinished
  // A match stopped by the reconstruction's stop_after_rounds (the holder of more wins): a
  // stopping rule like kNoProgress, reported under its own name (match.h). Never a round's reason.
  kStopAfterRounds,
};

// Which rule of the game ended a round or a match (EndReason::kRule), named by the rule key that
// defines it (rule_end_key): the class of the ending comes from that key's witness (ending.h).
enum class RuleEnd : uint8_t {
  kNone,           // not ended by a rule of the game
  kNoMove,         // no_move (and a deal that leaves nobody a move)
  kMustFeed,       // must_feed: no move feeds the empty opponent
  kMajority,       // end_on_majority
  kEmptySide,      // end_on_empty_side
  kCaptures,       // end_on_captures
  kSingletons,     // end_on_singletons
  kWhenLeft,       // end_when_left
  kMatchEnd,       // match_end (a match)
  kHolesOut,       // holes_out: a player left no hole in play has lost the match
  kInnerRowEmpty,  // end_on_empty_inner_row (Bao)
};
constexpr int kRuleEnds = 11;

struct State {
  std::array<Count, kMaxHoles> holes{};
  // For each position, the player who takes every counter that falls there (tuzdyk, bha, stores),
  // or kNobody.
  std::array<int8_t, kPositions> sink{};
  std::array<int16_t, 2> store{};  // captured counters (in the store, kazan or set aside)
  // Issue 38's fields fill the padding between fields (here, after quiet_turns, solo, aside and
  // rule_end): State keeps its 304 bytes. Two 16-bit words are each shared by rules that never
  // meet in one ruleset (finalize refuses them together), read through the accessors below:
  // shared_a holds player 1's wegs (weg_count: one row a player) or the way each player chose
  // (direction_chosen_once: four rows); shared_b player 2's wegs or the holes Khrour locks
  // (short_holes_locked: relay none, where wegs need relay landing_hole).
  uint16_t shared_a = 0;
  HoleBits out_of_play = 0;  // bit per hole: burned or eliminated holes, skipped by sowing
  std::array<int8_t, 2> tuzdyk{kNobody, kNobody};  // global hole index of each player's tuzdyk
  uint8_t to_move = 0;
  bool over = false;
  int8_t winner = kNobody;  // 0, 1, kDraw, or kNobody while going on / unfinished
  EndReason reason = EndReason::kNone;
  uint16_t ply = 0;               // plies played in this round
  uint16_t quiet_turns = 0;       // turns since the last capture
  uint16_t shared_b = 0;          // issue 38: see shared_a
  uint32_t relay_bound_hits = 0;  // moves cut by max_sowings_per_move
  // Simultaneous turns: the player playing an extra move alone while the other waits
  // (store_extra_move), or kNobody when the turn is joint (see Game::joint_turn).
  int8_t solo = kNobody;
  // Issue 38, bao2: Bao's house (bao_moves.cpp). Bits 0 and 1: player 1's, player 2's house has
  // been emptied; bit 2: a capture has been made since the namua (big_hole).
  uint8_t bao = 0;
  // Match and handicaps: set when a round is dealt (match.h); all zero/none in a one-round game.
  std::array<int16_t, 2> aside{};  // counters set aside beside the board, still the player's
  // Issue 38, weg: the wegs whose first toll was spared (weg_toll_spares_first; in padding).
  uint16_t weg_spared = 0;
  std::array<HoleBits, 2> closed_to{};  // bit per hole each player's sowing skips (a toll hole)
  std::array<uint8_t, 2>
      extra_number{};           // a hole made to hold this many is taken (Mawkar (a)); 0: none
  int8_t tribute_to = kNobody;  // receives one counter from every lifted hole (Khutka 1-4)
  uint8_t round = 0;            // index of the round in the match, from 0

  // With reason kRule: the rule that ended the round. Last, so that the fields the move loop
  // reads keep their places.
  RuleEnd rule_end = RuleEnd::kNone;
  // Issue 38, bao2: the inner holes the player to move may not sow this turn (takasa): bit j for
  // his local hole holes_per_row + j. In the padding after rule_end.
  uint8_t takasa = 0;
  // Issue 38, ownership (hole_ownership): bit per hole owned by the player opposite its row's,
  // for the round (who sows from it, whose row it is for the rules of one's own row, who takes
  // what is left in it): Game::owner_in reads it. Zero where holes never change owner. 16 bits
  // (hole_ownership needs a board of 16 holes at most), in the padding after rule_end: a larger
  // State costs every copy (the must-feed filters' tried moves: Awari, Oware... 3% and more).
  uint16_t ceded = 0;

  // Issue 38, weg (weg_count): player p's wegs, a bit per hole (holes of his opponent's row his
  // last counter captured for the round; boards of 16 holes at most). Zero where there are none.
  uint16_t weg(int p) const { return p == 0 ? shared_a : shared_b; }
  uint16_t& weg(int p) { return p == 0 ? shared_a : shared_b; }
  uint16_t wegs() const { return static_cast<uint16_t>(shared_a | shared_b); }
  // Issue 38, fourrow1 (direction_chosen_once): the way player p chose on his second move: 0 not
  // yet, 1 the ruleset's direction, 2 against it (Move::reverse).
  uint8_t way(int p) const { return static_cast<uint8_t>(shared_a >> (8 * p)); }
  void set_way(int p, uint8_t way) {
    shared_a = static_cast<uint16_t>((shared_a & ~(0xFFu << (8 * p))) | unsigned{way} << (8 * p));
  }
  // Issue 38, tworow (short_holes_locked, Khrour): bit per hole dealt short in a match and not
  // yet filled to counters_per_hole: not sown from, not captured (boards of at most 16 holes).
  uint16_t locked() const { return shared_b; }
  uint16_t& locked() { return shared_b; }

  friend bool operator==(const State&, const State&) = default;
};
static_assert(sizeof(State) == 304, "State grew: every copy of a position pays (issue 37)");

// A move: a hole of the mover, by his own index k (0-based), and the sowing direction.
struct Move {
  uint8_t hole = 0;
  bool reverse : 1 = false;  // sow against the ruleset's direction (a privilege some games grant)
  // Issue 38, fourrow2: the move ends at its stop-th optional stop (optional_stop_holes: a last
  // counter in an occupied hole where the mover may end his move instead of relaying; Bao's
  // house), written ".k" after the hole; 0: it takes none. A bit-field beside reverse, so that a
  // move stays two bytes (four, with a byte of its own, cost the move lists of the rulesets that
  // list their moves about 1% more instructions a ply).
  uint8_t stop : 7 = 0;
  friend bool operator==(const Move&, const Move&) = default;
};
static_assert(sizeof(Move) == 2, "a move is two bytes (hole; reverse and stop)");
// Issue 38: the new fields sit in State's padding, so that copying a position costs what it did.
static_assert(sizeof(State) == 304, "State keeps its size (issue 38's fields in its padding)");
// The most optional stops a move lists (Game::legal_moves): the first kMaxOptionalStops of its
// chain, so that a side of 16 holes, each with every stop, fits a MoveList.
constexpr int kMaxOptionalStops = 4;

// The two choices of a simultaneous turn (see simultaneous.h). A player without a legal move
// does not play (plays[p] false). `first` is whose counter comes first in each tick (lockstep
// orders) or whose whole move comes first (sequential_random); plain lockstep ignores it.
struct JointMove {
  std::array<Move, 2> move{};
  std::array<bool, 2> plays{};
  uint8_t first = 0;
  friend bool operator==(const JointMove&, const JointMove&) = default;
};

// The most legal moves a player can have: each hole of his side, sown either way.
constexpr int kMaxMoves = 2 * kMaxSideHoles;

// Caller-owned, fixed-capacity list of moves: move generation never allocates.
struct MoveList {
  std::array<Move, kMaxMoves> moves;
  int size = 0;
  void push(Move m) { moves[size++] = m; }
  const Move* begin() const { return moves.data(); }
  const Move* end() const { return moves.data() + size; }
  const Move& operator[](int i) const { return moves[i]; }
};

}  // namespace mancala::sim
