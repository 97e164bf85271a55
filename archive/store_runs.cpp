// Ruleset links (which evidence each ruleset cites) and stored simulation runs.
#include "archive/sqlite.h"
#include "archive/store.h"
#include "archive/store_rows.h"

namespace mancala::archive {

// Replaces the evidence links of each ruleset in `links` (inside the caller's transaction).
void write_ruleset_links(sqlite3* db, const std::string& path,
                         const std::vector<RulesetLink>& links) {
  Statement upsert(db, path,
                   "INSERT INTO rulesets(id, game, name, status) VALUES (?, ?, ?, ?) ON "
                   "CONFLICT(id) DO UPDATE SET "
                   "game = excluded.game, name = excluded.name, status = excluded.status");
  Statement clear(db, path, "DELETE FROM ruleset_evidence WHERE ruleset_id = ?");
  Statement link(
      db, path,
      "INSERT OR IGNORE INTO ruleset_evidence(ruleset_id, evidence_id, position) VALUES (?, ?, ?)");
  for (const RulesetLink& r : links) {
    if (r.ruleset.empty())
      throw ArchiveError(where(path, "rulesets", "a ruleset link has an empty ruleset id"));
    for (const std::string& id : r.evidence) {
      if (id.empty()) throw ArchiveError(where(path, r.ruleset, "empty evidence id"));
    }
    upsert.reset();
    upsert.bind(1, r.ruleset).bind(2, r.game).bind(3, r.name).bind(4, r.status).run();
    clear.reset();
    clear.bind(1, r.ruleset).run();
    for (size_t k = 0; k < r.evidence.size(); ++k) {
      link.reset();
      link.bind(1, r.ruleset).bind(2, r.evidence[k]).bind(3, static_cast<int64_t>(k)).run();
    }
  }
}

void Store::link_rulesets(const std::vector<RulesetLink>& links) {
  check_before_writing();
  Transaction tx(db_.get(), path_);
  write_ruleset_links(db_.get(), path_, links);
  tx.commit();
}

std::vector<RulesetLink> Store::rulesets_for_evidence(const std::string& evidence_id) {
  sqlite3* db = db_.get();
  Statement s(db, path_,
              "SELECT r.id, r.game, r.name, r.status FROM ruleset_evidence re JOIN rulesets r ON "
              "r.id = re.ruleset_id "
              "WHERE re.evidence_id = ? ORDER BY r.id");
  s.bind(1, evidence_id);
  std::vector<RulesetLink> out;
  while (s.step()) out.push_back({s.text(0), s.text(1), s.text(2), s.text(3), {}});
  Statement ev(db, path_,
               "SELECT evidence_id FROM ruleset_evidence WHERE ruleset_id = ? ORDER BY position");
  for (RulesetLink& link : out) {
    ev.reset();
    ev.bind(1, link.ruleset);
    while (ev.step()) link.evidence.push_back(ev.text(0));
  }
  return out;
}

int64_t Store::store_run(const RunRecord& run, bool* added) {
  if (run.ruleset.empty()) throw ArchiveError(where(path_, "run", "empty ruleset id"));
  if (!Json::accept(run.stats_json)) {
    throw ArchiveError(where(path_, "run (" + run.ruleset + ")", "stats_json is not valid JSON"));
  }
  check_before_writing();
  sqlite3* db = db_.get();
  Transaction tx(db, path_);
  {
    // The same content stored before (a merge or a simulation run twice): that run's id.
    Statement same(
        db, path_,
        "SELECT id FROM runs WHERE ruleset = ? AND rules_hash = ? AND engine_version = ? "
        "AND agent = ? AND seed = ? AND games = ? AND partial = ? AND stats_json = ? "
        "ORDER BY id LIMIT 1");
    same.bind(1, run.ruleset).bind(2, run.rules_hash).bind(3, run.engine_version);
    same.bind(4, run.agent).bind(5, std::to_string(run.seed)).bind(6, run.games);
    same.bind(7, run.partial ? 1 : 0).bind(8, run.stats_json);
    if (same.step()) {
      if (added) *added = false;
      return same.integer(0);  // the transaction rolls back: nothing was written
    }
  }
  if (added) *added = true;
  Statement s(
      db, path_,
      "INSERT INTO runs(ruleset, rules_hash, engine_version, agent, seed, games, partial, "
      "stats_json, created_at) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) RETURNING id");
  s.bind(1, run.ruleset).bind(2, run.rules_hash).bind(3, run.engine_version).bind(4, run.agent);
  s.bind(5, std::to_string(run.seed))
      .bind(6, run.games)
      .bind(7, run.partial ? 1 : 0)
      .bind(8, run.stats_json);
  if (!s.step()) throw ArchiveError(where(path_, "run", "insert returned no row"));
  const int64_t id = s.integer(0);
  s.run();
  tx.commit();
  return id;
}

namespace {
constexpr const char* kRunColumns =
    "SELECT id, ruleset, rules_hash, engine_version, agent, seed, games, partial, stats_json, "
    "created_at FROM runs";

RunRecord read_run(const Statement& s) {
  RunRecord r;
  r.id = s.integer(0);
  r.ruleset = s.text(1);
  r.rules_hash = s.text(2);
  r.engine_version = s.text(3);
  r.agent = s.text(4);
  r.seed = std::stoull(s.text(5));
  r.games = s.integer(6);
  r.partial = s.integer(7) != 0;
  r.stats_json = s.text(8);
  r.created_at = s.text(9);
  return r;
}
}  // namespace

std::vector<RunRecord> Store::list_runs(const std::string& ruleset_filter) {
  // A filter is a ruleset id ("toguz_kumalak/standard") or a game folder ("toguz_kumalak").
  Statement s(db_.get(), path_,
              std::string(kRunColumns) +
                  " WHERE ?1 = '' OR ruleset = ?1 OR substr(ruleset, 1, length(?1) + 1) = ?1 || "
                  "'/' ORDER BY id");
  s.bind(1, ruleset_filter);
  std::vector<RunRecord> out;
  while (s.step()) out.push_back(read_run(s));
  return out;
}

std::optional<RunRecord> Store::get_run(int64_t id) {
  Statement s(db_.get(), path_, std::string(kRunColumns) + " WHERE id = ?");
  s.bind(1, id);
  if (!s.step()) return std::nullopt;
  return read_run(s);
}

}  // namespace mancala::archive
