#!/usr/bin/env bash
# `npm test`: every check the project has, in order, stopping at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each step prints the minutes since the start, so a slow stage shows in the CI log.
started=$SECONDS
step() { echo; echo "=== $* === (at $(( (SECONDS - started) / 60 )) min $(( (SECONDS - started) % 60 )) s)"; }
step "typecheck";    npm run -s typecheck
step "lint";         npm run -s lint
step "forms:check";  npm run -s forms:check
step "rules:test";   npm run -s rules:test
step "unit tests";   npx vitest run --project unit
step "spec catalogue"; npm run -s spec:catalogue -- --check
step "server tests (PGlite)"
# Printed PDFs embed a CJK font found (or installed) by this script.
bash scripts/ensure-cjk-font.sh >/dev/null
rm -rf .tmp/spec-hits
TEST_PG_URL= SPEC_HITS_DIR=.tmp/spec-hits npx vitest run --project server
step "spec coverage"; npm run -s spec:coverage -- --reuse
step "server tests (PostgreSQL)"
pg_url=$(bash scripts/ensure-postgres.sh)
if [ -n "$pg_url" ]; then
  # Two files at a time: each test file makes its own database on the server, and the time is spent
  # waiting on it as much as in Node, so the second core is used (PGlite above runs in Node's own
  # memory, one file at a time).
  TEST_PG_URL="$pg_url" npx vitest run --project server --fileParallelism --maxWorkers 2
else
  echo "SKIPPED: PostgreSQL could not be installed or started here (reason above); the PGlite run covered the same tests."
fi
step "storybook build"; npm run -s build-storybook
step "browser tests"; bash scripts/e2e.sh
step "done"
