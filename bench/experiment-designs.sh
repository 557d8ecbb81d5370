#!/usr/bin/env bash
# What each experiment design can resolve on this host: one A/A experiment per design (the same
# configuration twice, 'base' against 'same'; in the alternate design both set random_page_cost to
# the value it has, since that design switches db.* settings), each for ROUNDS rounds, and the minimum detectable
# effect (MDE, at the verdict's level) of the timing figures after LOOK and after ROUNDS rounds.
#
#   bench/experiment-designs.sh [DESIGN ...]        (default: rounds alternate duet)
#
# Configuration: config/tuning.yaml (100 users, sd-standard), with
#   ROUNDS (10), LOOK (5), DURATION (60s window per run), RAMP_UP (15s), INTERVAL (10 s),
#   SWITCH (20s: the alternate design's sub-window; its window is 2 x DURATION so that each
#   variant runs as long per round as in the rounds design).
# rounds and duet run on the embedded server (duet needs it); alternate needs an external
# PostgreSQL: $SDBENCH_DESIGNS_DB_URL (default jdbc:postgresql://127.0.0.1:5432/sdbench_designs,
# created and loaded when missing). The embedded data set is loaded when missing too.
# Measure on a quiet host: nothing else may run meanwhile (the point is what the host's own noise
# leaves). Prints one line per design and look; experiment folders under bench/out/designs-<time>/.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"
designs=("$@")
[ ${#designs[@]} -gt 0 ] || designs=(rounds alternate duet)
rounds="${ROUNDS:-10}"
look="${LOOK:-5}"
duration="${DURATION:-60s}"
ramp="${RAMP_UP:-15s}"
interval="${INTERVAL:-10}"
switch="${SWITCH:-20s}"
url="${SDBENCH_DESIGNS_DB_URL:-jdbc:postgresql://127.0.0.1:5432/sdbench_designs}"
out="$here/bench/out/designs-$(date +%Y%m%d-%H%M%S)"
mkdir -p "$out"
seconds() { case "$1" in *m) echo $(( ${1%m} * 60 )) ;; *s) echo "${1%s}" ;; *) echo "$1" ;; esac; }

for d in "${designs[@]}"; do
  case "$d" in rounds | duet) ;; alternate) ;; *) echo "unknown design '$d': rounds, alternate or duet" >&2; exit 2 ;; esac
done
if printf '%s\n' "${designs[@]}" | grep -qx alternate; then
  ./sdbench load -c config/tuning.yaml --users 100 --db-url "$url" --create-database >"$out/load-external.log" 2>&1 \
    || grep -q "already" "$out/load-external.log" || { cat "$out/load-external.log"; exit 1; }
fi
if printf '%s\n' "${designs[@]}" | grep -qxE 'rounds|duet'; then
  ./sdbench load -c config/tuning.yaml --users 100 >"$out/load-embedded.log" 2>&1 \
    || grep -q "already" "$out/load-embedded.log" || { cat "$out/load-embedded.log"; exit 1; }
fi

# The MDE of the figures a tuner reads, from one experiment.json: "+up/-down %" each.
mde() {
  jq -r --arg d "$1" --arg n "$2" --arg m "$3" '
    def pct($f): ([.figures[] | select(.variant == "same" and .figure == $f)] | first) as $x
      | if $x == null or $x.mde == null then "n/a"
        else "+\(($x.mde * 1000 | round) / 10)/-\(($x.mdeDecrease * 1000 | round) / 10) %" end;
    [$d, (.rounds | length | tostring), $m,
     pct("DB CPU per dialog step"), pct("DB CPU per dialog step at reference speed"),
     pct("DB time per call"), pct("avg dialog response time")] | join(" | ")' "$4"
}

echo "design | rounds | minutes | DB CPU per step | the same at reference speed | DB time per call | avg response time"
for d in "${designs[@]}"; do
  # The alternate design switches db.* settings: its A/A switches one to the value it has.
  variants=(--variant base: --variant same:)
  [ "$d" = alternate ] && variants=(--variant base:db.random_page_cost=4 --variant same:db.random_page_cost=4)
  args=(-c config/tuning.yaml "${variants[@]}" --rounds "$rounds" --max-rounds "$rounds"
    --max-repeats 0 --design "$d" --interval "$interval" --ramp-up "$ramp" --set run.rampDown=5s
    --name "aa-$d" --dir "$out/$d")
  case "$d" in
    alternate) args+=(--db-url "$url" --switch-every "$switch" --duration "$(( 2 * $(seconds "$duration") ))s") ;;
    *) args+=(--duration "$duration") ;;
  esac
  start=$(date +%s)
  ./sdbench experiment "${args[@]}" >"$out/$d.log" 2>&1 &
  pid=$!
  # experiment.json is rewritten after every round: keep the one after LOOK rounds.
  shown=0
  while kill -0 "$pid" 2>/dev/null; do
    f="$(ls -d "$out/$d"/*/experiment.json 2>/dev/null | head -1 || true)"
    if [ "$shown" = 0 ] && [ -n "$f" ] && [ "$(jq '.rounds | length' "$f" 2>/dev/null || echo 0)" -ge "$look" ]; then
      cp "$f" "$out/$d-look$look.json"
      mde "$d" "$look" "$(( ($(date +%s) - start) / 60 ))" "$out/$d-look$look.json"
      shown=1
    fi
    sleep 5
  done
  wait "$pid" || { echo "$d: the experiment failed, see $out/$d.log" >&2; tail -3 "$out/$d.log" >&2; continue; }
  f="$(ls -d "$out/$d"/*/experiment.json | head -1)"
  mde "$d" "$rounds" "$(( ($(date +%s) - start) / 60 ))" "$f"
done
echo "experiments and logs: $out"
