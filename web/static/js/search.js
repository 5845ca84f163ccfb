// search.js searches the records the caller may read and lists them with
// the chunk that matched, each opening its source at that chunk.

import { call } from './api.js';
import { h, original, sourcePath } from './dom.js';
import { t } from './i18n.js';
import { renderHints } from './hints.js';

export async function render(root, ctx) {
  const q = ctx.params.get('q') || '';
  const input = h('input', { id: 'search-q', type: 'search', required: true, value: q });
  const form = h('form', { class: 'askform', role: 'search' },
    h('label', { for: 'search-q' }, t('search.label')),
    h('div', { class: 'row' }, input, h('button', { type: 'submit', class: 'primary', id: 'search' }, t('search.submit'))),
  );
  const result = h('div', { class: 'result', id: 'search-results' });
  root.append(h('section', { class: 'view search' }, h('h1', {}, t('search.title')), form, result));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (input.value.trim()) ctx.navigate('/?view=search&q=' + encodeURIComponent(input.value.trim()));
  });
  if (!q.trim()) {
    input.focus();
    return;
  }
  const res = await call('GET', 'search', { query: { q: q.trim(), k: 10 }, signal: ctx.signal }).catch((err) => {
    ctx.fail(result, err);
    return null;
  });
  if (!res) return;
  if (!(res.results || []).length) result.append(h('p', { class: 'empty', role: 'status' }, t('search.none')));
  else {
    result.append(h('ol', { class: 'results' }, res.results.map((r) => h('li', { class: 'hit' },
      h('h2', {}, h('a', { href: sourcePath(r.source_id, r.version, r.chunk?.start, r.chunk?.end), class: 'source-link' }, r.title || r.source_id)),
      h('p', { class: 'meta' }, h('span', { class: 'system' }, r.system), ' · ', t('search.score'), ' ', (r.score ?? 0).toFixed(2), ' · ', original(r.uri)),
      h('p', { class: 'snippet' }, snippet(r.chunk?.text || '')),
    ))));
  }
  const hints = renderHints(res.hints);
  if (hints) result.append(hints);
}

function snippet(text) {
  const chars = Array.from(text);
  return chars.length > 320 ? chars.slice(0, 320).join('') + '…' : text;
}
