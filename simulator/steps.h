// Steps: a move as the engine plays it, counter by counter, for people watching (the board of
// `mancala serve` animates them). Game::apply and Game::apply_joint take an optional
// StepObserver; without one (every batch, search and playout) nothing is recorded and the move
// loop is the same code as before (the observer is tested once per sowing, never per counter).
//
// A move's steps, applied in order to the position before it, give the position after it:
//   lift     the counters of a hole go into the mover's hand (the move's hole, a relay's hole,
//            the landing hole picked up again); `count` of them: all, but in the stylised
//            openings (issue 38, stylised_opening), which may lift part of a hole;
//   drop     one counter from the hand into a hole, or into a store (a sown store, or a hole that
//            is a sink: a tuzdyk, a bha, a toll hole; `taker` names whose store it goes to);
//   take     the counters of a hole go to a player's store (a capture by the rule, fours, an extra
//            number, the counters each player takes from his own rows when a round ends);
//   seize    the counters of a hole are captured into the mover's hand, to be sown again
//            (Otep's re-sowing capture);
//   tribute  one counter from the hand goes to the Kungidar's store (Khutka Boia 1-4);
//   tuzdyk   a hole becomes `player`'s tuzdyk (its counters were taken by the step before);
//   enter    one counter from `player`'s hand (the counters he holds beside the board: Bao's
//            namua, in_hand) into a hole;
//   weg      a hole becomes `player`'s weg (issue 38, weg_count): its counters stay in it;
//   toll     `count` of a weg's counters (not all of them) go to `player`'s store (weg_toll).
// In a simultaneous turn the two players' steps interleave as the resolution plays them (one
// counter each per tick in lockstep), each step naming whose hand it is.
#pragma once

#include <cstdint>

namespace mancala::sim {

struct Step {
  enum class Kind : uint8_t { kLift, kDrop, kTake, kSeize, kTribute, kTuzdyk, kEnter, kWeg, kToll };
  Kind kind = Kind::kDrop;
  int8_t player = 0;  // whose hand (lift, drop, seize, tribute) or who gains (take, tuzdyk)
  uint8_t pos = 0;    // global position: a hole, or kStorePos + p for a sown store
  int16_t count = 1;  // counters moved (1 for a drop and a tribute; 0 for a tuzdyk, a weg)
  int8_t taker = -1;  // drop and tribute: whose store the counter went to; -1: into the hole
  friend bool operator==(const Step&, const Step&) = default;
};

// Sees each step of a move as the engine makes it.
class StepObserver {
 public:
  virtual ~StepObserver() = default;
  virtual void on_step(const Step& step) = 0;
};

}  // namespace mancala::sim
