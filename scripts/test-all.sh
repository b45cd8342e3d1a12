#!/usr/bin/env bash
# npm test: typecheck, lint, unit/integration tests on PGlite (and PostgreSQL when TEST_DATABASE_URL is
# set), then the end-to-end journeys in Chromium against the production build with a fresh DATA_DIR.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }

# The shared attack corpora are read only through CORPORA_DIR; on the workplace's machines they sit beside the
# repository. Without them, every corpus test runs the project's own cases.
if [ -z "${CORPORA_DIR:-}" ] && [ -d ../shared/corpora ]; then export CORPORA_DIR="$PWD/../shared/corpora"; fi
echo "corpora: ${CORPORA_DIR:-none, the project cases only}"
# The wholesaler import test reads the real legacy export from shared/ when it is there (else the copy
# committed in tests/fixtures/).
if [ -z "${LEGACY_IMPORT_FILE:-}" ] && [ -f ../shared/data/wholesalers-legacy.json ]; then
  export LEGACY_IMPORT_FILE="$PWD/../shared/data/wholesalers-legacy.json"
fi

step "typecheck"
npm run -s typecheck

step "lint"
npm run -s lint

step "unit and integration tests (PGlite)"
npx vitest run

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "data-layer tests (PostgreSQL)"
  TEST_DB=postgres npx vitest run
else
  echo "TEST_DATABASE_URL is not set: PostgreSQL run skipped (CI always sets it)."
fi

step "production build"
npm run -s build

step "end-to-end tests (Chromium)"
PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npx playwright test
