// revocations.js is the revocation log, a dry run of a revocation (what it
// would retract, and what survives on other sources), and — for curators —
// revoke and undo. Readers see the log and the dry run filtered to what
// they may read, as the server filters them. The log shows one line per
// event, its sources named by their titles (from the sources the caller
// may read), and offers undo only on events not undone already.

import { call } from './api.js';
import { h, clear, sourcePath } from './dom.js';
import { t, current, label, principal } from './i18n.js';

function when(iso) {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : new Intl.DateTimeFormat(current(), { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

export async function render(root, ctx) {
  const view = h('section', { class: 'view log' }, h('h1', {}, t('log.title')));
  root.append(view);
  const impactBox = h('section', { class: 'card impact', 'aria-labelledby': 'impact-title' });
  const logBox = h('section', { class: 'events', 'aria-labelledby': 'log-title' });
  // The log comes first, unless the page was opened to revoke something
  // (from a source's "Revoke" link): then the preview of what it retracts.
  if (ctx.params.get('ref')) view.append(impactBox, logBox);
  else view.append(logBox, impactBox);
  renderImpactForm(impactBox, ctx, () => loadLog(logBox, ctx));
  await loadLog(logBox, ctx);
}

async function loadLog(box, ctx) {
  const [res, list, graph, ents] = await Promise.all([
    call('GET', 'log', { signal: ctx.signal }),
    // Names for the refs: the sources the caller may read (revoked ones
    // too) by their titles, and the graph's live edges and entities.
    call('GET', 'sources', { signal: ctx.signal }).catch(() => null),
    call('GET', 'graph', { signal: ctx.signal }).catch(() => null),
    call('GET', 'graph/entities', { signal: ctx.signal }).catch(() => null),
  ]).catch((err) => {
    clear(box).append(h('h2', { id: 'log-title' }, t('log.events')));
    ctx.fail(box, err);
    return [null];
  });
  if (!res) return;
  const titles = new Map();
  for (const s of list?.sources || []) titles.set('source:' + s.id, { name: s.title || s.id, href: sourcePath(s.id) });
  for (const e of ents?.entities || []) titles.set('record:' + e.id, { name: e.name, href: '/?view=graph&entity=' + encodeURIComponent(e.id) });
  for (const e of graph?.edges || []) {
    titles.set('record:' + e.id, { name: e.subject + ' ' + e.relation + ' ' + e.object, href: '/?view=graph&entity=' + encodeURIComponent(e.subject_id) });
  }
  clear(box).append(h('h2', { id: 'log-title' }, t('log.events')));
  const events = (res.events || []).slice().reverse(); // newest first
  if (!events.length) {
    box.append(h('p', { class: 'empty' }, t('log.none')));
    return;
  }
  box.append(h('ol', { class: 'eventlist', reversed: true }, events.map((ev) => renderEvent(ev, ctx, box, titles))));
}

// refName returns an element naming ref: a source by its title, an edge
// of the graph as "subject relation object", an entity by its name, each
// linked, when the caller may see it; anything else by its id.
export function refName(ref, titles) {
  const s = String(ref);
  const colon = s.indexOf(':');
  const kind = s.slice(0, colon) === 'record' ? 'record' : 'source';
  const id = s.slice(0, colon) === 'record' || s.slice(0, colon) === 'source' ? s.slice(colon + 1) : s;
  const named = titles.get(kind + ':' + id);
  if (named) return h('a', { href: named.href, class: 'ref doc', 'data-ref': s }, named.name);
  return h('span', { class: 'ref', 'data-ref': s }, t(kind === 'source' ? 'log.source' : 'log.record'), ' ', h('code', { class: 'doc' }, id));
}

// what says what an event did, in words: revoked or restored, and
// whether it undid an earlier event (the log's ids are no one's business:
// they say nothing of order, and the lines are in order).
function what(ev) {
  if (ev.undoes) return label('log.undid', ev.action);
  return label('log.action', ev.action);
}

function renderEvent(ev, ctx, box, titles) {
  const status = h('span', { class: 'status', role: 'status' });
  const refs = (ev.refs || []).map((r, i) => [i ? ', ' : '', refName(r, titles)]);
  const unchanged = (ev.changed || []).length === 0;
  const pieces = [
    h('strong', { class: 'action' }, what(ev)),
    h('span', { class: 'refs' }, refs),
    h('span', { class: 'by doc', 'data-principal': ev.who }, principal(ev.who)),
    h('time', { datetime: ev.at }, when(ev.at)),
    ev.why_hidden ? h('em', { class: 'why' }, t('log.withheld')) : ev.why ? h('span', { class: 'why doc' }, ev.why) : null,
    unchanged ? h('span', { class: 'note' }, t('log.unchanged')) : null,
    ev.undone_by ? h('span', { class: 'undone note' }, t('log.undoneBy')) : null,
  ].filter(Boolean);
  const line = h('p', { class: 'line' }, pieces.flatMap((p, i) => (i ? [h('span', { class: 'sep', 'aria-hidden': 'true' }, ' · '), p] : [p])));
  const li = h('li', { class: 'event', 'data-event': String(ev.id), 'data-action': ev.action, 'data-undoes': ev.undoes ? String(ev.undoes) : false, 'data-undone-by': ev.undone_by ? String(ev.undone_by) : false }, line);
  // Undo is offered where it can work: an event not undone yet that
  // changed something (an undo is itself an event, and can be undone).
  if (ctx.rights.curator && !ev.undone_by && !unchanged) {
    line.append(' ', h('button', {
      type: 'button', class: 'undo', 'data-undo': String(ev.id),
      onclick: async (e) => {
        e.currentTarget.disabled = true;
        const rep = await call('POST', 'undo', { body: { event: ev.id }, signal: ctx.signal }).catch((err) => {
          ctx.fail(status, err);
          return null;
        });
        if (rep) await loadLog(box, ctx);
      },
    }, t('log.undo')), status);
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
  // The intro shows the syntax of a record's ref as code: it is what to type.
  const [before, after] = t('impact.intro').split('{syntax}');
  box.append(h('h2', { id: 'impact-title' }, t('impact.title')), h('p', { class: 'note' }, before, h('code', {}, 'record:ID'), after ?? ''), form, out);
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
    out.append(h('p', { class: 'note' }, t('impact.nothing'), ' ', h('span', { class: 'doc' }, (rep.refs || []).join(', '))));
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
      h('p', { class: 'meta' }, Object.entries(g.by_kind || {}).map(([k, v]) => `${label('kind', k)}: ${v}`).join(', ')),
      h('ul', {}, (g.records || []).map((r) => h('li', { 'data-record': r.id, 'data-kind': r.kind },
        h('span', { class: 'kind' }, label('kind', r.kind)), ' ',
        r.source ? h('a', { href: sourcePath(r.source), class: 'doc' }, r.text || r.id) : h('span', { class: 'doc' }, r.text || r.id),
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
