/**
 * The agent's system prompt, rebuilt at the start of every turn: a session may stay open across
 * midnight or for a whole weekend game, and a date computed once would go stale.
 */

/**
 * RFC 3339 in the runtime's local time zone, with its offset (`2026-12-01T05:29:01+03:00`).
 *
 * @example
 * ```ts
 * localRfc3339(new Date('2026-12-01T02:29:01Z')); // '2026-12-01T05:29:01+03:00' in Moscow
 * ```
 */
export function localRfc3339(date: Date): string {
  const offsetMinutes = -date.getTimezoneOffset();
  const sign = offsetMinutes >= 0 ? '+' : '-';
  const abs = Math.abs(offsetMinutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/** RFC 3339 in UTC without fractions (`2026-12-01T02:29:01Z`). */
export function utcRfc3339(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The paragraph that fixes "now" for the model. */
export function dateParagraph(now: Date): string {
  return (
    `The current date and time is ${localRfc3339(now)} (local time, RFC3339; ${utcRfc3339(now)} in UTC). ` +
    'Treat this as authoritative: never guess today\'s date, and resolve any relative time the player ' +
    'mentions against it.'
  );
}

/**
 * Configured prompt, the date paragraph, the catalog's addendum (tool advice and the active
 * policy) and notes for the host's extra tools, separated by blank lines.
 *
 * @example
 * ```ts
 * buildSystemPrompt('Be brief.', new Date(), catalog.systemPromptAddendum(), []);
 * ```
 */
export function buildSystemPrompt(configured: string, now: Date, catalogAddendum: string, toolNotes: readonly string[]): string {
  return [configured, dateParagraph(now), catalogAddendum, ...toolNotes].filter((p) => p.trim() !== '').join('\n\n');
}
