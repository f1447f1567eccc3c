#!/bin/sh
# Headless Chromium for the browser tests (tests/browser): Debian's `chromium` package, installed
# with apt-get when it is missing (CI runs as root on Debian). Playwright drives this binary
# (executable_path); nothing is downloaded at test time and `playwright install` is never run.
set -eu
CHROMIUM="${MUGGINS_CHROMIUM:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "install_chromium: $CHROMIUM is missing; install Debian's chromium (apt-get install chromium) as root" >&2
    exit 1
fi
echo "install_chromium: installing Debian's chromium for the browser tests"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# DejaVu carries the suit symbols the page shows.
apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
test -x "$CHROMIUM"
