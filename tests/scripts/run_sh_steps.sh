#!/usr/bin/env bash
# Issue 14: "scripts/run.sh builds every target, tests included, before its first simulation ... It
# should build only what the main job needs (the tests are for scripts/test.sh), and say what it is
# doing at each step." Runs scripts/run.sh with cmake, dpkg-query and the built binary replaced by
# stubs that log their arguments: the build must be of the mancala target alone, and every step
# announced, in order, before what it runs.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin"
log="$work/log"
cat > "$work/mancala" <<STUB
#!/usr/bin/env bash
echo "mancala \$*" >> "$log"
STUB
cat > "$work/bin/cmake" <<STUB
#!/usr/bin/env bash
echo "cmake \$*" >> "$log"
if [ "\$1" = --build ]; then mkdir -p "\$2" && cp "$work/mancala" "\$2/mancala"; fi
STUB
cat > "$work/bin/dpkg-query" <<'STUB'
#!/usr/bin/env bash
printf 'install ok installed'
STUB
chmod +x "$work/bin/cmake" "$work/bin/dpkg-query" "$work/mancala"
PATH="$work/bin:$PATH" BUILD_DIR="$work/build" MANCALA_DB="$work/m.db" \
  bash "$top/scripts/run.sh" > "$work/stdout" 2> "$work/stderr"
fail() { echo "FAIL: $1" >&2; echo "--- log" >&2; cat "$log" >&2; echo "--- stderr" >&2; cat "$work/stderr" >&2; exit 1; }
builds=$(grep -c '^cmake --build' "$log" || true)
[ "$builds" = 1 ] || fail "expected one cmake --build, got $builds"
grep -q "^cmake --build $work/build -j[0-9]* --target mancala\$" "$log" || fail "the build is not of the mancala target alone"
expected="mancala evidence import data/evidence --overwrite
mancala evidence summary
mancala report --ladder --readings"
[ "$(grep '^mancala' "$log")" = "$expected" ] || fail "the main job's commands"
steps=$(grep -c '^run.sh: step [1-5]/5: ' "$work/stderr" || true)
[ "$steps" = 5 ] || fail "expected 5 steps announced, got $steps"
for i in 1 2 3 4 5; do
  [ "$(grep '^run.sh: step ' "$work/stderr" | sed -n "${i}p" | cut -d' ' -f3)" = "$i/5:" ] || fail "step $i out of order"
done
grep -q '^run.sh: step 2/5: building the mancala command only' "$work/stderr" || fail "step 2 does not say what it builds"
grep -q '^run.sh: ... done in [0-9]* s; the main job took [0-9]* s$' "$work/stderr" || fail "no closing line"
echo "run.sh: builds the mancala target alone; 5 steps announced"
