// hints.js shows permission hints: records the caller may not read that
// would have answered. A hint names only a system and, when known, the
// author's email — never a title, id or text — and offers a mailto link
// to ask that author for access.

import { h, mailto } from './dom.js';
import { t } from './i18n.js';

// renderHints returns the hints section, or null when there are none.
export function renderHints(hints) {
  if (!hints || !hints.length) return null;
  return h('section', { class: 'hints', 'aria-labelledby': 'hints-title' },
    h('h2', { id: 'hints-title' }, t('hints.title')),
    h('p', {}, t('hints.intro')),
    h('ul', {}, hints.map((hint) => {
      const href = hint.author ? mailto(hint.author, t('hints.subject'), t('hints.body', { system: hint.system })) : '';
      return h('li', { class: 'hint' },
        h('span', { class: 'label' }, t('hints.system'), ': '), h('span', { class: 'system doc' }, hint.system),
        hint.author ? [' · ', h('span', { class: 'label' }, t('hints.author'), ': '), h('span', { class: 'author doc' }, hint.author)] : null,
        href ? [' ', h('a', { class: 'request', href }, t('hints.request'))] : null,
      );
    })),
  );
}
