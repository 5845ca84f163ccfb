// span.js converts Verity's spans — byte offsets [start, end) into a
// source's canonical UTF-8 text — into JavaScript strings. A JS string is
// indexed in UTF-16 code units, so the offsets must never be used on it
// directly: "Права" is 5 code units but 10 bytes.

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

// boundary reports whether byte offset i of bytes starts a character (or
// is the end): a UTF-8 continuation byte is 10xxxxxx.
function boundary(bytes, i) {
  return i === bytes.length || (i >= 0 && i < bytes.length && (bytes[i] & 0xc0) !== 0x80);
}

// splitAtSpan returns the text before, inside and after the byte span
// [start, end) of text, or null when the span is out of range, reversed,
// or cuts a character in two.
export function splitAtSpan(text, start, end) {
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < start) return null;
  const bytes = encoder.encode(text);
  if (end > bytes.length || !boundary(bytes, start) || !boundary(bytes, end)) return null;
  try {
    return [
      decoder.decode(bytes.subarray(0, start)),
      decoder.decode(bytes.subarray(start, end)),
      decoder.decode(bytes.subarray(end)),
    ];
  } catch {
    return null;
  }
}

// byteSlice returns text's bytes [start, end) as a string, or null (see
// splitAtSpan).
export function byteSlice(text, start, end) {
  const parts = splitAtSpan(text, start, end);
  return parts ? parts[1] : null;
}

// parseSpan reads "START-END" (a location hash without its "#"), or null.
export function parseSpan(hash) {
  const m = /^(\d{1,12})-(\d{1,12})$/.exec(hash || '');
  if (!m) return null;
  const start = Number(m[1]);
  const end = Number(m[2]);
  return end >= start ? { start, end } : null;
}
