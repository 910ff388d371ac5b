/** Counting what crosses the wire through an axios instance: replies and their body bytes. */
import type { AxiosInstance, AxiosResponse } from 'axios';

export class Traffic {
  requests = 0;
  bytes = 0;

  constructor(http: AxiosInstance) {
    http.interceptors.response.use((response) => {
      this.requests++;
      this.bytes += bodyBytes(response);
      return response;
    });
  }
}

/** Content-Length when the server sent one (no cost), else the size of the body as received. */
function bodyBytes(response: AxiosResponse): number {
  const declared = Number(response.headers['content-length']);
  if (Number.isSafeInteger(declared) && declared >= 0) return declared;
  const data: unknown = response.data;
  if (typeof data === 'string') return Buffer.byteLength(data);
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return data.byteLength;
  return 0;
}
