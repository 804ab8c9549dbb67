#!/usr/bin/env bash
# `npm test`: the steps that do not need each other run side by side on the two cores: typecheck,
# lint and the builds (Foundry's, Roll20's, the browser tests' page); then the unit suite (both cores); then the browser
# suite (mostly waiting on pages), beside the scaled soak run when WITH_SOAK=1 (by hand).
set -euo pipefail
cd "$(dirname "$0")/.."

LOGS="$(mktemp -d)"
# Runs each named command at the same time, each into its own log (printed once it is done, so the
# logs do not interleave); fails if any of them fails.
side_by_side() {
  local names=() pids=() status=0 i started=$SECONDS
  while [ $# -gt 0 ]; do
    names+=("$1")
    bash -c "$2" >"$LOGS/$1.log" 2>&1 &
    pids+=($!)
    shift 2
  done
  for i in "${!pids[@]}"; do
    if wait "${pids[$i]}"; then echo "== ${names[$i]}: passed ($((SECONDS - started)) s from the step's start)"; else
      echo "== ${names[$i]}: FAILED"
      status=1
    fi
    cat "$LOGS/${names[$i]}.log"
  done
  return $status
}

side_by_side typecheck "npm run typecheck" lint "npm run lint" \
  build "npm run build && npm run build:roll20 && node scripts/build-test-page.mjs"
# The browser tests' page is built above (its global setup builds it when run by hand).
export CANTINA_TEST_PAGE=built
started=$SECONDS
npm run test:unit
echo "== unit: passed ($((SECONDS - started)) s)"
started=$SECONDS
if [ "${WITH_SOAK:-0}" = 1 ]; then
  # The soak suite at a twentieth of its counts (the full run: npm run test:soak). The unequal-forces
  # balance lab and the browser plays to the end run by hand (README, "The two commands").
  side_by_side browser "npm run test:browser" \
    soak "SOAK_SCALE=0.05 npm run test:soak -- --maxWorkers=1 --exclude tests/soak/unequal.soak.test.ts"
else
  npm run test:browser
fi
echo "== browser: passed ($((SECONDS - started)) s)"
