/**
 * A seam at one end of a run with a pale photo edge (runs.ts, exactTwinAtEnd): in a lossless
 * collage a seam beside a photo's pale backdrop merges with it into one wide plain run that the
 * padding rule refuses; the seam is still the run's exact stretch at the end beside the next photo.
 */
import { describe, expect, it } from 'vitest';
import { exactTwinAtEnd } from '../../src/imaging/separators/runs.js';
import { scoreBatch } from './score.js';

describe('a seam at the end of a run with a pale photo edge', () => {
  // fixtures/collages/pale-edge-seam (independent seed 8400 caption-07, PNG): three photos with
  // captions above on rgb(245,240,230), 7 px seams; the first photo's right 42 columns are its white
  // studio backdrop (231–245), one plain run with the first seam, refused as padding: 2 parts.
  it('splits at the exact stretch beside the next photo', async () => {
    const results = await scoreBatch('pale-edge-seam');
    expect(results.map((r) => r.expected.file)).toEqual(['i8400-caption-07.png']);
    expect(results[0]!.badCuts).toEqual([]);
    expect(results[0]!.exact, results[0]!.why).toBe(true);
  });

  it('takes the stretch only at an end, never the whole run', () => {
    const stats = { min: new Uint8Array(3 * 8), max: new Uint8Array(3 * 8) } as unknown as Parameters<typeof exactTwinAtEnd>[0];
    // lines 0–2 noisy, 3–4 exact white, 5 noisy, 6–7 exact white (the standing seam)
    for (let i = 0; i < 8; i++) for (let c = 0; c < 3; c++) { stats.min[i * 3 + c] = i <= 2 || i === 5 ? 200 : 255; stats.max[i * 3 + c] = 255; }
    expect(exactTwinAtEnd(stats, { start: 0, end: 5 }, [{ start: 6, end: 8 }])).toEqual({ start: 3, end: 5 });
    expect(exactTwinAtEnd(stats, { start: 3, end: 6 }, [{ start: 6, end: 8 }])).toEqual({ start: 3, end: 5 });
    expect(exactTwinAtEnd(stats, { start: 3, end: 5 }, [{ start: 6, end: 8 }])).toBeNull();
    expect(exactTwinAtEnd(stats, { start: 0, end: 3 }, [{ start: 6, end: 8 }])).toBeNull();
  });
});
