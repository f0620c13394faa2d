/**
 * No panel of a collage is a narrow band beside a much thicker part. A detected part more than
 * NARROW_PART_ASPECT times as long as it is wide, and at most BAND_THICKNESS as thick as a part
 * beside its long side, is a screenshot's title bar, a caption, a chart's bar or a stripe of one
 * photo (a horizon, a railing) that a plain line beside it made look like a seam — so the cut
 * beside it runs through a picture or between a photo and its caption. A long panel as thick as
 * its neighbours (a panorama over a row of photos) is a panel and stays.
 */
import type { Box } from '../raster.js';

/**
 * Longest side over shortest side above which a part is a band, not a panel. Measured on 128
 * tuning batches (8 324 generated pictures of both generators): the 35 405 true panels are at most
 * 3.16 (a 4×1 strip of landscape photos, 133×420); the plans with a cut through a panel had parts
 * at 5.51–28.3 (a title bar of 907×32, a horizon band of 201×22, a caption of 319×50); merged
 * panels (a seam missed) reach 4.87, and folding leaves those as they were. Folding the bands
 * turned 6 of the 41 pictures with a cut into exact or refused plans and lost no exact one.
 */
export const NARROW_PART_ASPECT = 5;

/**
 * A band's thickness over the thickest part beside its long side, at or below which it is folded.
 * Measured on the same batches: the bands of the plans with a cut were 0.04–0.14 as thick as the
 * part beside them (a 22 px horizon band over 342 px of its photo, a 50 px caption beside 354 and
 * 405 px photos); every part above the aspect that was a real panel, or several merged, was as thick
 * as its neighbours (0.99–1.02) or had none (a part across the whole picture). A panorama of 6:1
 * over a row of three square photos is half as thick as they are: kept.
 */
export const BAND_THICKNESS = 0.25;

/** How long `box` is for how wide: its longer side over its shorter one. */
export function aspectOf(box: Box): number {
  return Math.max(box.width, box.height) / Math.max(1, Math.min(box.width, box.height));
}

/** What `foldNarrowParts` did: the parts left, and the bands it folded, in order. */
export interface FoldedParts {
  parts: Box[];
  folded: Box[];
}

/**
 * Folds every band (`isBand`) into the one part that shares
 * its whole long side, most elongated band first, so the cut between them goes. `null` when a
 * band has no such neighbour, or two (a band between two parts belongs to neither for sure), or
 * when folding leaves fewer than two parts: then the plan is no collage layout at all. The order of
 * the parts is kept; the union takes the earlier one's place.
 *
 * @example
 * ```ts
 * // A horizon band 22 px tall over the rest of its column, beside two whole panels.
 * foldNarrowParts([{ x: 0, y: 0, width: 248, height: 364 }, { x: 248, y: 0, width: 201, height: 22 },
 *   { x: 449, y: 0, width: 187, height: 364 }, { x: 248, y: 22, width: 201, height: 342 }]);
 * // → parts: three boxes 364 px tall, the middle one { x: 248, y: 0, width: 201, height: 364 }
 * ```
 */
export function foldNarrowParts(parts: readonly Box[]): FoldedParts | null {
  let left = [...parts];
  const folded: Box[] = [];
  for (;;) {
    const band = narrowest(left);
    if (band === undefined) return { parts: left, folded };
    const beside = left.filter((other) => other !== band && sharesLongSide(band, other));
    if (beside.length !== 1) return null;
    const other = beside[0]!;
    const union = unionOf(band, other);
    const first = Math.min(left.indexOf(band), left.indexOf(other));
    left = left.flatMap((box, i) => (i === first ? [union] : box === band || box === other ? [] : [box]));
    folded.push(band);
    if (left.length < 2) return null;
  }
}

/** The most elongated band among `parts`, if any. */
function narrowest(parts: readonly Box[]): Box | undefined {
  let best: Box | undefined;
  for (const box of parts) if (isBand(box, parts) && (best === undefined || aspectOf(box) > aspectOf(best))) best = box;
  return best;
}

/** Whether `box` is long (NARROW_PART_ASPECT) and thin beside some part across its long side (BAND_THICKNESS). */
export function isBand(box: Box, parts: readonly Box[]): boolean {
  if (aspectOf(box) <= NARROW_PART_ASPECT) return false;
  const upright = box.height >= box.width;
  const thin = upright ? box.width : box.height;
  return parts.some((other) => {
    if (other === box) return false;
    const touches = upright
      ? (other.x + other.width === box.x || box.x + box.width === other.x) && other.y < box.y + box.height && other.y + other.height > box.y
      : (other.y + other.height === box.y || box.y + box.height === other.y) && other.x < box.x + box.width && other.x + other.width > box.x;
    return touches && thin <= BAND_THICKNESS * (upright ? other.width : other.height);
  });
}

/** Whether `other` touches `band` along the band's whole long side, and spans exactly that side. */
function sharesLongSide(band: Box, other: Box): boolean {
  if (band.height >= band.width) {
    return other.y === band.y && other.height === band.height && (other.x + other.width === band.x || band.x + band.width === other.x);
  }
  return other.x === band.x && other.width === band.width && (other.y + other.height === band.y || band.y + band.height === other.y);
}

function unionOf(a: Box, b: Box): Box {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}
