/**
 * Where a sync's time goes, per resource, from its progress events: reading a resource runs from its first
 * progress event to the next resource's first (the last page read, decoded and handed to the writer thread,
 * which writes it while the next resource is read); the tail runs from the last resource's last page to the
 * end of the run (the writes still in progress, the planner statistics, the run record). CPU time is read at
 * the start and the end only: reading it per page costs measurable time.
 */
import { CpuClock } from './cpu-clock.js';
import type { CpuFigures, ResourceTiming } from './jobs.js';

export class PhaseTimer {
  private readonly timings: ResourceTiming[] = [];
  private readonly cpu = new CpuClock();
  private current: string | null = null;
  private started = performance.now();
  private lastEvent = performance.now();

  progress(resource: string): void {
    const at = performance.now();
    if (resource !== this.current) {
      this.close(at);
      this.current = resource;
      this.started = at;
    }
    this.lastEvent = at;
  }

  finish(): { resources: ResourceTiming[]; tailMs: number } & CpuFigures {
    const lastPage = this.lastEvent;
    this.close(lastPage);
    this.current = null;
    return { resources: this.timings, tailMs: performance.now() - lastPage, ...this.cpu.read() };
  }

  private close(at: number): void {
    if (this.current !== null) this.timings.push({ resource: this.current, fetchMs: at - this.started });
  }
}
