/**
 * Runs one split job once in a fresh process and prints its memory as JSON, so each runner's peak
 * RSS is its own: `tsx bench/rss-child.ts <ours|sharp|jimp> <split|view> <file> [parts]`.
 * Prints { baselineMB: RSS after loading modules and reading the file, peakMB: the process peak }.
 */
import { existsSync, readFileSync } from 'node:fs';

/**
 * The process's own high-water mark. Linux's VmHWM belongs to this address space, whereas
 * getrusage's maxRSS carries over the parent's peak across fork (a child of a 800 MB bench process
 * would report 800 MB), so VmHWM is used where it exists.
 */
function peakRssMB(): number {
  if (existsSync('/proc/self/status')) {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    if (match) return Number(match[1]) / 1024;
  }
  return process.resourceUsage().maxRSS / 1024; // kibibytes
}

const [runnerName, job, path, partsArg] = process.argv.slice(2);
const module =
  runnerName === 'ours'
    ? (await import('./runners/ours.js')).runOurs
    : runnerName === 'sharp'
      ? (await import('./runners/sharp.js')).runSharp
      : (await import('./runners/jimp.js')).runJimp;
const bytes = new Uint8Array(readFileSync(path!));
const baselineMB = process.memoryUsage().rss / 2 ** 20;
await module({ name: path!, bytes, job: job === 'view' ? 'view' : 'split', ...(partsArg ? { parts: Number(partsArg) } : {}) });
const peakMB = peakRssMB();
process.stdout.write(JSON.stringify({ baselineMB, peakMB }));
