// ArchiveError: the one exception type the archive module throws at its boundary.
//
// Its message follows the project's shape "<file>: <record or key>: <what is wrong>" (see
// common/error.h); the CLI prints it after "mancala: " and exits with code 1.
#pragma once

#include "common/error.h"

namespace mancala::archive {

class ArchiveError : public mancala::Error {
  using Error::Error;
};

// A record id the archive does not hold (`evidence cite`; the Python module raises KeyError).
class UnknownRecordError : public ArchiveError {
  using ArchiveError::ArchiveError;
};

}  // namespace mancala::archive
