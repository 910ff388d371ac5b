/**
 * CPU time, the measure that explains a loopback benchmark on a small machine: the sandbox and the measured
 * process share the same cores, so a run's wall time is bounded below by their CPU time added up and spread
 * over the cores, however well the two overlap.
 */
import { readFileSync } from 'node:fs';

/**
 * CPU time of this process (every thread) and of the thread that made the clock, since it was made (ms).
 * The thread's own is null on a Node without process.threadCpuUsage (before 22.19).
 */
export class CpuClock {
  private readonly process = process.cpuUsage();
  private readonly thread = typeof process.threadCpuUsage === 'function' ? process.threadCpuUsage() : null;

  read(): { cpuMs: number; mainThreadCpuMs: number | null } {
    const all = process.cpuUsage(this.process);
    const own = this.thread === null ? null : process.threadCpuUsage(this.thread);
    return { cpuMs: (all.user + all.system) / 1000, mainThreadCpuMs: own === null ? null : (own.user + own.system) / 1000 };
  }
}

/**
 * Another process's CPU time so far (every thread), in ms: utime + stime of /proc/PID/stat, in clock ticks of
 * 1/100 s (USER_HZ is 100 on Linux builds). Null where there is no /proc (macOS, Windows) or the process is gone.
 */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces: state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}
