// review.js is the review queue: candidate edges the panel left to a
// person (below the threshold, or in a spec's review band), on pages the
// caller may read, for a curator to approve or reject. Others see the queue without the buttons (the server would
// refuse their votes all the same).

import { call } from './api.js';
import { h, sourcePath } from './dom.js';
import { confidence } from './graph.js';
import { t, label } from './i18n.js';

export async function render(root, ctx) {
  const view = h('section', { class: 'view review' }, h('h1', {}, t('review.title')), h('p', { class: 'note' }, t('review.intro')));
  root.append(view);
  const res = await call('GET', 'review', { signal: ctx.signal }).catch((err) => {
    ctx.fail(view, err);
    return null;
  });
  if (!res) return;
  const items = res.review || [];
  if (!items.length) {
    view.append(h('p', { class: 'empty', role: 'status' }, t('review.none')));
    return;
  }
  if (!ctx.rights.curator) view.append(h('p', { class: 'note', id: 'curator-only' }, t('review.curatorOnly')));
  view.append(h('ul', { class: 'queue' }, items.map((it) => renderItem(it, ctx))));
}

function renderItem(it, ctx) {
  const whyID = 'why-' + it.id.replace(/[^\w-]/g, '_');
  const why = h('input', { id: whyID, type: 'text', autocomplete: 'off' });
  const status = h('p', { class: 'status', role: 'status' });
  const buttons = ['approve', 'reject'].map((vote) => h('button', {
    type: 'button', class: vote === 'approve' ? 'primary' : 'danger', 'data-vote': vote,
    onclick: async () => {
      for (const b of buttons) b.disabled = true;
      status.textContent = '';
      const res = await call('POST', 'review/decisions', { body: { id: it.id, vote, why: why.value.trim() }, signal: ctx.signal }).catch((err) => {
        ctx.fail(status, err);
        for (const b of buttons) b.disabled = false;
        return null;
      });
      if (res) status.textContent = t('review.done', { vote: t('review.' + vote), result: label('outcome', res.result) });
    },
  }, t('review.' + vote)));
  return h('li', { class: 'card item', 'data-item': it.id },
    h('p', { class: 'triple doc' }, h('strong', {}, it.subject), ' ', h('span', { class: 'relation' }, it.relation), ' ', h('strong', {}, it.object)),
    h('blockquote', { class: 'quote' }, h('a', { class: 'quote-link doc', href: sourcePath(it.source_id) }, it.quote || ''),
      h('p', { class: 'cite' }, h('span', { class: 'doc' }, it.source_id), ' · ', confidence(it))),
    ctx.rights.curator ? [
      h('p', {}, h('label', { for: whyID }, t('review.why')), ' ', why),
      h('p', { class: 'actions' }, buttons),
      status,
    ] : null,
  );
}
