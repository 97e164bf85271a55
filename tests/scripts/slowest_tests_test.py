"""scripts/slowest_tests.py: the ten slowest tests scripts/test.sh prints at its end, from CTest's
JUnit file and the GoogleTest reports of its shards (issue 22: "prints its total time and the ten
slowest tests at the end, so the tests later issues add stay visible").

Run: python3 -m unittest discover -s tests/scripts -p '*_test.py' (CTest runs it)."""
import io
import os
import sys
import tempfile
import unittest
from contextlib import redirect_stderr, redirect_stdout

TOP = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(TOP, "scripts"))

import slowest_tests as S  # noqa: E402

JUNIT = """<?xml version="1.0" encoding="UTF-8"?>
<testsuite name="Linux" tests="3">
  <testcase name="simulator_tests.shard_0_of_2" classname="simulator_tests" time="9.0"/>
  <testcase name="simulator_tests.shard_1_of_2" classname="simulator_tests" time="4.0"/>
  <testcase name="Server.BrowserSearchesPlaysSavesAndReplays" classname="Server" time="7.5"/>
</testsuite>
"""

SHARD0 = """<?xml version="1.0" encoding="UTF-8"?>
<testsuites tests="2" name="AllTests">
  <testsuite name="Rulesets/EveryRuleset" tests="2">
    <testcase name="Conserved/otep" classname="Rulesets/EveryRuleset" time="6.25"/>
    <testcase name="Conserved/kalah" classname="Rulesets/EveryRuleset" time="2.5"/>
  </testsuite>
</testsuites>
"""

SHARD1 = """<?xml version="1.0" encoding="UTF-8"?>
<testsuites tests="1" name="AllTests">
  <testsuite name="Search" tests="1">
    <testcase name="Fingerprints" classname="Search" time="3.75"/>
  </testsuite>
</testsuites>
"""


def run(*args):
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = S.main(["slowest_tests.py", *args])
    return code, out.getvalue(), err.getvalue()


class SlowestTests(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.junit = os.path.join(self.dir.name, "junit.xml")
        self.gtest = os.path.join(self.dir.name, "gtest-xml")
        os.mkdir(self.gtest)
        for name, text in [(self.junit, JUNIT),
                           (os.path.join(self.gtest, "simulator_tests.shard_0_of_2.xml"), SHARD0),
                           (os.path.join(self.gtest, "simulator_tests.shard_1_of_2.xml"), SHARD1)]:
            with open(name, "w", encoding="utf-8") as f:
                f.write(text)

    def tearDown(self):
        self.dir.cleanup()

    def test_each_shard_is_replaced_by_the_tests_it_ran_each_with_its_time(self):
        code, out, _ = run("3", self.junit, self.gtest)
        self.assertEqual(code, 0)
        self.assertEqual(out.splitlines(), [
            "== %s: 4 tests (2 CTest cases are GoogleTest shards), 20 s of test time; "
            "the 3 slowest:" % self.junit,
            "     7.5s  Server.BrowserSearchesPlaysSavesAndReplays",
            "     6.2s  Rulesets/EveryRuleset.Conserved/otep",
            "     3.8s  Search.Fingerprints",
        ])

    def test_without_the_shards_reports_the_shards_are_listed_as_cases(self):
        code, out, _ = run("1", self.junit, os.path.join(self.dir.name, "absent"))
        self.assertEqual(code, 0)
        self.assertIn("3 tests (2 CTest cases are GoogleTest shards)", out)
        self.assertIn("     9.0s  simulator_tests.shard_0_of_2", out)

    def test_a_bad_report_or_usage_is_an_error(self):
        broken = os.path.join(self.gtest, "broken.xml")
        with open(broken, "w", encoding="utf-8") as f:
            f.write("<testsuites")
        code, _, err = run("3", self.junit, broken)
        self.assertEqual(code, 1)
        self.assertTrue(err.startswith("slowest_tests.py: "), err)
        self.assertEqual(run("ten", self.junit)[0], 2)
        self.assertEqual(run("3")[0], 2)


if __name__ == "__main__":
    unittest.main()
