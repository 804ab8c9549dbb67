#!/usr/bin/env bash
# The balance-lab figures of docs/rules/unequal-forces.md: `nice bash scripts/sim-figures.sh OUT.jsonl`
# plays the games of docs/rules/unequal-forces-figures.jsonl again, on the same seeds (game g of a run
# rolls from seed + g), in chunks of at most 250 games appended to OUT as JSON lines, so a run
# stopped at any time leaves whole chunks; `node scripts/sim-merge.mjs OUT` adds them up.
set -u
out=${1:?output file}
sim() { npm run --silent sim -- "$@" --sides --json --workers 2 | grep '^{' >>"$out"; }
# GAME BOTS FIRST_SEED GAMES [OPTIONS]: the games FIRST_SEED .. FIRST_SEED+GAMES-1, in chunks.
run() {
  local game=$1 bots=$2 seed=$3 games=$4 options=${5:-}
  for ((s = seed; s < seed + games; s += 250)); do
    local n=$((seed + games - s < 250 ? seed + games - s : 250))
    if [ -n "$options" ]; then sim "$game" --bots "$bots" --games $n --seed $s --options "$options"; else sim "$game" --bots "$bots" --games $n --seed $s; fi
  done
}
# Weak against weak: seeds 1 to 2,000.
run takat weak,weak 1 2000
run porrika weak,weak 1 2000 scoring=true
run defiance-and-domain weak,weak 1 2000
run defiance-and-domain weak,weak 1 2000 compulsoryCommand=true
run defiance-and-domain weak,weak 1 2000 rebelLosesImmobilized=true
# A strong bot against a weak one, on each side: seeds 100000 to 101999.
for pair in strong,weak weak,strong; do
  run takat $pair 100000 2000
  run porrika $pair 100000 2000 scoring=true
  run defiance-and-domain $pair 100000 2000
done
# Strong against strong: the first round's seeds from 100000, then 2,000 more from 300000 (Por'rika: 310000).
run takat strong,strong 100000 100
run takat strong,strong 300000 2000
run porrika strong,strong 100000 100 scoring=true
run porrika strong,strong 310000 2000 scoring=true
run defiance-and-domain strong,strong 100000 60
run defiance-and-domain strong,strong 300000 2000
# The balancing options between strong bots, on the defaults' first 2,000 seeds.
for o in compulsoryCommand=true rebelLosesImmobilized=true; do
  run defiance-and-domain strong,strong 100000 60 $o
  run defiance-and-domain strong,strong 300000 1940 $o
done
