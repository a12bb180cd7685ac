#!/usr/bin/env bash
# The deployment test and the bench run Debian's nginx in front of the shop, the proxy a reader
# will run, with its brotli_static module (deploy/nginx-assets.conf sends the build's .br copies).
# Installs them when missing; without root, prints the one command to run instead.
set -euo pipefail
module=/usr/lib/nginx/modules/ngx_http_brotli_static_module.so
if [ -x /usr/sbin/nginx ] && [ -f "$module" ]; then
  exit 0
fi
packages="nginx libnginx-mod-http-brotli-static"
if [ "$(id -u)" -ne 0 ]; then
  echo "nginx or its brotli module is missing. Install them once with: sudo apt-get update && sudo apt-get install -y $packages" >&2
  exit 1
fi
echo "Installing Debian's nginx and its brotli_static module for the deployment test…"
apt-get update -qq
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $packages >/dev/null
# The test starts an nginx of its own on a free port; the packaged site is left as Debian sets it up.
/usr/sbin/nginx -v
