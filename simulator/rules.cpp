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
  static const std::vector<std::string> n = {"none", "next_hole", "landing_hole"};
  return n;
}
const std::vector<std::string>& enum_names(Capture) {
  static const std::vector<std::string> n = {"none",
                                             "even_in_opponent_row",
                                             "after_empty_next",
                                             "opposite_empty_next",
                                             "opposite_last_in_own_row",
                                             "resow_opposite_pair"};
  return n;
}
const std::vector<std::string>& enum_names(Turns) {
  static const std::vector<std::string> n = {"alternating", "simultaneous", "simultaneous_opening"};
  return n;
}
const std::vector<std::string>& enum_names(Resolution) {
  static const std::vector<std::string> n = {"lockstep", "sequential_random"};
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

}  // namespace mancala::sim
