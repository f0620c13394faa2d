/**
 * A StripMemo shared by the passes over one set of lines (planSplit's vote, crossing and collage
 * colour passes) changes no detection: every pass with the memo equals the same pass without it,
 * on every committed fixture, and the memo does hold the answers the later passes reuse.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decode } from '../../src/imaging/decode.js';
import { collageColourOfBallots } from '../../src/imaging/separators/collage-colour.js';
import { detectStrips, measureLines } from '../../src/imaging/separators/index.js';
import { stripMemo } from '../../src/imaging/separators/strips.js';

const DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../fixtures/collages');
const pictures = readdirSync(DIR).filter((f) => /\.(jpe?g|png|webp)$/i.test(f));

describe('strip memo', () => {
  it('every pass with the shared memo equals the same pass without it', async () => {
    let reused = 0;
    for (const file of pictures) {
      const { raster } = await decode(new Uint8Array(readFileSync(join(DIR, file))));
      const stats = measureLines(raster, { x: 0, y: 0, width: raster.width, height: raster.height });
      for (const axis of ['horizontal', 'vertical'] as const) {
        const memo = stripMemo();
        const vote = detectStrips(raster, stats, axis, { vote: true });
        expect(detectStrips(raster, stats, axis, { vote: true, memo }), `${file} ${axis} vote`).toEqual(vote);
        const colour = collageColourOfBallots(vote.ballots ?? []);
        if (colour === undefined) continue;
        const second = detectStrips(raster, stats, axis, { colour, damagedFound: vote.damagedSeams });
        expect(detectStrips(raster, stats, axis, { colour, damagedFound: vote.damagedSeams, memo }), `${file} ${axis} colour`).toEqual(second);
        // The other axis's seams crossing these lines: a third pass, same memo.
        const crossing = detectStrips(raster, stats, axis, { vote: true, crossing: [{ start: 0, end: 1 }], damagedKnown: vote.damagedSeams });
        expect(detectStrips(raster, stats, axis, { vote: true, crossing: [{ start: 0, end: 1 }], damagedKnown: vote.damagedSeams, memo }), `${file} ${axis} crossing`).toEqual(crossing);
        expect(memo.kinds?.length, file).toBe(axis === 'horizontal' ? raster.width : raster.height);
        reused += memo.gaps.size + memo.fades.size;
      }
    }
    expect(pictures.length).toBeGreaterThan(10);
    expect(reused).toBeGreaterThan(0);
  }, 120_000);
});
