/**
 * Tolerant reads of engine values. The engine adds, drops and retypes fields over time; a reply
 * with one malformed field should lose that field, not fail the whole read with a TypeError.
 */

/**
 * The array the engine sent (its object items only), or [] for null, absent or a wrong type.
 *
 * @example
 * ```ts
 * asList([{ a: 1 }, null, 3]); // [{ a: 1 }]
 * asList('oops' as never);     // []
 * ```
 */
export function asList<T>(value: T[] | null | undefined): T[] {
  return Array.isArray(value) ? value.filter((item) => item !== null && typeof item === 'object') : [];
}

/** The string the engine sent, or '' for anything else. */
export function asText(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
