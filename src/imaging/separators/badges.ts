/**
 * Numbered badges: filled discs (a digit inside, sometimes a ring) that organisers draw over the
 * seams and junctions of a collage. A badge breaks every line of the seam it sits on for up to its
 * diameter; several of them on one short seam hide most of it. Found first and painted over with
 * what surrounds them, they leave the seam whole for the ordinary line rules.
 *
 * **Finding a disc** (`findBadges`): on every second row (ROW_STEP), read at every second pixel
 * (COLUMN_STEP), stretches of one colour (within FILL_TOLERANCE of the stretch's second sample)
 * BADGE_MIN_CHORD … BADGE_MAX_CHORD long, bounded by other colours on both sides; stretches of the
 * same colour on the rows read whose midpoints agree within
 * MIDPOINT_SLACK form a chain (a digit splits its rows, so a badge gives one chain above its digit
 * and one below). A chain of CHAIN_MIN_ROWS or more whose half-lengths fit a circle (least squares
 * on h² + y² = 2·y·cy + (r² − cy²), each row within FIT_SLACK) is a candidate disc, confirmed when
 * its inner ring (0.8 r, clear of the digit, whose glyph reaches 0.58 r) is INNER_SHARE of the fill
 * and its outer ring (r + OUTER_GAP) is not (at most OUTER_SHARE: a seam of the fill's colour
 * crossing it covers a few of those points, a flat panel all of them; a white disc with a plain
 * digit, less: pale discs, LOOSE_OUTER_SHARE).
 *
 * **Painting one out** (`eraseBadges`): every pixel of the union of the discs (grown by BLUR_RIM
 * for JPEG's blur and the ring) takes the colour interpolated between the nearest pixels outside
 * the union on its row, when those two agree (the row runs along a seam), else between those on
 * its column when they agree (the column runs along a seam), else, on a column the top or bottom
 * edge cuts off, the colour of its one end inside the picture (edge columns, below), else the
 * row's interpolation (a panel's colours, content as before).
 *
 * **Edge columns.** A badge near the top or bottom edge (a seam's end, a margin's corner) paints a
 * disc, grown by BLUR_RIM, that the edge cuts off even when the badge itself is whole: the seam's
 * columns under it have no end above (or below) to agree with, and took the row's interpolation
 * between the panels beside the seam, which hid the seam's end again. Run on from their one end
 * inside, they keep the seam to the edge, for badges of either look (it was for the second look
 * only). Independent seeds 47000–47039 and full-size 47200–47211 (4160 pictures, 520 badge
 * collages): 2 more exact (47005 badge-09, lossless, a cut 2 px off; 47008 badge-08, a seam
 * hidden at its top end), none lost, pictures cut 27 → 27; of the 5 other plans it changed, 2
 * stayed exact (a cut 1 px over), 3 stayed not exact; no full-size plan changed. Validation seeds
 * 47500–47519 and full-size 47600–47605 (2080): 2 more exact, none lost, pictures cut 17 → 16.
 * Rows at the left or right edge run on the same way for first badges made none of the first
 * 160 of those badge collages exact, so they stay with the second look.
 *
 * **A second look** (`second`): a disc the picture's top or bottom edge cuts off (at least
 * CLIPPED_RING_SHARE of its inner ring inside, refitted to its rim by `rimFit`), and a disc refused
 * above, fitted again to its rim (a neighbour's disc or digit left it one short cap of chords to be
 * fitted from), only in the fill of a badge found at first (ALIKE_RADIUS). On the 160 badge
 * collages of independent seeds 12001–12016, 681 badges drawn: 411 found at first, 474 with the
 * second look; plan.ts paints these out after the first ones, and a plan the first badges give
 * stands unless the second look adds parts to it (a disc counts as clipped by the same
 * continuous test `ringMean` used to refuse it with: per-point rounding let a disc 0.4 px over the
 * edge in as a first badge, and changed a committed plan). Badge collages of seeds 12001–12099
 * (990): 805 → 824 exact, pictures cut 11 → 10, none newly cut. Refitting every
 * refused disc found 483 for the same plans, but the 1200×500 bench strip (no badge; ~90 refused
 * discs in its photos) took 7.2 ms in findBadges instead of 2.9; looking again only where a first
 * badge gives the fill leaves it as it was (planSplit 1.10×, 41 alternated rounds). A disc the
 * left or right edge cuts off gives no chain on the rows read (each chord starts at the edge):
 * the columns beside those edges are read as rows (`sideBadges`) and such discs join the clipped ones.
 * A disc whose digit leaves one short cap of chords above it and one below, each refused, is
 * fitted from both caps at once (`capsJoined`), in the fill of a first badge and at its size.
 *
 * **Measured** on the badge collages of independent seeds 10500–10507 (80 pictures, 289 badges
 * drawn): 191 found. The misses are badges the picture's edge cuts off, badges overlapping each
 * other, and fills JPEG blurred beyond FLAT_FILL. On the other 560 pictures of those batches, 4
 * discs were found (round shapes with a mark, in 3 flat panels); none changed a plan, since the
 * plan with badges painted out stands only when it has more parts and each of its new cuts
 * crosses a badge (`badgesExplain`, used by plan.ts).
 *
 * **Cost.** Run only where the damaged-seam search runs (pictures of at most 1.2 MP or 1850 px a
 * side), once per plan: on the bench's 1200×500 strip it about doubles planSplit's CPU time
 * (4.1 → 8.1 ms, alternated A/B); the 12–25 MP inputs never reach it.
 */
import type { Box, Raster } from '../raster.js';
import { sameColour } from './collage-colour.js';

/** A badge: centre and radius in pixels, and its fill colour. */
export interface Badge {
  cx: number;
  cy: number;
  r: number;
  fill: [number, number, number];
  /**
   * Found only on a second look: a disc the picture's edge cuts off, or one fitted again to its
   * rim. plan.ts paints these out after the badges found at first (`planWithoutBadges`).
   */
  second?: true;
  /** Found by `sideBadges`: a disc the picture's left or right edge cuts off. */
  side?: true;
  /** A white disc whose outer ring is mostly its own fill (LOOSE_OUTER_SHARE): found on the second look. */
  pale?: true;
}

/**
 * Per-channel distance from a stretch's second pixel that still continues the stretch: wide, since
 * JPEG at q25 puts ±30 of noise on a flat fill; the rings below judge the disc more tightly.
 */
const FILL_TOLERANCE = 40;
/** Badges of radius 8–44: the generators draw 10–30 (QA's) and 11–20 (ours), plus blur and ring. */
const MIN_RADIUS = 8;
const MAX_RADIUS = 44;
/** A stretch is a chord of a disc of MIN_RADIUS … MAX_RADIUS. */
const BADGE_MIN_CHORD = 8;
const BADGE_MAX_CHORD = 2 * MAX_RADIUS;
/** A disc's chords on neighbouring rows share their middle; a rasterised circle's wander by ≤ 1 px. */
const MIDPOINT_SLACK = 1.5;
/**
 * Rows read for chords: every second one (a badge of radius 10 still gives 2–3 of them above its
 * digit), the rows between only where a chain runs (`withRowsBetween`): half the reads of a
 * picture. Measured on independent seeds 10500–10515 (the 1280 pictures the rule was made on):
 * reading every row made 1140 plans exact, every second 1136, every fourth 1131 (1119 without
 * badges painted out); a chain needing 0.3 rows per pixel of radius dropped it to 1134.
 */
const ROW_STEP = 2;
/** Pixels read along a row: every second, for the same reason (chords of 8 px or more). */
const COLUMN_STEP = 2;
/** Rows a chain needs to fit a circle at all (a 10 px badge has 5–6 rows above its digit). */
const CHAIN_MIN_ROWS = 3;
/** How far (px) a chord's half-length may stray from the circle fitted to its chain. */
const FIT_SLACK = 2;
/** Points on each ring tested. */
const RING_POINTS = 48;
/**
 * The inner ring (0.8 r): INNER_SHARE of its points within FLAT_FILL of their mean. At 32 instead
 * of 24, 3 more of 289 drawn badges were found and 3 more discs in photos (independent seeds
 * 10500–10507), so the tighter value stays.
 */
const INNER_SHARE = 0.9;
const FLAT_FILL = 24;
/** A badge cut off by the picture's edge: CLIPPED_RING_SHARE of its inner ring inside the picture. */
const CLIPPED_RING_SHARE = 0.5;
/**
 * How far inside its radius (fitted again to the rim, `rimFit`) a clipped disc's fill is tested:
 * past the 2 px ring and the blur. A clipped disc is fitted from one cap of chords only: on
 * committed independent-b badge-08 (JPEG q73), a bottom-edge badge of radius 29 came out at 25,
 * 2.6 px off centre; fitted to its rim, at 27.6.
 */
const CLIPPED_RIM_IN = 3;
/** Badges of one collage share a radius: a disc fitted again to its rim is within this share of a first badge's. */
const ALIKE_RADIUS = 0.25;
/** The outer ring (r + OUTER_GAP, past the ring and blur): OUTER_SHARE of it off the fill by EDGE_CONTRAST. */
const OUTER_GAP = 4;
const OUTER_SHARE = 0.6;
const EDGE_CONTRAST = 48;
/**
 * **Pale discs.** A white badge on a white seam, beside a panel's white or sky edge, has an outer
 * ring mostly of its own fill: refused above, it left its digit on the seam. A disc of a white
 * fill (every channel WHITE_FILL or more) passes with LOOSE_OUTER_SHARE of its outer ring off the
 * fill when its digit is plain (STRONG_GLYPH_SHARE of its box). Measured with the outer ring at 0.25
 * on independent seeds 47000–47039 and 47500–47519 and full-size 47200–47211 and 47600–47605 (6240
 * pictures): of the white discs it let in, at LOOSE_OUTER_SHARE and STRONG_GLYPH_SHARE 0.3, 46 lay
 * on a seam or a panel's corner of a badge collage (outer rings 0.31–0.58 off the fill, glyphs
 * 0.34–0.73), 2 elsewhere in badge collages, none in the 5460 pictures of other kinds; with the
 * glyph at 0.25, 4 there (white areas in photos, glyphs 0.25–0.29). A disc of any
 * other fill with a pale outer ring (badges of one fill overlapping) is left out: let in, one
 * junction badge on a 3×3 made a plan with a cut through a panel (seed 47034 badge-06).
 * Pale discs join the second look (`second`), after every other badge, so that a pale cap of a
 * disc takes no better fit's place (let in with the first badges, pale discs of any fill lost 3
 * exact badge plans on those seeds, each to a pale cap fitted before its disc's better fit).
 * On those 6240 pictures: 5812 → 5818 exact, none lost, pictures cut 45 → 45; validation seeds
 * 48000–48039 and 48500–48519, full-size 48200–48211 and 48600–48605 (6240): 5828 → 5834, none
 * lost, pictures cut 51 → 50.
 */
const LOOSE_OUTER_SHARE = 0.3;
const WHITE_FILL = 224;
/**
 * The glyph: GLYPH_SHARE of the box a digit takes (±0.35 r across, ±0.45 r down) off the fill by
 * GLYPH_CONTRAST. Without it (and FLAT_FILL), smooth photo areas bounded by an edge passed as
 * discs: 10–60 per picture on the same batches; with them, 4 on 560 pictures that are no badge collage.
 */
const GLYPH_CONTRAST = 80;
const GLYPH_SHARE = 0.1;
/** The glyph of a pale disc (LOOSE_OUTER_SHARE, above): a digit's strokes, not a photo's speck. */
const STRONG_GLYPH_SHARE = 0.3;
/** The disc painted out reaches BLUR_RIM past the fitted radius: the ring (2 px) and JPEG's blur. At 3 px, rims left behind moved 3 of 80 boxes by 2–4 px. */
const BLUR_RIM = 5;
/** Ends of a row or column across the painted disc that agree within this are one colour: a seam's. */
const ENDS_AGREE = 24;

interface Stretch {
  y: number;
  x0: number;
  x1: number; // exclusive
  fill: [number, number, number];
  chain: number;
}

/**
 * The badges of a picture.
 *
 * @example
 * ```ts
 * const badges = findBadges(raster); // [{ cx: 120, cy: 88, r: 20, fill: [220, 30, 40] }]
 * ```
 */
export function findBadges(raster: Raster): Badge[] {
  const { found, refused, clipped, pale } = discsIn(raster);
  // The sides are searched only in a picture with badges found on its rows: one collage draws its
  // badges alike, and a picture without (the bench's 1200×500 strip) pays nothing for them. Read in
  // every picture, the sides took findBadges there from 2.3 to 3.3 ms (planSplit 0.85×, 101
  // alternated rounds) for one more exact plan on the 14 400 regression pictures (independent
  // seeds 20000–22519: a stack whose one badge is a corner badge) and none on seeds 31000–31039.
  if (found.length + clipped.length > 0) clipped.push(...sideBadges(raster));
  return secondLook(raster, found, refused, clipped, pale);
}

/** The discs of a picture: confirmed ones, ones the picture's top or bottom edge cuts off (`clipped`), pale ones (LOOSE_OUTER_SHARE), and ones refused. */
function discsIn(raster: Raster): { found: Badge[]; refused: Refused[]; clipped: Badge[]; pale: Badge[] } {
  const { width, height, data: d } = raster;
  const chains: Stretch[][] = [];
  let previous: Stretch[] = [];
  for (let y = 0; y < height; y += ROW_STEP) {
    const row: Stretch[] = [];
    const base = y * width * 4;
    // Every second pixel, like every second row: a stretch's ends are then placed to the pixel by
    // looking at the one pixel between the last sample in it and the first beyond.
    let x = 2;
    while (x < width - 2) {
      // The stretch's colour is its second sample's (its first may be the rim's blur).
      const ref = base + (x + COLUMN_STEP) * 4;
      const k0 = d[ref]!, k1 = d[ref + 1]!, k2 = d[ref + 2]!;
      let last = x;
      for (let p = base + (x + COLUMN_STEP) * 4; last + COLUMN_STEP < width; last += COLUMN_STEP, p += COLUMN_STEP * 4) {
        if (!nearAt(d, p, k0, k1, k2)) break;
      }
      if (last === x) {
        x += COLUMN_STEP;
        continue;
      }
      const end = last + 1 < width && nearAt(d, base + (last + 1) * 4, k0, k1, k2) ? last + 2 : last + 1;
      const start = nearAt(d, base + (x - 1) * 4, k0, k1, k2) ? x - 1 : x;
      const length = end - start;
      if (length >= BADGE_MIN_CHORD && length <= BADGE_MAX_CHORD && end < width) {
        const k: [number, number, number] = [k0, k1, k2];
        const s: Stretch = { y, x0: start, x1: end, fill: k, chain: -1 };
        const mid = (start + end) / 2;
        const above = previous.find((p) => Math.abs((p.x0 + p.x1) / 2 - mid) <= MIDPOINT_SLACK && sameColour(p.fill, k, FILL_TOLERANCE));
        if (above) {
          s.chain = above.chain;
          chains[s.chain]!.push(s);
        } else {
          s.chain = chains.length;
          chains.push([s]);
        }
        row.push(s);
      }
      x = last + COLUMN_STEP;
    }
    previous = row;
  }
  const found: Badge[] = [];
  const refused: Refused[] = [];
  const clipped: Badge[] = [];
  const pale: Badge[] = [];
  for (const sampled of chains) {
    // The rows read alone must already fit a disc of a badge's size (most chains in photos are
    // bands of even width, a circle far too big): only then are the rows between read.
    if (sampled.length < 2 || (sampled.length >= CHAIN_MIN_ROWS && !fitCircle(sampled, FIT_SLACK + 1))) continue;
    const chain = withRowsBetween(raster, sampled);
    if (chain.length < CHAIN_MIN_ROWS) continue;
    const disc = fitCircle(chain);
    if (!disc) continue;
    if (found.some((b) => Math.hypot(b.cx - disc.cx, b.cy - disc.cy) < Math.max(b.r, disc.r) / 2)) continue;
    const badge = confirmed(raster, disc);
    // A disc the edge cuts off waits for the second look, so that it takes no badge's place here.
    if (badge?.second) clipped.push(badge);
    // A pale disc waits too, and is looked at again like a refused one: fitted from one cap of a
    // disc, it would take the place of a better fit of the same disc (the cap below the digit, or
    // its rim).
    else if (badge?.pale) {
      pale.push({ ...badge, second: true });
      refused.push({ ...disc, chain });
    }
    else if (badge) found.push(badge);
    else refused.push({ ...disc, chain });
  }
  return { found, refused, clipped, pale };
}

function secondLook(raster: Raster, found: Badge[], refused: readonly Refused[], clipped: readonly Badge[], pale: readonly Badge[]): Badge[] {
  // The second look. A clipped disc, and a refused one fitted again to its rim: fitted from one
  // short cap (a neighbour's disc or digit took the rest of its rows), a circle may be off by a
  // few pixels. Each is kept when no badge found before lies on it.
  const near = (a: Badge, b: Badge): boolean => Math.hypot(a.cx - b.cx, a.cy - b.cy) < Math.max(a.r, b.r) / 2;
  for (const badge of clipped) if (!found.some((b) => near(b, badge))) found.push(badge);
  // One collage draws its badges alike: a refused disc is looked at again only in the fill of a
  // badge found at first, and kept only at that badge's size.
  const firsts = found.filter((b) => !b.second);
  const alike = (disc: Badge, size: boolean): boolean =>
    firsts.some((b) => sameColour(b.fill, disc.fill, FILL_TOLERANCE) && (!size || Math.abs(disc.r - b.r) <= ALIKE_RADIUS * b.r));
  for (const disc of refused) {
    if (!alike(disc, false) || found.some((b) => near(b, disc))) continue;
    const refit = rimFit(raster, disc, disc.fill);
    if (!refit || !alike(refit, true) || Math.hypot(refit.cx - disc.cx, refit.cy - disc.cy) >= disc.r / 2 || found.some((b) => near(b, refit))) continue;
    const badge = confirmed(raster, { ...refit, second: true });
    if (badge) found.push(badge);
  }
  // Caps above and below a digit, each refused alone, fitted as one disc (`capsJoined`).
  if (firsts.length > 0) {
    for (const badge of capsJoined(raster, refused, (b) => alike(b, true) && !found.some((o) => near(o, b)))) {
      if (!found.some((o) => near(o, badge))) found.push(badge);
    }
  }
  // Pale discs last, each where no badge lies yet.
  for (const badge of pale) if (!found.some((b) => near(b, badge))) found.push(badge);
  return found;
}

/** A disc refused by `discsIn`, with the chords it was fitted to. */
type Refused = Badge & { chain: Stretch[] };

/**
 * How far apart (px) the middles of two caps' chords may lie and still be one disc's: a chain's
 * own MIDPOINT_SLACK on each.
 */
const CAPS_ALIGN = 2 * MIDPOINT_SLACK;
/**
 * How far (px) a chord of the joined caps may stray from their circle: FIT_SLACK + 1, as for a
 * sampled chain. The two caps of a radius-17 badge at JPEG q57 (independent seed 20000 badge-03,
 * rows 166–168 and 188–190) fit within 4 but not 2; at 3 and at 4 the same 9 of the 763 badge
 * collages main fails over the 520 regression batches were made exact.
 */
const CAPS_SLACK = FIT_SLACK + 1;

/**
 * Discs whose digit splits their chords into a cap above it and a cap below, each refused alone:
 * fitted from a short cap, a circle comes out too small and off centre. Two refused caps of one
 * fill, their chords' middles in line (CAPS_ALIGN), the lower starting within the largest badge's diameter
 * of the upper's end, are fitted as one chain.
 */
function capsJoined(raster: Raster, refused: readonly Refused[], keep: (b: Badge) => boolean): Badge[] {
  const out: Badge[] = [];
  for (const a of refused) {
    const aEnd = a.chain[a.chain.length - 1]!.y;
    const aMid = a.cx;
    for (const b of refused) {
      if (b === a || b.chain[0]!.y <= aEnd || b.chain[0]!.y - aEnd > 2 * MAX_RADIUS) continue;
      if (Math.abs(b.cx - aMid) > CAPS_ALIGN || !sameColour(a.fill, b.fill, FILL_TOLERANCE)) continue;
      const disc = fitCircle([...a.chain, ...b.chain], CAPS_SLACK);
      if (!disc || !keep(disc)) continue;
      const badge = confirmed(raster, { ...disc, second: true });
      if (badge && !out.some((o) => Math.hypot(o.cx - badge.cx, o.cy - badge.cy) < badge.r)) out.push(badge);
    }
  }
  return out;
}

/**
 * Columns next to the left and right edges searched for discs the edge cuts off: a disc at least
 * half inside (CLIPPED_RING_SHARE), its outer ring and its rim reach no further than this.
 */
const SIDE_REACH = 2 * MAX_RADIUS + OUTER_GAP + 4;

/**
 * Discs the picture's left or right edge cuts off. The rows read by `discsIn` give such a disc a
 * chord from the edge on every row, whose middles wander: no chain. The columns next to each edge
 * are turned into rows (the edge at the top) and searched like the picture, and the discs that
 * edge cuts off are turned back: corner badges of a stack of pictures, on a seam where it meets
 * the edge.
 */
function sideBadges(raster: Raster): Badge[] {
  const { width, height, data } = raster;
  const reach = Math.min(width, SIDE_REACH);
  const out: Badge[] = [];
  // Whole pixels copied as 32-bit words (a view needs 4-byte alignment), the picture read along its rows.
  const bytes = data.byteOffset % 4 === 0 ? data : new Uint8Array(data);
  const pixels = new Uint32Array(bytes.buffer, bytes.byteOffset, width * height);
  for (const right of [false, true]) {
    // Row k of the strip is column k from the edge; its pixel y is the picture's row y.
    const strip = new Uint32Array(reach * height);
    for (let y = 0; y < height; y++) {
      const row = y * width;
      if (right) for (let k = 0; k < reach; k++) strip[k * height + y] = pixels[row + width - 1 - k]!;
      else for (let k = 0; k < reach; k++) strip[k * height + y] = pixels[row + k]!;
    }
    for (const b of discsIn({ width: height, height: reach, data: new Uint8Array(strip.buffer) }).clipped) {
      // Only the discs the picture's own edge (the strip's top) cuts off.
      if (b.cy - 0.8 * b.r >= 0) continue;
      out.push({ ...b, cx: right ? width - 1 - b.cy : b.cy, cy: b.cx, side: true });
    }
  }
  return out;
}

/**
 * A chain read on every ROW_STEP-th row, with the chords of the rows between added: each grown
 * from the middle of the chord above it, in that chord's fill.
 */
function withRowsBetween(raster: Raster, sampled: Stretch[]): Stretch[] {
  const { width, data: d } = raster;
  const chain: Stretch[] = [];
  for (let i = 0; i < sampled.length; i++) {
    const s = sampled[i]!;
    chain.push(s);
    const next = sampled[i + 1];
    if (!next) break;
    const [k0, k1, k2] = s.fill;
    for (let y = s.y + 1; y < next.y; y++) {
      const base = y * width * 4;
      const mid = (s.x0 + s.x1) >> 1;
      if (!nearAt(d, base + mid * 4, k0, k1, k2)) continue;
      let x0 = mid;
      while (x0 > 0 && nearAt(d, base + (x0 - 1) * 4, k0, k1, k2)) x0--;
      let x1 = mid + 1;
      while (x1 < width && nearAt(d, base + x1 * 4, k0, k1, k2)) x1++;
      chain.push({ y, x0, x1, fill: s.fill, chain: s.chain });
    }
  }
  return chain;
}

/** Pixel `p` within FILL_TOLERANCE of the colour (k0, k1, k2) on every channel: the one test of a chord's extent. */
const nearAt = (d: Uint8Array, p: number, k0: number, k1: number, k2: number): boolean =>
  Math.abs(d[p]! - k0) <= FILL_TOLERANCE && Math.abs(d[p + 1]! - k1) <= FILL_TOLERANCE && Math.abs(d[p + 2]! - k2) <= FILL_TOLERANCE;

function fitCircle(chain: Stretch[], slack = FIT_SLACK): Badge | null {
  // Least squares for u = h² + y² = 2·y·cy + c.
  let n = 0, sy = 0, syy = 0, su = 0, syu = 0, sx = 0;
  for (const s of chain) {
    const h = (s.x1 - s.x0) / 2;
    const u = h * h + s.y * s.y;
    n++;
    sy += s.y;
    syy += s.y * s.y;
    su += u;
    syu += s.y * u;
    sx += (s.x0 + s.x1) / 2;
  }
  const det = n * syy - sy * sy;
  if (det <= 0) return null;
  const a = (n * syu - sy * su) / det; // 2·cy
  const c = (su - a * sy) / n;
  const cy = a / 2;
  const r2 = c + cy * cy;
  if (r2 <= 0) return null;
  const r = Math.sqrt(r2);
  if (r < MIN_RADIUS || r > MAX_RADIUS) return null;
  for (const s of chain) {
    const dy = s.y - cy;
    const expected = Math.sqrt(Math.max(0, r2 - dy * dy));
    if (Math.abs((s.x1 - s.x0) / 2 - expected) > slack) return null;
  }
  return { cx: sx / n, cy, r, fill: chain[Math.floor(chain.length / 2)]!.fill };
}

/**
 * Mean colour of the ring at `radius` into `mean`, over its points inside the picture; false when
 * fewer than CLIPPED_RING_SHARE of them are (a badge the picture's edge cuts off keeps the rest).
 */
function ringMean(raster: Raster, b: Badge, radius: number, mean: number[]): boolean {
  const { width, height, data: d } = raster;
  mean[0] = mean[1] = mean[2] = 0;
  let inside = 0;
  for (let i = 0; i < RING_POINTS; i++) {
    const x = Math.round(b.cx + radius * RING_COS[i]!);
    const y = Math.round(b.cy + radius * RING_SIN[i]!);
    if (x < 0 || y < 0 || x >= width || y >= height) continue;
    const p = (y * width + x) * 4;
    inside++;
    mean[0] += d[p]!;
    mean[1] += d[p + 1]!;
    mean[2] += d[p + 2]!;
  }
  if (inside < CLIPPED_RING_SHARE * RING_POINTS) return false;
  for (let c = 0; c < 3; c++) mean[c] /= inside;
  return true;
}

/** How many points of the ring at `radius` lie within (or, with `far`, beyond) `limit` of `k`; points outside the picture count for neither. */
function ringCount(raster: Raster, b: Badge, radius: number, k: readonly number[], limit: number, far: boolean): { count: number; inside: number } {
  const { width, height, data: d } = raster;
  let count = 0, inside = 0;
  for (let i = 0; i < RING_POINTS; i++) {
    const x = Math.round(b.cx + radius * RING_COS[i]!);
    const y = Math.round(b.cy + radius * RING_SIN[i]!);
    if (x < 0 || y < 0 || x >= width || y >= height) continue;
    inside++;
    const off = distance(d, (y * width + x) * 4, k) > limit;
    if (off === far) count++;
  }
  return { count, inside };
}

const RING_COS = Float64Array.from({ length: RING_POINTS }, (_, i) => Math.cos((2 * Math.PI * i) / RING_POINTS));
const RING_SIN = Float64Array.from({ length: RING_POINTS }, (_, i) => Math.sin((2 * Math.PI * i) / RING_POINTS));

const distance = (d: Uint8Array, p: number, k: readonly number[]): number =>
  Math.max(Math.abs(d[p]! - k[0]!), Math.abs(d[p + 1]! - k[1]!), Math.abs(d[p + 2]! - k[2]!));

/**
 * A disc fitted again to its rim: from its first fitted centre, along each of RING_POINTS rays
 * that stays inside the picture, the first pixel past 0.7 r off the fill (beyond the digit) is a
 * rim point; a circle is fitted to those (least squares on x² + y² + D·x + E·y + F = 0). Null when
 * fewer than RING_POINTS / 4 rays reach a rim or the circle leaves the badges' radii.
 */
function rimFit(raster: Raster, b: Badge, fill: readonly number[]): Badge | null {
  const { width, height, data: d } = raster;
  // Sums for the normal equations of (D, E, F).
  let sxx = 0, sxy = 0, sx = 0, syy = 0, sy = 0, n = 0, sxz = 0, syz = 0, sz = 0;
  for (let i = 0; i < RING_POINTS; i++) {
    const c = RING_COS[i]!, s = RING_SIN[i]!;
    for (let t = Math.round(0.7 * b.r); t <= b.r + OUTER_GAP + 2; t++) {
      const x = Math.round(b.cx + t * c), y = Math.round(b.cy + t * s);
      if (x < 0 || y < 0 || x >= width || y >= height) break;
      if (distance(d, (y * width + x) * 4, fill) <= FILL_TOLERANCE) continue;
      if (t === Math.round(0.7 * b.r)) break; // not in the fill there: the digit, or a loose fit
      // About the first fit's centre, so that the sums stay small.
      const u = x - b.cx, v = y - b.cy, z = -(u * u + v * v);
      sxx += u * u; sxy += u * v; sx += u; syy += v * v; sy += v; n++;
      sxz += u * z; syz += v * z; sz += z;
      break;
    }
  }
  if (n < RING_POINTS / 4) return null;
  // Solve [[sxx sxy sx] [sxy syy sy] [sx sy n]] · (D, E, F) = (sxz, syz, sz) by Cramer's rule.
  const det3 = (a: number, b2: number, c: number, e: number, f: number, g: number, h: number, k: number, l: number): number =>
    a * (f * l - g * k) - b2 * (e * l - g * h) + c * (e * k - f * h);
  const det = det3(sxx, sxy, sx, sxy, syy, sy, sx, sy, n);
  if (Math.abs(det) < 1e-9) return null;
  const D = det3(sxz, sxy, sx, syz, syy, sy, sz, sy, n) / det;
  const E = det3(sxx, sxz, sx, sxy, syz, sy, sx, sz, n) / det;
  const F = det3(sxx, sxy, sxz, sxy, syy, syz, sx, sy, sz) / det;
  const u = -D / 2, v = -E / 2, r2 = u * u + v * v - F;
  if (r2 <= 0) return null;
  const r = Math.sqrt(r2);
  if (r < MIN_RADIUS || r > MAX_RADIUS) return null;
  return { ...b, cx: b.cx + u, cy: b.cy + v, r };
}

/** A disc of one flat fill, sharply bounded, with a glyph of another colour at its centre: null when any fails. */
function confirmed(raster: Raster, b: Badge): Badge | null {
  const d = raster.data;
  const fill = [0, 0, 0];
  if (!ringMean(raster, b, 0.8 * b.r, fill)) return null;
  const inner = ringCount(raster, b, 0.8 * b.r, fill, FLAT_FILL, false);
  if (inner.count < INNER_SHARE * inner.inside) return null;
  const outer = ringCount(raster, b, b.r + OUTER_GAP, fill, EDGE_CONTRAST, true);
  if (outer.count < LOOSE_OUTER_SHARE * outer.inside) return null;
  const pale = outer.count < OUTER_SHARE * outer.inside;
  if (pale && Math.min(fill[0]!, fill[1]!, fill[2]!) < WHITE_FILL) return null;
  // A disc the edge cuts off is fitted from one cap of chords only, so its centre and radius are
  // loose: they are fitted again to its rim, and the fill must run out to CLIPPED_RIM_IN inside it.
  const reach = 0.8 * b.r;
  if (b.cx - reach < 0 || b.cy - reach < 0 || b.cx + reach > raster.width - 1 || b.cy + reach > raster.height - 1) {
    const refit = rimFit(raster, b, fill);
    if (!refit) return null;
    const rim = ringCount(raster, refit, refit.r - CLIPPED_RIM_IN, fill, FLAT_FILL, false);
    if (rim.count < INNER_SHARE * rim.inside) return null;
    b = { ...refit, second: true };
  }
  // The digit: pixels far from the fill inside the box a digit of the badge's size takes (every
  // second pixel of every second row: a glyph's strokes are 2 px or wider at radius 8 and up).
  const { width } = raster;
  let ink = 0, all = 0;
  for (let y = Math.max(0, Math.round(b.cy - 0.45 * b.r)); y <= Math.min(raster.height - 1, Math.round(b.cy + 0.45 * b.r)); y += 2) {
    for (let x = Math.max(0, Math.round(b.cx - 0.35 * b.r)); x <= Math.min(width - 1, Math.round(b.cx + 0.35 * b.r)); x += 2) {
      all++;
      if (distance(d, (y * width + x) * 4, fill) > GLYPH_CONTRAST) ink++;
    }
  }
  if (all === 0 || ink < (pale ? STRONG_GLYPH_SHARE : GLYPH_SHARE) * all) return null;
  return { ...b, ...(pale ? { pale: true as const } : {}), fill: fill.map(Math.round) as [number, number, number] };
}

/**
 * A copy of `raster` with every badge painted over by its surroundings.
 *
 * @example
 * ```ts
 * const clean = eraseBadges(raster, findBadges(raster));
 * ```
 */
export function eraseBadges(raster: Raster, badges: readonly Badge[]): Raster {
  const { width, height, data } = raster;
  const secondLook = badges.some((b) => b.second);
  const mask = new Uint8Array(width * height);
  for (const b of badges) {
    const R = b.r + BLUR_RIM;
    for (let y = Math.max(0, Math.floor(b.cy - R)); y <= Math.min(height - 1, Math.ceil(b.cy + R)); y++) {
      const dy = y - b.cy;
      const half = Math.sqrt(Math.max(0, R * R - dy * dy));
      for (let x = Math.max(0, Math.floor(b.cx - half)); x <= Math.min(width - 1, Math.ceil(b.cx + half)); x++) mask[y * width + x] = 1;
    }
  }
  const out = new Uint8Array(data);
  const agree = (p: number, q: number): boolean => p >= 0 && q >= 0 && Math.abs(data[p]! - data[q]!) <= ENDS_AGREE && Math.abs(data[p + 1]! - data[q + 1]!) <= ENDS_AGREE && Math.abs(data[p + 2]! - data[q + 2]!) <= ENDS_AGREE;
  // The first pixel past the painted run of row y through x, on the side inside the picture; -1 if none.
  const rowEnd = (y: number, x: number): number => {
    if (y < 0 || y >= height || !mask[y * width + x]) return -1;
    let l = x, r = x;
    while (l >= 0 && mask[y * width + l]) l--;
    while (r < width && mask[y * width + r]) r++;
    return l < 0 && r < width ? (y * width + r) * 4 : r >= width && l >= 0 ? (y * width + l) * 4 : -1;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!mask[y * width + x]) continue;
      let l = x, r = x, u = y, w = y;
      while (l >= 0 && mask[y * width + l]) l--;
      while (r < width && mask[y * width + r]) r++;
      while (u >= 0 && mask[u * width + x]) u--;
      while (w < height && mask[w * width + x]) w++;
      const pl = l >= 0 ? (y * width + l) * 4 : -1;
      const pr = r < width ? (y * width + r) * 4 : -1;
      const pu = u >= 0 ? (u * width + x) * 4 : -1;
      const pw = w < height ? (w * width + x) * 4 : -1;
      let p: number, q: number, t: number;
      if (agree(pl, pr)) (p = pl), (q = pr), (t = (x - l) / (r - l));
      // A badge the left or right edge cuts off: its row runs on from the one end inside the
      // picture (a seam under it stays the seam to the edge), before a column whose ends agree
      // (panels of one colour above and below the seam) could paint the seam over. A column whose
      // ends agree with the seam's colour (the row through the middle of the column's run, from its
      // end inside) is a frame's margin as wide as the seams, and keeps its colour: rows run on
      // painted a 4 px frame beside a corner badge with its panel's colours (independent seed
      // 28037 badge-05: boxes 79 px wide instead of 75).
      else if (secondLook && (pl < 0) !== (pr < 0) && !(agree(pu, pw) && agree(pu, rowEnd(Math.floor((u + w + 1) / 2), x)))) (p = pl >= 0 ? pl : pr), (q = p), (t = 0);
      else if (agree(pu, pw)) (p = pu), (q = pw), (t = (y - u) / (w - u));
      // A painted disc the top or bottom edge cuts off: its column runs on from the one end inside
      // the picture (a seam under it stays the seam to the edge, a panel's column its own colours),
      // for the badges of either look (edge columns, above).
      else if ((pu < 0) !== (pw < 0)) (p = pu >= 0 ? pu : pw), (q = p), (t = 0);
      else if (pl >= 0 && pr >= 0) (p = pl), (q = pr), (t = (x - l) / (r - l));
      else (p = pl >= 0 ? pl : pr), (q = p), (t = 0);
      if (p < 0) continue;
      const o = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) out[o + c] = Math.round(data[p + c]! * (1 - t) + data[q + c]! * t);
    }
  }
  return { ...raster, data: out };
}

/**
 * Whether lines [start, end) across `axis` (x: columns, y: rows), over [from, to) along them, are
 * all background (plain or ringing, `classify.ts`) in the picture as it is.
 */
export type PlainBetween = (axis: 'x' | 'y', start: number, end: number, from: number, to: number) => boolean;

/** An interior edge of a layout: where one part ends and the next begins, and the stretch it runs along. */
export interface Cut {
  axis: 'x' | 'y';
  at: number;
  from: number;
  to: number;
}

export function cutsOf(parts: readonly Box[]): Cut[] {
  const cuts: Cut[] = [];
  for (const p of parts) {
    const right = p.x + p.width;
    const bottom = p.y + p.height;
    if (parts.some((o) => o.x === right && o.y < bottom && o.y + o.height > p.y)) cuts.push({ axis: 'x', at: right, from: p.y, to: bottom });
    if (parts.some((o) => o.y === bottom && o.x < right && o.x + o.width > p.x)) cuts.push({ axis: 'y', at: bottom, from: p.x, to: right });
  }
  // One seam is one cut: a grid's seam is the edge of every part along it, joined end to end.
  cuts.sort((a, b) => (a.axis === b.axis ? a.at - b.at || a.from - b.from : a.axis < b.axis ? -1 : 1));
  const joined: Cut[] = [];
  for (const cut of cuts) {
    const last = joined[joined.length - 1];
    if (last && last.axis === cut.axis && last.at === cut.at && cut.from <= last.to) last.to = Math.max(last.to, cut.to);
    else joined.push({ ...cut });
  }
  return joined;
}

/** How far (px) a cut may lie from where the other layout or a badge puts it: JPEG's blur moves a seam's middle by a pixel or two. */
const CUT_SLACK = 3;

/**
 * How far from a second-look badge's centre, in radii, a cut it alone explains may pass
 * (`badgesExplain`'s `secondLook`). A badge the first look found sits on its seam; one found on a
 * second look was fitted from a short arc or cut off by the edge, and painting out where it was
 * supposed may smear a panel's own plain edge into seam. Measured on independent seeds
 * 12000–12149 (1 500 badge collages), over the plans the second look made: in the 24 exact ones,
 * every such cut passed within 0.34 r of its badge's centre; the one that cut through a panel
 * (12149 badge-04: a white drawing beside a 240-grey seam) passed 1.08 r from it.
 */
const SECOND_LOOK_REACH = 0.5;

/**
 * Whether the layout found with the badges painted out may stand: each of its cuts is one the
 * picture's own layout has too, or one that crosses a badge. Painting a badge out can only
 * restore the seam it sat on; a new cut anywhere else (measured: a palm trunk in a photo whose
 * part search changed once a junction badge was gone) was not made visible by the painting.
 * With `secondLook` (badges found on a second look painted out too), a cut a badge explains must
 * pass within SECOND_LOOK_REACH of its centre.
 *
 * @example
 * ```ts
 * const stands = badgesExplain(erasedPlan.parts, plainPlan.ok ? plainPlan.parts : [], badges);
 * ```
 */
export function badgesExplain(withBadgesErased: readonly Box[], asIs: readonly Box[], badges: readonly Badge[], secondLook = false, plainBetween?: PlainBetween): boolean {
  const own = cutsOf(asIs);
  return cutsOf(withBadgesErased).every((cut) => {
    const along = (a: number, b: number): boolean => a < cut.to && b > cut.from;
    // The picture's own cut, or one moved from it across plain lines only: the same seam, cut
    // elsewhere in its run once the seams the badges hid gave its width (narrowPaddedSeams).
    const same = (o: Cut): boolean => Math.abs(o.at - cut.at) <= CUT_SLACK || (plainBetween?.(cut.axis, Math.min(o.at, cut.at), Math.max(o.at, cut.at), Math.max(o.from, cut.from), Math.min(o.to, cut.to)) ?? false);
    if (own.some((o) => o.axis === cut.axis && along(o.from, o.to) && same(o))) return true;
    return badges.some((b) => {
      const [across, length] = cut.axis === 'x' ? [b.cx, b.cy] : [b.cy, b.cx];
      const reach = secondLook ? SECOND_LOOK_REACH * b.r : b.r + CUT_SLACK;
      return Math.abs(across - cut.at) <= reach && along(length - b.r, length + b.r);
    });
  });
}
