/**
 * Where a sync's time goes, per resource, from its progress events: fetching (from the resource's first
 * progress event to its last, i.e. the last page read and decoded) and writing (from then until the next
 * resource starts: assembling the list, the snapshot transaction, notable changes; after the last resource
 * also the planner statistics and the run record). Also the process's CPU time in each kind of phase: when it
 * nears the wall time, the sync is bound by its own CPU rather than by the server.
 */
import type { PhaseCpu, ResourceTiming } from './jobs.js';

interface Instant {
  wallMs: number;
  cpuMs: number;
}

function now(): Instant {
  const { user, system } = process.cpuUsage();
  return { wallMs: performance.now(), cpuMs: (user + system) / 1000 };
}

export class PhaseTimer {
  private readonly timings: ResourceTiming[] = [];
  private readonly cpu: PhaseCpu = { readMs: 0, writeMs: 0 };
  private current: string | null = null;
  private started: Instant = now();
  private lastEvent: Instant = now();

  progress(resource: string): void {
    const at = now();
    if (resource !== this.current) {
      this.close(at);
      this.current = resource;
      this.started = at;
    }
    this.lastEvent = at;
  }

  finish(): { resources: ResourceTiming[]; cpu: PhaseCpu } {
    this.close(now());
    this.current = null;
    return { resources: this.timings, cpu: this.cpu };
  }

  private close(at: Instant): void {
    if (this.current === null) return;
    const { started, lastEvent } = this;
    this.timings.push({ resource: this.current, fetchMs: lastEvent.wallMs - started.wallMs, writeMs: at.wallMs - lastEvent.wallMs });
    this.cpu.readMs += lastEvent.cpuMs - started.cpuMs;
    this.cpu.writeMs += at.cpuMs - lastEvent.cpuMs;
  }
}
