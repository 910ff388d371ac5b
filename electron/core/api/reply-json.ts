/**
 * Reads a reply's bytes into its folded value (wire-shape.ts). A flattened list reply is one object of
 * thousands of bracket keys with scalar values; JSON.parse would build it as a dictionary-mode object that
 * unflatten then walks again. Such a reply is instead scanned member by member straight into the fold. Any
 * other reply takes the JSON.parse path, and so does any flat reply the scan cannot read exactly as JSON.parse
 * would.
 *
 * The scan is the hottest code on a sync's main thread (tens of MB of replies, millions of members), so it
 * reads char codes in place and allocates little besides the values: no match objects, and for the usual key
 * (the previous key's parent plus one `[leaf]`) no key string either, only a leaf name shared by every record.
 *
 * It reads the bytes as Latin-1, one character per byte: that costs a copy, where decoding UTF-8 costs a pass
 * that, once a reply holds one non-ASCII character (a customer named Zoë), makes the whole text and every
 * value sliced from it two bytes per character. JSON's syntax is all ASCII and a UTF-8 sequence has no ASCII
 * byte in it, so the structure reads the same; only a string holding bytes above 0x7f is decoded from them.
 */
import { Folder, isWireObject, unflatten, type WireObject, type WireValue } from './wire-shape.js';

/** A reply's text: its bytes as UTF-8, less the byte order mark some servers put first. */
export function replyText(bytes: Buffer): string {
  return withoutBom(bytes).toString('utf8');
}

/**
 * The value of a reply with flattened keys folded: `isWireObject(v) ? unflatten(v) : v` for
 * `v = JSON.parse(replyText(bytes))`, same values and same key order; undefined when that is not JSON.
 */
export function parseReplyJson(bytes: Buffer): unknown {
  const folded = scanFlatReply(bytes);
  if (folded !== null) return folded;
  let value: unknown;
  try {
    value = JSON.parse(replyText(bytes)) as unknown;
  } catch {
    return undefined;
  }
  return isWireObject(value) ? unflatten(value) : value;
}

/**
 * The folded value of a reply that is one non-empty JSON object of scalar members, or null when it is
 * anything else or the result could differ from JSON.parse's.
 *
 * A repeated key would differ (JSON.parse keeps the key's first place and its last value), and it is caught
 * as the fold landing on a property already there. That catches every one: with scalar values only, a
 * property the fold has set goes away only when something overwrites it (a leaf set again, or a scalar
 * replaced by a node), which the fold reports; so until it does, every member's own leaf is still in the tree
 * and a repeated key lands on it. Without repeats and array-index keys, JSON.parse's object holds the members
 * in text order, which is the order they are folded in here.
 */
export function scanFlatReply(bytes: Buffer): WireObject | null {
  return new FlatScan(withoutBom(bytes)).run();
}

function withoutBom(bytes: Buffer): Buffer {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
}

// The character codes the scan reads, by what they take part in.
const SPACE = 0x20, TAB = 0x09, LF = 0x0a, CR = 0x0d;
const BRACE_OPEN = 0x7b, BRACE_CLOSE = 0x7d, QUOTE = 0x22, COLON = 0x3a, COMMA = 0x2c, BACKSLASH = 0x5c;
const BRACKET_OPEN = 0x5b, BRACKET_CLOSE = 0x5d;
const MINUS = 0x2d, PLUS = 0x2b, DOT = 0x2e, ZERO = 0x30, NINE = 0x39, LOWER_E = 0x65, UPPER_E = 0x45;
const LOWER_T = 0x74, LOWER_F = 0x66, LOWER_N = 0x6e;
/** V8 slices a string of this many characters or more as a view into the one it is sliced from. */
const SHORTEST_VIEW = 13;
/** From here up, a byte is part of a UTF-8 sequence, not a character of its own. */
const NON_ASCII = 0x80;

/** JSON.parse lists array-index keys first, whatever their place in the text; all digits covers them all. */
const DIGITS = /^\d+$/;

/**
 * One pass over a reply's bytes, read through `text`, their Latin-1 string, whose positions are theirs. Each
 * reader starts at `at` and leaves it after what it read; past the end of the text charCodeAt gives NaN,
 * which no test below accepts, so running off the end fails like any wrong character.
 */
class FlatScan {
  private at = 0;
  /** Whether the string last passed by stringEnd holds an escape. */
  private escaped = false;
  /** Whether the string last passed by stringEnd holds bytes of UTF-8 sequences. */
  private encoded = false;
  private readonly text: string;
  private readonly folder = new Folder();
  private readonly leaves: LeafNames;
  /** The folder's parentKey while its characters stand for themselves in the text (see leafKey); else null. */
  private prefix: string | null = null;
  /** The parentKey `prefix` was last taken from. */
  private prefixOf: string | null = null;

  constructor(private readonly bytes: Buffer) {
    this.text = bytes.toString('latin1');
    this.leaves = new LeafNames(this.text);
  }

  run(): WireObject | null {
    const { text, folder } = this;
    if (text.charCodeAt(this.skipSpace(0)) !== BRACE_OPEN) return null;
    for (;;) {
      if (text.charCodeAt(this.skipSpace(this.at + 1)) !== QUOTE) return null;
      const keyStart = this.at + 1;
      const leaf = this.leafKey(); // its key holds a `[`, so it is never all digits
      let key: string | null = null;
      if (leaf === null) {
        key = this.string();
        if (key === null || DIGITS.test(key)) return null;
      }
      const keyEscaped = this.escaped;
      if (text.charCodeAt(this.skipSpace(this.at)) !== COLON) return null;
      const value = this.scalar(this.skipSpace(this.at + 1));
      if (value === undefined) return null;
      const after = text.charCodeAt(this.skipSpace(this.at));
      if (after !== COMMA && after !== BRACE_CLOSE) return null;
      if (leaf !== null) folder.addLeaf(leaf, value);
      else this.addKey(key!, keyStart, keyEscaped, value);
      if (folder.overwrote) return null;
      if (after === BRACE_CLOSE) break;
    }
    return this.skipSpace(this.at + 1) === text.length ? folder.finish() : null;
  }

  /** JSON's four whitespace characters from `at`; returns (and sets `at` to) the position after them. */
  private skipSpace(at: number): number {
    const { text } = this;
    for (;;) {
      const c = text.charCodeAt(at);
      if (c !== SPACE && c !== LF && c !== CR && c !== TAB) return (this.at = at);
      at++;
    }
  }

  /**
   * The leaf of the key whose opening quote is at `at` when that key, as it stands in the text, is the
   * folder's parentKey plus one `[leaf]` (no bracket, quote, backslash, control or non-ASCII character in the
   * leaf, and `prefix` has none of the last four either, so the text holds the key's very characters). Those are
   * exactly the keys Folder.add folds by its parent-key path, and addLeaf is that path: the same setLeaf on the
   * same parent, so a leaf already there is reported in `overwrote` just as add would report it, and the
   * duplicate check above stays complete; only the key string is not built. Moves past the key; null, not
   * moving, for any other key (which is read in full and folded by add).
   */
  private leafKey(): string | null {
    const { text, prefix } = this;
    const start = this.at + 1;
    if (prefix === null || !text.startsWith(prefix, start)) return null;
    const open = start + prefix.length;
    if (text.charCodeAt(open) !== BRACKET_OPEN) return null;
    const leaf = this.leaves.read(open + 1);
    if (leaf !== null) this.at = open + leaf.length + 3; // past `[`, the leaf, `]"`
    return leaf;
  }

  /** Folds a key read in full (it opened at `start`), and keeps the parent it leaves for leafKey. */
  private addKey(key: string, start: number, escaped: boolean, value: WireValue): void {
    const { folder } = this;
    folder.add(key, value);
    const parentKey = folder.parentKey;
    if (parentKey !== this.prefixOf) {
      this.prefixOf = parentKey;
      this.prefix = parentKey !== null && standsForItself(parentKey) ? parentKey : null;
    }
    // The key's own leaf, so that the guess for the next one (usually the record's next field) holds.
    const { prefix } = this;
    if (prefix === null || escaped || this.leaves.read(start + prefix.length + 1) === null) this.leaves.forget();
  }

  /** The string whose opening quote is at `at`, moving past it; null when it is not a JSON string. */
  private string(): string | null {
    const start = this.at + 1;
    const end = this.stringEnd(start);
    if (end < 0) return null;
    this.at = end + 1;
    // Copied, not sliced: V8 makes a slice of 13 characters or more a view into the text, so one value would
    // keep the whole reply text alive, and a reply text alive at a minor GC goes to the old generation, which
    // only a full GC empties (a sync's peak held many of them). Shorter slices V8 copies anyway.
    if (!this.escaped) {
      if (this.encoded) return this.bytes.toString('utf8', start, end);
      return end - start < SHORTEST_VIEW ? this.text.slice(start, end) : this.bytes.toString('latin1', start, end);
    }
    try {
      const literal = this.encoded ? this.bytes.toString('utf8', start - 1, end + 1) : this.text.slice(start - 1, end + 1);
      return JSON.parse(literal) as string;
    } catch {
      return null; // an escape JSON does not have
    }
  }

  /**
   * Where the string whose content starts at `at` ends (its closing quote), or -1 when a raw control character
   * or the end of the text comes first. Escapes are only stepped over here (setting `escaped`); JSON.parse
   * decodes them, and rejects those JSON does not have. Bytes of UTF-8 sequences set `encoded`.
   */
  private stringEnd(at: number): number {
    const { text } = this;
    this.escaped = false;
    this.encoded = false;
    for (;;) {
      const c = text.charCodeAt(at);
      if (c === QUOTE) return at;
      if (c === BACKSLASH) {
        this.escaped = true;
        at += 2;
      } else if (c >= SPACE) {
        if (c >= NON_ASCII) this.encoded = true;
        at++;
      } else {
        return -1; // a control character, or NaN past the end
      }
    }
  }

  /** The scalar starting at `at`, moving past it; undefined when there is none. */
  private scalar(at: number): WireValue | undefined {
    const { text } = this;
    const c = text.charCodeAt(at);
    if (c === QUOTE) return this.string() ?? undefined;
    if (c === MINUS || (c >= ZERO && c <= NINE)) return this.number(at);
    const literal = c === LOWER_T ? 'true' : c === LOWER_F ? 'false' : c === LOWER_N ? 'null' : undefined;
    if (literal === undefined || !text.startsWith(literal, at)) return undefined;
    this.at = at + literal.length;
    return literal === 'null' ? null : literal === 'true';
  }

  /** A number by JSON's grammar exactly. A short integer is summed up here, anything else converted by Number. */
  private number(start: number): number | undefined {
    const { text } = this;
    let at = start;
    if (text.charCodeAt(at) === MINUS) at++;
    let c = text.charCodeAt(at);
    let integer = 0;
    if (c === ZERO) {
      c = text.charCodeAt(++at);
    } else if (c > ZERO && c <= NINE) {
      do {
        integer = integer * 10 + (c - ZERO);
        c = text.charCodeAt(++at);
      } while (c >= ZERO && c <= NINE);
    } else {
      return undefined;
    }
    const integerEnd = at;
    if (c === DOT) {
      at = digitsEnd(text, at + 1);
      if (at < 0) return undefined;
      c = text.charCodeAt(at);
    }
    if (c === LOWER_E || c === UPPER_E) {
      c = text.charCodeAt(++at);
      if (c === PLUS || c === MINUS) at++;
      at = digitsEnd(text, at);
      if (at < 0) return undefined;
    }
    this.at = at;
    // Up to 15 characters the sum is exact (below 2^53 all the way); `-0` gives -0 as Number would.
    if (at === integerEnd && at - start <= 15) return text.charCodeAt(start) === MINUS ? -integer : integer;
    return Number(text.slice(start, at));
  }
}

/** The end of the digits from `at`, or -1 when there is not one. */
function digitsEnd(text: string, at: number): number {
  const start = at;
  for (let c = text.charCodeAt(at); c >= ZERO && c <= NINE; c = text.charCodeAt(++at));
  return at > start ? at : -1;
}

/**
 * Whether a decoded string's characters are also its text in a reply read as Latin-1: no quote, backslash,
 * control or non-ASCII character.
 */
function standsForItself(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < SPACE || c >= NON_ASCII || c === QUOTE || c === BACKSLASH) return false;
  }
  return true;
}

const SLOTS = 256; // a power of two
const MAX_NAMES = SLOTS / 2;

/**
 * The leaf names of one text, each taken from it once: records repeat their fields' names, so most members
 * find theirs here and allocate no string for it. Names sit in an open-addressing table hashed by their
 * characters where they stand in the text, and the name that followed a name last time is tried first, since
 * records list their fields in the same order.
 */
class LeafNames {
  private readonly names = new Array<string | undefined>(SLOTS).fill(undefined);
  /** For each slot, the slot of the name read after it last time, or -1. */
  private readonly next = new Array<number>(SLOTS).fill(-1);
  private count = 0;
  /** The slot of the name read last, or -1 when the last key's leaf was not read here. */
  private last = -1;

  constructor(private readonly text: string) {}

  forget(): void {
    this.last = -1;
  }

  /**
   * The leaf starting at `at`, when `]"` ends it and it holds no bracket, quote, backslash, control or
   * non-ASCII character (one segment, whose text is its characters); null otherwise.
   */
  read(at: number): string | null {
    const { text, names } = this;
    if (this.last >= 0) {
      const slot = this.next[this.last]!;
      if (slot >= 0) {
        const guess = names[slot]!;
        if (text.startsWith(guess, at) && isLeafEnd(text, at + guess.length)) {
          this.last = slot;
          return guess;
        }
      }
    }
    let hash = 0;
    let end = at;
    for (;; end++) {
      const c = text.charCodeAt(end);
      if (c === BRACKET_CLOSE) break;
      if (!(c >= SPACE) || c >= NON_ASCII || c === QUOTE || c === BACKSLASH || c === BRACKET_OPEN) return null;
      hash = (Math.imul(hash, 31) + c) | 0;
    }
    if (text.charCodeAt(end + 1) !== QUOTE) return null;
    for (let slot = (hash ^ (hash >>> 12)) & (SLOTS - 1); ; slot = (slot + 1) & (SLOTS - 1)) {
      const name = names[slot];
      if (name === undefined) {
        const leaf = text.slice(at, end);
        if (this.count === MAX_NAMES) {
          this.last = -1; // a full table keeps its names; the probe above stays short
          return leaf;
        }
        names[slot] = leaf;
        this.count++;
        this.follow(slot);
        return leaf;
      }
      if (name.length === end - at && text.startsWith(name, at)) {
        this.follow(slot);
        return name;
      }
    }
  }

  private follow(slot: number): void {
    if (this.last >= 0) this.next[this.last] = slot;
    this.last = slot;
  }
}

function isLeafEnd(text: string, at: number): boolean {
  return text.charCodeAt(at) === BRACKET_CLOSE && text.charCodeAt(at + 1) === QUOTE;
}
