#!/usr/bin/env python3
"""The instruction budget (issue 37): instructions per ply of random play, every shipped ruleset.

Runs bench/instructions (build/bench/mancala_instructions) under valgrind's callgrind, which
counts the instructions of its play loop alone, ruleset by ruleset, and compares the figures with
the committed table bench/instructions.tsv. Counts are exact: the same binary plays the same
seeded games in the same number of instructions on any machine, however loaded, so a change of
the engine shows in them where times only wander. They depend on the compiler and its flags: the
table is that of the GCC build scripts/test.sh makes, and the check is skipped for any other.

    python3 scripts/instructions.py [--bin PATH] [--jobs N]       the figures now, beside the table
    python3 scripts/instructions.py --check [--tolerance 3]       exit 1 when a ruleset exceeds
                                                                  its figure by more than 3%
    python3 scripts/instructions.py --update [--reason TEXT]      rewrite the table

--check exits 77 (CTest's skip) when valgrind is missing or the binary was built otherwise than
the table (compiler, version, flags). A deliberate change of a figure updates the table in the
same commit, saying why (--reason, kept in the table's notes).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLE = os.path.join(ROOT, "bench", "instructions.tsv")
SKIP = 77


def read_table(path):
    """The committed table: (build line, notes, {ruleset: (games, plies, per_ply)}, {ruleset:
    the figure before issue 37, where the table has one})."""
    build, notes, rows, before = None, [], {}, {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("# build: "):
                build = line[len("# build: "):]
            elif line.startswith("# note: "):
                notes.append(line[len("# note: "):])
            elif line and not line.startswith("#") and not line.startswith("ruleset\t"):
                fields = line.split("\t")
                ruleset, games, plies, per_ply = fields[:4]
                rows[ruleset] = (int(games), int(plies), float(per_ply))
                if len(fields) > 4 and fields[4] != "-":
                    before[ruleset] = float(fields[4])
    return build, notes, rows, before


def build_of(binary):
    out = subprocess.run([binary, "--build"], capture_output=True, text=True, check=True)
    return out.stdout.strip()


def measure_part(binary, ids, plies, folder, tag):
    """Runs one valgrind over `ids`; returns {ruleset: (games, plies, instructions)}."""
    out_file = os.path.join(folder, "cg.%s.out" % tag)
    cmd = ["valgrind", "--tool=callgrind", "--collect-atstart=no",
           "--callgrind-out-file=" + out_file, binary, "--plies", str(plies)] + ids
    run = subprocess.run(cmd, capture_output=True, text=True)
    if run.returncode != 0:
        sys.stderr.write(run.stderr)
        raise SystemExit("instructions: %s failed (exit %d)" % (binary, run.returncode))
    played = {}
    for line in run.stdout.splitlines():
        ruleset, games, n = line.split()
        played[ruleset] = (int(games), int(n))
    counts = {}
    for name in os.listdir(folder):
        if not name.startswith("cg.%s.out." % tag):
            continue
        ruleset = total = None
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            for line in f:
                m = re.match(r"desc: Trigger: Client Request: (.*)$", line)
                if m:
                    ruleset = m.group(1).strip()
                m = re.match(r"totals: (\d+)", line)
                if m:
                    total = int(m.group(1))
        if ruleset is not None and total is not None:
            counts[ruleset] = total
    result = {}
    for ruleset, (games, n) in played.items():
        if ruleset not in counts:
            raise SystemExit("instructions: no count for " + ruleset)
        result[ruleset] = (games, n, counts[ruleset])
    return result


def measure(binary, plies, jobs):
    ids = subprocess.run([binary, "--list"], capture_output=True, text=True,
                         check=True).stdout.split()
    parts = [ids[i::jobs] for i in range(jobs)]
    result = {}
    with tempfile.TemporaryDirectory() as folder:
        procs = []
        import concurrent.futures
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
            procs = [pool.submit(measure_part, binary, part, plies, folder, str(i))
                     for i, part in enumerate(parts) if part]
            for p in procs:
                result.update(p.result())
    return result


def write_table(path, build, plies, figures, notes, before):
    lines = [
        "# Instructions per ply of random play (issue 37): every shipped ruleset's games 0, 1, 2...",
        "# (Rng(1, g), random agents, as `mancala simulate` plays and tallies them) until they total",
        "# at least %d plies, counted by callgrind (bench/instructions, scripts/instructions.py)." % plies,
        "# A figure is the play loop's instructions over its plies. scripts/test.sh checks every",
        "# ruleset against it (3% tolerance); a deliberate change rewrites the table in its commit.",
        "# before_issue_37: the same measure at commit aa20e84, before the rule profiles (no",
        "# check reads it; '-' for a ruleset added since).",
        "# build: " + build,
    ]
    lines += ["# note: " + n for n in notes]
    lines.append("ruleset\tgames\tplies\tinstructions_per_ply\tbefore_issue_37")
    for ruleset in sorted(figures):
        games, n, per_ply = figures[ruleset]
        was = "%.1f" % before[ruleset] if ruleset in before else "-"
        lines.append("%s\t%d\t%d\t%.1f\t%s" % (ruleset, games, n, per_ply, was))
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "bench", "instructions", "mancala_instructions"))
    ap.add_argument("--table", default=TABLE)
    ap.add_argument("--plies", type=int, default=3000)
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    ap.add_argument("--tolerance", type=float, default=3.0, help="percent (default 3)")
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true")
    mode.add_argument("--update", action="store_true")
    ap.add_argument("--reason", default="", help="with --update: why the figures changed")
    ap.add_argument("--before", default="", help="with --update: a table of the figures before "
                    "issue 37 (ruleset, games, plies, per ply) for the table's last column")
    args = ap.parse_args()

    if shutil.which("valgrind") is None:
        print("instructions: valgrind is not installed (scripts/setup.sh test installs it): skipped")
        return SKIP if args.check else 1
    if not os.access(args.bin, os.X_OK):
        print("instructions: %s: not built" % args.bin)
        return SKIP if args.check else 1
    build = build_of(args.bin)
    table_build, notes, table, before = (None, [], {}, {})
    if os.path.exists(args.table):
        table_build, notes, table, before = read_table(args.table)
    if args.before:
        with open(args.before, encoding="utf-8") as f:
            for line in f:
                fields = line.split()
                before[fields[0]] = float(fields[3])
    if args.check and build != table_build:
        print("instructions: the table is of the build '%s'; this binary is '%s': skipped"
              % (table_build, build))
        return SKIP

    measured = measure(args.bin, args.plies, args.jobs)
    figures = {r: (g, n, i / n) for r, (g, n, i) in measured.items()}
    if args.update:
        if args.reason:
            notes.append(args.reason)
        write_table(args.table, build, args.plies, figures, notes, before)
        print("instructions: %s rewritten, %d rulesets" % (args.table, len(figures)))
        return 0

    over = []
    print("%-40s %10s %10s %8s" % ("ruleset", "table", "now", "change"))
    for ruleset in sorted(figures):
        now = figures[ruleset][2]
        if ruleset not in table:
            print("%-40s %10s %10.1f %8s" % (ruleset, "-", now, "new"))
            if args.check:
                over.append("%s: not in the table (--update adds it)" % ruleset)
            continue
        was = table[ruleset][2]
        change = 100.0 * (now - was) / was
        print("%-40s %10.1f %10.1f %+7.1f%%" % (ruleset, was, now, change))
        if args.check and change > args.tolerance:
            over.append("%s: %.1f instructions per ply, %.1f%% over the table's %.1f"
                        % (ruleset, now, change, was))
    for ruleset in sorted(set(table) - set(figures)):
        print("%-40s %10.1f %10s" % (ruleset, table[ruleset][2], "gone"))
    if over:
        print("instructions: over the budget (bench/instructions.tsv; a deliberate change: "
              "python3 scripts/instructions.py --update --reason '...'):")
        for line in over:
            print("  " + line)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
