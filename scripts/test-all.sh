#!/usr/bin/env bash
# Runs every suite (unit, integration, end-to-end in vitest; the sync simulation) and
# ends with one line "N passed, N failed" summing them all.
# The vault tests need a real Secret Service: when no D-Bus session is around, this
# re-runs itself inside a private dbus-run-session with an unlocked gnome-keyring.
set -uo pipefail
cd "$(dirname "$0")/.."

if [ -z "${QUOTEDESK_IN_KEYRING:-}" ] && command -v dbus-run-session >/dev/null && command -v gnome-keyring-daemon >/dev/null; then
  export QUOTEDESK_IN_KEYRING=1
  XDG_RUNTIME_DIR=$(mktemp -d) XDG_DATA_HOME=$(mktemp -d) exec dbus-run-session -- bash -c \
    'printf "quotedesk-test" | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1; exec bash scripts/test-all.sh'
fi

mkdir -p test-results
rm -f test-results/*.json
# The keychain the vault and fault cases share: its daemon named before and after the run, so a
# keychain lost during the run shows as a different (or missing) process in the log.
keyring_pids() { pgrep -d, -f 'gnome-keyring-daemon --unlock --components=secrets$' || echo none; }
[ -n "${QUOTEDESK_IN_KEYRING:-}" ] && echo "shared keychain before the run: pid $(keyring_pids)"
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
vitest_rc=$?
[ -n "${QUOTEDESK_IN_KEYRING:-}" ] && echo "shared keychain after the run: pid $(keyring_pids)"

sim_rc=0
if [ -f test/sim/run.ts ]; then
  npx tsx test/sim/run.ts --seeds "${SIM_SEEDS:-200}" --json test-results/sim.json
  sim_rc=$?
fi

node scripts/test-summary.mjs test-results
summary_rc=$?
if [ $vitest_rc -ne 0 ] || [ $sim_rc -ne 0 ] || [ $summary_rc -ne 0 ]; then exit 1; fi
