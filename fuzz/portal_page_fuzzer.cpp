// Fuzzes the Digital Ludeme Project portal page reader (archive::parse_portal_page): any text
// either gives records or throws mancala::Error; every record it gives is valid evidence.
#include <cstddef>
#include <cstdint>
#include <string>

#include "archive/portal.h"
#include "archive/record.h"
#include "common/error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    for (const mancala::archive::EvidenceRecord& record :
         mancala::archive::parse_portal_page(text, "page.txt")) {
      mancala::archive::validate(record);  // what the reader gives must be importable
    }
  } catch (const mancala::Error&) {
  }
  return 0;
}
