#!/usr/bin/env bash
# http.sh OLD NEW RECORDS.jsonl [ROUNDS]: upload the same JSONL records to a
# fresh store served by each of two verity binaries, alternating them ROUNDS
# times (default 5), and print the seconds each upload took (one POST
# /api/v1/ingest), the sources created and the store's size. The ratio of the
# medians is the figure; single runs on a shared machine drift.
#
# Records: one {"id","uri","system","title","acl","text"} per line, for
# example SciFact's abstracts four times over under distinct ids:
#   python3 - <<'PY' > records.jsonl
#   import json
#   docs = [json.loads(l) for l in open("../shared/data/scifact/corpus.jsonl")]
#   for r in range(4):
#       for d in docs:
#           print(json.dumps({"id": f"sf-{r}-{d['doc_id']}", "uri": f"https://doi.example/{r}/{d['doc_id']}",
#                             "system": "scifact", "title": d["title"], "acl": ["public"], "text": " ".join(d["sentences"])}))
#   PY
set -euo pipefail
old=$(realpath "$1") new=$(realpath "$2") records=$(realpath "$3") rounds=${4:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
for round in $(seq "$rounds"); do
	for bin in "$old" "$new"; do
		name=$(basename "$bin")
		rm -rf st && mkdir st
		"$bin" --db st/v.db role grant admin user:bench@x.example >/dev/null
		tok=$("$bin" --db st/v.db token create --name bench --principal user:bench@x.example --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
		port=$((18000 + RANDOM % 1000))
		"$bin" --db st/v.db serve --addr "127.0.0.1:$port" --max-upload 1073741824 --request-timeout 30m >serve.log 2>&1 &
		pid=$!
		for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$port/healthz" && break; sleep 0.1; done
		start=$(date +%s.%N)
		curl -s -H "Authorization: Bearer $tok" -H 'Content-Type: application/x-ndjson' --data-binary "@$records" \
			"http://127.0.0.1:$port/api/v1/ingest" >out.json
		end=$(date +%s.%N)
		kill "$pid"
		wait "$pid" 2>/dev/null || true
		created=$(python3 -c 'import json; print(json.load(open("out.json"))["created"])')
		echo "round $round $name: $(echo "$end - $start" | bc) s, created $created, store $(du -sm st | cut -f1) MB"
	done
done
