#!/usr/bin/env python3
"""Prints the N slowest tests of a CTest run from its JUnit file (ctest --output-junit).

Usage: slowest_tests.py JUNIT_XML [N]   (scripts/test.sh prints ten per run at its end)
"""
import sys
import xml.etree.ElementTree as ET


def main(argv):
    if len(argv) < 2:
        sys.stderr.write("usage: slowest_tests.py JUNIT_XML [N]\n")
        return 2
    path, count = argv[1], int(argv[2]) if len(argv) > 2 else 10
    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError) as e:
        sys.stderr.write(f"slowest_tests.py: {path}: {e}\n")
        return 1
    cases = [(float(c.get("time", "0")), c.get("name", "?")) for c in root.iter("testcase")]
    total = sum(t for t, _ in cases)
    print(f"== {path}: {len(cases)} tests, {total:.0f} s of test time; the {count} slowest:")
    for seconds, name in sorted(cases, reverse=True)[:count]:
        print(f"{seconds:8.1f}s  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
