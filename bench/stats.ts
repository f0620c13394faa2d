/** Median of a list of numbers (mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** CPU milliseconds (user + system, every thread of the process: GC helpers count too) spent in `run`. */
export function cpuMsOf(run: () => unknown): number {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** The same for an async `run`, awaited (only this process's CPU counts, not the wait). */
export async function cpuMsOfAsync(run: () => unknown): Promise<number> {
  const start = process.cpuUsage();
  await run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/**
 * CPU milliseconds of each of two jobs over `rounds` rounds, run alternately (the order flips
 * every round, so neither always runs on a warmer cache), after `warmUp` calls of each.
 *
 * @example
 * ```ts
 * const [before, after] = alternatedCpuMs([oldJob, newJob], 15).map(median);
 * ```
 */
export function alternatedCpuMs(jobs: readonly [() => unknown, () => unknown], rounds: number, warmUp = 5): [number[], number[]] {
  for (const job of jobs) for (let i = 0; i < warmUp; i++) job();
  const times: [number[], number[]] = [[], []];
  for (let r = 0; r < rounds; r++) {
    for (let s = 0; s < 2; s++) {
      const f = (r + s) % 2;
      times[f]!.push(cpuMsOf(jobs[f]!));
    }
  }
  return times;
}
