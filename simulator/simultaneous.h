// Simultaneous turns: both players choose a hole from the same position and sow at the same time
// (Sonka every turn; Otep's opening). The program has to turn that into one deterministic
// sequence of counter drops; how it does so is a reconstruction choice, the ruleset key
// `resolution`:
//
//   lockstep           Time runs in ticks. In each tick every player still sowing drops one
//                      counter, player 1's first. A player whose hand is empty after his drop
//                      settles the end of his sowing at once, within his part of the tick: he
//                      picks up the next hole of a relay (its counters are in his hand from then
//                      on) or his move ends ("dead") with its capture. Each step sees the board as
//                      the steps before it left it, so:
//                        - both reach the same hole in the same tick: both counters go in, the
//                          earlier player's first; if it is the last counter of both, the earlier
//                          one settles seeing only his own counter there, the later one sees both;
//                          with relay next_hole the earlier one picks up the hole after it and the
//                          later one then finds it empty (his move ends there);
//                        - one picks up a hole the other is sowing into: the pick-up takes what the
//                          hole holds at that moment; a counter the other drops there afterwards
//                          (later in the tick or in a later tick) stays in the hole;
//                        - a player whose move has ended waits ("dead") until the other's ends.
//   lockstep_random    The same, but whose counter comes first in the ticks of a turn is drawn at
//                      random once per turn (JointMove::first), so neither player is favoured.
//   sequential_random  Whole moves one after the other, the order drawn at random per turn. The
//                      second player sows the hole he chose from what it holds when his move
//                      begins; if the first move emptied it, his move lapses (he sows nothing).
//
// Agents choose without seeing the other's choice: play_game asks both for a move from the same
// State before either is played (see play.h). A player without a legal move does not play; the
// other plays alone. A joint turn counts as one ply. After it, both choose again (turns
// simultaneous), or turns alternate from the round's starter (simultaneous_opening). With
// store_extra_move, a player whose move ended in his own store then plays one more move alone
// (State::solo) while the other waits, as a dead player does.
//
// Moves are written "a/b": player 1's hole, then player 2's ("-" for a player who does not play),
// with ":2" appended when player 2 came first (the drawn order of lockstep_random or
// sequential_random), e.g. "o7/o7", "3/5:2".
#pragma once

#include <string>

#include "simulator/engine.h"

namespace mancala::sim {

// "3/5", "3/5:2", "-/4": see above.
std::string joint_move_label(const Game& game, const JointMove& jm);
// Parses a joint move for the joint turn of `s`, checking each player's move is legal there;
// throws mancala::Error naming `where` otherwise.
JointMove parse_joint_move(const Game& game, const State& s, const std::string& text,
                           const std::string& where);

}  // namespace mancala::sim
