/**
 * Records the requests a sync sends (URL and form fields, grouped by resource) and how many of each resource
 * were in flight at once, so the raw transfer can send exactly the same requests the same way.
 */
import type { AxiosInstance } from 'axios';
import type { RequestGroup } from './jobs.js';

export class PlanRecorder {
  private readonly groups: RequestGroup[] = [];
  private current: RequestGroup | null = null;
  private inFlight = 0;
  private readonly pending = new WeakSet<object>();

  constructor(http: AxiosInstance) {
    http.interceptors.request.use((config) => {
      // Token grants are not part of the plan: the replay signs in on its own.
      if (this.current && config.data instanceof FormData) {
        const form = [...config.data.entries()].map(([name, value]): [string, string] => [name, String(value)]);
        this.current.requests.push({ url: config.url ?? '', form });
        this.pending.add(config);
        this.inFlight++;
        this.current.concurrency = Math.max(this.current.concurrency, this.inFlight);
      }
      return config;
    });
    http.interceptors.response.use((response) => {
      if (this.pending.delete(response.config)) this.inFlight--;
      return response;
    });
  }

  /** The requests from now on belong to this resource (the syncer pulls one resource at a time). */
  startResource(resource: string): void {
    if (this.current?.resource === resource) return;
    this.current = { resource, concurrency: 0, requests: [] };
    this.groups.push(this.current);
  }

  get plan(): RequestGroup[] {
    return this.groups.filter((group) => group.requests.length > 0);
  }
}
