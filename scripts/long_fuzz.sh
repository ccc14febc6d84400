#!/usr/bin/env bash
# Long rules-fuzzer run in parallel: GAMES whole games split over JOBS processes with distinct
# seeds, then the totals (games, steps, failures, steps/s). Failure saves go to OUT.
#   bash scripts/long_fuzz.sh [GAME] [GAMES] [JOBS] [SEED] [OUT]
#   bash scripts/long_fuzz.sh first-team 10000 2 9000 /tmp/long-fuzz
set -euo pipefail
cd "$(dirname "$0")/.."
GAME="${1:-first-team}"; GAMES="${2:-10000}"; JOBS="${3:-2}"; SEED="${4:-9000}"; OUT="${5:-long-fuzz}"
PY="${PY:-.venv/bin/python}"
mkdir -p "$OUT"
per=$(( (GAMES + JOBS - 1) / JOBS ))
start=$(date +%s)
for j in $(seq 1 "$JOBS"); do
    "$PY" -m game fuzz --game "$GAME" --scenario all --games "$per" --seed $(( SEED + j )) --out "$OUT" \
        --progress 100 > "$OUT/job$j.json" 2> "$OUT/job$j.progress" &
done
wait
"$PY" - "$OUT" "$JOBS" "$start" <<'PYEOF'
import json, sys, time
out, jobs, start = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
res = [json.loads(open(f"{out}/job{j}.json").read().strip().splitlines()[-1]) for j in range(1, jobs + 1)]
games = sum(r["games"] for r in res); steps = sum(r["steps"] for r in res)
fails = sum(r["failures"] for r in res); secs = time.time() - start
print(json.dumps({"games": games, "steps": steps, "failures": fails, "seconds": round(secs, 1),
                  "steps_per_second": round(steps / secs, 1), "seeds": [r["seed"] for r in res],
                  "failure_samples": [s for r in res for s in r["failure_samples"]][:5]}))
sys.exit(1 if fails else 0)
PYEOF
