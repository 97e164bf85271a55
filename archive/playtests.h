// Play-tests: games people played in `mancala serve` (docs/serve.md), kept in the archive beside
// the evidence and the runs, so a reading's feel is recorded with what it rests on.
//
// A play-test names the ruleset it played and its rules hash (the resolved rules: an edited
// ruleset plays differently), the two seats ("human" or an agent spec), the seed the agents drew
// from, every move in the project's notation (what `mancala replay RULESET --moves` takes, so
// the game replays to its last position), the result and how the game ended (a rule of the game,
// a stopping rule of the reconstruction, or saved before the end), the player's notes and the date.
// Stored by Store::store_playtest (one IMMEDIATE transaction), read by list_playtests and
// get_playtest (archive/store.h); written out as JSON and CSV here for `mancala playtests`.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "archive/record.h"

namespace mancala::archive {

struct PlaytestRecord {
  int64_t id = 0;          // assigned by the store
  std::string ruleset;     // e.g. "otep/beaton_1939"
  std::string rules_hash;  // of the resolved rules played
  std::string engine_version;
  std::array<std::string, 2> seats;  // player 1's, player 2's: "human" or an agent spec
  uint64_t seed = 0;
  std::string moves;          // "o7/o7 3 5< ...": the moves, space-separated
  int plies = 0;              // moves played (a simultaneous turn is one)
  int rounds = 0;             // rounds finished
  std::optional<int> winner;  // 1 or 2; 0 a draw; none when unfinished
  // How it ended: rule | no_progress | stop_after_rounds | safety_bound; none when saved before
  // the end.
  std::string end = "none";
  std::array<int, 2> holdings{};  // what each held at the end (or when saved)
  std::string result;             // the result in words, as the page showed it
  std::string notes;              // the player's free text
  std::string created_at;         // ISO 8601 UTC, set by the store
  bool operator==(const PlaytestRecord&) const = default;
};

// Checks a play-test before it is stored: a ruleset, two seats, a known end, a winner only with
// an end, holdings >= 0. Throws ArchiveError with the complaint ("seats: ...").
void validate(const PlaytestRecord& record);

// JSON (what `playtests list|show --format json` and the server write): every field by name,
// seats as a list, winner null when unfinished.
Json playtest_json(const PlaytestRecord& record);
// CSV with a header line, one play-test a row (notes quoted; moves space-separated).
std::string playtests_csv(const std::vector<PlaytestRecord>& records);
// The text table of `playtests list`: id, date, ruleset, seats, plies, result.
std::string playtests_table(const std::vector<PlaytestRecord>& records);
// `playtests show ID` as text: every field on its own line, the notes last.
std::string playtest_text(const PlaytestRecord& record);

}  // namespace mancala::archive
