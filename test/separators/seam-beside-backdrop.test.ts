/**
 * A seam beside a panel's plain backdrop of another colour: one run of plain lines of two colours,
 * whose ringing edge lines belong to the piece they touch (runs.ts, widenOverRinging).
 */
import { describe, expect, it } from 'vitest';
import { LineKind } from '../../src/imaging/separators/classify.js';
import { findRuns } from '../../src/imaging/separators/runs.js';
import { expectEveryExact } from './expect-exact.js';
import { scoreBatch } from './score.js';
import { axisOf } from './line-axis.js';

const { Content: C, Plain: P, Ringing: R } = LineKind;

describe('a seam beside a plain backdrop of another colour', () => {
  it('keeps the ringing lines of its own colour at the run’s start', () => {
    // 6 ringing lines of a dark seam, 9 plain ones, then 72 plain lines of a white backdrop: the
    // span's mean (233) is neither colour, and the dark ringing lines were left out of the run.
    const { kinds, lines } = axisOf([[C, 0, 20], [R, 100, 6], [P, 100, 9], [P, 250, 72], [C, 0, 20]]);
    expect(findRuns(kinds, lines)?.separators).toEqual([{ start: 20, end: 107 }]);
  });

  it('a one-colour span still widens by its mean only', () => {
    // A seam at 240 whose first plain line reads 212 (a shadow's edge) keeps its mean, 238: the
    // ringing line at 190 beside it is 48 off, and stays out (it agrees with 212 within 32).
    const { kinds, lines } = axisOf([[C, 0, 20], [R, 190, 1], [P, 212, 1], [P, 240, 12], [C, 0, 20]]);
    expect(findRuns(kinds, lines)?.separators).toEqual([{ start: 21, end: 34 }]);
  });

  it('a span with ringing lines inside it widens by its mean, not by its end lines', () => {
    // A flat stretch of a photo: single plain lines of 60 and 180 at its ends, 30 ringing lines of
    // 120 between, ringing lines of each end's shade beyond. By its end lines it took those in
    // (20–60); by its mean (120) neither end shade agrees within RUN_COLOUR_AGREEMENT.
    const { kinds, lines } = axisOf([[C, 0, 20], [R, 60, 4], [P, 60, 1], [R, 120, 30], [P, 180, 1], [R, 180, 4], [C, 0, 20]]);
    expect(findRuns(kinds, lines)?.separators).toEqual([{ start: 24, end: 56 }]);
  });

  it('a JPEG photo’s sea, ringing with a few plain lines, is not widened into a seam (independent seed 15000 heavy-08)', async () => {
    const [result] = await scoreBatch('photo-band-ringing');
    expect(result!.expected.file).toBe('i15000-heavy-08.jpg');
    expect(result!.badCuts).toEqual([]);
  });

  it('three JPEG collages (fixtures/collages/seam-beside-backdrop) split exactly', async () => {
    // Independent seeds 18006 mix-07 (a 15 px red seam beside a drawing's white backdrop, q79
    // 4:4:4), 18055 mix-10 (a row of unequal widths, q54 4:2:0) and 18007 flat-06 (flat panels on
    // 8 px green seams, q68): each lost a seam beside a plain panel edge (3 parts for 4 and a
    // refusal); 18006 mix-07's was taken for the padding of the panel before it, whose probes read
    // the seam's own ringing lines. (18046 mix-09, whose backdrop rings on 87 of its 126 lines, is
    // no longer widened by its end lines: see the photo's sea above.)
    const results = await scoreBatch('seam-beside-backdrop');
    expect(results.length).toBe(3);
    expectEveryExact(results);
  });

  it('a JPEG seam merged with a photo’s paler backdrop is cut at the end that reads the other seams’ colour (independent seed 15000 mix-06)', async () => {
    // 13 px seams at 240 (q85); the third ran on into a photo's 235 backdrop (columns 428–469) and
    // was cut at its middle, x 448, inside the photo. Its head, 428–441, reads the seams' 240.
    const results = await scoreBatch('seam-colour-end');
    expect(results.length).toBe(1);
    expect(results[0]!.badCuts).toEqual([]);
    expectEveryExact(results);
  });

  it('so is one the fade rule set aside beside a photo’s pale edge (independent seed 20010 caption-08)', async () => {
    // A 4×1 of captioned photos, 8 px white seams (q95): beside a photo's pale backdrop the run
    // 111–126 reads 255 for 8 columns, then 246, and fades into the photo: set aside, with no twin
    // by width or exact colour, and photos 1 and 2 came out one part. Its head reads the seams' colour.
    const results = await scoreBatch('faded-seam-colour-end');
    expect(results.map((r) => r.expected.file)).toEqual(['i20010-caption-08.jpg']);
    expectEveryExact(results);
  });

  it('and so is one whose fading piece was narrower than the seams: its end is looked for over the whole run (independent seeds 20001 gradient-09, 20505 mix-07, 21006 mix-06)', async () => {
    // 20001 gradient-09 (q63): 13 px gradient seams 233→251, the first merged with a white
    // drawing's blank rows into rows 180–204, kept by the fade rule as 196–204 (8 rows, no 13-row
    // end in it) and set aside: 3 parts for 4. Over the whole run, rows 191–204 read the seams' 242.
    // 20505 mix-07 and 21006 mix-06: a seam beside a drop shadow or a rounded corner, the same way.
    const results = await scoreBatch('faded-run-colour-end');
    expect(results.map((r) => r.expected.file)).toEqual(['i20001-gradient-09.jpg', 'i20505-mix-07.jpg', 'i21006-mix-06.webp']);
    expectEveryExact(results);
  });

  it('a JPEG seam read apart from a photo\'s backdrop and joined to it again is cut at the end that reads the other seams\' colour (independent seed 22023 mix-03)', async () => {
    // 9 px cream seams (247,234,216), q38; the first beside a photo's 234 grey backdrop: the colour
    // pass read columns 174–184 and 185–216 as two seams, joined as one broken by JPEG, cut at 195.
    const results = await scoreBatch('seam-colour-end-joined');
    expect(results.length).toBe(1);
    expectEveryExact(results);
  });

  it('a lone seam merged with a photo\'s backdrop is cut at its flat end (independent seed 27009 mix-07 and mix-08)', async () => {
    // One white seam each, no twin to vouch for a width or colour. mix-07 (JPEG q27): 13 columns
    // reading 255 at spread 0–7, then 74 of a sweater photo's 235 backdrop at spread 20–32, one
    // run 308–395 cut at 351 inside the photo; now cut at 314. mix-08 (lossless): 65 columns of
    // that backdrop at spread 7–8, then the 8 px seam at spread 0, cut at 424; now refused, uncut.
    const results = await scoreBatch('lone-seam-flat-end');
    expect(results.map((r) => r.expected.file)).toEqual(['i27009-mix-07.jpg', 'i27009-mix-08.webp']);
    for (const r of results) expect(r.badCuts, r.expected.file).toEqual([]);
    expectEveryExact(results.slice(0, 1));
  });
});
