#!/usr/bin/env python3
"""A quote locator built on difflib.SequenceMatcher: the plan of seed 003
("fuzzy match through SequenceMatcher (stdlib)"), as the baseline that
Verity's quote engine is measured against.

Reads JSONL cases ({"id", "text", "quote", ...}) on stdin and writes one
{"id", "found", "start", "end", "score"} per line on stdout, byte offsets
into text, like `verity quote --batch`.

The locator: an exact str.find first; otherwise, on lowercased text with
whitespace runs collapsed, SequenceMatcher finds the longest block shared
by page and quote, a window around it of the quote's length plus slack is
aligned with the quote, and the quote is accepted when the characters it
shares with the window reach --threshold of its length. The span runs from
the first to the last matching block of at least three characters.
"""

import argparse
import difflib
import json
import re
import sys
import time

WS = re.compile(r"\s+")


def collapse(s):
    """Lowercase s with whitespace runs collapsed; return it and, for each
    character of the result, its index in s."""
    out, idx = [], []
    prev_space = False
    for i, ch in enumerate(s):
        if ch.isspace():
            if prev_space:
                continue
            prev_space = True
            out.append(" ")
        else:
            prev_space = False
            out.append(ch.lower())
        idx.append(i)
    return "".join(out), idx


def locate(text, quote, threshold, slack=0.25):
    q = quote.strip()
    if not q:
        return False, 0, 0, 0.0
    i = text.find(q)
    if i >= 0:
        return True, i, i + len(q), 1.0
    t, tidx = collapse(text)
    q, _ = collapse(q)
    if not t:
        return False, 0, 0, 0.0
    sm = difflib.SequenceMatcher(None, t, q, autojunk=False)
    a, b, size = sm.find_longest_match(0, len(t), 0, len(q))
    if size == 0:
        return False, 0, 0, 0.0
    pad = int(len(q) * slack) + 5
    ws = max(0, a - b - pad)
    we = min(len(t), a - b + len(q) + pad)
    window = t[ws:we]
    sm2 = difflib.SequenceMatcher(None, window, q, autojunk=False)
    blocks = [bl for bl in sm2.get_matching_blocks() if bl.size >= 3]
    matched = sum(bl.size for bl in blocks)
    score = matched / len(q)
    if score < threshold or not blocks:
        return False, 0, 0, score
    cs = ws + blocks[0].a
    ce = ws + blocks[-1].a + blocks[-1].size
    return True, tidx[cs], tidx[ce - 1] + 1, score


def byte_offset(text, char_index):
    """UTF-8 byte offset of a character index."""
    return len(text[:char_index].encode("utf-8"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--threshold", type=float, default=0.9,
                    help="share of the quote's characters that must match (tune on dev)")
    args = ap.parse_args()
    t0 = time.perf_counter()
    n, in_locate = 0, 0.0
    for line in sys.stdin:
        if not line.strip():
            continue
        c = json.loads(line)
        t1 = time.perf_counter()
        found, s, e, score = locate(c["text"], c["quote"], args.threshold)
        in_locate += time.perf_counter() - t1
        if found:
            s, e = byte_offset(c["text"], s), byte_offset(c["text"], e)
        print(json.dumps({"id": c["id"], "found": found, "start": s, "end": e, "score": round(score, 4)}))
        n += 1
    print(f"difflib: {n} cases in {time.perf_counter() - t0:.2f}s (locate only {in_locate:.3f}s)", file=sys.stderr)


if __name__ == "__main__":
    main()
