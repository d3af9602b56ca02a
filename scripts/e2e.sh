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
