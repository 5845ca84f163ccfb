// graph.js shows the knowledge graph one entity at a time: its accepted
// edges, each with the quotes it rests on, its confidence and votes, and an
// "explain" panel with every step that decided it.

import { call } from './api.js';
import { h, sourcePath } from './dom.js';
import { t, label, has } from './i18n.js';

export async function render(root, ctx) {
  const view = h('section', { class: 'view graph' }, h('h1', {}, t('graph.title')));
  root.append(view);
  const [ents, graph] = await Promise.all([
    call('GET', 'graph/entities', { signal: ctx.signal }),
    call('GET', 'graph', { signal: ctx.signal }),
  ]).catch((err) => {
    ctx.fail(view, err);
    return [null, null];
  });
  if (!ents) return;
  const edges = graph.edges || [];
  // Only entities with a live edge the caller may see are worth choosing.
  const linked = new Set(edges.flatMap((e) => [e.subject_id, e.object_id]));
  const entities = (ents.entities || []).filter((e) => linked.has(e.id));
  if (!entities.length) {
    view.append(h('p', { class: 'empty', role: 'status' }, t('graph.none')));
    return;
  }
  const chosen = ctx.params.get('entity') || '';
  view.append(h('nav', { class: 'entities', 'aria-label': t('graph.entities') },
    h('h2', {}, t('graph.entities')),
    h('ul', {}, entities.map((e) => h('li', {},
      h('a', { href: '/?view=graph&entity=' + encodeURIComponent(e.id), 'aria-current': e.id === chosen ? 'true' : false, 'data-entity': e.id }, h('span', { class: 'doc' }, e.name),
        e.type ? h('span', { class: 'type', 'data-type': e.type }, ' ', label('entity', e.type)) : null),
    ))),
  ));
  const ent = entities.find((e) => e.id === chosen);
  if (!ent) {
    view.append(h('p', { class: 'note' }, t('graph.pick')));
    return;
  }
  const mine = edges.filter((e) => e.subject_id === ent.id || e.object_id === ent.id);
  view.append(h('section', { class: 'edges', 'aria-labelledby': 'edges-title' },
    h('h2', { id: 'edges-title', tabindex: '-1' }, t('graph.edges').split('{name}').flatMap((part, i) => (i ? [h('span', { class: 'doc' }, ent.name), part] : [part]))),
    h('ul', {}, mine.map((e) => renderEdge(e, ctx))),
  ));
  document.getElementById('edges-title')?.focus({ preventScroll: true });
}

function renderEdge(e, ctx) {
  const panel = h('div', { class: 'explain', id: 'explain-' + e.id.replace(/[^\w-]/g, '_'), hidden: true });
  const button = h('button', { type: 'button', class: 'explain-button', 'aria-expanded': 'false', 'aria-controls': panel.id }, t('graph.explain'));
  button.addEventListener('click', async () => {
    const open = button.getAttribute('aria-expanded') === 'true';
    button.setAttribute('aria-expanded', String(!open));
    button.textContent = t(open ? 'graph.explain' : 'graph.hideExplain');
    panel.hidden = open;
    if (open || panel.childElementCount) return;
    const ex = await call('GET', 'explain', { query: { edge: e.id }, signal: ctx.signal }).catch((err) => {
      ctx.fail(panel, err);
      return null;
    });
    if (ex) panel.append(renderExplanation(ex));
  });
  return h('li', { class: 'edge card', 'data-edge': e.id },
    h('p', { class: 'triple doc' }, h('strong', {}, e.subject), ' ', h('span', { class: 'relation' }, e.relation), ' ', h('strong', {}, e.object)),
    h('p', { class: 'meta' }, confidence(e), e.model ? [' · ', model(e.model)] : null),
    h('h3', {}, t('graph.evidence')),
    h('ul', { class: 'evidence' }, (e.evidence || []).map((ev) => h('li', {},
      h('blockquote', { class: 'quote' },
        h('a', { class: 'quote-link doc', href: sourcePath(ev.source_id, ev.version, ev.quote?.start, ev.quote?.end) }, ev.quote?.text || ''),
        h('p', { class: 'cite' }, h('span', { class: 'doc' }, ev.title || ev.source_id), ' · ', ev.confidence === null ? t('graph.noEstimate') : t('graph.confidence') + ' ' + pct(ev.confidence)),
      ),
    ))),
    h('p', {}, button),
    panel,
  );
}

// confidence says how sure the panel was: its vote fraction and votes, or,
// for a deterministic model's single vote (confidence null), that there is
// no estimate — never 100%, which would read as five agreeing votes.
export function confidence(x) {
  if (x.confidence === null) return t('graph.deterministic');
  return t('graph.confidence') + ': ' + pct(x.confidence) + ' · ' + t('graph.votes') + ': ' + String(x.votes ?? '');
}

// model names the model that decided: the catalogue's words for the
// offline engine, a provider's model name as it is.
function model(m) {
  return has('model.' + m) ? t('model.' + m) : h('span', { class: 'doc' }, m);
}

function pct(x) {
  return typeof x === 'number' ? Math.round(x * 100) + '%' : '';
}

function json(v) {
  return h('pre', { class: 'json' }, JSON.stringify(v, null, 2));
}

// renderExplanation lists the steps of an edge's decision: the panel's
// criteria and votes as a table, every step's input and output as JSON
// text.
export function renderExplanation(ex) {
  const out = h('div', {},
    h('h3', {}, t('explain.title')),
    h('p', { class: 'meta' }, t('explain.state'), ': ', ex.state ? label(has('state.' + ex.state) ? 'state' : 'outcome', ex.state) : '—'),
  );
  if (ex.hidden_steps) out.append(h('p', { class: 'note' }, t('explain.hidden', { n: ex.hidden_steps })));
  const ol = h('ol', { class: 'steps' });
  for (const s of ex.steps || []) {
    const li = h('li', { class: 'step', 'data-step': s.step },
      h('h4', {}, label('step', s.step), s.prompt_version ? h('span', { class: 'meta doc' }, ' · ', s.prompt_version) : null, s.model ? h('span', { class: 'meta' }, ' · ', model(s.model)) : null),
    );
    const crit = s.output?.criteria;
    if (Array.isArray(crit) && crit.length) {
      li.append(h('table', { class: 'criteria' },
        h('thead', {}, h('tr', {}, ['explain.criteria', 'explain.yes', 'explain.passed', 'explain.reasons'].map((k) => h('th', { scope: 'col' }, t(k))))),
        h('tbody', {}, crit.map((c) => h('tr', {},
          h('td', { class: 'doc' }, c.id), h('td', {}, `${c.yes ?? 0} / ${c.cast ?? 0}`), h('td', {}, c.passed ? '✓' : '✗'),
          h('td', { class: 'doc' }, (c.reasons || []).join('; ')),
        ))),
      ));
    }
    if (s.votes) {
      li.append(h('p', { class: 'votes' }, t('explain.votes'), ': ',
        Object.entries(s.votes.counts || {}).map(([k, v]) => `${label('vote', k)} ${v}`).join(', '),
        s.votes.requested ? ` (${s.votes.requested})` : ''));
    }
    if (s.input !== undefined && s.input !== null) li.append(h('details', {}, h('summary', {}, t('explain.input')), json(s.input)));
    if (s.output !== undefined && s.output !== null) li.append(h('details', {}, h('summary', {}, t('explain.output')), json(s.output)));
    ol.append(li);
  }
  out.append(ol);
  if ((ex.human || []).length) {
    out.append(h('h4', {}, t('explain.human')), h('ul', {}, ex.human.map((v) => h('li', {}, h('span', { class: 'doc' }, v.author || ''), ': ', label('vote', v.vote), v.why ? [' — ', h('span', { class: 'doc' }, v.why)] : ''))));
  }
  return out;
}
