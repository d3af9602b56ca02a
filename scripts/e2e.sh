#!/usr/bin/env bash
# Browser tests: find or install Debian's Chromium, build the web app, then Playwright starts the
# server on a temporary data folder (see playwright.config.ts) and drives Chromium against it.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
bash scripts/ensure-cjk-font.sh >/dev/null
npm run -s build
# Issue 17: the login page loads at most 300 KB of JavaScript gzip; prints the figure and the largest chunks.
npx tsx scripts/bundle-budget.ts dist
npx playwright test "$@"
# The push journeys need the app to know the regional system's address, and a stand-in they start
# themselves: they run after the suite on a server of their own (E2E_PUSH=1), so the other journeys'
# saves are never pushed to an address with nobody behind it. tests/e2e/push-outbox.spec.ts uses
# that server; tests/e2e/push-restart.spec.ts starts, SIGKILLs and restarts one more of its own.
if [ "$#" -eq 0 ]; then
  E2E_PUSH=1 E2E_PORT=$((${E2E_PORT:-18080} + 1)) E2E_OUTPUT_DIR="${E2E_OUTPUT_DIR:-test-results}-push" \
    npx playwright test tests/e2e/push-outbox.spec.ts tests/e2e/push-restart.spec.ts
fi
