/**
 * Interval arithmetic of a split along one axis: minimum part size, sliver folding and the even
 * division used when detection does not give what was asked. Intervals are half-open [start, end).
 */

export interface Interval {
  start: number;
  end: number;
}

/** Parts below 2 % of the side are slivers (JPEG edge noise, a thin frame), but 8 px is always a sliver. */
const SLIVER_SHARE = 50;
/** Floor of the sliver size: below 8 px nothing in a part is legible, whatever the side. */
const SLIVER_FLOOR_PX = 8;

/**
 * The smallest part a split keeps along a side of `span` pixels: max(⌊span/50⌋, 8).
 *
 * @example
 * ```ts
 * minimumPartSize(1200); // 24
 * minimumPartSize(100);  // 8
 * ```
 */
export function minimumPartSize(span: number): number {
  return Math.max(Math.floor(span / SLIVER_SHARE), SLIVER_FLOOR_PX);
}

/**
 * Merges segments shorter than `minimum` into the previous kept one; a short first segment is
 * merged into the second at the end. Coverage stays gap-free and the input is not modified.
 *
 * @example
 * ```ts
 * foldSlivers([{start:0,end:3},{start:3,end:100},{start:100,end:104},{start:104,end:200}], 10);
 * // [{start:0,end:104},{start:104,end:200}]
 * ```
 */
export function foldSlivers(segments: readonly Interval[], minimum: number): Interval[] {
  const kept: Interval[] = [];
  for (const seg of segments) {
    const last = kept[kept.length - 1];
    if (last !== undefined && seg.end - seg.start < minimum) last.end = seg.end;
    else kept.push({ start: seg.start, end: seg.end });
  }
  const first = kept[0];
  const second = kept[1];
  if (first !== undefined && second !== undefined && first.end - first.start < minimum) {
    second.start = first.start;
    kept.shift();
  }
  return kept;
}

/**
 * Even division of [0, span) into n parts: part i = [⌊i·span/n⌋, ⌊(i+1)·span/n⌋). Sizes differ by
 * at most one pixel; returns null when span < n (some part would be empty).
 *
 * @example
 * ```ts
 * equalDivision(10, 3); // [{start:0,end:3},{start:3,end:6},{start:6,end:10}]
 * ```
 */
export function equalDivision(span: number, n: number): Interval[] | null {
  if (span < n) return null;
  const parts: Interval[] = [];
  for (let i = 0; i < n; i++) parts.push({ start: Math.floor((i * span) / n), end: Math.floor(((i + 1) * span) / n) });
  return parts;
}
