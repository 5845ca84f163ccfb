// search.js searches the records the caller may read and lists them with
// the chunk that matched, the query's words highlighted, each opening its
// source at that chunk.

import { call } from './api.js';
import { h, original, sourcePath } from './dom.js';
import { t } from './i18n.js';
import { renderHints } from './hints.js';

// filters are the search's narrowing fields, as the API names them.
const filters = ['system', 'author', 'since'];

export async function render(root, ctx) {
  const q = ctx.params.get('q') || '';
  const input = h('input', { id: 'search-q', type: 'search', required: true, value: q });
  const given = Object.fromEntries(filters.map((f) => [f, (ctx.params.get(f) || '').trim()]));
  const systems = h('datalist', { id: 'search-systems' });
  const fields = {
    system: h('input', { id: 'search-system', type: 'text', list: 'search-systems', autocomplete: 'off', value: given.system }),
    author: h('input', { id: 'search-author', type: 'text', autocomplete: 'off', spellcheck: 'false', placeholder: t('search.authorHint'), value: given.author }),
    since: h('input', { id: 'search-since', type: 'date', value: given.since }),
  };
  const narrowed = filters.some((f) => given[f]);
  const form = h('form', { class: 'askform', role: 'search' },
    h('label', { for: 'search-q' }, t('search.label')),
    h('div', { class: 'row' }, input, h('button', { type: 'submit', class: 'primary', id: 'search' }, t('search.submit'))),
    h('details', { class: 'filters', id: 'search-filters', open: narrowed },
      h('summary', {}, t(narrowed ? 'search.filtersOn' : 'search.filters')),
      h('div', { class: 'filter-row' }, filters.map((f) => h('p', { class: 'filter' }, h('label', { for: 'search-' + f }, t('search.' + f)), fields[f]))),
      systems,
    ),
  );
  const result = h('div', { class: 'result', id: 'search-results' });
  root.append(h('section', { class: 'view search' }, h('h1', {}, t('search.title')), form, result));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (!input.value.trim()) return;
    let href = '/?view=search&q=' + encodeURIComponent(input.value.trim());
    for (const f of filters) if (fields[f].value.trim()) href += '&' + f + '=' + encodeURIComponent(fields[f].value.trim());
    ctx.navigate(href);
  });
  // The systems to choose from: those of the sources the caller may read.
  call('GET', 'sources', { signal: ctx.signal }).then((list) => {
    for (const name of [...new Set((list.sources || []).map((s) => s.system))].sort()) systems.append(h('option', { value: name }));
  }).catch(() => {});
  if (!q.trim()) {
    input.focus();
    return;
  }
  const res = await call('GET', 'search', { query: { q: q.trim(), k: 10, ...given }, signal: ctx.signal }).catch((err) => {
    ctx.fail(result, err);
    return null;
  });
  if (!res) return;
  if (!(res.results || []).length) result.append(h('p', { class: 'empty', role: 'status' }, t('search.none')));
  else {
    const words = terms(q);
    result.append(h('ol', { class: 'results' }, res.results.map((r) => h('li', { class: 'hit' },
      h('h2', {}, h('a', { href: sourcePath(r.source_id, r.version, r.chunk?.start, r.chunk?.end), class: 'source-link doc' }, marked(r.title || r.source_id, words))),
      h('p', { class: 'meta' }, h('span', { class: 'system doc' }, r.system), ' · ', original(r.uri)),
      h('p', { class: 'snippet doc' }, marked(snippet(r.chunk?.text || ''), words)),
    ))));
  }
  const hints = renderHints(res.hints);
  if (hints) result.append(hints);
}

// terms returns the query's words as the prefixes to look for: lower case,
// a longer word cut by its last letters so that its other forms match too
// ("пересмотр" finds "пересматриваются", "deploys" finds "deployment").
export function terms(q) {
  const out = new Set();
  for (const m of q.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
    const w = Array.from(m[0]);
    if (w.length < 2) continue;
    const cut = w.length >= 7 ? 3 : w.length >= 5 ? 1 : 0;
    out.add(w.slice(0, w.length - cut).join(''));
  }
  return [...out];
}

// marked returns text with each word that starts with one of the prefixes
// in a <mark>, as text nodes and elements (never HTML).
export function marked(text, prefixes) {
  if (!prefixes.length) return [text];
  const out = [];
  let last = 0;
  for (const m of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const w = m[0].toLowerCase();
    if (!prefixes.some((p) => w.startsWith(p))) continue;
    out.push(text.slice(last, m.index), h('mark', { class: 'term' }, m[0]));
    last = m.index + m[0].length;
  }
  out.push(text.slice(last));
  return out;
}

function snippet(text) {
  const chars = Array.from(text);
  return chars.length > 320 ? chars.slice(0, 320).join('') + '…' : text;
}
