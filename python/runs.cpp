// The measurements: simulate (issue 42, item 2), compare, ladder, reconstruct and solve (item 3).
#include "python/bindings.h"

namespace mancala::python {

void add_runs(py::module_&) {}

}  // namespace mancala::python
