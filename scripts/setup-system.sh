#!/usr/bin/env bash
# Installs the Debian packages Quotedesk needs, only when they are missing (the keychain
# binding, @napi-rs/keyring, ships prebuilt and talks D-Bus itself: no libsecret needed):
#   gnome-keyring    a real Secret Service for the vault's tests
#   dbus             dbus-run-session, the private session bus those tests run in
#   chromium         the browser the end-to-end tests and the UI bench drive
#   poppler-utils    pdftoppm, used to look at PDFs in tests
#   faketime         a moved clock between two starts, for the fault suite (test/faults)
# Runs apt-get directly as root, through sudo otherwise; prints what to install by hand
# when neither is possible.
set -euo pipefail
needed=(gnome-keyring dbus chromium poppler-utils faketime)
missing=()
for p in "${needed[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "[setup] Debian packages present: ${needed[*]}"
  exit 0
fi
if ! command -v apt-get >/dev/null; then
  echo "[setup] Not a Debian-like system; please install the equivalents of: ${missing[*]}"
  exit 0
fi
sudo=""
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null; then sudo="sudo"; else
    echo "[setup] Missing Debian packages (run as root to install): ${missing[*]}"; exit 1
  fi
fi
echo "[setup] Installing Debian packages: ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "[setup] Installed: ${missing[*]}"
