#!/usr/bin/env bash
# First step of the README's quick start: Debian packages, then npm packages (native
# modules built from source; the Electron runtime downloaded where its host is reachable).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-system.sh
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "[setup] Installing npm packages (builds better-sqlite3-multiple-ciphers; about a minute)"
  npm ci
fi
echo "[setup] Ready."
