#!/usr/bin/env bash
# `npm test`: every suite — unit and component, the API on PGlite and on a throwaway
# PostgreSQL cluster, nginx in front of two instances, then the browser journeys in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
# npm puts node_modules/.bin (the `node` dev dependency) first on the path: the suites run on it.
echo "Node $(node --version)"
npm run test:unit
npm run test:api
npm run test:api:postgres
npm run test:deploy
npm run test:e2e
