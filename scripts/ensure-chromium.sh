#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (prebuilt browser downloads are not available here).
# Installs it when missing; without root, prints the one command to run instead.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Chromium is missing. Install it once with: sudo apt-get update && sudo apt-get install -y chromium" >&2
  exit 1
fi
echo "Installing Debian's Chromium for the browser tests…"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation >/dev/null
/usr/bin/chromium --version
