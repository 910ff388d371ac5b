/** A list query the mirror cannot run: unknown sort field or filter, a bad filter value, a foreign cursor. */
export class MirrorQueryError extends Error {
  override readonly name = 'MirrorQueryError';
}
