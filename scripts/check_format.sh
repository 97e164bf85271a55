#!/usr/bin/env bash
# Fails when a C++ file in the tree differs from what clang-format (.clang-format) makes of it,
# or when a source file of a module is over 800 lines (split it along its seams).
# `scripts/check_format.sh --fix` formats them in place instead.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files '*.cpp' '*.h' '*.c' 2>/dev/null || find . -path ./build -prune -o -name '*.cpp' -print -o -name '*.h' -print)
if [ "${1:-}" = --fix ]; then
  clang-format -i "${files[@]}"
  exit 0
fi
# One clang-format per core over a share of the files (a process per file took 45 s), each file
# named by its "<file>:<line>:<column>: error:" lines.
bad=()
if ! report=$(printf '%s\0' "${files[@]}" |
  xargs -0 -n 40 -P "$(nproc)" clang-format --dry-run --Werror 2>&1 >/dev/null); then
  mapfile -t bad < <(sed -n 's/^\(.*\):[0-9][0-9]*:[0-9][0-9]*: error: .*/\1/p' <<<"$report" | sort -u)
  if [ ${#bad[@]} -eq 0 ]; then
    echo "check_format: clang-format failed:" >&2
    echo "$report" >&2
    exit 1
  fi
fi
if [ ${#bad[@]} -gt 0 ]; then
  echo "check_format: ${#bad[@]} file(s) are not formatted (run scripts/check_format.sh --fix):" >&2
  printf '  %s\n' "${bad[@]}" >&2
  exit 1
fi
long=()
for f in "${files[@]}"; do
  case $f in
    archive/* | simulator/* | stats/* | analysis/* | reports/* | server/* | cli/* | common/* | python/*)
      lines=$(wc -l <"$f")
      [ "$lines" -le 800 ] || long+=("$f ($lines lines)")
      ;;
  esac
done
if [ ${#long[@]} -gt 0 ]; then
  echo "check_format: ${#long[@]} module source file(s) over 800 lines (split along their seams):" >&2
  printf '  %s\n' "${long[@]}" >&2
  exit 1
fi
echo "check_format: ${#files[@]} files formatted, no module source over 800 lines" >&2
