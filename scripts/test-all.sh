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
# Two files at a time: Vitest's default on two cores is one, which leaves a core idle.
step "unit tests";   npx vitest run --project unit --maxWorkers 2
step "spec catalogue"; npm run -s spec:catalogue -- --check
step "server tests (PGlite)"
# Printed PDFs embed a CJK font found (or installed) by this script.
bash scripts/ensure-cjk-font.sh >/dev/null
rm -rf .tmp/spec-hits
# PGlite runs in each test process's own thread: two files at a time use both cores, except the files
# that measure time (event-loop pauses, back-off, rate windows, restarts), which run one at a time
# after the rest so that a neighbour's load cannot decide their outcome.
timed=(server/push/ server/jobs/ server/main.test.ts server/reports/routes/export-fairness.test.ts
  server/forms/routes/pattern-freeze.test.ts server/auth/services/login-lockout.test.ts server/http/health.test.ts
  server/http/write-rate-limit.test.ts server/seed/archive-seed.test.ts server/archives/repositories/archives-paging.test.ts)
excluded=()
# A folder (ending in /) is left out with everything under it.
for t in "${timed[@]}"; do if [[ $t == */ ]]; then excluded+=(--exclude "$t**"); else excluded+=(--exclude "$t"); fi; done
TEST_PG_URL= SPEC_HITS_DIR=.tmp/spec-hits npx vitest run --project server --fileParallelism --maxWorkers 2 "${excluded[@]}"
TEST_PG_URL= SPEC_HITS_DIR=.tmp/spec-hits npx vitest run --project server "${timed[@]}"
step "spec coverage"; npm run -s spec:coverage -- --reuse
step "server tests (PostgreSQL)"
pg_url=$(bash scripts/ensure-postgres.sh)
if [ -n "$pg_url" ]; then
  # Two files at a time, every file: each makes its own database on the server, whose work is in
  # PostgreSQL's processes, so the timed files are not starved as they are beside a PGlite neighbour.
  TEST_PG_URL="$pg_url" npx vitest run --project server --fileParallelism --maxWorkers 2
else
  echo "SKIPPED: PostgreSQL could not be installed or started here (reason above); the PGlite run covered the same tests."
fi
step "storybook build"; npm run -s build-storybook
step "browser tests"; bash scripts/e2e.sh
step "done"
