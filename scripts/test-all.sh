#!/usr/bin/env bash
# The test lanes (docs/testing.md, docs/decisions/0047).
#   npm run check   typecheck, Biome and the tests that need no database (Vitest project `unit`)
#   npm test        the same, then the database tests on PGlite (`data`) and on PostgreSQL when TEST_DATABASE_URL
#                   is set (`postgres`), the production build, and the journeys in Chromium against it, the long
#                   sweeps (bad input, accessibility) last
set -euo pipefail
cd "$(dirname "$0")/.."

lane="${1:-all}"
started=$(date +%s)
step() { printf '\n== %s (%s s)\n' "$*" "$(($(date +%s) - started))"; }

# The shared attack corpora are read only through CORPORA_DIR; on the workplace's machines they sit beside the
# repository. Without them, every corpus test runs the project's own cases.
if [ -z "${CORPORA_DIR:-}" ] && [ -d ../shared/corpora ]; then export CORPORA_DIR="$PWD/../shared/corpora"; fi
# The wholesaler import test reads the real legacy export from shared/ when it is there (else the copy
# committed in tests/fixtures/).
if [ -z "${LEGACY_IMPORT_FILE:-}" ] && [ -f ../shared/data/wholesalers-legacy.json ]; then
  export LEGACY_IMPORT_FILE="$PWD/../shared/data/wholesalers-legacy.json"
fi

step "typecheck"
npm run -s typecheck

step "lint"
npm run -s lint

step "unit tests (no database)"
npx vitest run --project unit

if [ "$lane" = "check" ]; then
  step "check passed"
  exit 0
fi

echo "corpora: ${CORPORA_DIR:-none, the project cases only}"
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "database tests (PGlite and PostgreSQL)"
  npx vitest run --project data --project postgres
else
  step "database tests (PGlite; TEST_DATABASE_URL is not set: the PostgreSQL lane is skipped, CI always sets it)"
  npx vitest run --project data
fi

step "production build"
npm run -s build

step "end-to-end journeys, then the sweeps (Chromium)"
PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npx playwright test

step "all passed"
