/** A text cut into plain and matching pieces for a find box (case-insensitive, the query taken literally). */

export interface TextPiece {
  text: string;
  /** The match's index among all matches; null for plain text. */
  match: number | null;
}

export function findPieces(text: string, query: string): TextPiece[] {
  if (query === '') return [{ text, match: null }];
  const pattern = new RegExp(query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');
  const pieces: TextPiece[] = [];
  let last = 0;
  let index = 0;
  for (const found of text.matchAll(pattern)) {
    if (found.index > last) pieces.push({ text: text.slice(last, found.index), match: null });
    pieces.push({ text: found[0], match: index++ });
    last = found.index + found[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last), match: null });
  return pieces;
}
