#!/usr/bin/env bash
# Measures archlint beside rg (and ast-grep when installed) on one tree, in
# one run, and prints the times, peak memory and ratios.
# usage: scripts/bench.sh TREE [TARGET]
# The OS file cache is warmed first for every tool alike (one untimed rg pass).
set -euo pipefail
tree="${1:?usage: scripts/bench.sh TREE [TARGET]}"
target="${2:-sm_120}"
cd "$(dirname "$0")/.."
bin="$(mktemp -d)/archlint"
go build -o "$bin" ./cmd/archlint
triggers='__CUDA_ARCH|NV_IF_|CUTLASS_ARCH_MMA|supported_major_versions|get_device_capability|getSMVersion'
tmp="$(mktemp)"
measure() { # label, command...: prints "label seconds peak-KB"
  local label="$1"; shift
  /usr/bin/time -o "$tmp" -f "%e %M" "$@" >/dev/null 2>&1 || true
  echo "$label $(tail -1 "$tmp")"
}
command -v rg >/dev/null || { echo "rg (ripgrep) is needed: apt-get install ripgrep"; exit 2; }
rg -c -e "$triggers" "$tree" >/dev/null 2>&1 || true # warm the file cache
read -r _ rg_s rg_kb < <(measure rg rg -n -e "$triggers" "$tree")
read -r _ al_s al_kb < <(measure archlint "$bin" --target "$target" --fail-on none "$tree")
read -r _ al1_s al1_kb < <(measure archlint-1job "$bin" --target "$target" --fail-on none --jobs 1 "$tree")
printf "%-22s %9s %10s %8s\n" tool seconds "peak MB" "x rg"
printf "%-22s %9s %10d %8s\n" "rg (trigger strings)" "$rg_s" $((rg_kb / 1024)) 1.0
printf "%-22s %9s %10d %8.1f\n" "archlint" "$al_s" $((al_kb / 1024)) "$(echo "$al_s / $rg_s" | bc -l)"
printf "%-22s %9s %10d %8.1f\n" "archlint --jobs 1" "$al1_s" $((al1_kb / 1024)) "$(echo "$al1_s / $rg_s" | bc -l)"
if command -v ast-grep >/dev/null; then
  read -r _ ag_s ag_kb < <(measure ast-grep ast-grep run -p '__CUDA_ARCH__' "$tree")
  printf "%-22s %9s %10d %8.1f\n" "ast-grep (1 pattern)" "$ag_s" $((ag_kb / 1024)) "$(echo "$ag_s / $rg_s" | bc -l)"
fi
