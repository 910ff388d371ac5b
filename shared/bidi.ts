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
 * Whether a value could reorder what is shown beside it (right-to-left letters, or a direction mark): only
 * such a value needs isolating. Plain left-to-right text is shown as it is, which in a list also spares the
 * page an element per cell (`<bdi>` is laid out as a direction-finding isolate of its own).
 */
export const needsIsolation = (text: string): boolean => DIRECTIONAL.test(text);

/**
 * Values joined for display, each isolated from its neighbours when one of them could reorder the others; plain
 * left-to-right values are joined as they are, so names read and match (a link's accessible name) unchanged.
 */
export function joinIsolated(values: readonly unknown[], separator = ' '): string {
  const texts = values.map(String);
  return texts.some(needsIsolation) ? texts.map(isolate).join(separator) : texts.join(separator);
}
