/**
 * Last checks on a detected layout, by properties a collage's layout has, whatever its pixels:
 * today one, that its two parts are not wildly unequal. A layout that fails one was read from a
 * line inside a photo, and is refused: the whole picture is still there to view, a wrong cut is
 * not undone.
 *
 * Tried and left out: refusing grids whose adjacent cells' edges are offset by 4 px to 20 % of the
 * side (on the tuning batches only plans with a cut had such offsets, 7 of them, against none of
 * 3 183 exact grids) — but rows of photos each cut at its own widths (a justified gallery) have
 * such offsets by chance, and the grid property test drew one at once.
 */
import type { Box } from '../raster.js';

/**
 * Longest ratio between the two parts of a detected two-part strip. Measured on 128 tuning batches
 * (8 324 generated pictures, both generators): the 976 exact two-part strips divide at 1.00–2.61
 * (the widest, unequal rows of a wide and a narrow photo); the ones cut through a photo at
 * 4.47–26.3 — one real photo and the rest of the strip, its seams missed, cut at a plain line
 * inside a photo. A real pair over 4:1 (a panorama beside a portrait) is refused too.
 */
export const LOPSIDED_PAIR_RATIO = 4;

/**
 * Why `parts` (a detected layout) is no collage's, or undefined when it may be.
 *
 * @example
 * ```ts
 * layoutRefusal([{ x: 0, y: 0, width: 500, height: 90 }, { x: 500, y: 0, width: 100, height: 90 }]);
 * // → 'its parts of 500 and 100 px differ more than 4:1, …'
 * ```
 */
export function layoutRefusal(parts: readonly Box[]): string | undefined {
  if (parts.length !== 2) return undefined;
  const [a, b] = parts as [Box, Box];
  const sideBySide = a.y === b.y && a.height === b.height;
  if (!sideBySide && !(a.x === b.x && a.width === b.width)) return undefined;
  const lengths = sideBySide ? [a.width, b.width] : [a.height, b.height];
  if (Math.max(...lengths) <= LOPSIDED_PAIR_RATIO * Math.min(...lengths)) return undefined;
  return `its parts of ${lengths.join(' and ')} px differ more than ${LOPSIDED_PAIR_RATIO}:1: its one seam is rather a line inside a photo than a collage's, the others missed`;
}
