// revocations.js is the revocation log, a dry run of a revocation (what it
// would retract, and what survives on other sources), and — for curators —
// revoke and undo. Readers see the log and the dry run filtered to what
// they may read, as the server filters them.

import { call } from './api.js';
import { h, clear, sourcePath } from './dom.js';
import { t, current } from './i18n.js';

function when(iso) {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : new Intl.DateTimeFormat(current(), { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

export async function render(root, ctx) {
  const view = h('section', { class: 'view log' }, h('h1', {}, t('log.title')));
  root.append(view);
  const impactBox = h('section', { class: 'card impact', 'aria-labelledby': 'impact-title' });
  const logBox = h('section', { class: 'events', 'aria-labelledby': 'log-title' });
  view.append(impactBox, logBox);
  renderImpactForm(impactBox, ctx, () => loadLog(logBox, ctx));
  await loadLog(logBox, ctx);
}

async function loadLog(box, ctx) {
  const res = await call('GET', 'log', { signal: ctx.signal }).catch((err) => {
    clear(box).append(h('h2', { id: 'log-title' }, t('log.events')));
    ctx.fail(box, err);
    return null;
  });
  if (!res) return;
  clear(box).append(h('h2', { id: 'log-title' }, t('log.events')));
  const events = (res.events || []).slice().reverse(); // newest first
  if (!events.length) {
    box.append(h('p', { class: 'empty' }, t('log.none')));
    return;
  }
  box.append(h('ol', { class: 'eventlist', reversed: true }, events.map((ev) => renderEvent(ev, ctx, box))));
}

function renderEvent(ev, ctx, box) {
  const status = h('p', { class: 'status', role: 'status' });
  const li = h('li', { class: 'event', 'data-event': String(ev.id), 'data-action': ev.action, 'data-undoes': ev.undoes ? String(ev.undoes) : false },
    h('p', {}, h('strong', { class: 'action' }, ev.action), ' #', String(ev.id), ' · ', h('span', { class: 'who' }, ev.who), ' · ', when(ev.at)),
    h('p', { class: 'refs' }, (ev.refs || []).join(', '),
      ev.changed?.length ? [' · ', t('log.changed'), ': ', ev.changed.join(', ')] : null),
    ev.undoes ? h('p', { class: 'meta' }, t('log.undoes', { id: ev.undoes })) : null,
    h('p', { class: 'why' }, ev.why_hidden ? h('em', {}, t('log.withheld')) : ev.why || ''),
  );
  if (ctx.rights.curator) {
    li.append(h('p', {}, h('button', {
      type: 'button', class: 'undo', 'data-undo': String(ev.id),
      onclick: async (e) => {
        e.currentTarget.disabled = true;
        const rep = await call('POST', 'undo', { body: { event: ev.id }, signal: ctx.signal }).catch((err) => {
          ctx.fail(status, err);
          return null;
        });
        if (rep) await loadLog(box, ctx);
      },
    }, t('log.undo'))), status);
  }
  return li;
}

function refsOf(text) {
  return text.split(/\r?\n/).map((s) => s.trim()).filter(Boolean);
}

function renderImpactForm(box, ctx, reload) {
  const refs = h('textarea', { id: 'impact-refs', rows: '3', spellcheck: 'false', required: true });
  refs.value = ctx.params.get('ref') || '';
  const out = h('div', { class: 'impact-result', id: 'impact-result', 'aria-live': 'polite' });
  const form = h('form', {},
    h('label', { for: 'impact-refs' }, t('impact.refs')), refs,
    h('p', { class: 'actions' }, h('button', { type: 'submit', id: 'preview' }, t('impact.preview'))),
  );
  box.append(h('h2', { id: 'impact-title' }, t('impact.title')), h('p', { class: 'note' }, t('impact.intro')), form, out);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const list = refsOf(refs.value);
    if (!list.length) return;
    clear(out);
    const rep = await call('POST', 'impact', { body: { refs: list }, signal: ctx.signal }).catch((err) => {
      ctx.fail(out, err);
      return null;
    });
    if (!rep) return;
    out.append(renderReport(rep, false));
    if (!ctx.rights.curator) {
      out.append(h('p', { class: 'note' }, t('impact.curatorOnly')));
      return;
    }
    const reason = h('input', { id: 'revoke-reason', type: 'text', autocomplete: 'off', required: true });
    const status = h('div', { class: 'status', role: 'status', id: 'revoke-status' });
    const revoke = h('button', { type: 'button', class: 'danger', id: 'revoke' }, t('impact.revoke'));
    revoke.addEventListener('click', async () => {
      clear(status);
      if (!reason.value.trim()) {
        status.append(h('p', { class: 'error' }, t('impact.needReason')));
        reason.focus();
        return;
      }
      revoke.disabled = true;
      const done = await call('POST', 'revoke', { body: { refs: list, reason: reason.value.trim() }, signal: ctx.signal }).catch((err) => {
        ctx.fail(status, err);
        revoke.disabled = false;
        return null;
      });
      if (!done) return;
      status.append(renderDone(done, ctx, status, reload));
      reload();
    });
    out.append(h('div', { class: 'revoke-form' },
      h('label', { for: 'revoke-reason' }, t('impact.reason')), reason,
      h('p', { class: 'actions' }, revoke),
      status,
    ));
  });
  if (refs.value) form.requestSubmit();
}

// renderDone reports a revoke or undo that was carried out, with an undo
// button for the event it logged.
function renderDone(rep, ctx, status, reload) {
  const out = h('div', { class: 'done' });
  if (!rep.event) {
    out.append(h('p', { class: 'note' }, t('impact.nothing', { refs: (rep.refs || []).join(', ') })));
    return out;
  }
  const undoing = Boolean(rep.event.undoes);
  out.append(h('p', { class: 'ok', id: undoing ? 'undone' : 'revoked', 'data-event': String(rep.event.id) },
    undoing ? t('impact.undone', { id: rep.event.id, revived: rep.revived?.count ?? rep.event.revived ?? 0 })
      : t('impact.revoked', { id: rep.event.id, died: rep.died?.count ?? rep.event.died ?? 0 })));
  out.append(renderReport(rep, true));
  if (!undoing) {
    const undo = h('button', { type: 'button', id: 'undo-last', class: 'undo' }, t('log.undo'));
    undo.addEventListener('click', async () => {
      undo.disabled = true;
      const back = await call('POST', 'undo', { body: { event: rep.event.id }, signal: ctx.signal }).catch((err) => {
        ctx.fail(out, err);
        undo.disabled = false;
        return null;
      });
      if (!back) return;
      clear(status).append(renderDone(back, ctx, status, reload));
      reload();
    });
    out.append(h('p', {}, undo));
  }
  return out;
}

// renderReport lists what died (or would die), what survives and what
// revives, by kind and record.
function renderReport(rep, done) {
  const part = (key, title) => {
    const g = rep[key];
    if (!g || !g.count) return null;
    return h('section', { class: 'group ' + key, 'data-group': key },
      h('h3', {}, title, ' (', String(g.count), ')'),
      h('p', { class: 'meta' }, Object.entries(g.by_kind || {}).map(([k, v]) => `${k}: ${v}`).join(', ')),
      h('ul', {}, (g.records || []).map((r) => h('li', { 'data-record': r.id },
        h('span', { class: 'kind' }, r.kind), ' ',
        r.source ? h('a', { href: sourcePath(r.source) }, r.text || r.id) : h('span', {}, r.text || r.id),
      ))),
    );
  };
  const s = rep.search;
  return h('div', { class: 'report' },
    part('died', t(done ? 'impact.diedDone' : 'impact.died')),
    part('survived', t('impact.survived')),
    part('revived', t('impact.revived')),
    s && s.chunks ? h('p', { class: 'meta' }, t('impact.search', { chunks: s.chunks, sources: s.sources })) : null,
  );
}
