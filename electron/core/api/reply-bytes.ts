/**
 * Freeing reply bytes once read. A module of its own, free of axios, because the sync's writer thread frees
 * the pages it decodes: importing http.ts there would load axios and its dependencies into that thread for
 * nothing, at every sync's start.
 */
import type { HttpReply } from './reply.js';

/**
 * Frees bytes at once, once they have been read (into strings: nothing keeps a view of them), when they hold
 * memory of their own; a small reply's share of Node's buffer pool is left to the GC. Freed at a later GC
 * instead, the replies of a sync (a few hundred of about 250 kB) leave the allocator holding freed blocks
 * rather than reusing one, and the sync's peak memory rises.
 */
export function releaseBytes(bytes: Uint8Array): void {
  if (ownsBuffer(bytes)) (bytes.buffer as ArrayBuffer).transfer(0);
}

/** Whether the bytes are the whole of their buffer (a small reply shares Node's pool with others). */
export function ownsBuffer(bytes: Uint8Array): boolean {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
}

/** Frees a reply's body once read (see releaseBytes). */
export function releaseBody(reply: HttpReply): void {
  releaseBytes(reply.body);
}
