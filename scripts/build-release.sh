#!/usr/bin/env bash
# Builds archlint release binaries for linux/amd64 and linux/arm64 (DGX Spark
# is arm64) with checksums, into dist/. cgo (tree-sitter) needs a C compiler
# per target: gcc for amd64, Debian's gcc-aarch64-linux-gnu for arm64.
# usage: scripts/build-release.sh [VERSION]
set -euo pipefail
cd "$(dirname "$0")/.."
version="${1:-$(git describe --tags --always --dirty 2>/dev/null || echo dev)}"
mkdir -p dist
rm -f dist/archlint-* dist/SHA256SUMS
build() {
  local arch="$1" cc="$2"
  echo "building linux/$arch ($cc)"
  CGO_ENABLED=1 GOOS=linux GOARCH="$arch" CC="$cc" \
    go build -trimpath -ldflags "-s -w -X main.version=$version" -o "dist/archlint-linux-$arch" ./cmd/archlint
}
build amd64 "${CC_AMD64:-gcc}"
build arm64 "${CC_ARM64:-aarch64-linux-gnu-gcc}"
(cd dist && sha256sum archlint-linux-* > SHA256SUMS && cat SHA256SUMS)
file dist/archlint-linux-arm64 | grep -q "ARM aarch64" || { echo "arm64 binary is not aarch64"; exit 1; }
