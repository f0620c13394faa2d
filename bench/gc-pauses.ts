/**
 * Garbage-collector pauses on the main thread during given time windows, from Node's `gc`
 * performance entries. A split of a 12–25 MP picture allocates a 48–100 MB raster per job, so V8
 * collects the previous job's raster in the middle of this one — usually in the stage that runs
 * right after the decode (the detection). The bench reports those pauses beside the stage times
 * so a stage's time can be read with and without the collection it happened to host.
 *
 * @example
 * ```ts
 * const log = new GcPauses();
 * const t = performance.now();
 * work();
 * const paused = await log.pausedMs([[t, performance.now()]]);
 * log.stop();
 * ```
 */
import { PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';

export class GcPauses {
  private readonly entries: PerformanceEntry[] = [];
  private readonly observer = new PerformanceObserver((list) => this.entries.push(...list.getEntries()));

  constructor() {
    this.observer.observe({ entryTypes: ['gc'] });
  }

  /**
   * Milliseconds of GC pause overlapping the windows (`[start, end]` in `performance.now()` time).
   * Node delivers gc entries from an immediate after the collection, so this waits for one first.
   */
  async pausedMs(windows: ReadonlyArray<readonly [number, number]>): Promise<number> {
    await new Promise((resolve) => setImmediate(resolve));
    this.entries.push(...this.observer.takeRecords());
    let paused = 0;
    for (const entry of this.entries) {
      const end = entry.startTime + entry.duration;
      for (const [from, to] of windows) paused += Math.max(0, Math.min(end, to) - Math.max(entry.startTime, from));
    }
    return paused;
  }

  stop(): void {
    this.observer.disconnect();
  }
}
