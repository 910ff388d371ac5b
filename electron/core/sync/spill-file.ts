/**
 * Pages a sync has read and its writer thread has not written yet, kept on disk rather than in memory once
 * the writer holds more than its budget (worker-sink.ts). A resource is written as one snapshot once it is
 * read in full, so until then every page of it waits somewhere: in memory that is the whole resource, and
 * the next one's pages too while the writer catches up (the huge preset's 100,000 domains and 25,000 orders
 * together were ~130 MB of pages waiting, the most of a 330 MB peak).
 *
 * The file sits beside the mirror (in the account's private folder, never a tmpfs that would count as
 * memory), is private to its user, and is unlinked as soon as it is opened where the system allows it, so
 * a crash leaves nothing behind; elsewhere it is deleted at close. The writer thread reads it through the
 * same descriptor (threads share the process's). The bytes go through the OS's file cache, which the
 * process's resident memory does not count.
 */
import { closeSync, ftruncateSync, openSync, readSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { PRIVATE_FILE_MODE } from '../storage/private-files.js';

/** Where spilled bytes are: the descriptor of the spill file, the position and the length. */
export interface SpilledBytes {
  spilledTo: number;
  position: number;
  length: number;
}

export function isSpilled(bytes: Uint8Array | SpilledBytes): bytes is SpilledBytes {
  return 'spilledTo' in bytes;
}

export class SpillFile {
  private fd: number | null = null;
  private end = 0;
  private unlinked = false;

  constructor(private readonly path: string) {}

  /** Appends `bytes` (opening the file at the first write) and tells where they are. */
  write(bytes: Uint8Array): SpilledBytes {
    const fd = this.open();
    const position = this.end;
    for (let done = 0; done < bytes.byteLength; ) done += writeSync(fd, bytes, done, bytes.byteLength - done, position + done);
    this.end += bytes.byteLength;
    return { spilledTo: fd, position, length: bytes.byteLength };
  }

  /** Empties the file once nothing in it is still to be read. */
  clear(): void {
    if (this.fd === null || this.end === 0) return;
    ftruncateSync(this.fd, 0);
    this.end = 0;
  }

  dispose(): void {
    if (this.fd === null) return;
    closeSync(this.fd);
    this.fd = null;
    if (!this.unlinked) rmSync(this.path, { force: true });
  }

  private open(): number {
    if (this.fd !== null) return this.fd;
    this.fd = openSync(this.path, 'w+', PRIVATE_FILE_MODE);
    try {
      unlinkSync(this.path);
      this.unlinked = true;
    } catch {
      // Windows does not unlink an open file: dispose() deletes it.
    }
    return this.fd;
  }
}

/** Reads spilled bytes back (on the writer thread). */
export function readSpilled({ spilledTo, position, length }: SpilledBytes): Buffer {
  const bytes = Buffer.allocUnsafeSlow(length);
  for (let done = 0; done < length; ) {
    const read = readSync(spilledTo, bytes, done, length - done, position + done);
    if (read === 0) throw new Error(`the sync's spill file ends before the ${length} bytes at ${position}`);
    done += read;
  }
  return bytes;
}
