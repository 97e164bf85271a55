#include "simulator/rules.h"

namespace mancala::sim {

const std::vector<std::string>& enum_names(StoreMode) {
  static const std::vector<std::string> n = {"none", "beside", "sown"};
  return n;
}
const std::vector<std::string>& enum_names(Direction) {
  static const std::vector<std::string> n = {"anticlockwise", "clockwise"};
  return n;
}
const std::vector<std::string>& enum_names(Circuit) {
  static const std::vector<std::string> n = {"whole_board", "own_rows"};
  return n;
}
const std::vector<std::string>& enum_names(Relay) {
  static const std::vector<std::string> n = {"none", "next_hole", "landing_hole", "facing_hole"};
  return n;
}
const std::vector<std::string>& enum_names(Capture) {
  static const std::vector<std::string> n = {"none",
                                             "even_in_opponent_row",
                                             "after_empty_next",
                                             "opposite_empty_next",
                                             "opposite_last_in_own_row",
                                             "resow_opposite_pair",
                                             "empty_own_hole"};
  return n;
}
const std::vector<std::string>& enum_names(Turns) {
  static const std::vector<std::string> n = {"alternating", "simultaneous", "simultaneous_opening"};
  return n;
}
const std::vector<std::string>& enum_names(Resolution) {
  static const std::vector<std::string> n = {"lockstep", "sequential_random", "lockstep_random"};
  return n;
}
const std::vector<std::string>& enum_names(ReversePrivilege) {
  static const std::vector<std::string> n = {"none", "end_holes_with_capture"};
  return n;
}
const std::vector<std::string>& enum_names(CaptureFacing) {
  static const std::vector<std::string> n = {"last_hole", "origin_hole"};
  return n;
}
const std::vector<std::string>& enum_names(NoMove) {
  static const std::vector<std::string> n = {"end_owners_take_rows", "end_mover_loses", "pass"};
  return n;
}
const std::vector<std::string>& enum_names(TuzdykSymmetry) {
  static const std::vector<std::string> n = {"none", "same_number", "opposite"};
  return n;
}
const std::vector<std::string>& enum_names(Fours) {
  static const std::vector<std::string> n = {"none", "instant", "end_of_turn"};
  return n;
}
const std::vector<std::string>& enum_names(FoursScope) {
  static const std::vector<std::string> n = {"both_rows", "mover_row"};
  return n;
}
const std::vector<std::string>& enum_names(RefillFrom) {
  static const std::vector<std::string> n = {"left", "right"};
  return n;
}
const std::vector<std::string>& enum_names(HolesOut) {
  static const std::vector<std::string> n = {"unfilled", "per_five_of_difference"};
  return n;
}
const std::vector<std::string>& enum_names(Remainder) {
  static const std::vector<std::string> n = {"set_aside", "next_hole", "first_hole",
                                             "settle_fives"};
  return n;
}
const std::vector<std::string>& enum_names(Starter) {
  static const std::vector<std::string> n = {"alternate", "previous_winner", "previous_loser",
                                             "same"};
  return n;
}
const std::vector<std::string>& enum_names(MatchEnd) {
  static const std::vector<std::string> n = {"all_counters", "cannot_fill_hole"};
  return n;
}
const std::vector<std::string>& enum_names(Tribute) {
  static const std::vector<std::string> n = {"none", "every_turn", "own_turns", "each_round"};
  return n;
}
const std::vector<std::string>& enum_names(BhaHole) {
  static const std::vector<std::string> n = {"either", "leftmost", "rightmost"};
  return n;
}
const std::vector<std::string>& enum_names(ExtraNumber) {
  static const std::vector<std::string> n = {"none", "holder", "mover"};
  return n;
}
const std::vector<std::string>& enum_names(TollHole) {
  static const std::vector<std::string> n = {"none", "winner_leftmost", "loser_remainder_hole"};
  return n;
}

}  // namespace mancala::sim
