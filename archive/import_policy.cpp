#include "archive/import_policy.h"

#include "archive/error.h"

namespace mancala::archive {
namespace {

constexpr std::size_t kValueWidth = 80;

// A value as compact JSON (a string as it is), from `from` on ("..." before it when it is not
// the start), cut to about kValueWidth characters; "(none)" for a field the record lacks.
std::string value_text(const Json* value, std::size_t from = 0) {
  if (!value) return "(none)";
  std::string text = value->is_string() ? value->get<std::string>() : value->dump();
  if (from > 0 && from < text.size()) text = "..." + text.substr(from);
  if (text.size() > kValueWidth) text = text.substr(0, kValueWidth - 3) + "...";
  return text;
}

// Where two long values start to differ, less some context: both are shown from there.
std::size_t shown_from(const Json& a, const Json& b) {
  const std::string x = a.is_string() ? a.get<std::string>() : a.dump();
  const std::string y = b.is_string() ? b.get<std::string>() : b.dump();
  std::size_t same = 0;
  while (same < x.size() && same < y.size() && x[same] == y[same]) ++same;
  return same > 40 ? same - 20 : 0;
}

std::string list(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& item : items) out += (out.empty() ? "" : ", ") + item;
  return out;
}

}  // namespace

std::vector<RecordUpdate> apply_update_policy(Store& store, ImportBatch& batch,
                                              UpdatePolicy policy) {
  std::vector<RecordUpdate> updates;
  for (std::size_t i = 0; i < batch.records.size(); ++i) {
    EvidenceRecord& record = batch.records[i];
    const std::optional<EvidenceRecord> before = store.get(record.id);
    if (!before) continue;
    // The archive keeps a game's key; the import may name it by its name or an alias.
    EvidenceRecord imported = record;
    if (const std::optional<Game> game = store.find_game(record.game)) imported.game = game->key;
    if (imported == *before) continue;
    const Json a = to_json(*before), b = to_json(imported);
    RecordUpdate update{record.id, batch.record_origins[i], {}, {}, {}};
    Json merged = a;
    for (const auto& [key, value] : b.items()) {
      if (!a.contains(key)) {
        update.changes.push_back({key, value_text(nullptr), value_text(&value)});
        update.added.push_back(key);
        merged[key] = value;
      } else if (a[key] != value) {
        const std::size_t from = shown_from(a[key], value);
        update.changes.push_back({key, value_text(&a[key], from), value_text(&value, from)});
        update.kept.push_back(key);
      }
    }
    for (const auto& [key, value] : a.items()) {
      if (!b.contains(key)) {
        update.changes.push_back({key, value_text(&value), value_text(nullptr)});
        update.kept.push_back(key);
      }
    }
    if (update.changes.empty()) continue;
    if (policy == UpdatePolicy::kMerge) record = record_from_json(merged);
    updates.push_back(std::move(update));
  }
  return updates;
}

std::string updates_text(const std::vector<RecordUpdate>& updates, UpdatePolicy policy) {
  std::string out;
  for (const RecordUpdate& u : updates) {
    out += u.id + " (" + u.origin.file + ": " + u.origin.item +
           "): the import differs from the archived record in " + std::to_string(u.changes.size()) +
           (u.changes.size() == 1 ? " field:\n" : " fields:\n");
    for (const FieldChange& c : u.changes)
      out += "  " + c.field + ": archived " + c.archived + "; imported " + c.imported + "\n";
    if (policy == UpdatePolicy::kMerge) {
      out += "  merged: the archive keeps " + (u.kept.empty() ? "nothing it had" : list(u.kept)) +
             "; adds " + (u.added.empty() ? "nothing" : list(u.added)) + "\n";
    }
  }
  return out;
}

std::string overwrites_text(const std::vector<RecordUpdate>& updates) {
  std::string out;
  for (const RecordUpdate& u : updates) {
    std::vector<std::string> fields;
    for (const FieldChange& c : u.changes) fields.push_back(c.field);
    out += "updated " + u.id + ": " + list(fields) + "\n";
    for (const FieldChange& c : u.changes)
      out += "  " + c.field + ": was " + c.archived + "; now " + c.imported + "\n";
  }
  return out;
}

void refuse_updates(const std::vector<RecordUpdate>& updates, UpdatePolicy policy) {
  if (policy != UpdatePolicy::kRefuse || updates.empty()) return;
  const RecordUpdate& u = updates.front();
  std::vector<std::string> fields;
  for (const FieldChange& c : u.changes) fields.push_back(c.field);
  throw ArchiveError(
      where(u.origin.file, u.origin.item,
            "the archive holds " + u.id + " in another version (" + list(fields) +
                "); nothing imported: --merge keeps what the archive has and adds what it lacks, "
                "--overwrite replaces it on purpose (--dry-run shows the changes)"));
}

}  // namespace mancala::archive
