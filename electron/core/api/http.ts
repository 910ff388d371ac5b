/**
 * The HTTP exchange itself (axios): POST a form, get status + headers + body bytes back, or a network
 * ApiError. Status codes are not judged here (validateStatus accepts all); reply.ts maps them.
 */
import axios, { type AxiosInstance } from 'axios';
import { interpretTransportError, type HttpReply } from './reply.js';

export interface HttpOptions {
  /** Per-request timeout; a timeout is a network error. */
  timeoutMs?: number;
  /** Replies larger than this are refused (protocol error) rather than buffered. */
  maxReplyBytes?: number;
}

export function createHttp(options: HttpOptions = {}): AxiosInstance {
  return axios.create({
    timeout: options.timeoutMs ?? 30_000,
    maxContentLength: options.maxReplyBytes ?? 64 * 1024 * 1024,
    maxRedirects: 0,
    // Keep the body as received, undecoded: reply.ts judges it in one place, and reply-json.ts reads JSON
    // straight from the bytes.
    responseType: 'arraybuffer',
    transformResponse: [(data: unknown) => data],
    validateStatus: () => true,
  });
}

export async function postForm(
  http: AxiosInstance,
  operation: string,
  url: string,
  body: FormData | URLSearchParams,
  headers: Record<string, string>,
): Promise<HttpReply> {
  try {
    const response = await http.post<Buffer>(url, body, { headers });
    const replyHeaders: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(response.headers as Record<string, unknown>)) {
      replyHeaders[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value == null ? undefined : String(value);
    }
    return { status: response.status, headers: replyHeaders, body: Buffer.isBuffer(response.data) ? response.data : Buffer.alloc(0) };
  } catch (error) {
    throw interpretTransportError(operation, error);
  }
}

/**
 * Frees a reply's bytes at once, once they have been read (into strings: nothing keeps a view of them), when
 * they hold memory of their own; a small reply's share of Node's buffer pool is left to the GC. Freed at a
 * later GC instead, the replies of a sync (a few hundred of about 250 kB) leave the allocator holding freed
 * blocks rather than reusing one: the sync's peak memory was about 10 MB higher.
 */
export function releaseBody(reply: HttpReply): void {
  releaseBytes(reply.body);
}

/** releaseBody for bytes alone (a reply's body handed on, once read). */
export function releaseBytes(bytes: Buffer): void {
  if (ownsBuffer(bytes)) (bytes.buffer as ArrayBuffer).transfer(0);
}

/** Whether the bytes are the whole of their buffer (a small reply shares Node's pool with others). */
export function ownsBuffer(bytes: Uint8Array): boolean {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
}
