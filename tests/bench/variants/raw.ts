/**
 * The floor: the sync's own requests (recorded by the sync run), sent the same way (same order, same
 * concurrency, same axios transport and token handling), with the replies kept as bytes and thrown away:
 * no JSON parsing, no decoding, no writing.
 */
import axios, { type AxiosInstance } from 'axios';
import { mapBounded } from '../../../electron/core/sync/bounded.js';
import { CpuClock } from '../cpu-clock.js';
import type { JobOf, PlannedRequest, RawFigures, ResourceTiming, SandboxInfo } from '../jobs.js';
import { Traffic } from '../traffic.js';

const HEADERS = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };

export async function measureRaw(job: JobOf<'raw'>): Promise<RawFigures> {
  const http = axios.create({
    timeout: 30_000,
    maxContentLength: 64 * 1024 * 1024,
    maxRedirects: 0,
    responseType: 'arraybuffer',
    transformResponse: [(data: unknown) => data],
    validateStatus: () => true,
  });
  const traffic = new Traffic(http);
  const cpu = new CpuClock();
  const started = performance.now();
  const token = await passwordGrant(http, job.sandbox);
  const send = async ({ url, form }: PlannedRequest) => {
    const body = new FormData();
    for (const [name, value] of form) body.append(name, value);
    const reply = await http.post(url, body, { headers: { ...HEADERS, Authorization: `Bearer ${token}` } });
    if (reply.status !== 200) throw new Error(`raw transfer: HTTP ${reply.status} from ${url}`);
  };
  const resources: ResourceTiming[] = [];
  for (const { resource, requests: [first, ...rest], concurrency } of job.plan) {
    const resourceStarted = performance.now();
    if (first) await send(first);
    await mapBounded(rest, concurrency, send);
    resources.push({ resource, fetchMs: performance.now() - resourceStarted });
  }
  const wallMs = performance.now() - started;
  return { wallMs, requests: traffic.requests, bytes: traffic.bytes, resources, ...cpu.read() };
}

/** The one reply parsed: the token grant's, for its access token (the sync signs in the same way). */
async function passwordGrant(http: AxiosInstance, sandbox: SandboxInfo): Promise<string> {
  const form = new URLSearchParams({
    grant_type: 'password',
    client_id: sandbox.clientId,
    client_secret: sandbox.clientSecret,
    username: sandbox.username,
    password: sandbox.password,
  });
  const reply = await http.post<ArrayBuffer>(`${sandbox.baseUrl}/oauth/token`, form, { headers: HEADERS });
  const body = JSON.parse(Buffer.from(reply.data).toString('utf8')) as { access_token?: unknown };
  if (reply.status !== 200 || typeof body.access_token !== 'string') throw new Error(`raw transfer: token grant refused (HTTP ${reply.status})`);
  return body.access_token;
}
