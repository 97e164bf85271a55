// What the pieces of the Python module's extension (_mancala) share: JSON crosses into Python as
// text that mancala/__init__.py reads with json.loads, so the binding holds no conversion code of
// its own, and each piece registers its functions on the module (docs/python.md).
#pragma once

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "simulator/rules.h"

namespace mancala::python {

namespace py = pybind11;

// JSON text, read back in Python with json.loads (mancala/__init__.py).
inline std::string text(const nlohmann::json& j) { return j.dump(); }
inline std::string ordered_text(const nlohmann::ordered_json& j) { return j.dump(); }
// A JSON argument given by Python as json.dumps text.
inline nlohmann::json parse(const std::string& text) { return nlohmann::json::parse(text); }

// A loaded ruleset, and where it came from (the file Ruleset.check names in its messages; for a
// reading made in memory, its id and "(with_rules)"). rules.cpp.
struct Ruleset {
  sim::RuleSet rules;
  std::string origin;

  std::string document() const;
  std::string keys() const;
  std::string hash() const;
  std::vector<std::string> acting() const;
  Ruleset with_rules(const std::string& keys_json, const std::string& id) const;
  std::vector<std::string> problems() const;
};

void add_archive(py::module_& m);   // archive.cpp: Archive
void add_rules(py::module_& m);     // rules.cpp: rulesets, Ruleset, Game, replay
void add_runs(py::module_& m);      // runs.cpp: simulate
void add_measures(py::module_& m);  // measure.cpp: compare, ladder, reconstruct, solve

}  // namespace mancala::python
