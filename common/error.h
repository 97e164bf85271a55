// Error types shared by every module.
//
// A message is written without the leading "mancala: " and in the shape
// "<file>: <record or key>: <what is wrong>", so the CLI prints it as
// "mancala: <file>: <record or key>: <what is wrong>". Error means exit code 1,
// UsageError (a bad command line) exit code 2. A message of several lines holds several
// problems, each line in that shape; the CLI prints each as "mancala: <line>". A message is made
// safe to print when the error is made (common/text.h, printable): a control character a file
// held (an escape sequence, a NUL) is shown as \u001b, \u0000, never sent to the terminal, and a
// NUL no longer cuts the message short.
#pragma once

#include <stdexcept>
#include <string>

#include "common/text.h"

namespace mancala {

class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& what) : std::runtime_error(printable(what)) {}
  explicit Error(const char* what) : Error(std::string(what)) {}
};

class UsageError : public Error {
 public:
  using Error::Error;
};

// Joins the non-empty parts of a message with ": ".
inline std::string where(const std::string& file, const std::string& key, const std::string& what) {
  std::string out;
  for (const std::string* part : {&file, &key, &what}) {
    if (part->empty()) continue;
    if (!out.empty()) out += ": ";
    out += *part;
  }
  return out;
}

}  // namespace mancala
