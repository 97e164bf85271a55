// Reading the archive: one record, searches (full text, game, type, years, distance,
// confidence), places, games and the summary; and how rows become records and games.
#include <map>

#include "archive/coords.h"
#include "archive/dates.h"
#include "archive/sqlite.h"
#include "archive/store.h"
#include "archive/store_rows.h"
#include "archive/text.h"

namespace mancala::archive {
namespace {

std::vector<Source> source_list(const std::string& text) {
  std::vector<Source> out;
  if (text.empty()) return out;
  for (const auto& item : Json::parse(text)) {
    out.emplace_back(item[0].get<std::string>(), item[1]);
  }
  return out;
}

// Turns the user's search text into an FTS5 query: each word or "quoted phrase" becomes a
// phrase (so punctuation such as "anti-clockwise" cannot break the syntax), a trailing * makes
// a prefix search, and the bare words AND, OR, NOT and parentheses stay operators.
std::string fts_query(const std::string& text) {
  std::string out;
  size_t i = 0;
  auto add = [&](const std::string& term) {
    if (!out.empty()) out += ' ';
    out += term;
  };
  auto phrase = [](const std::string& words) {
    std::string q = "\"";
    for (char c : words) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
  };
  while (i < text.size()) {
    const char c = text[i];
    if (c == ' ' || c == '\t' || c == '\n') {
      ++i;
    } else if (c == '(' || c == ')') {
      add(std::string(1, c));
      ++i;
    } else if (c == '"') {
      const size_t end = text.find('"', i + 1);
      const size_t stop = end == std::string::npos ? text.size() : end;
      add(phrase(text.substr(i + 1, stop - i - 1)));
      i = stop + 1;
    } else {
      size_t end = i;
      while (end < text.size() && text[end] != ' ' && text[end] != '\t' && text[end] != '\n' &&
             text[end] != '(' && text[end] != ')' && text[end] != '"') {
        ++end;
      }
      std::string word = text.substr(i, end - i);
      i = end;
      if (word == "AND" || word == "OR" || word == "NOT") {
        add(word);
      } else if (word.size() > 1 && word.back() == '*') {
        add(phrase(word.substr(0, word.size() - 1)) + "*");
      } else {
        add(phrase(word));
      }
    }
  }
  return out;
}

}  // namespace

std::string list_json(const std::vector<std::string>& list) { return Json(list).dump(); }

std::vector<std::string> json_list(const std::string& text) {
  std::vector<std::string> out;
  if (text.empty()) return out;
  for (const auto& item : Json::parse(text)) out.push_back(item.get<std::string>());
  return out;
}

EvidenceRecord read_record(const Statement& s) {
  EvidenceRecord r;
  r.id = s.text(0);
  r.game = s.text(1);
  r.type = s.text(2);
  r.location = s.text(3);
  r.latitude = s.optional_real(4);
  r.longitude = s.optional_real(5);
  if (!s.is_null(6)) r.date_from = parse_date(s.text(6));
  if (!s.is_null(7)) r.date_to = parse_date(s.text(7));
  r.rules = s.text(8);
  r.content = s.text(9);
  if (auto c = s.optional_integer(10)) r.confidence = static_cast<int>(*c);
  r.spaces = json_list(s.text(11));
  r.ages = json_list(s.text(12));
  r.social_status = json_list(s.text(13));
  r.genders = json_list(s.text(14));
  r.notes = s.text(15);
  r.sources = source_list(s.text(16));
  return r;
}

Game read_game(const Statement& s) {
  Game g{s.text(0), s.text(1), json_list(s.text(2)), std::nullopt};
  if (auto id = s.optional_integer(3)) g.dlp_ruleset = static_cast<int>(*id);
  return g;
}

std::optional<Game> Store::find_game(const std::string& name) {
  Statement s(db_.get(), path_,
              "SELECT g.key, g.name, g.aliases, g.dlp_ruleset FROM game_names n JOIN games g ON "
              "g.key = n.game_key "
              "WHERE n.folded = ?");
  s.bind(1, fold_name(name));
  if (!s.step()) return std::nullopt;
  return read_game(s);
}

std::vector<Game> Store::games() {
  Statement s(db_.get(), path_, "SELECT key, name, aliases, dlp_ruleset FROM games ORDER BY key");
  std::vector<Game> out;
  while (s.step()) out.push_back(read_game(s));
  return out;
}

std::optional<EvidenceRecord> Store::get(const std::string& evidence_id) {
  Statement s(db_.get(), path_,
              std::string("SELECT ") + kRecordColumns + " FROM evidence e WHERE e.id = ?");
  s.bind(1, evidence_id);
  if (!s.step()) return std::nullopt;
  return read_record(s);
}

std::vector<SearchHit> Store::search(const SearchQuery& q, int64_t* unplaced) {
  const bool near = q.near_latitude.has_value();
  if (near != q.near_longitude.has_value() || near != q.radius_km.has_value()) {
    throw ArchiveError("search: a near search needs a latitude, a longitude and a radius");
  }
  // p: the named region of a record without coordinates (approximate position).
  const std::string from_places =
      " LEFT JOIN places p ON e.latitude IS NULL AND p.folded = e.place_key";
  const std::string match = q.text.empty() ? "" : fts_query(q.text);
  std::string game_key;
  if (!q.game.empty()) {
    const std::optional<Game> game = find_game(q.game);
    if (!game)
      throw ArchiveError(where(
          path_, "", "no game '" + q.game + "' in the archive (see 'mancala evidence games')"));
    game_key = game->key;
  }
  // Every filter but the distance, shared by the search and the count of unplaced records.
  std::string filters;
  if (!game_key.empty()) filters += " AND e.game_key = ?4";
  if (!q.type.empty()) filters += " AND e.type = ?5 COLLATE NOCASE";
  if (q.from_year) filters += " AND e.day_to >= ?6";
  if (q.to_year) filters += " AND e.day_from <= ?7";
  if (q.min_confidence) filters += " AND e.confidence >= ?11";
  const std::string from = !match.empty()
                               ? " FROM evidence_fts f JOIN evidence e ON e.rid = f.rowid" +
                                     from_places + " WHERE evidence_fts MATCH ?3"
                               : " FROM evidence e" + from_places + " WHERE 1";

  std::string sql = std::string("SELECT ") + kRecordColumns;
  sql += near ? ", distance_km(COALESCE(e.latitude, p.latitude), COALESCE(e.longitude, "
                "p.longitude), ?1, ?2) AS distance"
              : ", NULL AS distance";
  sql += ", p.name, p.latitude, p.longitude, p.radius_km, p.source";
  sql += from + filters;
  if (near) {
    // A latitude band first (the latitude index, and the few places), then the exact distance;
    // a region counts when its circle reaches within the radius.
    sql +=
        " AND e.rid IN (SELECT rid FROM evidence WHERE latitude BETWEEN ?8 AND ?9 UNION ALL "
        "SELECT e2.rid FROM places p2 JOIN evidence e2 ON e2.place_key = p2.folded AND "
        "e2.latitude IS NULL WHERE p2.latitude BETWEEN ?8 - p2.radius_km / ?12 AND "
        "?9 + p2.radius_km / ?12)"
        " AND distance - COALESCE(p.radius_km, 0) <= ?10";
  }
  if (!match.empty()) {
    sql += " ORDER BY f.rank, e.id";
  } else if (near) {
    sql += " ORDER BY distance, e.id";
  } else {
    sql += " ORDER BY e.day_from IS NULL, e.day_from, e.day_to, e.id";
  }
  if (q.limit > 0) sql += " LIMIT " + std::to_string(q.limit);

  constexpr double kKmPerDegree = kEarthRadiusKm * 3.14159265358979323846 / 180.0;
  auto bind_filters = [&](Statement& s) {
    if (!match.empty()) s.bind(3, match);
    if (!game_key.empty()) s.bind(4, game_key);
    if (!q.type.empty()) s.bind(5, q.type);
    if (q.from_year) s.bind(6, first_day_of_year(*q.from_year));
    if (q.to_year) s.bind(7, last_day_of_year(*q.to_year));
    if (q.min_confidence) s.bind(11, *q.min_confidence);
  };
  auto reading_text = [&](const ArchiveError& e) {
    const std::string what = e.what();
    if (!match.empty() &&
        (what.find("fts5") != std::string::npos || what.find("syntax") != std::string::npos)) {
      throw ArchiveError(where(path_, "",
                               "cannot read the search text '" + q.text + "' (" +
                                   what.substr(what.rfind(": ") + 2) + ")"));
    }
  };

  Statement s(db_.get(), path_, sql);
  if (near) {
    s.bind(1, *q.near_latitude).bind(2, *q.near_longitude);
    const double band = *q.radius_km / kKmPerDegree;
    s.bind(8, *q.near_latitude - band).bind(9, *q.near_latitude + band).bind(10, *q.radius_km);
    s.bind(12, kKmPerDegree);
  }
  bind_filters(s);
  std::vector<SearchHit> hits;
  try {
    while (s.step()) {
      SearchHit hit{read_record(s), s.optional_real(17), std::nullopt};
      if (!s.is_null(18))
        hit.place = Place{s.text(18), {}, s.real(19), s.real(20), s.real(21), s.text(22)};
      hits.push_back(std::move(hit));
    }
  } catch (const ArchiveError& e) {
    reading_text(e);
    throw;
  }
  if (unplaced != nullptr) {
    *unplaced = 0;
    if (near) {
      Statement count(
          db_.get(), path_,
          "SELECT count(*)" + from + filters + " AND e.latitude IS NULL AND p.latitude IS NULL");
      bind_filters(count);
      if (count.step()) *unplaced = count.integer(0);
    }
  }
  return hits;
}

std::optional<Place> Store::place_of(const EvidenceRecord& record) {
  if (record.latitude) return std::nullopt;
  Statement s(db_.get(), path_,
              "SELECT name, latitude, longitude, radius_km, source FROM places WHERE folded = ?");
  s.bind(1, fold_name(record.location));
  if (!s.step()) return std::nullopt;
  return Place{s.text(0), {}, s.real(1), s.real(2), s.real(3), s.text(4)};
}

std::vector<Place> Store::places() {
  Statement s(db_.get(), path_,
              "SELECT name, latitude, longitude, radius_km, source, folded FROM places "
              "ORDER BY name, folded");
  std::vector<Place> out;
  while (s.step()) {
    if (out.empty() || out.back().name != s.text(0)) {
      out.push_back(Place{s.text(0), {}, s.real(1), s.real(2), s.real(3), s.text(4)});
    }
  }
  return out;
}

ArchiveSummary Store::summary() {
  sqlite3* db = db_.get();
  ArchiveSummary out;
  out.schema_version = schema_version();
  std::map<std::string, size_t> row_of;
  {
    Statement s(db, path_, "SELECT key, name FROM games ORDER BY name COLLATE NOCASE, key");
    while (s.step()) {
      row_of[s.text(0)] = out.games.size();
      out.games.push_back({s.text(0), s.text(1), {}, 0, 0, 0});
    }
  }
  {
    Statement s(db, path_,
                "SELECT game_key, type, count(*) FROM evidence GROUP BY game_key, type ORDER BY "
                "game_key, type");
    while (s.step()) {
      auto& row = out.games[row_of.at(s.text(0))];
      row.types.emplace_back(s.text(1), s.integer(2));
      row.records += s.integer(2);
      out.records += s.integer(2);
    }
  }
  std::map<std::string, std::string> ruleset_game;
  {
    Statement s(db, path_, "SELECT id, game FROM rulesets ORDER BY id");
    while (s.step()) {
      ruleset_game[s.text(0)] = s.text(1);
      ++out.rulesets;
      if (auto game = find_game(s.text(1)); game && row_of.contains(game->key))
        ++out.games[row_of[game->key]].rulesets;
    }
  }
  {
    Statement s(db, path_, "SELECT ruleset, count(*) FROM runs GROUP BY ruleset");
    while (s.step()) {
      const std::string ruleset = s.text(0);
      out.runs += s.integer(1);
      // A run's game: its linked ruleset's, else the ruleset id's folder part.
      const std::string game = ruleset_game.contains(ruleset)
                                   ? ruleset_game[ruleset]
                                   : ruleset.substr(0, ruleset.find('/'));
      if (auto g = find_game(game); g && row_of.contains(g->key))
        out.games[row_of[g->key]].runs += s.integer(1);
    }
  }
  Statement sources(db, path_, "SELECT count(*) FROM sources");
  if (sources.step()) out.sources = sources.integer(0);
  return out;
}

}  // namespace mancala::archive
