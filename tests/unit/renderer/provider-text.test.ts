/** How provider text is shown: each value isolated from its neighbours, announcements' HTML kept to what they need. */
import { describe, expect, it } from 'vitest';
import { isolate, joinIsolated, needsIsolation } from '../../../shared/bidi';
import { ANNOUNCEMENT_PURIFY_CONFIG } from '../../../renderer/src/components/detail/announcement-html';

describe('bidi isolation', () => {
  it('isolates each value, so a right-to-left mark in one cannot reorder the next', () => {
    const first = 'Ada\u200F';
    expect(joinIsolated([first, 'Byron'])).toBe('\u2068Ada\u200F\u2069 \u2068Byron\u2069');
    expect(isolate('x')).toBe('\u2068x\u2069');
    expect(joinIsolated(['\u05E9\u05DC\u05D5\u05DD', 'Cohen'])).toBe('\u2068\u05E9\u05DC\u05D5\u05DD\u2069 \u2068Cohen\u2069');
  });

  it('joins plain left-to-right values as they are, so a name reads and matches unchanged', () => {
    expect(joinIsolated(['Grace', 'Costa'])).toBe('Grace Costa');
  });

  it('says which values need isolating: right-to-left letters and direction marks, not plain text', () => {
    for (const text of ['\u05E9\u05DC\u05D5\u05DD', 'Ada\u200F', '\u202Eevil', 'x\u2067y', '\u0627\u0644\u0639\u0631\u0628\u064A\u0629']) expect(needsIsolation(text), text).toBe(true);
    for (const text of ['example.com', 'Müller', '€ 12.50', '—', '']) expect(needsIsolation(text), text).toBe(false);
  });
});

describe('the announcements’ sanitizer configuration', () => {
  it('forbids forms, styles and what embeds other pages', () => {
    for (const tag of ['style', 'form', 'input', 'button', 'iframe', 'object', 'embed', 'link', 'meta', 'base']) {
      expect(ANNOUNCEMENT_PURIFY_CONFIG.FORBID_TAGS, tag).toContain(tag);
    }
    for (const attribute of ['style', 'action', 'formaction', 'srcset']) expect(ANNOUNCEMENT_PURIFY_CONFIG.FORBID_ATTR, attribute).toContain(attribute);
    expect(ANNOUNCEMENT_PURIFY_CONFIG.ALLOW_DATA_ATTR).toBe(false);
  });
});
