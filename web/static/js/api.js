// api.js calls Verity's JSON API as the signed-in caller. The token, when
// there is one, goes only in the Authorization header — never in an
// address, where it would reach logs, history and Referer headers — and is
// kept in sessionStorage (this tab) or, when the user asks to be
// remembered, in localStorage.

const KEY = 'verity.token';

// token returns the stored API token, or "".
export function token() {
  try {
    return sessionStorage.getItem(KEY) || localStorage.getItem(KEY) || '';
  } catch {
    return '';
  }
}

// saveToken stores t for this tab, or on this device when remember is set.
export function saveToken(t, remember) {
  forgetToken();
  (remember ? localStorage : sessionStorage).setItem(KEY, t);
}

// forgetToken removes the token from both stores (sign-out).
export function forgetToken() {
  try {
    sessionStorage.removeItem(KEY);
    localStorage.removeItem(KEY);
  } catch {
    // Storage may be disabled; there is then nothing to forget.
  }
}

// APIError is an error answer of the API: its HTTP status and the code
// and message of its {"error":{"code","message"}} body.
export class APIError extends Error {
  constructor(status, code, message) {
    super(message || code || 'HTTP ' + status);
    this.status = status;
    this.code = code || '';
  }
}

function headers(accept, body) {
  const hs = { Accept: accept };
  const t = token();
  if (t) hs.Authorization = 'Bearer ' + t;
  if (body !== undefined) hs['Content-Type'] = 'application/json';
  return hs;
}

async function failure(resp) {
  let code = '';
  let message = '';
  try {
    const b = await resp.json();
    code = b?.error?.code || '';
    message = b?.error?.message || '';
  } catch {
    // Not the API's JSON (a proxy's error page, say): the status says enough.
  }
  return new APIError(resp.status, code, message);
}

// call sends one request to /api/v1/PATH and returns its JSON, or throws
// an APIError. query is an object of parameters; body, when given, is sent
// as JSON.
export async function call(method, path, { query, body, signal } = {}) {
  let url = '/api/v1/' + path;
  if (query) {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
    const s = q.toString();
    if (s) url += '?' + s;
  }
  const resp = await fetch(url, {
    method,
    headers: headers('application/json', body),
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
    credentials: 'same-origin',
    cache: 'no-store',
    referrerPolicy: 'no-referrer',
  });
  if (!resp.ok) throw await failure(resp);
  return resp.json();
}

// events parses a server-sent event stream from a fetch body, calling
// onEvent(name, data) for each complete event. It is fed decoded text in
// pieces of any size.
export function eventParser(onEvent) {
  let buf = '';
  let name = '';
  let data = [];
  return (chunk, done) => {
    buf += chunk;
    let i;
    while ((i = buf.search(/\r?\n/)) >= 0) {
      const line = buf.slice(0, i);
      buf = buf.slice(buf[i] === '\r' ? i + 2 : i + 1);
      if (line === '') {
        if (data.length) onEvent(name || 'message', data.join('\n'));
        name = '';
        data = [];
      } else if (line.startsWith(':')) {
        // A comment (keep-alive).
      } else {
        const c = line.indexOf(':');
        const field = c < 0 ? line : line.slice(0, c);
        let value = c < 0 ? '' : line.slice(c + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'event') name = value;
        else if (field === 'data') data.push(value);
      }
    }
    if (done && data.length) onEvent(name || 'message', data.join('\n'));
  };
}

// ask streams POST /api/v1/ask as server-sent events, read with fetch and
// a stream reader (EventSource could not send the bearer header, nor
// POST), calling onStage({stage, done, detail}) for each stage, and
// returns the answer JSON; an error event throws an APIError.
export async function ask(question, { onStage, signal } = {}) {
  const body = { question };
  const resp = await fetch('/api/v1/ask', {
    method: 'POST',
    headers: headers('text/event-stream', body),
    body: JSON.stringify(body),
    signal,
    credentials: 'same-origin',
    cache: 'no-store',
    referrerPolicy: 'no-referrer',
  });
  if (!resp.ok) throw await failure(resp);
  if (!(resp.headers.get('Content-Type') || '').startsWith('text/event-stream')) {
    return resp.json(); // an intermediary that answered in one piece
  }
  let answer = null;
  let error = null;
  const feed = eventParser((name, data) => {
    let v;
    try {
      v = JSON.parse(data);
    } catch {
      return;
    }
    if (name === 'stage' && onStage) onStage(v);
    else if (name === 'answer') answer = v;
    else if (name === 'error') error = new APIError(resp.status, v?.error?.code, v?.error?.message);
  });
  const reader = resp.body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) {
      feed(decoder.decode(), true);
      break;
    }
    feed(decoder.decode(value, { stream: true }), false);
  }
  if (error) throw error;
  if (!answer) throw new APIError(resp.status, 'unavailable', 'the answer stream ended before the answer');
  return answer;
}
