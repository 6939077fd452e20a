#!/usr/bin/env bash
# Load test of `catalog-build serve` against `python3 -m http.server` on the same site,
# with wrk: requests per second and p99 latency for page requests, first alone, then
# while 200 idle and 50 slow-header connections are held open (hold.py). Regenerates
# the table in bench/serve/README.md.
#
#   bench/serve/run.sh                          # release build, 10 s per run
#   bench/serve/run.sh --seconds 5 --no-readme  # quick check
#   bench/serve/run.sh --tool .build/debug/catalog-build
#
# Everything it makes goes to $BENCH_DIR (default /tmp/catalog-serve-bench). Servers
# listen on 127.0.0.1 only. Needs: wrk, python3, curl.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
work="${BENCH_DIR:-/tmp/catalog-serve-bench}"
seconds=10
connections=32
threads=2
readme=1
tool=""

while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) shift; seconds="$1" ;;
        --connections) shift; connections="$1" ;;
        --tool) shift; tool="$1" ;;
        --no-readme) readme=0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done

if [ -z "$tool" ]; then
    (cd "$repo" && swift build -c release --product catalog-build >&2)
    tool="$repo/.build/release/catalog-build"
fi
tool="$(cd "$(dirname "$tool")" && pwd)/$(basename "$tool")"

rm -rf "$work"
mkdir -p "$work"
"$tool" build --content "$repo/content" --output "$work/site" --cache "$work/cache" > /dev/null

# The page paths wrk cycles through: every page of the site (directories with an index).
python3 - "$work/site" > "$work/pages.txt" <<'PY'
import os, sys, urllib.parse
root = sys.argv[1]
pages = ["/" + os.path.relpath(folder, root) + "/" if folder != root else "/"
         for folder, _, files in os.walk(root) if "index.html" in files]
for page in sorted(pages):
    print(urllib.parse.quote(page))
PY
{
    echo "local paths = {"
    sed -e 's/.*/  "&",/' "$work/pages.txt"
    echo "}"
    echo 'local i = 0'
    echo 'request = function() i = i % #paths + 1; return wrk.format("GET", paths[i]) end'
} > "$work/pages.lua"

pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; }
trap cleanup EXIT

wait_for() {
    for _ in $(seq 600); do
        curl -sf -o /dev/null "http://127.0.0.1:$1/" && return 0
        sleep 0.1
    done
    echo "server on port $1 did not start" >&2
    return 1
}

# One wrk run: prints "requests/s p99 non-2xx".
measure() {
    local port="$1" out
    out="$(wrk -t"$threads" -c"$connections" -d"${seconds}s" --latency -s "$work/pages.lua" "http://127.0.0.1:$port/")"
    echo "$out" >> "$work/wrk.log"
    local rps p99 errors
    rps="$(echo "$out" | awk '/^Requests\/sec/ {print $2}')"
    p99="$(echo "$out" | awk '$1 == "99%" {print $2}')"
    errors="$(echo "$out" | awk '/Non-2xx/ {print $5}')"
    echo "$rps $p99 ${errors:-0}"
}

# Runs both measurements against a server on `port`; the second with connections held.
bench_server() {
    local name="$1" port="$2" plain held
    wait_for "$port"
    echo "== $name, alone" >> "$work/wrk.log"
    plain="$(measure "$port")"
    python3 "$here/hold.py" "$port" --idle 200 --slow 50 --seconds "$((seconds + 4))" > "$work/hold-$name.txt" &
    local holder=$!
    sleep 2
    echo "== $name, with 200 idle + 50 slow-header held" >> "$work/wrk.log"
    held="$(measure "$port")"
    wait "$holder"
    echo "$name|$plain|$held|$(cat "$work/hold-$name.txt")"
}

python_port=18601
serve_port=18602
python3 -m http.server --bind 127.0.0.1 --directory "$work/site" "$python_port" > "$work/python.log" 2>&1 &
pids+=($!)
python_row="$(bench_server python "$python_port")"
kill "${pids[-1]}"

"$tool" serve --content "$repo/content" --output "$work/serve-site" --cache "$work/serve-cache" \
    --port "$serve_port" > "$work/serve.log" 2>&1 &
pids+=($!)
serve_row="$(bench_server serve "$serve_port")"
kill "${pids[-1]}"

table() {
    local commit load
    commit="$(cd "$repo" && git rev-parse --short HEAD)"
    load="$(cut -d' ' -f1-3 /proc/loadavg)"
    echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC') at $commit on $(nproc) cores (load average $load);"
    echo "wrk -t$threads -c$connections -d${seconds}s over the $(wc -l < "$work/pages.txt") pages of \`content/\`."
    echo
    echo "| server | alone: req/s | alone: p99 | held: req/s | held: p99 | non-2xx (alone/held) | connections held |"
    echo "| --- | ---: | ---: | ---: | ---: | ---: | --- |"
    for row in "$python_row" "$serve_row"; do
        IFS='|' read -r name plain held holder <<< "$row"
        read -r prps pp99 perr <<< "$plain"
        read -r hrps hp99 herr <<< "$held"
        local label="\`python3 -m http.server\`"
        [ "$name" = serve ] && label="\`catalog-build serve\`"
        echo "| $label | $prps | $pp99 | $hrps | $hp99 | $perr / $herr | ${holder#held 200 idle + 50 slow-header: } |"
    done
}

result="$(table)"
echo "$result"
if [ "$readme" = 1 ]; then
    python3 - "$here/README.md" "$result" <<'PY'
import sys
path, table = sys.argv[1], sys.argv[2]
text = open(path).read()
start, end = "<!-- results -->", "<!-- /results -->"
before, rest = text.split(start, 1)
_, after = rest.split(end, 1)
open(path, "w").write(before + start + "\n" + table + "\n" + end + after)
PY
fi
