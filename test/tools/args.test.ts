/**
 * Argument coercion (src/tools/args.ts).
 * Reference acceptance cases covered: 15 (numeric string ids), 41 (pixel parsing), 42 (overflow guard).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_COORDINATE,
  optionalInteger,
  optionalKeyword,
  optionalPixelSpec,
  requiredInteger,
  requiredString,
  resolvePixelSpec,
} from '../../src/tools/args.js';
import { ToolArgumentError } from '../../src/tools/errors.js';

function pixels(value: unknown, span = 400): number | undefined {
  const spec = optionalPixelSpec({ x: value }, 'x');
  return spec === undefined ? undefined : resolvePixelSpec(spec, span);
}

describe('integers', () => {
  it('accepts numbers (truncated toward zero) and digit strings', () => {
    expect(requiredInteger({ game_id: 42 }, 'game_id')).toBe(42);
    expect(requiredInteger({ game_id: ' 42 ' }, 'game_id')).toBe(42);
    expect(requiredInteger({ game_id: 42.9 }, 'game_id')).toBe(42);
    expect(requiredInteger({ game_id: -3.7 }, 'game_id')).toBe(-3);
  });

  it('treats null and blank strings as absent', () => {
    expect(optionalInteger({ page: null }, 'page')).toBeUndefined();
    expect(optionalInteger({ page: '  ' }, 'page')).toBeUndefined();
    expect(() => requiredInteger({}, 'game_id')).toThrow('argument "game_id" is required and must be an integer');
  });

  it('names the argument when a present value is not an integer', () => {
    for (const bad of ['12.5', 'abc', true, {}, [1], Number.NaN, 2 ** 60]) {
      const err = (() => {
        try {
          optionalInteger({ page: bad }, 'page');
        } catch (e) {
          return e;
        }
        return undefined;
      })();
      expect(err).toBeInstanceOf(ToolArgumentError);
      expect((err as ToolArgumentError).argument).toBe('page');
      expect((err as Error).message).toContain('"page" must be an integer');
    }
  });

  it('checks ranges with the caller-given wording', () => {
    expect(() => optionalInteger({ page: 0 }, 'page', { min: 1 })).toThrow('argument "page" must be a positive integer, got 0');
    expect(() => optionalInteger({ n: 9 }, 'n', { min: 2, max: 8 })).toThrow('between 2 and 8, got 9');
    expect(() => optionalInteger({ n: 9 }, 'n', { max: 8, outOfRange: (v) => `custom ${v}` })).toThrow('custom 9');
  });

  it('property: any safe integer round-trips as a number and as its decimal string', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        expect(requiredInteger({ k: n }, 'k')).toBe(n);
        expect(requiredInteger({ k: String(n) }, 'k')).toBe(n);
      }),
    );
  });
});

describe('strings and keywords', () => {
  it('trims strings and refuses numbers instead of converting them', () => {
    expect(requiredString({ code: '  bravo ' }, 'code')).toBe('bravo');
    expect(() => requiredString({ code: '   ' }, 'code')).toThrow('argument "code" is required and must be a non-empty string');
    expect(() => requiredString({ code: 123 }, 'code')).toThrow('"code" must be a string');
  });

  it('keywords are trimmed and lower-cased; others are refused with the raw value', () => {
    const msg = (raw: string) => `axis bad: ${raw}`;
    expect(optionalKeyword({ axis: ' GRID ' }, 'axis', ['grid', 'auto'], msg)).toBe('grid');
    expect(optionalKeyword({ axis: '' }, 'axis', ['grid'], msg)).toBeUndefined();
    expect(() => optionalKeyword({ axis: 'diagonal' }, 'axis', ['grid'], msg)).toThrow('axis bad: "diagonal"');
  });
});

describe('crop coordinates (case 41, 42)', () => {
  it('parses pixels and percentages of the span', () => {
    expect(pixels(120)).toBe(120);
    expect(pixels('120')).toBe(120);
    expect(pixels('25%')).toBe(100);
    expect(pixels(' 50 % ')).toBe(200);
    expect(pixels(undefined)).toBeUndefined();
    expect(pixels(null)).toBeUndefined();
    expect(() => pixels('half')).toThrow('has to be a pixel count or a percentage of the picture like "33%"');
    expect(() => pixels('abc%')).toThrow('is not a percentage');
  });

  it('refuses out-of-range values before any arithmetic', () => {
    for (const bad of [9.2e18, -9.2e18, 'Inf%', 'NaN%', '99999999999999999999', MAX_COORDINATE + 1, Infinity]) {
      expect(() => pixels(bad), String(bad)).toThrow(ToolArgumentError);
    }
    expect(pixels(MAX_COORDINATE)).toBe(MAX_COORDINATE);
    expect(pixels('100%')).toBe(400);
  });

  it('57 % of 19550 is 11144 (exactly 11143.5, rounded up), not the 11143 of (57 / 100) · 19550 in floating point', () => {
    expect(pixels('57%', 19550)).toBe(11144);
  });

  it('property: a percentage p of span s resolves to round(p/100*s)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 1, max: 20000 }), (p, s) => {
        expect(pixels(`${p}%`, s)).toBe(Math.round((p * s) / 100));
      }),
    );
  });

  it('property: arbitrary JSON values either parse or raise a ToolArgumentError, never anything else', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        try {
          pixels(value);
        } catch (err) {
          expect(err).toBeInstanceOf(ToolArgumentError);
        }
      }),
    );
  });
});
