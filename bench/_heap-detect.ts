/**
 * What planSplit allocates, by function: V8's sampling heap profiler (objects collected by minor
 * and major GCs included) over 50 plans of one picture (default the WebP grid), in KB per plan,
 * then the heaviest allocation stacks. Garbage made during the detection is collected during it.
 *
 * Run: npx tsx bench/_heap-detect.ts [picture]
 */
import { readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { decode } from '../src/imaging/decode.js';
import { planSplit } from '../src/imaging/separators/index.js';
const { raster } = await decode(readFileSync(process.argv[2] ?? 'bench/out/grid-4000x3000-q80.webp'));
for (let i = 0; i < 10; i++) planSplit(raster);
const s = new Session(); s.connect();
await s.post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true } as any);
const n = 50;
for (let i = 0; i < n; i++) planSplit(raster);
const { profile } = (await s.post('HeapProfiler.stopSampling')) as any;
const self = new Map<string, number>();
const walk = (node: any) => { const k = `${node.callFrame.functionName || '(anon)'} ${node.callFrame.url.split('/').slice(-1)[0]}:${node.callFrame.lineNumber + 1}`; self.set(k, (self.get(k) ?? 0) + node.selfSize); for (const c of node.children) walk(c); };
walk(profile.head);
const paths: Array<[string, number]> = [];
const walk2 = (node: any, path: string[]) => { const p = [...path, `${node.callFrame.functionName || '(anon)'}:${node.callFrame.lineNumber + 1}:${node.callFrame.columnNumber + 1}`]; if (node.selfSize > 0) paths.push([p.slice(-6).join(' < '), node.selfSize]); for (const c of node.children) walk2(c, p); };
walk2(profile.head, []);
for (const [k, v] of paths.sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log((v / n / 1e3).toFixed(0), 'KB', k);
const total = [...self.values()].reduce((a, b) => a + b, 0);
console.log('total MB per plan', (total / n / 1e6).toFixed(2));
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log((v / n / 1e3).toFixed(0).padStart(7), 'KB', k);
