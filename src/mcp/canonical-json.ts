/**
 * A stable JSON text for an argument map: object keys sorted at every depth, so the same call
 * always yields the same text however a client orders its fields.
 *
 * @example
 * ```ts
 * canonicalJson({ b: 1, a: { d: 2, c: 3 } }) // '{"a":{"c":3,"d":2},"b":1}'
 * ```
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? 'null';
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    // No prototype: a "__proto__" key from the client must stay an ordinary key, not vanish.
    const sorted: Record<string, unknown> = Object.create(null);
    for (const key of Object.keys(value).sort()) sorted[key] = sortKeys((value as Record<string, unknown>)[key]);
    return sorted;
  }
  return value;
}
