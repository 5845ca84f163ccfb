// ask.js is the question box and the answer: the stages as they stream,
// then the prose with numbered footnotes, each claim with its verbatim
// quote and one mark — exact, paraphrase or possible distortion (with its
// reasons); unverified statements apart, with their reasons; "not found"
// with its reason; permission hints. The empty page offers example
// questions made from titles the caller may read.

import { ask, call } from './api.js';
import { h, clear, original, sourcePath } from './dom.js';
import { t, tn, has, label } from './i18n.js';
import { renderHints } from './hints.js';

// The last answers, by caller and question, so that coming back from a
// source shows the same answer without asking again. Signing out forgets
// them all (see forget).
const answers = new Map();

// forget drops every remembered answer.
export function forget() {
  answers.clear();
}

export async function render(root, ctx) {
  const question = ctx.params.get('q') || '';
  const input = h('textarea', { id: 'question', rows: '2', required: true, 'aria-describedby': 'ask-hint' });
  input.value = question;
  const form = h('form', { class: 'askform', role: 'search' },
    h('label', { for: 'question' }, t('ask.label')),
    h('div', { class: 'row' }, input, h('button', { type: 'submit', class: 'primary', id: 'ask' }, t('ask.submit'))),
    h('p', { class: 'note', id: 'ask-hint' }, t('ask.hint')),
  );
  const progress = h('ol', { class: 'stages', id: 'stages', 'aria-live': 'polite' });
  const summary = h('summary', {}, t('ask.progress'));
  const stagesBox = h('details', { class: 'progress', open: true, hidden: true }, summary, progress);
  const result = h('div', { class: 'result', id: 'result' });
  root.append(h('section', { class: 'view ask' }, h('h1', { class: 'sr-only' }, t('ask.title')), form, stagesBox, result));
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      form.requestSubmit();
    }
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const q = input.value.trim();
    if (!q) return;
    answers.clear(); // asking again asks again
    ctx.navigate('/?q=' + encodeURIComponent(q));
  });
  if (!question.trim()) {
    input.focus();
    await examples(result, ctx);
    return;
  }
  const key = ctx.session.rights.actor + '\n' + ctx.session.rights.principals.join(' ') + '\n' + question.trim();
  const cached = answers.get(key);
  if (cached) {
    result.append(renderAnswer(cached));
    return;
  }
  const stages = new Map();
  const a = await ask(question.trim(), {
    signal: ctx.signal,
    onStage: (st) => {
      stagesBox.hidden = false;
      let li = stages.get(st.stage);
      if (!li) {
        li = h('li', { 'data-stage': st.stage });
        stages.set(st.stage, li);
        progress.append(li);
      }
      li.className = st.done ? 'done' : 'running';
      clear(li).append(
        h('span', { class: 'name' }, label('stage', st.stage)),
        ' — ',
        h('span', { class: 'state' }, st.done ? stageDetail(st) : t('stage.running')),
      );
    },
  }).catch((err) => {
    ctx.fail(result, err);
    return null;
  });
  if (!a) return;
  // The stages are done: fold them away, a click from view.
  stagesBox.open = false;
  summary.textContent = t('ask.stagesDone', { n: stages.size });
  answers.set(key, a);
  if (answers.size > 20) answers.delete(answers.keys().next().value);
  result.append(renderAnswer(a));
  document.getElementById('answer-title')?.focus({ preventScroll: true });
}

// examples offers a few questions about the newest sources the caller may
// read (the server lists only those: an anonymous reader gets public ones
// at most), each a link that asks it.
async function examples(root, ctx) {
  const list = await call('GET', 'sources', { query: { status: 'active', limit: 200 }, signal: ctx.signal }).catch(() => null);
  const titled = (list?.sources || []).filter((s) => s.title && Array.from(s.title).length <= 80);
  if (!titled.length) return;
  titled.sort((a, b) => String(b.updated_at || '').localeCompare(String(a.updated_at || '')) || a.title.localeCompare(b.title));
  root.append(h('section', { class: 'examples', id: 'examples', 'aria-labelledby': 'examples-title' },
    h('h2', { id: 'examples-title' }, t('ask.examples')),
    h('ul', {}, titled.slice(0, 4).map((s) => {
      const q = t('ask.example', { title: s.title });
      const [before, after] = t('ask.example').split('{title}');
      return h('li', {}, h('a', { href: '/?q=' + encodeURIComponent(q), class: 'example' }, before, h('span', { class: 'doc' }, s.title), after ?? ''));
    })),
  ));
}

// stageDetail returns what a finished stage found, in the UI's language,
// from the server's counts and codes.
function stageDetail(st) {
  if (st.failed) return t('detail.failed');
  if (st.of != null) return t(st.stage === 'relevance' ? 'detail.onTopic' : 'detail.supported', { n: st.found || 0, of: st.of });
  if (st.unit === 'record' && !st.found) return t('detail.nothing');
  if (st.unit) return tn('detail.' + st.unit, st.found || 0);
  return t('stage.done');
}

// marker matches a citation marker as the server writes them: [1], [1, 2].
const marker = /\[\s*\d{1,3}(?:\s*[,;]\s*\d{1,3})*\s*\]/g;

// quoteTarget is where a citation opens its source: the quote's span when
// one was located, else the chunk that won retrieval.
function quoteTarget(cit, src) {
  if (cit?.quote) return sourcePath(cit.source_id, cit.version, cit.quote.start, cit.quote.end);
  const s = cit || src;
  const ev = s?.evidence;
  return sourcePath(s.source_id, s.version, ev?.start, ev?.end);
}

// prose renders the answer's text with each marker number as a footnote
// link. The k-th use of [N] opens the quote of the k-th claim citing N
// (the assembled text follows the claims' order), or the first one.
function prose(a) {
  const citing = new Map(); // n → citations of claims, in claim order
  for (const c of a.claims || []) {
    for (const cit of c.citations || []) {
      if (!citing.has(cit.n)) citing.set(cit.n, []);
      citing.get(cit.n).push(cit);
    }
  }
  const used = new Map();
  const sources = new Map((a.sources || []).map((s) => [s.n, s]));
  const p = h('p', { class: 'prose doc', id: 'prose' });
  const text = a.answer || '';
  let last = 0;
  for (const m of text.matchAll(marker)) {
    p.append(text.slice(last, m.index));
    last = m.index + m[0].length;
    const nums = m[0].slice(1, -1).split(/[\s,;]+/).filter(Boolean).map(Number);
    const sup = h('sup', { class: 'fn' }, '[');
    nums.forEach((n, i) => {
      if (i) sup.append(', ');
      const k = used.get(n) || 0;
      used.set(n, k + 1);
      const cits = citing.get(n) || [];
      const cit = cits[k] || cits[0];
      const src = sources.get(n);
      if (!cit && !src) {
        sup.append(String(n));
        return;
      }
      sup.append(h('a', {
        href: quoteTarget(cit, src), class: 'footnote', 'data-n': n,
        'aria-label': t('answer.footnote', { n, title: (cit || src).title || (cit || src).source_id }),
      }, String(n)));
    });
    sup.append(']');
    p.append(sup);
  }
  p.append(text.slice(last));
  return p;
}

function badge(cls, text, title) {
  return h('span', { class: 'badge ' + cls, title: title || false }, text);
}

// risks name a distortion's words in the catalogue by its kind and the
// side that has it (the server's codes); the cues are the document's own
// words.
const risks = {
  'number claim': 'risk.claimNumber',
  'number quote': 'risk.quoteNumber',
  'negation quote': 'risk.quoteNegated',
  'negation claim': 'risk.claimNegated',
  'qualifier quote': 'risk.quoteQualifier',
  'qualifier claim': 'risk.claimQualifier',
  'condition claim': 'risk.claimCondition',
  'condition quote': 'risk.quoteCondition',
  'hedge quote': 'risk.quoteHedge',
  'hedge claim': 'risk.claimHedge',
};

// riskReason returns one distortion in the UI's language, the cue words
// as the document's text.
function riskReason(d) {
  const cues = d.kind === 'number' ? (d.cues || []).join(', ') : (d.cues || []).map((c) => '"' + c + '"').join(', ');
  const key = risks[d.kind + ' ' + d.in];
  if (!key) return h('span', { class: 'doc' }, cues);
  const [before, after] = t(key, { verb: d.qualifier ? t('qualifier.' + d.qualifier) : '' }).split('{x}');
  return [before, h('span', { class: 'doc' }, cues), after ?? ''];
}

// mark is a claim's one mark: a possible distortion when the paraphrase
// may change the meaning, else a paraphrase, else an exact quote.
function mark(c) {
  if (c.distortion_risk && c.distortion_risk !== 'none') return badge('distortion', t('answer.distortion'), t('answer.distortionTitle'));
  if (c.is_paraphrased) return badge('paraphrase', t('answer.paraphrase'), t('answer.paraphraseTitle'));
  return badge('exact', t('answer.exact'), t('answer.exactTitle'));
}

function renderClaim(c, i) {
  const li = h('li', { class: 'claim', id: 'claim-' + (i + 1) });
  li.append(h('p', { class: 'text' }, mark(c), ' ', h('span', { class: 'claim-text doc' }, c.claim), ' ', (c.refs || []).map((n) => h('span', { class: 'ref' }, '[' + n + ']'))));
  if (c.distortion_risk && c.distortion_risk !== 'none') {
    li.append(h('div', { class: 'warning distortion', role: 'note' },
      h('p', {}, h('span', { 'aria-hidden': 'true' }, '⚠ '), t('answer.risk', { risk: label('answer.risk', c.distortion_risk) })),
      (c.distortions || []).length ? h('ul', {}, c.distortions.map((d) => h('li', {}, riskReason(d)))) : null,
    ));
  }
  if (c.marked) li.append(h('p', { class: 'warning' }, t('answer.marked')));
  for (const cit of c.citations || []) {
    const cite = h('p', { class: 'cite' },
      h('span', { class: 'ref' }, '[' + cit.n + '] '),
      h('span', { class: 'title doc' }, cit.title || cit.source_id), ' · ', h('span', { class: 'system doc' }, cit.system),
      // A quote found other than byte for byte says how, in words.
      cit.quote?.kind && cit.quote.kind !== 'exact' && has('quote.' + cit.quote.kind) ? [' · ', h('span', { class: 'kind' }, t('quote.' + cit.quote.kind))] : null,
    );
    if (cit.quote) {
      li.append(h('blockquote', { class: 'quote' },
        h('a', { href: quoteTarget(cit), class: 'quote-link doc', title: t('answer.openQuote'), 'data-start': cit.quote.start, 'data-end': cit.quote.end, 'data-kind': cit.quote.kind || false }, cit.quote.text),
        cite,
      ));
    } else {
      li.append(h('div', { class: 'quote missing' }, h('p', {}, t('answer.noQuote')), cite,
        h('p', {}, h('a', { href: quoteTarget(cit) }, t('answer.openSource')))));
    }
  }
  return li;
}

// renderConflicts shows where the cited sources disagree: for each
// conflict, every value with the footnotes of the claim that states it,
// each footnote opening that claim's quote — both values, never one.
function renderConflicts(a) {
  const conflicts = (a.conflicts || []).filter((c) => (c.claims || []).length === (c.values || []).length);
  if (!conflicts.length) return null;
  return h('section', { class: 'conflicts warning', id: 'conflicts', role: 'note', 'aria-labelledby': 'conflicts-title' },
    h('h2', { id: 'conflicts-title' }, h('span', { 'aria-hidden': 'true' }, '⚠ '), t('answer.conflicts')),
    h('p', {}, t('answer.conflictsIntro')),
    h('ul', {}, conflicts.map((c) => h('li', { class: 'conflict', 'data-kind': c.kind },
      h('span', { class: 'kind' }, label('conflict', c.kind)), ': ',
      c.claims.map((i, k) => {
        const claim = (a.claims || [])[i] || {};
        const cits = claim.citations || [];
        return h('span', { class: 'value' }, k ? ' · ' : null,
          h('strong', { class: 'doc' }, c.values[k]), ' ',
          cits.map((cit) => h('a', { href: quoteTarget(cit), class: 'footnote', title: cit.title || cit.source_id }, '[' + cit.n + ']')),
          ' ', h('span', { class: 'source doc' }, cits.map((cit) => cit.title || cit.source_id).join(', ')));
      }),
    ))),
  );
}

// renderParts shows each part of a compound question with its outcome:
// the claims that answer it, or why it is not found and its hints.
function renderParts(a) {
  if (!(a.parts || []).length) return null;
  return h('section', { class: 'parts', id: 'parts', 'aria-labelledby': 'parts-title' },
    h('h2', { id: 'parts-title' }, t('answer.parts')),
    h('ol', {}, a.parts.map((p) => h('li', { class: 'part', 'data-outcome': p.outcome },
      h('p', { class: 'question doc' }, p.question),
      p.outcome === 'answered'
        ? h('p', { class: 'outcome' }, t('part.answered'), ' ', (p.claims || []).map((i) => h('a', { href: '#claim-' + (i + 1), class: 'claim-ref' }, '#' + (i + 1) + ' ')))
        : h('p', { class: 'outcome' }, t('part.notFound'), ': ', t(has('notfound.' + p.not_found_reason) ? 'notfound.' + p.not_found_reason : 'notfound.other')),
      (p.hints || []).length ? h('p', { class: 'part-hints' }, t('hints.title'), ': ',
        p.hints.map((hint, k) => [k ? '; ' : '', h('span', { class: 'system doc' }, hint.system), hint.author ? [' · ', h('span', { class: 'author doc' }, hint.author)] : null])) : null,
    ))),
  );
}

// renderAnswer returns the answer's elements.
export function renderAnswer(a) {
  const out = document.createDocumentFragment();
  const meta = h('p', { class: 'meta' }, [
    a.model ? h('span', { class: 'model' }, has('model.' + a.model) ? t('model.' + a.model) : [t('answer.model'), ': ', h('span', { class: 'doc' }, a.model)]) : null,
    a.policy ? h('span', { class: 'policy' }, label('policy', a.policy)) : null,
    a.cached ? h('span', {}, t('answer.cached')) : null,
  ].filter(Boolean).flatMap((el, i) => (i ? [' · ', el] : [el])));
  if (a.outcome === 'not_found') {
    const reason = a.not_found_reason || 'other';
    out.append(h('section', { class: 'notfound', role: 'status', id: 'notfound', 'data-reason': reason },
      h('h2', { id: 'answer-title', tabindex: '-1' }, t('notfound.title')),
      h('p', { class: 'reason' }, t(has('notfound.' + reason) ? 'notfound.' + reason : 'notfound.other')),
      meta,
    ));
  } else if (a.outcome === 'conversational' || a.mode === 'conversational') {
    out.append(h('section', { class: 'answer conversational', id: 'answer' },
      h('h2', { id: 'answer-title', tabindex: '-1' }, t('answer.title')),
      h('p', { class: 'warning' }, t('answer.conversational')),
      h('p', { class: 'prose doc' }, a.answer || ''),
      meta,
    ));
  } else {
    out.append(h('section', { class: 'answer', id: 'answer' },
      h('h2', { id: 'answer-title', tabindex: '-1' }, t('answer.title')),
      prose(a),
      meta,
    ));
  }
  const conflicts = renderConflicts(a);
  if (conflicts) out.append(conflicts);
  const parts = renderParts(a);
  if (parts) out.append(parts);
  if ((a.claims || []).length) {
    out.append(h('section', { class: 'claims', 'aria-labelledby': 'claims-title' },
      h('h2', { id: 'claims-title' }, t('answer.claims')),
      h('ol', {}, a.claims.map(renderClaim)),
    ));
  }
  if ((a.sources || []).length) {
    out.append(h('section', { class: 'sources', 'aria-labelledby': 'sources-title' },
      h('h2', { id: 'sources-title' }, t('answer.sources')),
      h('ol', {}, a.sources.map((s) => h('li', { value: s.n },
        h('a', { href: quoteTarget(null, s), class: 'source-link doc' }, s.title || s.source_id),
        ' · ', h('span', { class: 'system doc' }, s.system), ' · ', original(s.uri),
      ))),
    ));
  }
  if ((a.unverified_claims || []).length) {
    out.append(h('section', { class: 'unverified', id: 'unverified', 'aria-labelledby': 'unverified-title' },
      h('h2', { id: 'unverified-title' }, t('answer.unverified')),
      h('p', {}, t('answer.unverifiedIntro')),
      h('ul', {}, a.unverified_claims.map((u) => h('li', {},
        h('p', { class: 'claim-text doc' }, u.claim),
        h('p', { class: 'reason' }, u.reason === 'off_topic' ? [t('answer.offTopic'), u.relevance?.reason ? [': ', h('span', { class: 'doc' }, u.relevance.reason)] : null] : h('span', { class: 'doc' }, u.reason),
          u.stage ? [' (', t('answer.stage', { stage: label('stage', u.stage) }), ')'] : null),
      ))),
    ));
  }
  if ((a.failures || []).length) {
    out.append(h('section', { class: 'failures' },
      h('h2', {}, t('answer.failures')),
      h('ul', {}, a.failures.map((f) => h('li', {}, label('stage', f.stage), ': ', h('span', { class: 'doc' }, f.message || f.code)))),
    ));
  }
  const hints = renderHints(a.hints);
  if (hints) out.append(hints);
  if (a.answer_id) out.append(renderFeedback(a.answer_id));
  return out;
}

// renderFeedback is the pair of 👍 / 👎 buttons under an answer with an
// id: a click stores the caller's rating (POST /api/v1/feedback), and the
// last one counts.
function renderFeedback(id) {
  const status = h('span', { class: 'note', role: 'status', id: 'feedback-status' });
  const rate = (rating) => async () => {
    try {
      await call('POST', 'feedback', { body: { answer_id: id, rating } });
      status.textContent = t('feedback.thanks');
    } catch (err) {
      status.textContent = t('feedback.failed') + ': ' + (err.message || err);
    }
  };
  return h('section', { class: 'feedback', 'aria-label': t('feedback.label'), 'data-answer': id },
    h('button', { type: 'button', id: 'feedback-up', 'aria-label': t('feedback.up'), onclick: rate('up') }, '👍'), ' ',
    h('button', { type: 'button', id: 'feedback-down', 'aria-label': t('feedback.down'), onclick: rate('down') }, '👎'), ' ',
    status);
}
