// `mancala evidence cite ID|GAME... --format text|bibtex|csl-json`: the works each record cites
// and the record itself as a citable item (docs/archive.md, "Citing"); a game's name cites every
// record of the game, in date order.
#include <algorithm>
#include <map>

#include "archive/cite.h"
#include "archive/listing.h"
#include "archive/store.h"
#include "cli/evidence_commands.h"
#include "cli/options.h"
#include "cli/run_support.h"
#include "common/paths.h"
#include "common/suggest.h"

namespace mancala::cli {

namespace ar = mancala::archive;

namespace {

// The records `name` cites: the record of that id, else every record of the game it names (by
// date). Throws Error naming the record ids each game has when the name is an alias of several
// games, and the nearest ids and names when it names nothing.
std::vector<ar::EvidenceRecord> records_named(ar::Store& store, const std::string& name) {
  if (std::optional<ar::EvidenceRecord> r = store.get(name)) return {std::move(*r)};
  const std::vector<ar::Game> games = store.find_games(name);
  const auto records_of = [&](const ar::Game& game) {
    ar::SearchQuery q;
    q.game = game.key;
    std::vector<ar::EvidenceRecord> out;
    for (ar::SearchHit& hit : store.search(q)) out.push_back(std::move(hit.record));
    return out;
  };
  if (games.size() == 1) return records_of(games[0]);
  if (games.size() > 1) {
    std::string list;
    for (size_t i = 0; i < games.size(); ++i) {
      std::vector<std::string> ids;
      for (const ar::EvidenceRecord& r : records_of(games[i])) ids.push_back(r.id);
      list += (i == 0                  ? ""
               : i + 1 == games.size() ? " and "
                                       : ", ") +
              games[i].key + " (" + ar::join(ids, ", ") + ")";
    }
    throw Error("evidence cite: '" + name + "' names " + std::to_string(games.size()) + " games, " +
                list + ": give a game's key or a record's id");
  }
  // The nearest ids and spellings, each spelling given as its game's key (what cite takes).
  std::vector<std::string> known;
  std::map<std::string, std::string> key_of;
  for (const ar::SearchHit& hit : store.search(ar::SearchQuery{})) known.push_back(hit.record.id);
  for (const ar::Game& g : store.games()) {
    for (const std::string& spelling : std::vector<std::string>{g.key, g.name}) {
      known.push_back(spelling);
      key_of.emplace(spelling, g.key);
    }
    for (const std::string& alias : g.aliases) {
      known.push_back(alias);
      key_of.emplace(alias, g.key);
    }
  }
  std::vector<std::string> near;
  for (const std::string& spelling : nearest_spellings(name, known, 6)) {
    const auto key = key_of.find(spelling);
    const std::string& shown = key == key_of.end() ? spelling : key->second;
    if (std::find(near.begin(), near.end(), shown) == near.end() && near.size() < 3)
      near.push_back(shown);
  }
  std::string hint;
  for (size_t i = 0; i < near.size(); ++i)
    hint += (i == 0 ? "; did you mean " : i + 1 == near.size() ? " or " : ", ") + near[i];
  throw Error("evidence cite: no evidence record or game '" + name + "'" + hint +
              (near.empty() ? "" : "?") + " (see 'mancala evidence games')");
}

}  // namespace

int evidence_cite(const Args& args, Io& io) {
  po::options_description desc("options");
  std::string db, format = "text";
  std::vector<std::string> ids;
  desc.add_options()("db", po::value(&db), "archive file (default $MANCALA_DB or ./mancala.db)")(
      "format", po::value(&format)->default_value("text"), "text|bibtex|csl-json")(
      "id", po::value(&ids), "evidence ids, or games (key, name or alias): all their records");
  po::variables_map vm;
  if (!parse_options("evidence cite", "ID|GAME... [--format text|bibtex|csl-json]", desc,
                     {"id", -1}, args, vm, io)) {
    return 0;
  }
  if (format != "text" && format != "bibtex" && format != "csl-json") {
    throw UsageError("evidence cite: --format must be text|bibtex|csl-json, not '" + format + "'");
  }
  if (ids.empty()) throw UsageError("evidence cite: give at least one evidence id or game");
  ar::Store store = open_store_to_read(default_db_path(db), io);
  std::vector<std::pair<ar::EvidenceRecord, std::optional<ar::Game>>> records;
  const std::vector<ar::Source> works = store.same_work_sources();
  for (const std::string& id : ids) {
    for (ar::EvidenceRecord& r : records_named(store, id)) {
      // A record named twice (by its id and by its game) is cited once.
      if (std::any_of(records.begin(), records.end(),
                      [&](const auto& cited) { return cited.first.id == r.id; }))
        continue;
      std::optional<ar::Game> game = store.find_game(r.game);
      records.emplace_back(ar::with_same_works(std::move(r), works), std::move(game));
    }
  }
  if (format == "csl-json") {
    io.out << ar::csl_items(records).dump(2) << "\n";
  } else if (format == "bibtex") {
    io.out << ar::bibtex(ar::csl_items(records));
  } else {
    io.out << ar::citations_text(records);
  }
  return 0;
}

}  // namespace mancala::cli
