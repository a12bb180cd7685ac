#!/usr/bin/env bash
# The deployment test runs Debian's nginx in front of the shop, the proxy a reader will run.
# Installs it when missing; without root, prints the one command to run instead.
set -euo pipefail
if [ -x /usr/sbin/nginx ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "nginx is missing. Install it once with: sudo apt-get update && sudo apt-get install -y nginx" >&2
  exit 1
fi
echo "Installing Debian's nginx for the deployment test…"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null
# The test starts an nginx of its own on a free port; the packaged site is left as Debian sets it up.
/usr/sbin/nginx -v
