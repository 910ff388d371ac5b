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
