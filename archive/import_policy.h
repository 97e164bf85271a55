// What an import does with a record the archive already holds in another version (docs/archive.md,
// "Updates"): nothing curated is lost without the user asking for it. By default such an import is
// refused, naming each field that would change with both values; `--merge` keeps every field the
// archived record has and adds only those it lacks; `--overwrite` replaces the record on purpose
// (its removals still need `--allow-removals`, as Store::import checks).
#pragma once

#include <string>
#include <vector>

#include "archive/record.h"
#include "archive/store.h"

namespace mancala::archive {

enum class UpdatePolicy { kRefuse, kMerge, kOverwrite };

// One field that differs between the archived record and the imported one: its JSON name and both
// values as compact JSON ("(none)" for a field one of them lacks), each cut to about 80 characters.
struct FieldChange {
  std::string field;
  std::string archived;
  std::string imported;
};

// An archived record the batch holds in another version, and what differs.
struct RecordUpdate {
  std::string id;
  Origin origin;
  std::vector<FieldChange> changes;
  std::vector<std::string> kept;   // kMerge: fields the archive keeps although the import differs
  std::vector<std::string> added;  // kMerge: fields the import adds to the archived record
};

// Finds the batch's records that the archive at `store` holds in another version (the game
// compared by its key) and applies `policy`: kMerge replaces each of them in the batch by the
// archived record with the fields it lacks taken from the import; kRefuse and kOverwrite leave the
// batch as it is. Returns the updates in the batch's order.
std::vector<RecordUpdate> apply_update_policy(Store& store, ImportBatch& batch,
                                              UpdatePolicy policy);

// The lines that show the updates field by field (for stderr): for each record
// "<id> (<file>: <item>): the import differs from the archived record in N fields:" then a line
// per field "  <field>: archived <value>; imported <value>", and under kMerge what is kept and
// added.
std::string updates_text(const std::vector<RecordUpdate>& updates, UpdatePolicy policy);

// What --overwrite replaced (for stderr, after the import): per record "updated <id>: <fields>"
// then a line per field "  <field>: was <archived>; now <imported>".
std::string overwrites_text(const std::vector<RecordUpdate>& updates);

// Throws ArchiveError "<file>: <item>: the archive holds <id> in another version (<fields>);
// nothing imported: --merge keeps what the archive has and adds what it lacks, --overwrite
// replaces it on purpose (--dry-run shows the changes)" for the first update, when `policy` is
// kRefuse and there is one.
void refuse_updates(const std::vector<RecordUpdate>& updates, UpdatePolicy policy);

}  // namespace mancala::archive
