// Fuzzes the evidence JSON reader (archive::read_evidence_text): any input must either give an
// ImportBatch or throw mancala::Error with a message; another exception or a sanitizer report is
// a finding. Accepted records are written back as JSON and read again: what the archive writes
// must read back (docs/archive.md).
#include <cstddef>
#include <cstdint>
#include <string>

#include "archive/record.h"
#include "common/error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  mancala::archive::ImportBatch batch;
  try {
    mancala::archive::read_evidence_text(text, "fuzz.json", batch);
  } catch (const mancala::Error&) {
    return 0;
  }
  for (const mancala::archive::EvidenceRecord& record : batch.records) {
    const std::string written = mancala::archive::to_json(record).dump();
    mancala::archive::ImportBatch again;
    mancala::archive::read_evidence_text(written, "written.json", again);  // must not throw
    if (again.records.size() != 1 || !(again.records.front() == record)) __builtin_trap();
  }
  return 0;
}
