/**
 * Provider text may hold right-to-left marks and letters: each value shown beside another is isolated (FSI …
 * PDI, the text form of `<bdi>`), so that a mark in a first name cannot reorder the last name after it.
 */
const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

export function isolate(text: string): string {
  return `${FIRST_STRONG_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}`;
}

/** Values joined for display, each isolated from its neighbours. */
export function joinIsolated(values: readonly unknown[], separator = ' '): string {
  return values.map((value) => isolate(String(value))).join(separator);
}
