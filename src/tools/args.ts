/**
 * Forgiving argument coercion (docs/catalog.md, «Arguments»). LLM providers are loose about JSON types: an
 * integer arrives as `42`, `42.0` or `"42"`, a crop edge as `120`, `"120"` or `"25%"`. Everything
 * here accepts those spellings, treats `null` as "not given", and turns anything else into a
 * `ToolArgumentError` naming the argument and what it must be — raised before any engine call.
 */
import { ToolArgumentError } from './errors.js';

/** The raw argument object as the model sent it. */
export type RawArgs = Record<string, unknown>;

/** Integer range and, optionally, the exact sentence to use when the value is out of it. */
export interface IntegerRange {
  min?: number;
  max?: number;
  /** Overrides the default range message; receives the offending value. */
  outOfRange?: (value: number) => string;
}

/**
 * A crop edge as the model wrote it: pixels, or a percentage of the picture's side that can only
 * be turned into pixels once the picture is decoded.
 */
export type PixelSpec = { kind: 'pixels'; value: number } | { kind: 'percent'; value: number };

/**
 * Largest coordinate a crop edge may name: 2^24 px. No picture under the 25 MP gate measures more
 * along a side, and the bound keeps later arithmetic exact (far inside 2^53).
 */
export const MAX_COORDINATE = 2 ** 24;

const INTEGER_TEXT = /^[+-]?\d+$/;
const DECIMAL_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Short JSON rendering of a bad value for an error message (hostile input stays short). */
function show(value: unknown): string {
  let text: string;
  try {
    text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** An integer from a number (truncated toward zero) or a base-10 digit string; undefined when unusable. */
function toInteger(value: unknown): number | undefined {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    const n = Math.trunc(value);
    return Number.isSafeInteger(n) ? n : undefined;
  }
  if (typeof value === 'string') {
    const text = value.trim();
    if (!INTEGER_TEXT.test(text)) return undefined;
    const n = Number(text);
    return Number.isSafeInteger(n) ? n : undefined;
  }
  return undefined;
}

function checkRange(key: string, n: number, range: IntegerRange): number {
  const { min, max } = range;
  if ((min !== undefined && n < min) || (max !== undefined && n > max)) {
    if (range.outOfRange) throw new ToolArgumentError(key, range.outOfRange(n));
    const want =
      min !== undefined && max !== undefined
        ? `between ${min} and ${max}`
        : min === 1
          ? 'a positive integer'
          : min !== undefined
            ? `at least ${min}`
            : `at most ${max}`;
    throw new ToolArgumentError(key, `argument "${key}" must be ${want}, got ${n}`);
  }
  return n;
}

/**
 * An optional integer argument.
 *
 * @example
 * ```ts
 * optionalInteger({ page: '2' }, 'page', { min: 1 }); // 2
 * optionalInteger({}, 'page');                       // undefined
 * ```
 */
export function optionalInteger(args: RawArgs, key: string, range: IntegerRange = {}): number | undefined {
  const raw = args[key];
  if (isAbsent(raw)) return undefined;
  const n = toInteger(raw);
  if (n === undefined) {
    throw new ToolArgumentError(key, `argument "${key}" must be an integer (a number or a string of digits), got ${show(raw)}`);
  }
  return checkRange(key, n, range);
}

/** A required integer argument; absent → `argument "<key>" is required and must be an integer`. */
export function requiredInteger(args: RawArgs, key: string, range: IntegerRange = {}): number {
  const n = optionalInteger(args, key, range);
  if (n === undefined) throw new ToolArgumentError(key, `argument "${key}" is required and must be an integer`);
  return n;
}

/**
 * An optional string argument, trimmed; empty counts as absent. Numbers are refused rather than
 * converted: `code: 0123` would silently lose its leading zero and a wrong code costs game time.
 */
export function optionalString(args: RawArgs, key: string): string | undefined {
  const raw = args[key];
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'string') {
    throw new ToolArgumentError(key, `argument "${key}" must be a string (send it in quotes), got ${show(raw)}`);
  }
  const text = raw.trim();
  return text === '' ? undefined : text;
}

/** A required non-empty string argument, trimmed. */
export function requiredString(args: RawArgs, key: string): string {
  const text = optionalString(args, key);
  if (text === undefined) throw new ToolArgumentError(key, `argument "${key}" is required and must be a non-empty string`);
  return text;
}

/**
 * An optional keyword (trimmed, lower-cased) from a fixed set; `message` builds the refusal.
 *
 * @example
 * ```ts
 * optionalKeyword({ axis: ' Grid ' }, 'axis', ['auto', 'horizontal', 'vertical', 'grid'], m); // 'grid'
 * ```
 */
export function optionalKeyword<T extends string>(
  args: RawArgs,
  key: string,
  allowed: readonly T[],
  message: (raw: string) => string,
): T | undefined {
  const raw = args[key];
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'string') throw new ToolArgumentError(key, message(show(raw)));
  const word = raw.trim().toLowerCase();
  if (word === '') return undefined;
  if (!(allowed as readonly string[]).includes(word)) throw new ToolArgumentError(key, message(JSON.stringify(raw)));
  return word as T;
}

function outOfCoordinateRange(key: string, raw: unknown): ToolArgumentError {
  return new ToolArgumentError(key, `argument "${key}" is ${show(raw)}, outside the ${MAX_COORDINATE} pixels a picture can measure`);
}

/**
 * A crop edge: a pixel count (`120`, `"120"`) or a percentage of the picture (`"25%"`, `" 50 % "`).
 * Out-of-range values (NaN, ±Infinity, beyond 2^24) are refused before any arithmetic.
 *
 * @example
 * ```ts
 * optionalPixelSpec({ x: '25%' }, 'x'); // { kind: 'percent', value: 25 }
 * ```
 */
export function optionalPixelSpec(args: RawArgs, key: string): PixelSpec | undefined {
  const raw = args[key];
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw) || Math.abs(raw) > MAX_COORDINATE) throw outOfCoordinateRange(key, raw);
    return { kind: 'pixels', value: Math.trunc(raw) };
  }
  if (typeof raw === 'string') {
    const text = raw.trim();
    if (text.endsWith('%')) {
      const number = text.slice(0, -1).trim();
      if (!DECIMAL_TEXT.test(number)) {
        throw new ToolArgumentError(key, `argument "${key}" is not a percentage: ${show(raw)}; write it like "33%"`);
      }
      const percent = Number(number);
      if (!Number.isFinite(percent) || Math.abs(percent) > MAX_COORDINATE) throw outOfCoordinateRange(key, raw);
      return { kind: 'percent', value: percent };
    }
    if (DECIMAL_TEXT.test(text)) {
      const value = Number(text);
      if (!Number.isFinite(value) || Math.abs(value) > MAX_COORDINATE) throw outOfCoordinateRange(key, raw);
      return { kind: 'pixels', value: Math.trunc(value) };
    }
  }
  throw new ToolArgumentError(key, `argument "${key}" has to be a pixel count or a percentage of the picture like "33%", got ${show(raw)}`);
}

/**
 * Pixels of a crop edge once the picture's side (`span`) is known. Multiplied before it is divided:
 * (57 / 100) · 19550 is 11143.4999… in floating point and rounded down, while 57 · 19550 / 100 is
 * exactly 11143.5 and rounds to 11144, as a person computing 57 % of 19550 would.
 */
export function resolvePixelSpec(spec: PixelSpec, span: number): number {
  return spec.kind === 'pixels' ? spec.value : Math.trunc(Math.round((spec.value * span) / 100));
}

/** Arguments as a plain object; anything else (an array, a string of JSON that failed, null) is refused. */
export function asArgumentObject(args: unknown): RawArgs {
  if (args === undefined || args === null) return {};
  if (typeof args === 'object' && !Array.isArray(args)) return args as RawArgs;
  throw new ToolArgumentError('arguments', `the arguments must be a JSON object like {"game_id": 42}, got ${show(args)}`);
}
