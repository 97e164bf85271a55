// The extension module _mancala, which the Python package mancala (mancala/__init__.py) wraps:
// the library's errors become Python exceptions carrying the command line's messages.
#include "archive/error.h"
#include "common/error.h"
#include "python/bindings.h"
#include "simulator/ruleset_io.h"

namespace {

namespace py = pybind11;

}  // namespace

PYBIND11_MODULE(_mancala, m) {
  m.doc() = "The mancala toolkit's C++ libraries, for the Python package mancala";
  // mancala.Error (every failure of the toolkit, RuntimeError), mancala.RulesetError (a ruleset
  // that does not load or check: ValueError too), mancala.ArchiveError (the archive file). A usage
  // error (a bad argument) is a ValueError, an unknown record a KeyError.
  static py::exception<mancala::Error> error(m, "Error", PyExc_RuntimeError);
  static py::object ruleset_error = py::reinterpret_steal<py::object>(PyErr_NewException(
      "mancala.RulesetError", py::make_tuple(error, py::handle(PyExc_ValueError)).ptr(), nullptr));
  static py::exception<mancala::archive::ArchiveError> archive_error(m, "ArchiveError",
                                                                     error.ptr());
  m.attr("RulesetError") = ruleset_error;
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const mancala::archive::UnknownRecordError& e) {
      PyErr_SetString(PyExc_KeyError, e.what());
    } catch (const mancala::archive::ArchiveError& e) {
      PyErr_SetString(archive_error.ptr(), e.what());
    } catch (const mancala::sim::RuleError& e) {
      PyErr_SetString(ruleset_error.ptr(), e.what());
    } catch (const mancala::UsageError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const mancala::Error& e) {
      PyErr_SetString(error.ptr(), e.what());
    } catch (const nlohmann::json::exception& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    }
  });
  mancala::python::add_archive(m);
  mancala::python::add_rules(m);
  mancala::python::add_runs(m);
  mancala::python::add_measures(m);
}
