// source.js shows one source's canonical text — the text every span points
// into — rendered as Markdown (or, at a click, as the plain text it is),
// with the span of the address (#START-END, byte offsets into its UTF-8
// encoding) highlighted and scrolled into view, under a header that stays
// on screen with the title and the way back, and what is known of the
// source: system, author, version, status, its original address.

import { call } from './api.js';
import { h, clear, original } from './dom.js';
import { t, current, label, principal } from './i18n.js';
import { splitAtSpan, parseSpan } from './span.js';
import { render as markdown } from './markdown.js';

function when(iso) {
  const d = new Date(iso);
  if (!iso || Number.isNaN(d.getTime()) || d.getFullYear() < 1900) return '';
  return new Intl.DateTimeFormat(current(), { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

export async function render(root, ctx) {
  const version = /^\d{1,9}$/.test(ctx.params.get('version') || '') ? Number(ctx.params.get('version')) : undefined;
  const view = h('article', { class: 'view source' });
  root.append(view);
  const back = h('a', {
    href: '/', id: 'back', class: 'back',
    onclick: (e) => {
      if (ctx.inApp) {
        e.preventDefault();
        history.back();
      }
    },
  }, t('source.back'));
  const head = h('header', { class: 'source-head', id: 'source-head' }, back);
  view.append(head);
  if (!ctx.id) {
    view.append(h('p', { class: 'error', role: 'alert' }, t('error.not_found')));
    return;
  }
  const src = await call('GET', 'source', { query: { id: ctx.id, version }, signal: ctx.signal }).catch((err) => {
    ctx.fail(view, err);
    return null;
  });
  if (!src) return;
  const title = h('h1', { class: 'title doc', id: 'source-title', tabindex: '-1', title: src.title || src.id }, src.title || src.id);
  head.append(title);
  const rows = [
    ['source.system', h('span', { class: 'doc' }, src.system)],
    ['source.author', src.author_email || src.author ? h('span', { class: 'doc' }, src.author_email || src.author) : ''],
    ['source.version', String(src.version)],
    ['source.updated', when(src.updated_at)],
    ['source.status', label('status', src.status)],
    ['source.original', original(src.uri)],
    ['source.acl', (src.acl || []).map(principal).join(', ')],
    ['source.id', h('code', { class: 'doc' }, src.id)],
  ];
  view.append(h('dl', { class: 'meta' }, rows.filter(([, v]) => v).map(([k, v]) => [h('dt', {}, t(k)), h('dd', { 'data-field': k.slice(7) }, v)])));
  if (src.status === 'revoked') view.append(h('p', { class: 'warning', role: 'note' }, t('source.revoked')));
  if (ctx.rights.curator && src.status !== 'revoked') {
    view.append(h('p', {}, h('a', { class: 'button', id: 'revoke-source', href: '/?view=log&ref=' + encodeURIComponent(src.id) }, t('source.revoke'))));
  }
  const text = src.text || '';
  const span = parseSpan(ctx.hash);
  const parts = span ? splitAtSpan(text, span.start, span.end) : null;
  // The span in UTF-16 code units of text, as the renderer counts.
  const hl = parts ? { from: parts[0].length, to: parts[0].length + parts[1].length } : null;
  const note = h('p', { class: 'note', id: 'span-note' });
  const toggle = h('button', { type: 'button', class: 'link-button', id: 'plain', 'aria-pressed': 'false' }, t('source.plain'));
  const body = h('div', { class: 'text doc', id: 'source-text', lang: /[\u0400-\u04ff]/.test(text) ? 'ru' : false, 'aria-label': t('source.text') });
  let plain = false;
  let first = null;
  const show = () => {
    clear(body);
    body.classList.toggle('plain', plain);
    body.classList.toggle('markdown', !plain);
    toggle.textContent = t(plain ? 'source.formatted' : 'source.plain');
    toggle.setAttribute('aria-pressed', String(plain));
    let marks = [];
    if (!plain) {
      const r = markdown(text, hl);
      body.append(r.fragment);
      marks = r.marks;
    }
    if (plain || (hl && !marks.length)) {
      // The plain text, or a passage the rendering does not show (inside a
      // code fence's marker, say): the text as it is, the span cut out.
      clear(body);
      if (parts) {
        const m = h('mark', { class: 'hl' }, parts[1]);
        body.append(parts[0], m, parts[2]);
        marks = [m];
      } else {
        body.append(text);
      }
    }
    first = marks[0] || null;
    if (first) {
      first.id = 'highlight';
      first.tabIndex = -1;
      first.dataset.start = String(span.start);
      first.dataset.end = String(span.end);
    }
  };
  const goTo = () => {
    if (!first) return;
    first.scrollIntoView({ block: 'center' });
    first.focus({ preventScroll: true });
  };
  toggle.addEventListener('click', () => {
    plain = !plain;
    show();
    goTo();
  });
  if (parts) {
    note.append(t('source.highlight'), ' ', h('button', { type: 'button', class: 'link-button', id: 'to-passage', onclick: goTo }, t('source.toPassage')));
  } else if (span || /^\d+-\d+$/.test(ctx.hash)) {
    note.classList.add('warning');
    note.append(t('source.badSpan'));
  }
  view.append(h('div', { class: 'text-bar' }, note.childNodes.length ? note : null, h('p', { class: 'view-as' }, toggle)), body);
  show();
  if (first) goTo();
  else title.focus();
}
