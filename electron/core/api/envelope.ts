/**
 * A list reply's envelope read from its bytes without decoding its records: `result`, `totalresults`,
 * `startnumber` and `numreturned`, the top-level members a sync needs on the thread that pages through a list,
 * while the records themselves are decoded on the thread that writes them. Values between those members are
 * skipped (strings, numbers, nested objects and arrays), never built; the scan stops once all four are found,
 * which in the usual reply is within its first hundred bytes.
 *
 * Null when the bytes do not start as one JSON object whose members can be walked: the caller then reads the
 * reply the ordinary way (interpretReply), which says what is wrong with it.
 */

export interface ListEnvelope {
  /** `result` when it is a string; null when absent or of another type. */
  result: string | null;
  /** `totalresults` / `numreturned` as whole numbers (sent as numbers or digit strings); null when absent or not. */
  total: number | null;
  start: number | null;
  returned: number | null;
}

const QUOTE = 0x22, BACKSLASH = 0x5c, COLON = 0x3a, COMMA = 0x2c;
const BRACE_OPEN = 0x7b, BRACE_CLOSE = 0x7d, BRACKET_OPEN = 0x5b, BRACKET_CLOSE = 0x5d;

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

export function readEnvelope(bytes: Uint8Array): ListEnvelope | null {
  const envelope: ListEnvelope = { result: null, total: null, start: null, returned: null };
  const end = bytes.length;
  let at = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const skipSpace = () => {
    while (at < end && isSpace(bytes[at]!)) at++;
  };
  /** From an opening quote to just past the closing one; -1 when the string does not end. */
  const stringEnd = (from: number): number => {
    for (let i = from + 1; i < end; i++) {
      const c = bytes[i]!;
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) return i + 1;
    }
    return -1;
  };
  /** Past one value of any kind; -1 when it does not end before the bytes do. */
  const valueEnd = (from: number): number => {
    const first = bytes[from];
    if (first === QUOTE) return stringEnd(from);
    if (first !== BRACE_OPEN && first !== BRACKET_OPEN) {
      let i = from;
      while (i < end && bytes[i] !== COMMA && bytes[i] !== BRACE_CLOSE && bytes[i] !== BRACKET_CLOSE && !isSpace(bytes[i]!)) i++;
      return i === from ? -1 : i;
    }
    let depth = 0;
    for (let i = from; i < end; i++) {
      const c = bytes[i]!;
      if (c === QUOTE) {
        i = stringEnd(i) - 1;
        if (i < 0) return -1;
      } else if (c === BRACE_OPEN || c === BRACKET_OPEN) depth++;
      else if ((c === BRACE_CLOSE || c === BRACKET_CLOSE) && --depth === 0) return i + 1;
    }
    return -1;
  };
  const text = (from: number, to: number) => Buffer.from(bytes.buffer, bytes.byteOffset + from, to - from).toString('latin1');

  skipSpace();
  if (bytes[at] !== BRACE_OPEN) return null;
  at++;
  skipSpace();
  if (bytes[at] === BRACE_CLOSE) return envelope;
  for (;;) {
    skipSpace();
    if (bytes[at] !== QUOTE) return null;
    const keyEnd = stringEnd(at);
    if (keyEnd < 0) return null;
    const key = text(at + 1, keyEnd - 1);
    at = keyEnd;
    skipSpace();
    if (bytes[at] !== COLON) return null;
    at++;
    skipSpace();
    const valueStart = at;
    at = valueEnd(valueStart);
    if (at < 0) return null;
    if (key === 'result') envelope.result = bytes[valueStart] === QUOTE ? JSON.parse(text(valueStart, at)) as string : null;
    else if (key === 'totalresults') envelope.total = wholeNumber(text(valueStart, at));
    else if (key === 'startnumber') envelope.start = wholeNumber(text(valueStart, at));
    else if (key === 'numreturned') envelope.returned = wholeNumber(text(valueStart, at));
    if (envelope.result !== null && envelope.total !== null && envelope.start !== null && envelope.returned !== null) return envelope;
    skipSpace();
    if (bytes[at] === COMMA) at++;
    else if (bytes[at] === BRACE_CLOSE) return envelope;
    else return null;
  }
}

/** A counter as sent: 12 or "12". */
function wholeNumber(json: string): number | null {
  const digits = json.startsWith('"') && json.endsWith('"') ? json.slice(1, -1) : json;
  return /^\d{1,15}$/.test(digits) ? Number(digits) : null;
}
