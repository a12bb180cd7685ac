#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (prebuilt browser downloads are not available here): the
# journeys its headless shell (/usr/bin/chromium-headless-shell, Playwright's own choice for
# headless runs; decision 090), the benches and Lighthouse the full browser (/usr/bin/chromium).
# Installs whichever is missing; without root, prints the one command to run instead.
set -euo pipefail
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromium-headless-shell ]; then
  exit 0
fi
packages="chromium chromium-headless-shell fonts-liberation"
if [ "$(id -u)" -ne 0 ]; then
  echo "Chromium is missing. Install it once with: sudo apt-get update && sudo apt-get install -y $packages" >&2
  exit 1
fi
echo "Installing Debian's Chromium and its headless shell for the browser tests…"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $packages >/dev/null
/usr/bin/chromium --version
