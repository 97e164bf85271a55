// What the reconstruction tests share (tests/analysis/reconstruct_*_test.cpp,
// tests/cli/reconstruct_cli_test.cpp): readings made from a JSON text, a played search with few
// games, and figures made by hand.
#pragma once

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>

#include "analysis/reconstruct.h"
#include "analysis/reconstruct_panel.h"
#include "tests/test_support.h"

namespace mancala::analysis::testing {

// Readings from a JSON text (as a file would hold it), named "test.json" in messages.
inline Readings readings_of(const std::string& text) {
  return readings_from_json(nlohmann::json::parse(text), "test.json");
}

// A whole search of a game's shipped readings, played in this process.
inline Reconstruction played(const std::string& game, int64_t games, int threads = 1,
                             const std::string& agent = "", uint64_t seed = 1,
                             const std::string& panel = "") {
  const Readings readings = load_readings(default_readings_path(game));
  ReconstructSettings settings;
  settings.agent = sim::parse_agent(!agent.empty()            ? agent
                                    : !readings.agent.empty() ? readings.agent
                                                              : kDefaultReconstructAgent);
  settings.games = games;
  settings.seed = seed;
  if (!panel.empty()) settings.panel = parse_panel(panel);
  Reconstruction r = start_reconstruction(generate_space(readings), settings);
  PlayStageOptions options;
  options.threads = threads;
  run_reconstruction(r, options);
  return r;
}

// A played candidate's figures with every criterion given as value and interval half-width.
inline Figures figures(double own_rule, double own_half, double balance, double balance_half,
                       double duration = 100, double duration_half = 10) {
  Figures f;
  f.played = true;
  f.games = 100;
  const auto set = [&](Criterion c, double v, double h) {
    f.criteria[static_cast<size_t>(c)] = {v, v - h, v + h};
  };
  set(Criterion::kCompletion, own_rule, own_half);
  set(Criterion::kBalance, balance, balance_half);
  set(Criterion::kDecisiveness, 0.5, 0.01);
  set(Criterion::kDrama, 2, 0.1);
  set(Criterion::kDuration, duration, duration_half);
  f.completion = completion_class(f[Criterion::kCompletion]);
  return f;
}

// The readings file text of a small space over Kalah: two choices of two readings each.
inline const char* kKalahTwoChoices = R"({
  "game": "kalah", "base": "kalah/standard",
  "choices": [
    {"id": "facing", "phrase": "the opposite hole holds counters", "witness": "paraphrase",
     "record": "MANCALA.Evidence.2",
     "alternatives": [
       {"name": "no_capture", "rules": {}, "because": "the base"},
       {"name": "last_counter", "rules": {"capture_empty_facing": true}, "because": "Irving"}]},
    {"id": "store", "phrase": "If the last counter falls into his own store, he moves again.",
     "witness": "paraphrase", "record": "MANCALA.Evidence.2",
     "alternatives": [
       {"name": "again", "rules": {}, "because": "the base"},
       {"name": "once", "rules": {"store_extra_move": false}, "because": "a variant"}]}]
})";

}  // namespace mancala::analysis::testing
