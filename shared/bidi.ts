/**
 * Provider text may hold right-to-left marks and letters: each value shown beside another is isolated (FSI …
 * PDI, the text form of `<bdi>`), so that a mark in a first name cannot reorder the last name after it.
 */
const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

export function isolate(text: string): string {
  return `${FIRST_STRONG_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}`;
}

/** Right-to-left letters, or a mark or embedding that changes the direction of what follows. */
const DIRECTIONAL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/**
 * Values joined for display, each isolated from its neighbours when one of them could reorder the others; plain
 * left-to-right values are joined as they are, so names read and match (a link's accessible name) unchanged.
 */
export function joinIsolated(values: readonly unknown[], separator = ' '): string {
  const texts = values.map(String);
  return texts.some((text) => DIRECTIONAL.test(text)) ? texts.map(isolate).join(separator) : texts.join(separator);
}
