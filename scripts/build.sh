#!/usr/bin/env bash
# Configures and builds into build/ (or the folder given by BUILD_DIR): every target, or only
# BUILD_TARGET when it is set (scripts/run.sh builds only `mancala`).
# Extra arguments go to cmake's configure step, e.g. -DMANCALA_SANITIZE=ON.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${BUILD_DIR:-build}
# Ninja when installed (scripts/setup.sh installs it): it compiles a library while the one it
# depends on is still being archived, which Make does not. A folder keeps its first generator.
generator=()
if [ ! -f "$build_dir/CMakeCache.txt" ] && command -v ninja >/dev/null; then generator=(-G Ninja); fi
cmake -S . -B "$build_dir" "${generator[@]}" -DCMAKE_BUILD_TYPE=${BUILD_TYPE:-RelWithDebInfo} "$@" \
  >/dev/null
cmake --build "$build_dir" -j"$(nproc)" ${BUILD_TARGET:+--target "$BUILD_TARGET"}
