#!/usr/bin/env bash
# `npm run typecheck`: tsc over three programs, two at a time (the machine's two cores; each tsc
# uses one). tsconfig.json holds the scripts, the deploy test, the API and the shared package (they
# share their options); the web app and the journeys have their own libraries (DOM). Each program's
# errors are printed whole, one program after the other; any error fails the whole check.
set -uo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
tsc=node_modules/.bin/tsc
# The biggest program alone, the two smaller ones one after the other beside it.
"$tsc" -p tsconfig.json >"$out/root" 2>&1 &
root_pid=$!
{ "$tsc" -p apps/web >"$out/web" 2>&1; echo $? >"$out/web.rc"; "$tsc" -p e2e >"$out/e2e" 2>&1; echo $? >"$out/e2e.rc"; } &
lane_pid=$!
wait "$root_pid"; echo $? >"$out/root.rc"
wait "$lane_pid"
status=0
for program in root web e2e; do
  code=$(cat "$out/$program.rc")
  if [ "$code" != 0 ]; then
    echo "tsc ($program) failed:"
    cat "$out/$program"
    status=1
  fi
done
exit "$status"
