// RuleSet: every rule switch of the sowing family as one flat, typed, default-initialised
// struct. A reconstruction is a value of this struct, read from data/rulesets/<game>/<name>.json
// (see docs/rules-format.md, which a test keeps complete). A rule with several attested forms is
// an enum class handled by one switch in the engine, each case naming the clause it implements.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace mancala::sim {

// The largest board (issue 37): 80 holes, En Gehe's 2x40 (a 4x16 board has 64); a side of up to 40
// holes (kMaxSideHoles), its holes a bit each of a 64-bit mask (HoleBits, state.h).
constexpr int kMaxHoles = 80;
constexpr int kMaxSideHoles = kMaxHoles / 2;
constexpr int kMaxRounds = 128;  // the largest bound on the rounds of a match (max_rounds)
// Counters in all (issues 21 and 37): every counter could gather in one hole, which counts in 16
// bits; 320 is En Gehe's 2x40 of four, the most the DLP's sowing games start with, and `rules
// check` refuses a ruleset with more (docs/rules-format.md).
constexpr int kMaxCounters = 320;

// kByHalf: each hole has its own direction, by its place in the row (see Game::legal_moves).
// kEither: the mover chooses the direction of each move (Move::reverse: clockwise).
enum class Direction : uint8_t { kAnticlockwise, kClockwise, kByHalf, kEither };
// Where captured counters go. kNone: set aside beside the board; kBeside: a store (kazan) that is
// not on the sowing path; kSown: each player's store is on his sowing path (Sonka).
enum class StoreMode : uint8_t { kNone, kBeside, kSown };
// stores sown: where each player's store lies, as he faces the board. kRight: at the right-hand
// end of his row (sowing anticlockwise reaches it after his own row, clockwise only after the
// opponent's); kLeft: at the left-hand end; kAfterRow: after the last hole of his row in the
// direction of sowing (right when sowing anticlockwise, left when clockwise).
enum class StoreSide : uint8_t { kRight, kLeft, kAfterRow };
// The holes a player sows round: the whole board (2-row games) or his own rows (4-row games).
enum class Circuit : uint8_t { kWholeBoard, kOwnRows };
// What happens after the last counter of a sowing falls.
enum class Relay : uint8_t {
  kNone,         // the move ends there
  kNextHole,     // pick up the hole after the last one if occupied; an empty one ends the move
  kLandingHole,  // pick up the hole the last counter fell into if it was occupied
  kFacingHole,   // pick up the hole facing the last one (Das-Gupta's "immediately in front of")
  // Issue 38, conditional relays (sow.relay_conditional): as kNextHole, but only after a last
  // counter in an occupied hole (Gabata (Adegrat), Zigulzoqge) or in an empty one (Boukerourou);
  // a last counter in a hole of the other kind ends the move.
  kNextAfterOccupiedLanding,
  kNextAfterEmptyLanding,
};
// The capture made when a move ends (see engine.cpp for each clause).
enum class Capture : uint8_t {
  kNone,
  kEvenInOpponentRow,     // last counter makes an opponent's hole even: take it (Toguz)
  kAfterEmptyNext,        // next hole empty: take the hole after the empty one (Khutka Boia)
  kOppositeEmptyNext,     // next hole empty: take the hole opposite the empty one
  kOppositeLastInOwnRow,  // move ends in own row: take the opponent's hole opposite the last one
  kResowOppositePair,     // last in occupied own inner hole, both opposite occupied: take, re-sow
  kEmptyOwnHole,          // last in an empty own hole: take it and the facing hole (Kalah)
  kEmptyHole,             // last in an empty hole of either row: take the facing hole (French Wari)
  kCount,                 // last makes its hole hold one of capture_counts: take it (Oware)
  kCountSownHoles,        // every hole the sowing made hold one of capture_counts (Kapana Bona)
  kInnerFacing,           // 4 rows: last in the mover's inner row takes the facing holes (Tsoro)
  kNextAfterEmpty,        // last in an empty hole: take the next hole along the path (Pallankuli)
  // 4 rows: last in an occupied hole of the mover's inner row whose facing inner hole is occupied:
  // take that hole instead of relaying (Bao; played by Game's Bao moves, bao_moves.cpp)
  kOccupiedInnerFacing,
};
// The rows a count capture looks at (capture count and count_sown_holes).
enum class CaptureRows : uint8_t { kOpponent, kOwn, kAny };
// Who takes the holes a count capture takes.
enum class CaptureTaker : uint8_t { kMover, kOwner };
// Further holes a count capture takes beside the one the last counter made: an unbroken run of
// holes that also hold a count of the set, within the capture's rows.
enum class CaptureChain : uint8_t {
  kNone,
  kBack,     // the holes sown before it, going back along the sowing (Oware)
  kForward,  // the holes after it along the sowing
  kBoth,     // both runs ("any adjacent holes", Erherhe)
};
// capture inner_facing: the opponent's outer hole behind the facing inner one.
enum class CaptureOuter : uint8_t {
  kNone,        // only the inner hole
  kAfterInner,  // the outer hole too, only when the inner hole held counters (Tsoro)
  kAlways,      // the outer hole too, whether or not the inner one held counters
  // Issue 38: only the outer hole, and only when the inner one is empty (Sute, Namudilakunze)
  kWhenInnerEmpty,
  // Issue 38, fourrow1: Ngolo: both holes, and only when both hold counters
  kBothRequired,
};
// What happens to the counters a capture took (capture inner_facing).
enum class CaptureResow : uint8_t {
  kNone,       // they are the capturer's
  kAfterLast,  // sown again at once from the hole after the last one, the move going on (Tsoro)
  kEndHole,    // sown again from an end hole (kichwa) of the mover's inner row (Bao)
  // Issue 38, Kisolo (Lali): taken when the last counter falls into an occupied inner hole, and
  // sown on with that hole's counters, from it (the relay of relay landing_hole)
  kWithLandingHole,
};
// capture resow_opposite_pair: the hole the captured counters are sown again from (into it first).
enum class ResowPairFrom : uint8_t {
  kFirstSown,  // the first hole the capturing sowing dropped into (Otep)
  kOrigin,     // the hole the capturing sowing started from (the DLP's code of Nsumbi)
  kAfterLast,  // the hole after the one the last counter fell into, not into it (Hus (Damara))
};
// capture resow_opposite_pair: which of the two facing holes must hold counters for the capture.
enum class ResowPairTakes : uint8_t {
  kBothOccupied,   // both (Otep: "both of the opposite holes ... are occupied")
  kInnerOccupied,  // the inner one; the outer one taken with it when it holds any (Owela)
};
// turns simultaneous_opening: who moves first once turns alternate.
enum class AfterJointOpening : uint8_t {
  kFirstPlayer,    // the round's starter (Otep, as read)
  kFirstToFinish,  // the player whose opening move ended first (Mewelad's racing move)
};
// extra_holes: after which captures the mover also takes holes of his choice.
enum class ExtraHolesAfter : uint8_t {
  kAnyCapture,     // every capture by the capture rule (Mefuvha)
  kDoubleCapture,  // a capture from both facing holes, inner and outer (Nsolo, Msuwa)
};
// Issue 38, fourrow1: the holes a move may start from (start_holes).
enum class StartHoles : uint8_t {
  kAny,       // any playable hole
  kRearmost,  // the rear hole of a run of counters along the mover's path (Chiana wa Bwalo)
};
// Issue 38, fourrow1: where the last counter must fall for capture inner_facing.
enum class InnerFacingWhen : uint8_t {
  kLanding,         // in the mover's inner row, as the relay leaves it (Tsoro)
  kEmpty,           // in an empty hole of the mover's inner row (Chiana wa Bwalo, no relay)
  kOccupiedAnyRow,  // in an occupied hole of either of his rows, before its relay (Lisolo)
};
// Whose first move an opening rule (opening_hole, opening_holes) names.
enum class OpeningFor : uint8_t { kBoth, kFirstPlayer };
// A set of counts (capture_counts): listed counts, and every even or odd count.
struct CountSet {
  std::vector<int> counts;  // each 1..255, in the order given
  bool even = false;
  bool odd = false;
  bool empty() const { return counts.empty() && !even && !odd; }
  bool contains(int n) const {
    if (n <= 0) return false;
    if ((n % 2 == 0 && even) || (n % 2 == 1 && odd)) return true;
    for (int c : counts) {
      if (c == n) return true;
    }
    return false;
  }
  friend bool operator==(const CountSet&, const CountSet&) = default;
};
// The must-feed rule: a move must leave the opponent a move.
enum class MustFeed : uint8_t {
  kNone,
  kWhenEmpty,  // when the opponent's holes are all empty; if no move feeds him, the round ends
               // and each player takes the counters in his own rows (Oware)
  kAlways,     // every move, when some move can (J'odu: "if possible"); else any move
};
// A move that would capture every counter of the opponent (Oware's grand slam).
enum class GrandSlam : uint8_t {
  kAllowed,
  kForbidden,  // not a legal move, unless every legal move is one
};
// Turn model.
enum class Turns : uint8_t {
  kAlternating,
  kSimultaneous,         // every turn both choose from the same position
  kSimultaneousOpening,  // only the first turn is simultaneous
};
// How a simultaneous turn is resolved into one sequence of counter drops (simultaneous.h).
enum class Resolution : uint8_t {
  kLockstep,          // each player drops one counter per tick, player 1's first in every tick
  kSequentialRandom,  // whole moves one after the other, order drawn at random
  kLockstepRandom,    // lockstep; whose counter comes first in the ticks of a turn drawn each turn
};
// A move that may sow its first sowing against the ruleset's direction.
enum class ReversePrivilege : uint8_t {
  kNone,
  kEndHolesWithCapture,  // Otep: first sowing ends in a row's two end holes, and the move captures
};
// The hole whose facing holes a capture takes.
enum class CaptureFacing : uint8_t {
  kLastHole,    // where the last counter fell
  kOriginHole,  // the hole the capturing sowing started from
};
// What happens when the player to move has no legal move.
enum class NoMove : uint8_t {
  kEndOwnersTakeRows,  // round ends; each player takes what is left in his own rows (Toguz)
  kEndMoverLoses,      // round ends and the player who cannot move loses
  kPass,               // the turn passes; the round ends when neither can move
};
// When a hole holding four is taken by the owner of its row (Khutka Boia's "fours").
enum class Fours : uint8_t {
  kNone,
  kInstant,        // the moment a counter makes the hole hold four, during the sowing
  kEndOfTurn,      // when the move is over, every hole then holding four
  kEndOfTurnSown,  // when the move is over, every hole the move sowed into that holds four (Duene)
};
// Whose fours are taken.
enum class FoursScope : uint8_t {
  kBothRows,          // each player takes the fours in his own row, whoever moves
  kMoverRow,          // only the mover, in his own row
  kMover,             // the mover, in either row (Hoyito)
  kMoverOpponentRow,  // the mover, in his opponent's row only (Wouri)
};
// Which end of his row a player fills first when a round is dealt from his holdings.
enum class RefillFrom : uint8_t { kLeft, kRight };
// What a player does with counters short of a full hole when a round is dealt (counters beyond
// a full row are always set aside to his credit).
enum class Remainder : uint8_t {
  kSetAside,     // kept beside the board to his credit
  kNextHole,     // into the next hole in filling order, which stays in play (Mawkar Katiya, DLP)
  kFirstHole,    // into the first hole in filling order, the full holes after it (Das-Gupta's
                 // example)
  kSettleFives,  // the two remainders make one hole's worth and are settled as 1-4 or 2-3 (Khutka
                 // Boia)
};
// Which holes of a player's row leave play when a round is dealt.
enum class HolesOut : uint8_t {
  kUnfilled,             // the holes he cannot fill with his holdings (Mawkar Katiya, Sonka)
  kPerFiveOfDifference,  // the weaker loses one hole for each whole hole's worth of the difference
                         // (Khutka Boia, DLP: "for each multiple of five in the difference")
};
// Who starts the next round of a match.
enum class Starter : uint8_t { kAlternate, kPreviousWinner, kPreviousLoser, kSame };
// When a match is over (besides the bound on rounds).
enum class MatchEnd : uint8_t {
  kAllCounters,     // one player holds every counter once a round has been dealt
  kCannotFillHole,  // a player whose holdings cannot fill one hole has lost
  // Issue 38, ownership: one player owns every hole (hole_ownership), the other none
  kAllHoles,
};
// Who wins a match the players stop (stop_after_rounds): the holder of more counters (Khutka
// Boia, Das-Gupta: "the player who has the greater number of pieces with him ... is considered
// the winner"), or nobody: a stopped match is drawn, the end the text gives not reached.
enum class StopWinner : uint8_t { kMoreCounters, kDraw };
// Issue 38: whose holes end_on_singletons judges. kBoard: the board's (Awari); kSideLoses: one
// player's, who then loses (Ngola).
enum class SingletonsEnd : uint8_t { kBoard, kSideLoses };
// Issue 38, tworow: capture count_sown_holes, where the last counter must fall for the sown holes
// to be taken: anywhere (Kapana Bona), or in the opponent's row or the mover's rightmost hole
// (Kara).
enum class SownCaptureLast : uint8_t { kAnywhere, kOpponentRowOrOwnRightmost };
// Khutka Boia 1-4: when the Kungidar receives his counter from the hole a sowing starts from:
// every turn, his own turns, or once a round (the round's first sowing).
enum class Tribute : uint8_t { kNone, kEveryTurn, kOwnTurns, kEachRound };
// Khutka Boia 2-3: which extremity of his row the Bhadar makes his bha.
enum class BhaHole : uint8_t { kEither, kLeftmost, kRightmost };
// Mawkar Katiya (a): who takes a hole made to hold a player's extra number.
enum class ExtraNumber : uint8_t {
  kNone,
  kHolder,  // the player whose number it is, when his opponent's sowing makes it
  kMover,   // the player sowing, when he makes a hole hold his opponent's number
};
// Mawkar Katiya (b): the hole where the previous winner gains one counter at each pass and the
// loser may not sow.
enum class TollHole : uint8_t { kNone, kWinnerLeftmost, kLoserRemainderHole };
// Symmetry restriction on a tuzdyk.
enum class TuzdykSymmetry : uint8_t {
  kNone,        // no restriction
  kSameNumber,  // not the hole with the same number as the opponent's tuzdyk (tournament rule)
  kOpposite,    // not the hole facing the opponent's tuzdyk across the board
};

// Issue 38, ethiopia: the stylised opening the round's first move makes (from opening_hole,
// opening_for first_player), before it sows on by the usual rules.
enum class StylisedOpening : uint8_t {
  kNone,
  // Gabata (Oromo), Jimafesosh: from the opening hole round the board, every second hole's
  // counters are put into the next hole (the 8-0 pattern); the last hole so filled is then sown.
  kPairsIntoNext,
  // Lam Waladach, Gabata (Wuqro): opening_lift counters (0: all) are lifted from each of the
  // mover's holes and sown from the opponent's first hole.
  kRowIntoOpponentRow,
  // Lamosh: one counter of the opening hole is held; from every second hole after it one counter
  // is moved into the next, round to the opening hole; the held counter is then sown.
  kOnesIntoNext,
};
// Issue 38, ethiopia: who takes the counters left when end_when_left ends the round.
enum class LeftTo : uint8_t {
  kNextCapturer,  // the next capture ends the round, the capturer taking them all
  kOwners,        // the round ends at once, each player taking what is in his own rows
};
// Issue 38, ownership: who owns each hole when a round is dealt (State::ceded; ownership.h).
// kNone: each player his own row. kByHoldings: each player owns as many holes as his holdings
// fill with counters_per_hole each, the hole both players' remainders fill going to the larger
// remainder (equal remainders: odd_hole_tie); the player owning more than his row owns the
// opponent's holes that come next after his row along his sowing (every hole is dealt
// counters_per_hole).
// kWinnerGainsHole: the round's winner (by holdings) gains one hole of the loser's, the one next
// after his own holes along his sowing; a drawn round changes nothing (Whyo).
enum class HoleOwnership : uint8_t { kNone, kByHoldings, kWinnerGainsHole };
// hole_ownership by_holdings: who owns the hole two equal remainders fill. kKeep: its owner of the
// round before; kLots: drawn by lot (Hufesay: "they draw lots to see who gets an extra hole").
enum class OddHoleTie : uint8_t { kKeep, kLots };

// Issue 38, weg: what the mover's last counter takes when it falls into his opponent's weg.
enum class WegToll : uint8_t {
  kWithLast,  // the last counter and one of the weg's (the last alone from an empty weg)
  kOne,       // one of the weg's counters, the last counter staying in it
};

// A file's statement that it plays exactly as another shipped ruleset (every key that acts is the
// same: sim::play_hash) and why both are kept (docs/rules-format.md, "plays_as"); empty id: none.
struct PlaysAs {
  std::string id;      // the other ruleset's id, e.g. "ryakati/dlp"
  std::string reason;  // why both are kept, with the evidence each has
};

// One resolved ruleset. Field names are the JSON keys.
struct RuleSet {
  // identity and provenance (not rules: they do not change play)
  std::string id;                     // e.g. "toguz_kumalak/standard" (the file path without .json)
  std::string game;                   // folder name, e.g. "toguz_kumalak"
  std::string name;                   // display name
  std::string extends;                // parent ruleset id, or empty
  std::string status;                 // observed | described | reconstructed
  std::string summary;                // one paragraph of prose
  std::vector<std::string> evidence;  // evidence record ids
  int dlp_ruleset = 0;  // the Digital Ludeme Project's ruleset id of the game described; 0: none
  // key -> {"evidence": phrase} or {"assumption": reason}; keys are rule keys
  std::map<std::string, std::map<std::string, std::string>> provenance;
  // a standalone file written by `rules export`: the ruleset id it was exported from and that
  // ruleset's rules hash then (empty otherwise; never inherited through extends)
  std::string exported_from, exported_hash;
  // the file's own "plays_as" (never inherited through extends: a child changes some key)
  PlaysAs plays_as;

  // board
  int rows_per_player = 1;    // 1 or 2
  int holes_per_row = 9;      // 2..16
  int counters_per_hole = 9;  // 1..20
  // An uneven start: the counters of each hole, along a player's sowing path (H counts, the same
  // for both players, or 2H: player 1's then player 2's); empty: counters_per_hole everywhere.
  std::vector<int> start_layout;
  StoreMode stores = StoreMode::kBeside;
  StoreSide store_side = StoreSide::kRight;

  // sowing
  Direction direction = Direction::kAnticlockwise;
  Circuit circuit = Circuit::kWholeBoard;
  bool first_into_origin = false;        // the first counter goes back into the emptied hole
  bool single_counter_moves_on = false;  // with first_into_origin: a lone counter moves on
  bool skip_origin_on_laps = false;      // a lap of 12+ counters skips the origin hole
  int min_counters_to_sow = 1;           // holes with fewer cannot be played
  bool singletons_last_resort = false;   // a lone counter only when no hole holds more
  bool single_into_empty_only = false;   // a lone counter only into an empty next hole
  ReversePrivilege reverse_privilege = ReversePrivilege::kNone;

  // relay (continuation)
  Relay relay = Relay::kNone;
  int max_sowings_per_move = 200;  // bound on a relay chain; hitting it ends the move, no capture
  bool store_extra_move = false;   // a move ending in the mover's own store gives him another move
  bool relay_skips_store = true;   // next_hole: the own store after the last counter is passed over
  bool capture_extra_move = false;  // a move that captures gives the mover another move

  // capture
  Capture capture = Capture::kNone;
  CaptureFacing capture_facing = CaptureFacing::kLastHole;
  Fours capture_fours = Fours::kNone;
  FoursScope fours_scope = FoursScope::kBothRows;
  // Kalah (empty_own_hole): the capture is made even when the facing hole is empty, the last
  // counter alone being taken (Irving, Donkers and Uiterwijk's convention).
  bool capture_empty_facing = false;
  // empty_own_hole, empty_hole: the last counter is taken with the facing hole (false: only the
  // facing hole's counters are taken; the last counter stays).
  bool capture_takes_last = true;
  CountSet capture_counts;  // count, count_sown_holes: the counts that capture
  CaptureRows capture_rows = CaptureRows::kOpponent;
  CaptureTaker capture_taker = CaptureTaker::kMover;
  CaptureChain capture_chain = CaptureChain::kNone;
  CaptureOuter capture_outer = CaptureOuter::kNone;
  CaptureResow capture_resow = CaptureResow::kNone;
  ResowPairFrom resow_pair_from = ResowPairFrom::kFirstSown;
  bool resow_pair_ends_move = false;  // the re-sowing of resow_opposite_pair ends the move
  // The fours of capture_fours: the hole the last counter makes four goes to the mover, whatever
  // fours_scope says of the others (Obridje).
  bool fours_last_to_mover = false;

  // special holes
  bool tuzdyk = false;
  int tuzdyk_count = 3;                 // the count the last counter makes
  bool tuzdyk_forbid_last_hole = true;  // not in the opponent's last (9th) hole
  TuzdykSymmetry tuzdyk_symmetry = TuzdykSymmetry::kSameNumber;

  // turn model
  Turns turns = Turns::kAlternating;
  Resolution resolution = Resolution::kLockstep;
  int opening_hole = 0;       // 0: the first move is free; else every player's first move is this
                              // hole, 1-based along his sowing path
  int opening_captures = -1;  // captures allowed in the first turn; -1: as in later turns
  // Each player's first move starts from one of these holes (1-based along his sowing path);
  // empty: no such rule.
  std::vector<int> opening_holes;
  OpeningFor opening_for = OpeningFor::kBoth;
  // moves
  MustFeed must_feed = MustFeed::kNone;
  GrandSlam grand_slam = GrandSlam::kAllowed;

  // end of round
  NoMove no_move = NoMove::kEndOwnersTakeRows;
  bool end_on_majority = false;    // end as soon as one player has captured more than half
  bool end_on_empty_side = false;  // end as soon as one player's holes are all empty
  bool empty_side_wins = false;    // with end_on_empty_side: the player with the empty side wins
  int end_on_captures = 0;         // 0: off; else the first to have captured this many wins
  bool end_on_singletons = false;  // end as soon as no hole holds more than one counter
  int end_when_left = 0;      // 0: off; else with at most this many on the board the next capture
                              // takes them all and ends the round
  int no_progress_turns = 0;  // 0: off; else the round ends after this many turns without a
                              // capture and each player takes the counters in his own rows
  int max_plies = 5000;       // safety bound: a game still going here is "unfinished"

  // match (rounds dealt from the previous round's holdings; see match.h)
  bool match = false;
  int max_rounds = 100;  // safety bound: a match still going after this many rounds is unfinished
  int stop_after_rounds = 0;  // 0: off; else the players stop after this many rounds, and
                              // stop_winner says who has won (a stopping rule, reported so)
  StopWinner stop_winner = StopWinner::kMoreCounters;
  RefillFrom refill_from = RefillFrom::kLeft;
  bool burn_unfilled =
      true;  // holes a player cannot fill leave play for the round (Sonka: "burned")
  HolesOut holes_out = HolesOut::kUnfilled;  // which holes leave play when a round is dealt
  Remainder remainder = Remainder::kSetAside;
  Starter next_starter = Starter::kAlternate;
  MatchEnd match_end = MatchEnd::kAllCounters;

  // handicaps (settled between rounds; need match)
  Tribute tribute = Tribute::kNone;
  BhaHole bha_hole = BhaHole::kEither;
  ExtraNumber extra_number = ExtraNumber::kNone;
  TollHole toll_hole = TollHole::kNone;
  bool winner_takes_remainder_hole = false;

  // Bao (issue 38; played by bao_moves.cpp, with capture occupied_inner_facing)
  int in_hand = 0;            // counters each player holds at the start, entered one a move
  bool must_capture = false;  // a capturing move must be played when there is one
  bool end_on_empty_inner_row = false;  // a player whose inner row is empty has lost

  // derived (set by finalize)
  int holes_per_player = 0;
  int total_holes = 0;
  int total_counters = 0;
  // store_side resolved (kRight or kLeft): where the stores are, whatever the key says
  StoreSide store_at = StoreSide::kRight;

  // Issue 38's capture keys, kept after the fields the move loop reads (they act only out of its
  // line: capture_family and resow_capture).
  // capture inner_facing: after a capture (extra_holes_after) the mover also takes this many of
  // the opponent's other holes, the fullest first (the choice the evidence leaves to him, read as
  // the fullest hole; ties: the first along the opponent's path from his o1); 0: none.
  int extra_holes = 0;
  ExtraHolesAfter extra_holes_after = ExtraHolesAfter::kAnyCapture;
  ResowPairTakes resow_pair_takes = ResowPairTakes::kBothOccupied;
  AfterJointOpening after_joint_opening = AfterJointOpening::kFirstPlayer;
  // Issue 38: keys of the DLP's family read once a move at most, out of the way of the
  // fields the sowing loop reads.
  // capture count: each hole a count capture takes, its facing hole is taken with it (La'b Akila).
  bool capture_with_facing = false;
  // end_on_singletons: the board's holes, or one player's (who then loses: Ngola).
  SingletonsEnd singletons_end = SingletonsEnd::kBoard;
  // Issue 38, bao2: the rest of Bao's rules (bao_moves.cpp; docs/rules-format.md, "Bao").
  // The nyumba (the inner hole right of the centre) is the house while it holds at least this
  // many and has never been emptied: its namua rules; 0: no house.
  int house = 0;
  // After the namua, a sowing ending in the standing house may end the move there (the mover's
  // choice, Move::stop) or go on from it.
  bool house_stop = false;
  // No sowing from a kichwa toward the back row unless it is the only occupied inner hole.
  bool kichwa_inward = false;
  // Until the first capture after the namua, a hole of at least this many is played only when
  // no other can be, and captures nothing; 0: off.
  int big_hole = 0;
  // With no capture: the first sowing must end in the house, else in an occupied hole.
  bool no_capture_duty = false;
  // Takasa: a hole threatened by a quiet move may not be sown by its owner next turn.
  bool takasa = false;
  // end_on_empty_inner_row judged as soon as a row is empty, in the middle of a sowing.
  bool end_mid_sowing = false;
  // Without a capture, a move must start in the inner row when it can (Bao's mtaji).
  bool inner_row_first = false;
  // After the namua, a move whose first sowing captures nothing captures nothing later.
  bool later_captures_need_first = false;
  // In the namua, an entry may go into an empty inner hole too.
  bool enter_empty = false;

  // Issue 38, fourrow2: optional stops (Misoro Tsoro's misoro). With relay landing_hole: the
  // mover's holes, numbered as opening_holes numbers them (1.. along his path), where a last
  // counter falling into an occupied hole may end the move instead of relaying (a move written
  // "o1.2" ends at its second such stop); empty: none.
  std::vector<int> optional_stop_holes;
  // With extra_holes and optional_stop_holes: the extra holes are never the opponent's
  // optional-stop holes (Misoro Tsoro (Additional Capture): "Counters in misoro cannot be captured
  // with one of these additional captures").
  bool extra_holes_spare_stops = false;
  // Lobudok: each player's end holes (both ends of both his rows) are closed to him at the start
  // (State::closed_to: he neither sows from them nor into them) until he has no legal move
  // without them.
  bool locked_end_holes = false;
  // Issue 38, ethiopia: the stylised openings (Gabata (Oromo), Lam Waladach, Gabata (Wuqro),
  // Jimafesosh, Lamosh) and their ends.
  StylisedOpening stylised_opening = StylisedOpening::kNone;
  int opening_lift = 0;  // row_into_opponent_row: counters lifted from each hole; 0: all
  // capture_fours instant: a four the last counter of a sowing makes is not taken (Gabata (Oromo):
  // "except when it is the final hole of a sowing, in which case they are picked up").
  bool fours_last_relays = false;
  // capture_fours: a move in which the mover took a four gives him another move (Lam Waladach).
  bool fours_extra_move = false;
  LeftTo left_to = LeftTo::kNextCapturer;  // end_when_left: who takes the counters left

  // Issue 38, fourrow1: the four-row games of southern and central Africa.
  // Chiana wa Bwalo: moves start from the rear of the mover's runs of counters.
  StartHoles start_holes = StartHoles::kAny;
  // Chisolo, Namudilakunze: each player's first move clockwise, his second either way, the way
  // of his second kept for the rest of the game (State::way).
  bool direction_chosen_once = false;
  // capture inner_facing: where the last counter must fall (Chiana wa Bwalo, Lisolo).
  InnerFacingWhen inner_facing_when = InnerFacingWhen::kLanding;
  // Issue 38, tworow: one game's rules each, read once a move at most.
  // capture after_empty_next: beyond the hole taken, while empty and occupied holes alternate,
  // each occupied one is taken too (Dongjintian, Zigulzoqge).
  bool after_empty_chain = false;
  // capture empty_own_hole: a last counter in an empty hole of the opponent's row gives the
  // opponent the mover's hole facing it (Yovodi).
  bool empty_opponent_hole_to_opponent = false;
  // capture opposite_last_in_own_row: the facing hole is taken only when it holds one of these
  // counts; empty: whatever it holds (Okwe (Igbo): one or three).
  std::vector<int> facing_counts;
  // capture count_sown_holes: where the last counter must fall for the capture (Kara).
  SownCaptureLast sown_capture_last = SownCaptureLast::kAnywhere;
  // match, burn_unfilled false: a hole dealt short of counters_per_hole can neither be sown from
  // nor taken by a count capture until it holds counters_per_hole (Khrour).
  bool short_holes_locked = false;

  // Issue 38, ownership: holes that change owner between the rounds of a match (ownership.h).
  HoleOwnership hole_ownership = HoleOwnership::kNone;
  OddHoleTie odd_hole_tie = OddHoleTie::kKeep;

  // Issue 38, weg: a hole of the opponent's row the last counter makes hold weg_count becomes the
  // mover's weg for the rest of the round (Awagagae, Qelat, Gabata (Shoa I), Um el Banat...): sown
  // into, never from, its counters his when the round ends; his opponent's last counter there
  // takes weg_toll. Read once a sowing at most (weg_landing), out of the sowing loop's way.
  int weg_count = 0;  // 0: no wegs
  WegToll weg_toll = WegToll::kWithLast;
  bool weg_toll_spares_first = false;  // the first last counter into each weg takes nothing
  bool weg_toll_extra_move = false;    // after a toll the mover sows again from any of his holes
};

// Whether some legal moves are sown against the ruleset's direction (Move::reverse): Otep's
// privilege, direction by_half's clockwise holes, direction either's every hole.
inline bool sows_both_ways(const RuleSet& r) {
  return r.reverse_privilege != ReversePrivilege::kNone || r.direction == Direction::kByHalf ||
         r.direction == Direction::kEither || r.direction_chosen_once;
}

}  // namespace mancala::sim
