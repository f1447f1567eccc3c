#!/bin/sh
# What the test suite needs from Debian, installed with apt-get only when missing (CI runs as root
# on Debian): `chromium` for the browser tests (tests/browser; Playwright drives this binary through
# executable_path, nothing is downloaded at test time and `playwright install` is never run), and the
# DejaVu fonts, which carry the suit symbols the page shows and which the card-face generator of the
# vision tests draws indices with.
set -eu
CHROMIUM="${MUGGINS_CHROMIUM:-/usr/bin/chromium}"
FONTS=/usr/share/fonts/truetype/dejavu
missing=""
[ -x "$CHROMIUM" ] || missing="$missing chromium"
[ -d "$FONTS" ] || missing="$missing fonts-dejavu-core"
if [ -z "$missing" ]; then
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "install_chromium: missing$missing; install it with apt-get as root" >&2
    exit 1
fi
echo "install_chromium: installing$missing for the tests"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086 # one word per package
apt-get install -y -qq --no-install-recommends $missing >/dev/null
test -x "$CHROMIUM" && test -d "$FONTS"
