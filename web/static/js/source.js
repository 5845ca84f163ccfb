// source.js shows one source's canonical text — the text every span points
// into — with the span of the address (#START-END, byte offsets into its
// UTF-8 encoding) highlighted and scrolled into view, and what is known
// of the source: title, system, author, version, its original address.

import { call } from './api.js';
import { h, original } from './dom.js';
import { t, current } from './i18n.js';
import { splitAtSpan, parseSpan } from './span.js';

function when(iso) {
  const d = new Date(iso);
  if (!iso || Number.isNaN(d.getTime()) || d.getFullYear() < 1900) return '';
  return new Intl.DateTimeFormat(current(), { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

export async function render(root, ctx) {
  const version = /^\d{1,9}$/.test(ctx.params.get('version') || '') ? Number(ctx.params.get('version')) : undefined;
  const view = h('article', { class: 'view source' });
  root.append(view);
  view.append(h('p', { class: 'back' }, h('a', {
    href: '/', id: 'back',
    onclick: (e) => {
      if (ctx.inApp) {
        e.preventDefault();
        history.back();
      }
    },
  }, t('source.back'))));
  if (!ctx.id) {
    view.append(h('p', { class: 'error', role: 'alert' }, t('error.not_found')));
    return;
  }
  const src = await call('GET', 'source', { query: { id: ctx.id, version }, signal: ctx.signal }).catch((err) => {
    ctx.fail(view, err);
    return null;
  });
  if (!src) return;
  view.append(h('h1', { class: 'title', id: 'source-title' }, src.title || src.id));
  const rows = [
    ['source.id', h('code', {}, src.id)],
    ['source.system', src.system],
    ['source.author', src.author_email || src.author || ''],
    ['source.version', String(src.version)],
    ['source.updated', when(src.updated_at)],
    ['source.status', src.status],
    ['source.original', original(src.uri)],
    ['source.acl', (src.acl || []).join(', ')],
  ];
  view.append(h('dl', { class: 'meta' }, rows.filter(([, v]) => v).map(([k, v]) => [h('dt', {}, t(k)), h('dd', { 'data-field': k.slice(7) }, v)])));
  if (src.status === 'revoked') view.append(h('p', { class: 'warning', role: 'note' }, t('source.revoked')));
  if (ctx.rights.curator && src.status !== 'revoked') {
    view.append(h('p', {}, h('a', { class: 'button', id: 'revoke-source', href: '/?view=log&ref=' + encodeURIComponent(src.id) }, t('source.revoke'))));
  }
  const text = src.text || '';
  const body = h('div', { class: 'text', id: 'source-text', lang: /[\u0400-\u04ff]/.test(text) ? 'ru' : false, 'aria-label': t('source.text') });
  const span = parseSpan(ctx.hash);
  const parts = span ? splitAtSpan(text, span.start, span.end) : null;
  if (parts) {
    const mark = h('mark', { id: 'highlight', tabindex: '-1', 'data-start': span.start, 'data-end': span.end }, parts[1]);
    body.append(parts[0], mark, parts[2]);
    view.append(h('p', { class: 'note', id: 'span-note' }, t('source.highlight', { start: span.start, end: span.end, version: src.version })));
    view.append(body);
    mark.scrollIntoView({ block: 'center' });
    mark.focus({ preventScroll: true });
  } else {
    if (span || /^\d+-\d+$/.test(ctx.hash)) view.append(h('p', { class: 'warning', id: 'span-note' }, t('source.badSpan', { span: ctx.hash })));
    body.append(text);
    view.append(body);
    document.getElementById('source-title')?.setAttribute('tabindex', '-1');
    document.getElementById('source-title')?.focus();
  }
}
