// Checking rulesets: finalize's contradictions between rule keys, and `rules check` over files
// and folders (evidence records and phrases found, one default per game).
#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "common/paths.h"
#include "simulator/ruleset_internal.h"
#include "simulator/ruleset_io.h"

namespace mancala::sim {

using nlohmann::json;

void finalize(RuleSet& r, const std::string& file) {
  auto bad = [&](const std::string& key, const std::string& what) {
    throw RuleError(file + ": rules." + key + ": " + what);
  };
  if (r.rows_per_player == 2 && r.circuit != Circuit::kOwnRows) {
    bad("circuit",
        "a board with two rows per player is sown round the player's own rows (own_rows)");
  }
  if (r.rows_per_player == 1 && r.circuit != Circuit::kWholeBoard) {
    bad("circuit", "a board with one row per player is sown round the whole board (whole_board)");
  }
  if (r.single_counter_moves_on && !r.first_into_origin) {
    bad("single_counter_moves_on", "only has a meaning with first_into_origin");
  }
  if (r.tuzdyk && r.rows_per_player != 1) bad("tuzdyk", "needs a board with one row per player");
  if (r.tuzdyk && r.capture != Capture::kEvenInOpponentRow) {
    bad("tuzdyk",
        "is made by the last counter of a move that ends without relay (capture "
        "even_in_opponent_row)");
  }
  if (r.stores == StoreMode::kSown && r.circuit != Circuit::kWholeBoard) {
    bad("stores", "sown stores need a whole-board circuit");
  }
  switch (r.capture) {
    case Capture::kAfterEmptyNext:
      if (r.relay != Relay::kNextHole && r.relay != Relay::kFacingHole)
        bad("capture",
            "this capture looks at the next hole: it needs relay next_hole or facing_hole");
      break;
    case Capture::kOppositeEmptyNext:
      if (r.relay != Relay::kNextHole)
        bad("capture", "this capture looks at the next hole: it needs relay next_hole");
      break;
    case Capture::kResowOppositePair:
      if (r.rows_per_player != 2) bad("capture", "resow_opposite_pair needs two rows per player");
      if (r.relay != Relay::kLandingHole)
        bad("capture", "resow_opposite_pair needs relay landing_hole");
      break;
    case Capture::kEvenInOpponentRow:
      if (r.relay != Relay::kNone)
        bad("capture", "even_in_opponent_row is judged on the last counter: it needs relay none");
      break;
    default:
      break;
  }
  if (r.capture_empty_facing && r.capture != Capture::kEmptyOwnHole) {
    bad("capture_empty_facing", "only has a meaning with capture empty_own_hole");
  }
  if (!r.relay_skips_store && (r.relay != Relay::kNextHole || r.stores != StoreMode::kSown)) {
    bad("relay_skips_store", "false only has a meaning with relay next_hole and stores sown");
  }
  if (r.store_extra_move && r.stores != StoreMode::kSown) {
    bad("store_extra_move", "needs stores on the sowing path (stores: sown)");
  }
  if (r.capture_facing == CaptureFacing::kOriginHole &&
      r.capture != Capture::kOppositeLastInOwnRow && r.capture != Capture::kResowOppositePair) {
    bad("capture_facing",
        "origin_hole only has a meaning for opposite_last_in_own_row or resow_opposite_pair");
  }
  if (r.reverse_privilege == ReversePrivilege::kEndHolesWithCapture &&
      r.capture == Capture::kNone) {
    bad("reverse_privilege", "end_holes_with_capture needs a capture rule");
  }
  if (r.relay == Relay::kFacingHole && r.circuit != Circuit::kWholeBoard) {
    // Issue 12 (found by the combinations test): the facing hole is the opponent's, off a sowing
    // path round the mover's own rows, so it cannot be picked up and sown on.
    bad("relay",
        "facing_hole picks up the opponent's facing hole and sows on from it: it needs a "
        "whole-board circuit (the opponent's holes are not on an own_rows path)");
  }
  if (r.min_counters_to_sow > r.counters_per_hole) {
    // Issue 12: nobody could make the first move.
    bad("min_counters_to_sow",
        "no hole can be played at the start: each holds " + std::to_string(r.counters_per_hole) +
            " (counters_per_hole), fewer than " + std::to_string(r.min_counters_to_sow));
  }
  if (r.opening_hole > r.rows_per_player * r.holes_per_row) {
    bad("opening_hole",
        "there is no hole " + std::to_string(r.opening_hole) + " on a player's side");
  }
  if (!r.match) {
    if (r.remainder != Remainder::kSetAside)
      bad("remainder", "only has a meaning in a match (match: true)");
    if (r.tribute != Tribute::kNone) bad("tribute", "only has a meaning in a match (match: true)");
    if (r.extra_number != ExtraNumber::kNone)
      bad("extra_number", "only has a meaning in a match (match: true)");
    if (r.toll_hole != TollHole::kNone)
      bad("toll_hole", "only has a meaning in a match (match: true)");
    if (r.winner_takes_remainder_hole)
      bad("winner_takes_remainder_hole", "only has a meaning in a match (match: true)");
    if (r.holes_out != HolesOut::kUnfilled)
      bad("holes_out", "only has a meaning in a match (match: true)");
  }
  if (r.holes_out == HolesOut::kPerFiveOfDifference && r.remainder != Remainder::kSettleFives &&
      r.remainder != Remainder::kSetAside) {
    bad("holes_out",
        "per_five_of_difference sets aside what the weaker holds beyond his holes: it needs "
        "remainder "
        "settle_fives or set_aside");
  }
  if (r.stop_after_rounds > 0 && (!r.match || r.stop_after_rounds >= r.max_rounds)) {
    bad("stop_after_rounds", "needs a match (match: true) and fewer rounds than max_rounds");
  }
  if (r.tribute != Tribute::kNone && r.remainder != Remainder::kSettleFives) {
    bad("tribute", "is the 1-4 settlement of remainder settle_fives");
  }
  if (r.remainder == Remainder::kSettleFives && r.counters_per_hole != 5) {
    bad("remainder",
        "settle_fives settles remainders of five counters a hole (counters_per_hole 5)");
  }
  if ((r.toll_hole == TollHole::kLoserRemainderHole || r.winner_takes_remainder_hole) &&
      r.remainder != Remainder::kNextHole && r.remainder != Remainder::kFirstHole) {
    bad(r.winner_takes_remainder_hole ? "winner_takes_remainder_hole" : "toll_hole",
        "needs a hole dealt the loser's remainder (remainder next_hole or first_hole)");
  }
  r.holes_per_player = r.rows_per_player * r.holes_per_row;
  r.total_holes = 2 * r.holes_per_player;
  if (r.total_holes > kMaxHoles) bad("holes_per_row", "the board has more than 32 holes");
  r.total_counters = r.total_holes * r.counters_per_hole;
  if (r.total_counters > 255 * 2)
    bad("counters_per_hole", "too many counters in all (at most 510)");
}

namespace {

std::string normalise_text(const std::string& s) {
  std::string out;
  bool space = false;
  for (unsigned char ch : s) {
    if (std::isspace(ch)) {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += static_cast<char>(std::tolower(ch));
  }
  return out;
}

// Evidence texts (rules + content, normalised) by record id, from data/evidence/*.json.
std::map<std::string, std::string> evidence_texts() {
  std::map<std::string, std::string> texts;
  const auto dir = data_dir() / "evidence";
  if (!std::filesystem::is_directory(dir)) return texts;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    if (e.path().extension() != ".json") continue;
    json j;
    try {
      j = read_json_file(e.path());
    } catch (const RuleError&) {
      continue;  // the archive import reports broken evidence files
    }
    auto take = [&](const json& rec) {
      if (!rec.is_object() || !rec.contains("id") || !rec["id"].is_string()) return;
      std::string text;
      for (const char* k : {"rules", "content"}) {
        if (rec.contains(k) && rec[k].is_string()) text += rec[k].get<std::string>() + " ";
      }
      texts[rec["id"].get<std::string>()] += normalise_text(text) + " ";
    };
    if (j.is_array()) {
      for (const auto& rec : j) take(rec);
    } else if (j.is_object() && j.contains("records") && j["records"].is_array()) {
      for (const auto& rec : j["records"]) take(rec);
    } else {
      take(j);
    }
  }
  return texts;
}

}  // namespace

std::vector<std::string> check_rulesets(const std::vector<std::string>& paths) {
  std::vector<std::string> problems;
  const auto root = rulesets_dir();
  std::vector<std::filesystem::path> files;
  std::set<std::filesystem::path>
      from_folders;  // files found in a folder given (not named one by one)
  for (const auto& p : paths) {
    if (std::filesystem::is_directory(p)) {
      for (const auto& e : std::filesystem::recursive_directory_iterator(p)) {
        if (e.is_regular_file() && e.path().extension() == ".json") {
          files.push_back(e.path());
          from_folders.insert(e.path());
        }
      }
    } else if (std::filesystem::is_regular_file(p)) {
      files.push_back(p);
    } else {
      problems.push_back(p + ": no such file or folder");
    }
  }
  std::sort(files.begin(), files.end());
  if (files.empty() && problems.empty()) {
    std::string given;
    for (const auto& p : paths) given += (given.empty() ? "" : ", ") + p;
    problems.push_back(given + ": no ruleset files (*.json) found");
    return problems;
  }
  const auto texts = evidence_texts();
  const auto canonical = [](const std::filesystem::path& p) {
    return std::filesystem::weakly_canonical(p).string();
  };
  std::map<std::string, std::set<std::string>> defaults;  // game -> files marked "default": true
  std::set<std::string> checked;                          // the files given, canonical
  std::set<std::string> games, project_games;
  for (const auto& file : files) {
    checked.insert(canonical(file));
    try {
      const bool inside = canonical(file).rfind(canonical(root), 0) == 0;
      const RuleSet r = load_ruleset_file(file, inside ? root : file.parent_path().parent_path());
      // A game's defaults are counted for the project's rulesets and for whole folders given; a
      // single file kept elsewhere (a user's own alternative) is no game folder of its own.
      if (inside || from_folders.count(file)) games.insert(r.game);
      if (inside) project_games.insert(r.game);
      if (read_json_file(file).value("default", false)) defaults[r.game].insert(canonical(file));
      bool any_known = false;
      for (const auto& id : r.evidence) {
        any_known = any_known || texts.count(id);
        if (!texts.empty() && !texts.count(id)) {
          problems.push_back(file.string() + ": evidence: no evidence record '" + id + "' in " +
                             (data_dir() / "evidence").string());
        }
      }
      for (const auto& [key, entry] : r.provenance) {
        auto ev = entry.find("evidence");
        if (ev == entry.end() || !any_known)
          continue;  // no record to find the phrase in: said above
        const std::string phrase = normalise_text(ev->second);
        bool found = false;
        for (const auto& id : r.evidence) {
          auto t = texts.find(id);
          if (t != texts.end() && t->second.find(phrase) != std::string::npos) found = true;
        }
        if (!found) {
          problems.push_back(file.string() + ": provenance." + key + ": the phrase \"" +
                             ev->second + "\" is not in the text of evidence " +
                             (r.evidence.empty() ? "?" : r.evidence[0]));
        }
      }
    } catch (const RuleError& e) {
      problems.push_back(e.what());
    }
  }
  // Exactly one default per game, counting the game's rulesets in the project that were not given.
  for (const auto& g : games) {
    if (project_games.count(g) && std::filesystem::is_directory(root / g)) {
      for (const auto& e : std::filesystem::directory_iterator(root / g)) {
        if (e.path().extension() != ".json" || checked.count(canonical(e.path()))) continue;
        try {
          if (read_json_file(e.path()).value("default", false))
            defaults[g].insert(canonical(e.path()));
        } catch (const RuleError&) {
          // not given: its own check reports it
        }
      }
    }
    if (defaults[g].size() != 1) {
      problems.push_back(g + ": " + std::to_string(defaults[g].size()) +
                         " rulesets are marked \"default\": true (exactly one is needed)");
    }
  }
  return problems;
}

}  // namespace mancala::sim
