#!/usr/bin/env bash
# The balance-lab figures of docs/rules/unequal-forces.md: `nice bash scripts/sim-figures.sh OUT.jsonl [ROUNDS] [N]`.
# Weak against weak first (2,000 games each; 1,000 for the last Defiance option), then ROUNDS rounds of
# N games of every pairing with a strong bot (new seeds each round), appended to OUT as JSON lines, so a
# run stopped at any time leaves balanced counts; `node scripts/sim-merge.mjs OUT` adds them up.
set -u
out=${1:?output file}
rounds=${2:-20}
n=${3:-100}
sim() { npm run --silent sim -- "$@" --sides --json --workers 2 | grep '^{' >>"$out"; }
# Defiance and Domain with a balancing option (none: the defaults).
dd() {
  local o=$1
  shift
  if [ -n "$o" ]; then sim defiance-and-domain "$@" --options "$o"; else sim defiance-and-domain "$@"; fi
}
if [ -z "${SKIP_WEAK:-}" ]; then
  dd "" --bots weak,weak --games 2000 --seed 1
  dd "compulsoryCommand=true" --bots weak,weak --games 2000 --seed 1
fi
sim takat --bots weak,weak --games 2000 --seed 1
sim porrika --bots weak,weak --games 2000 --seed 1 --options scoring=true
dd "rebelLosesImmobilized=true" --bots weak,weak --games 1000 --seed 1
for ((r = 0; r < rounds; r++)); do
  seed=$((100000 + n * r))
  for pair in strong,weak weak,strong; do
    sim takat --bots $pair --games $n --seed $seed
    sim porrika --bots $pair --games $n --seed $seed --options scoring=true
    dd "" --bots $pair --games $n --seed $seed
  done
  sim takat --bots strong,strong --games $n --seed $seed
  sim porrika --bots strong,strong --games $n --seed $seed --options scoring=true
  for o in "" "compulsoryCommand=true" "rebelLosesImmobilized=true"; do
    dd "$o" --bots strong,strong --games $n --seed $seed
  done
done
