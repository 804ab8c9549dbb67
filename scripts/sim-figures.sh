#!/usr/bin/env bash
# The balance-lab figures of docs/rules/unequal-forces.md: `nice bash scripts/sim-figures.sh OUT.jsonl [ROUNDS]`.
# Weak against weak first (2,000 games each), then rounds of 250 games of every pairing with a strong
# bot (new seeds each round), appended to OUT as JSON lines; `node scripts/sim-merge.mjs OUT` adds them up.
set -u
out=${1:?output file}
rounds=${2:-8}
sim() { npm run --silent sim -- "$@" --sides --json --workers 2 | grep '^{' >>"$out"; }
# Defiance and Domain with a balancing option (none: the defaults).
dd() {
  local o=$1
  shift
  if [ -n "$o" ]; then sim defiance-and-domain "$@" --options "$o"; else sim defiance-and-domain "$@"; fi
}
for o in "" "compulsoryCommand=true" "rebelLosesImmobilized=true"; do
  dd "$o" --bots weak,weak --games 2000 --seed 1
done
sim takat --bots weak,weak --games 2000 --seed 1
sim porrika --bots weak,weak --games 2000 --seed 1 --options scoring=true
for ((r = 0; r < rounds; r++)); do
  seed=$((100000 + 250 * r))
  for pair in strong,weak weak,strong; do
    sim takat --bots $pair --games 250 --seed $seed
    sim porrika --bots $pair --games 250 --seed $seed --options scoring=true
    sim defiance-and-domain --bots $pair --games 250 --seed $seed
  done
  sim takat --bots strong,strong --games 250 --seed $seed
  sim porrika --bots strong,strong --games 250 --seed $seed --options scoring=true
  for o in "" "compulsoryCommand=true" "rebelLosesImmobilized=true"; do
    dd "$o" --bots strong,strong --games 250 --seed $seed
  done
done
