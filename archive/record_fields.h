// The field readers of the archive's JSON records, shared by record.cpp (records, places, games)
// and record_sources.cpp (sources and their CSL-JSON): what type a value is, in words, and the
// string and required fields of an object, each refusal an ArchiveError naming the field.
#pragma once

#include <string>

#include "archive/error.h"
#include "archive/record.h"

namespace mancala::archive {

// "null", "a boolean", "a number", "a string", "an array" or "an object".
inline const char* json_type(const Json& value) {
  if (value.is_null()) return "null";
  if (value.is_boolean()) return "a boolean";
  if (value.is_number()) return "a number";
  if (value.is_string()) return "a string";
  if (value.is_array()) return "an array";
  return "an object";
}

// The string field `key` of `object` ("" when absent); ArchiveError "field 'key' must be a
// string, not a number" otherwise.
inline std::string get_string(const Json& object, const char* key) {
  auto it = object.find(key);
  if (it == object.end()) return "";
  if (!it->is_string()) {
    throw ArchiveError(std::string("field '") + key + "' must be a string, not " + json_type(*it));
  }
  return it->get<std::string>();
}

// ArchiveError "missing required field 'key'" when `object` lacks it.
inline void require(const Json& object, const char* key) {
  if (object.find(key) == object.end()) {
    throw ArchiveError(std::string("missing required field '") + key + "'");
  }
}

}  // namespace mancala::archive
