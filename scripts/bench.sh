#!/usr/bin/env bash
# Measures archlint beside rg (and ast-grep when installed) on one or more
# trees, in one run, and prints wall time, user CPU, peak memory and the
# ratios to rg.
#
# usage: scripts/bench.sh [--jobs1] TREE... [-- TARGET]
#   With several trees, each is measured alone and then all of them are
#   scanned together as one set (archlint's real use: `archlint ./repos`).
#   --jobs1 also measures archlint --jobs 1.
#   Each command runs BENCH_RUNS times (default 5); the row is the run with
#   the median wall time (the lower one of an even count). Wall times
#   include starting /usr/bin/time, about a millisecond, for every tool.
#
# archlint runs three ways: cold (--no-cache: nothing remembered; the OS
# file cache is warm for every tool alike, after one untimed rg pass), then
# a first cached run that fills a fresh cache directory, then a re-scan
# with nothing changed, which replays it (docs/cache.md).
set -euo pipefail
jobs1=0
runs=${BENCH_RUNS:-5}
((runs >= 1)) || { echo "BENCH_RUNS must be at least 1"; exit 2; }
# bc reads the clock's decimal point.
export LC_ALL=C
trees=()
target=sm_120
while (($#)); do
  case "$1" in
  --jobs1) jobs1=1 ;;
  --) shift; target="${1:-sm_120}"; break ;;
  *) [[ -e "$1" ]] || { echo "no such tree: $1"; exit 2; }
     trees+=("$(cd "$1" && pwd)") ;;
  esac
  shift
done
((${#trees[@]})) || { echo "usage: scripts/bench.sh [--jobs1] TREE... [-- TARGET]"; exit 2; }
command -v rg >/dev/null || { echo "rg (ripgrep) is needed: apt-get install ripgrep"; exit 2; }
cd "$(dirname "$0")/.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
bin="$work/archlint"
go build -o "$bin" ./cmd/archlint
triggers='__CUDA_ARCH|NV_IF_|CUTLASS_ARCH_MMA|supported_major_versions|get_device_capability|getSMVersion'
tmp="$work/time"

measure() { # command...: prints "wall-seconds user-seconds peak-KB"
  # The median of $runs runs, wall time from bash's microsecond clock:
  # /usr/bin/time's %e has 10 ms steps, and rg takes about that long on
  # a warm tree, so one timed run made its ratios mostly rounding.
  local i walls=() rows=() t0 t1
  for ((i = 0; i < runs; i++)); do
    t0=$EPOCHREALTIME
    /usr/bin/time -o "$tmp" -f "%U %M %x" "$@" >/dev/null 2>&1 || true
    t1=$EPOCHREALTIME
    read -r u m x < <(tail -1 "$tmp")
    # archlint runs with --fail-on none and rg exits 1 on no match:
    # anything above 1 means the command failed and its numbers mean
    # nothing.
    ((x <= 1)) || echo "warning: $* exited $x" >&2
    walls+=("$(echo "$t1 - $t0" | bc -l)")
    rows+=("$u $m")
  done
  # The run with the median wall time gives all three numbers.
  i=$(for j in "${!walls[@]}"; do echo "${walls[j]} $j"; done | sort -n | awk -v n="$runs" 'NR == int((n + 1) / 2) {print $2}')
  echo "${walls[i]} ${rows[i]}"
}
row() { # label wall user kb rg-wall
  printf "  %-26s %8.3f %8.2f %8d %9.1f\n" "$1" "$2" "$3" $(($4 / 1024)) "$(echo "$2 / $5" | bc -l)"
}
bench() { # label tree...
  local label="$1"; shift
  rg -c -e "$triggers" "$@" >/dev/null 2>&1 || true # warm the file cache
  read -r rg_s rg_u rg_kb < <(measure rg -n -e "$triggers" "$@")
  echo "$label"
  printf "  %-26s %8s %8s %8s %9s\n" tool "wall s" "user s" "peak MB" "x rg wall"
  row "rg (trigger strings)" "$rg_s" "$rg_u" "$rg_kb" "$rg_s"
  read -r s u kb < <(measure "$bin" --no-cache --target "$target" --fail-on none "$@")
  row "archlint cold" "$s" "$u" "$kb" "$rg_s"
  if ((jobs1)); then
    read -r s u kb < <(measure "$bin" --no-cache --jobs 1 --target "$target" --fail-on none "$@")
    row "archlint cold --jobs 1" "$s" "$u" "$kb" "$rg_s"
  fi
  local cache="$work/cache-$RANDOM"
  ARCHLINT_CACHE_DIR="$cache" "$bin" --target "$target" --fail-on none "$@" >/dev/null 2>&1 || true
  read -r s u kb < <(ARCHLINT_CACHE_DIR="$cache" measure "$bin" --target "$target" --fail-on none "$@")
  row "archlint re-scan (cache)" "$s" "$u" "$kb" "$rg_s"
  if command -v ast-grep >/dev/null; then
    read -r s u kb < <(measure ast-grep run --lang cpp -p '__CUDA_ARCH__' "$@")
    row "ast-grep (1 pattern, C++)" "$s" "$u" "$kb" "$rg_s"
  fi
}

for t in "${trees[@]}"; do
  bench "$(basename "$t")" "$t"
done
if ((${#trees[@]} > 1)); then
  bench "all ${#trees[@]} trees together" "${trees[@]}"
fi
