#include "archive/playtests.h"

#include "archive/error.h"
#include "archive/listing.h"
#include "archive/sqlite.h"
#include "archive/store.h"
#include "common/csv.h"
#include "common/text.h"

namespace mancala::archive {

namespace {

constexpr const char* kEnds[] = {"rule", "no_progress", "stop_after_rounds", "safety_bound",
                                 "none"};

constexpr const char* kColumns =
    "SELECT id, ruleset, rules_hash, engine_version, seat1, seat2, seed, moves, plies, rounds, "
    "winner, end_reason, holdings1, holdings2, result, notes, created_at FROM playtests";

PlaytestRecord read_playtest(const Statement& s) {
  PlaytestRecord r;
  r.id = s.integer(0);
  r.ruleset = s.text(1);
  r.rules_hash = s.text(2);
  r.engine_version = s.text(3);
  r.seats = {s.text(4), s.text(5)};
  r.seed = std::stoull(s.text(6));
  r.moves = s.text(7);
  r.plies = static_cast<int>(s.integer(8));
  r.rounds = static_cast<int>(s.integer(9));
  if (const std::optional<int64_t> w = s.optional_integer(10)) r.winner = static_cast<int>(*w);
  r.end = s.text(11);
  r.holdings = {static_cast<int>(s.integer(12)), static_cast<int>(s.integer(13))};
  r.result = s.text(14);
  r.notes = s.text(15);
  r.created_at = s.text(16);
  return r;
}

std::string winner_text(const PlaytestRecord& r) {
  if (!r.winner) return "";
  return *r.winner == 0 ? "draw" : "P" + std::to_string(*r.winner);
}

}  // namespace

void validate(const PlaytestRecord& r) {
  if (r.ruleset.empty()) throw ArchiveError("ruleset: empty");
  for (const std::string& seat : r.seats) {
    if (seat.empty()) throw ArchiveError("seats: a seat is empty (\"human\" or an agent)");
  }
  if (std::find(std::begin(kEnds), std::end(kEnds), r.end) == std::end(kEnds))
    throw ArchiveError("end: '" + r.end +
                       "' is not one of rule, no_progress, stop_after_rounds, safety_bound, none");
  if (r.winner && (*r.winner < 0 || *r.winner > 2))
    throw ArchiveError("winner: expected 1, 2, 0 (a draw) or none");
  if (r.winner && (r.end == "none" || r.end == "safety_bound"))
    throw ArchiveError("winner: an unfinished game has none");
  if (r.plies < 0 || r.rounds < 0 || r.holdings[0] < 0 || r.holdings[1] < 0)
    throw ArchiveError("plies, rounds and holdings are counts (>= 0)");
}

int64_t Store::store_playtest(const PlaytestRecord& r) {
  try {
    validate(r);
  } catch (const ArchiveError& e) {
    throw ArchiveError(where(path_, "play-test (" + r.ruleset + ")", e.what()));
  }
  check_before_writing();
  sqlite3* db = db_.get();
  Transaction tx(db, path_);
  Statement s(db, path_,
              "INSERT INTO playtests(ruleset, rules_hash, engine_version, seat1, seat2, seed, "
              "moves, plies, rounds, winner, end_reason, holdings1, holdings2, result, notes, "
              "created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
              "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) RETURNING id");
  s.bind(1, r.ruleset).bind(2, r.rules_hash).bind(3, r.engine_version);
  s.bind(4, r.seats[0]).bind(5, r.seats[1]).bind(6, std::to_string(r.seed)).bind(7, r.moves);
  s.bind(8, r.plies).bind(9, r.rounds);
  if (r.winner) {
    s.bind(10, *r.winner);
  } else {
    s.bind_null(10);
  }
  s.bind(11, r.end).bind(12, r.holdings[0]).bind(13, r.holdings[1]);
  s.bind(14, r.result).bind(15, r.notes);
  if (!s.step()) throw ArchiveError(where(path_, "play-test", "insert returned no row"));
  const int64_t id = s.integer(0);
  s.run();
  tx.commit();
  return id;
}

std::vector<PlaytestRecord> Store::list_playtests(const std::string& ruleset_filter) {
  // As list_runs: a ruleset id ("otep/beaton_1939") or a game folder ("otep").
  Statement s(db_.get(), path_,
              std::string(kColumns) +
                  " WHERE ?1 = '' OR ruleset = ?1 OR substr(ruleset, 1, length(?1) + 1) = ?1 || "
                  "'/' ORDER BY id");
  s.bind(1, ruleset_filter);
  std::vector<PlaytestRecord> out;
  while (s.step()) out.push_back(read_playtest(s));
  return out;
}

std::optional<PlaytestRecord> Store::get_playtest(int64_t id) {
  Statement s(db_.get(), path_, std::string(kColumns) + " WHERE id = ?");
  s.bind(1, id);
  if (!s.step()) return std::nullopt;
  return read_playtest(s);
}

Json playtest_json(const PlaytestRecord& r) {
  Json j;
  j["id"] = r.id;
  j["ruleset"] = r.ruleset;
  j["rules_hash"] = r.rules_hash;
  j["engine_version"] = r.engine_version;
  j["seats"] = {r.seats[0], r.seats[1]};
  j["seed"] = r.seed;
  j["moves"] = r.moves;
  j["plies"] = r.plies;
  j["rounds"] = r.rounds;
  j["winner"] = r.winner ? Json(*r.winner) : Json(nullptr);
  j["end"] = r.end;
  j["holdings"] = {r.holdings[0], r.holdings[1]};
  j["result"] = r.result;
  j["notes"] = r.notes;
  j["created_at"] = r.created_at;
  return j;
}

std::string playtests_csv(const std::vector<PlaytestRecord>& records) {
  CsvWriter csv;
  csv.row({"id", "created_at", "ruleset", "rules_hash", "engine_version", "seat1", "seat2", "seed",
           "plies", "rounds", "winner", "end", "holdings1", "holdings2", "result", "moves",
           "notes"});
  for (const PlaytestRecord& r : records) {
    const std::vector<std::string> cells = {std::to_string(r.id),
                                            r.created_at,
                                            r.ruleset,
                                            r.rules_hash,
                                            r.engine_version,
                                            r.seats[0],
                                            r.seats[1],
                                            std::to_string(r.seed),
                                            std::to_string(r.plies),
                                            std::to_string(r.rounds),
                                            r.winner ? std::to_string(*r.winner) : "",
                                            r.end,
                                            std::to_string(r.holdings[0]),
                                            std::to_string(r.holdings[1]),
                                            r.result,
                                            r.moves,
                                            r.notes};
    // Notes and moves are text a spreadsheet must not run ("=1+2"): guarded, as every CSV.
    for (const std::string& c : cells) csv.text(c);
    csv.end_row();
  }
  return csv.str();
}

std::string playtests_table(const std::vector<PlaytestRecord>& records) {
  std::vector<std::vector<std::string>> rows = {
      {"id", "date", "ruleset", "seats", "plies", "result", "notes"}};
  for (const PlaytestRecord& r : records) {
    // The first line, at most 40 characters (cut between characters, never inside one).
    const std::string notes = truncate_display(r.notes.substr(0, r.notes.find('\n')), 40);
    rows.push_back({std::to_string(r.id), r.created_at.substr(0, 10), r.ruleset,
                    r.seats[0] + " vs " + r.seats[1], std::to_string(r.plies), r.result, notes});
  }
  return text_table(rows, {true, false, false, false, true, false, false});
}

std::string playtest_text(const PlaytestRecord& r) {
  std::string out;
  auto line = [&](const std::string& key, const std::string& value) {
    out += key + ": " + value + "\n";
  };
  line("play-test", std::to_string(r.id));
  line("date", r.created_at);
  line("ruleset",
       r.ruleset + " (rules hash " + r.rules_hash + ", engine " + r.engine_version + ")");
  line("seats", "P1 " + r.seats[0] + ", P2 " + r.seats[1]);
  line("seed", std::to_string(r.seed));
  line("result", r.result);
  line("winner", r.winner ? winner_text(r) : "none (unfinished)");
  line("end", r.end);
  line("holdings", std::to_string(r.holdings[0]) + "-" + std::to_string(r.holdings[1]));
  line("plies", std::to_string(r.plies) + " in " + std::to_string(r.rounds) +
                    (r.rounds == 1 ? " round" : " rounds"));
  line("moves", r.moves);
  line("replay", "mancala replay " + r.ruleset + " --moves \"" + r.moves + "\"");
  out += "notes:\n" + (r.notes.empty() ? std::string("(none)") : r.notes) + "\n";
  return printable(out);  // the notes as a person typed them, never a terminal's command
}

}  // namespace mancala::archive
