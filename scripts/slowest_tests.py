#!/usr/bin/env python3
"""Prints the N slowest tests of a CTest run, from its JUnit file (ctest --output-junit) and the
GoogleTest XML reports its shards wrote (tests/CMakeLists.txt, MANCALA_TEST_SHARDS).

Usage: slowest_tests.py N JUNIT_XML [GTEST_XML_OR_FOLDER...]
A CTest case that is a shard (`<module>_tests.shard_<i>_of_<n>`) is replaced by the tests it ran,
each with its own time, when the shard's GoogleTest report is given; scripts/test.sh prints ten
per run at its end.
"""
import os
import re
import sys
import xml.etree.ElementTree as ET

SHARD = re.compile(r"^\w+_tests\.shard_\d+_of_\d+$")


def cases_of(path, gtest):
    """(seconds, name) of every test case in one report."""
    root = ET.parse(path).getroot()
    out = []
    for case in root.iter("testcase"):
        name = case.get("name", "?")
        if gtest:
            name = case.get("classname", "?") + "." + name
        out.append((float(case.get("time", "0")), name))
    return out


def main(argv):
    if len(argv) < 3 or not argv[1].isdigit():
        sys.stderr.write("usage: slowest_tests.py N JUNIT_XML [GTEST_XML_OR_FOLDER...]\n")
        return 2
    count, junit = int(argv[1]), argv[2]
    gtest_files = []
    for arg in argv[3:]:
        if os.path.isdir(arg):
            gtest_files += sorted(os.path.join(arg, f) for f in os.listdir(arg) if f.endswith(".xml"))
        elif os.path.exists(arg):
            gtest_files.append(arg)
    try:
        cases = cases_of(junit, gtest=False)
        shards = [c for c in cases if SHARD.match(c[1])]
        detail = []
        for path in gtest_files:
            detail += cases_of(path, gtest=True)
    except (OSError, ET.ParseError) as e:
        sys.stderr.write(f"slowest_tests.py: {e}\n")
        return 1
    run_time = sum(t for t, _ in cases)
    if detail:
        cases = [c for c in cases if not SHARD.match(c[1])] + detail
    print(f"== {junit}: {len(cases)} tests ({len(shards)} CTest cases are GoogleTest shards), "
          f"{run_time:.0f} s of test time; the {count} slowest:")
    for seconds, name in sorted(cases, reverse=True)[:count]:
        print(f"{seconds:8.1f}s  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
