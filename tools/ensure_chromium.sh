#!/usr/bin/env bash
# Make sure Debian's chromium is there for the browser tests (`make chromium`).
#
# Installed already: say where, exit 0. Missing, and we are root with apt-get: install it
# (`apt-get update && apt-get install -y chromium`). Missing otherwise: fail loudly with the
# command to run. The browser tests are never skipped for want of a browser.
set -euo pipefail

CHROMIUM="${BOURRE_CHROMIUM:-/usr/bin/chromium}"

if [ -x "$CHROMIUM" ]; then
    echo "chromium: $CHROMIUM"
    exit 0
fi

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "chromium: $CHROMIUM is missing; installing Debian's chromium with apt-get" >&2
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
    if [ ! -x "$CHROMIUM" ]; then
        echo "ERROR: apt-get installed chromium, but $CHROMIUM is still missing." >&2
        exit 1
    fi
    echo "chromium: installed $CHROMIUM"
    exit 0
fi

cat >&2 <<MSG
ERROR: the browser tests need Debian's chromium at $CHROMIUM, and it is not installed.
Install it as root, then run make again:

    apt-get update && apt-get install -y chromium

(with sudo: sudo apt-get update && sudo apt-get install -y chromium), or set BOURRE_CHROMIUM
to another chromium binary. Playwright's own browser download is not used.
MSG
exit 1
