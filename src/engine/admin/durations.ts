/**
 * Durations as the engine's admin pages write them: Russian phrases such as `1 день 1 час 1 минута`
 * (summed), with the three plural forms of each unit.
 */

const UNITS = [
  { seconds: 86_400, forms: ['день', 'дня', 'дней'] },
  { seconds: 3_600, forms: ['час', 'часа', 'часов'] },
  { seconds: 60, forms: ['минута', 'минуты', 'минут'] },
  { seconds: 1, forms: ['секунда', 'секунды', 'секунд'] },
] as const;

const PHRASE = /(\d+)\s*(дн(?:я|ей|ь)|день|час(?:а|ов)?|минут[аы]?|секунд[аы]?)/giu;

/**
 * Seconds in a Russian duration phrase; 0 when it names none.
 *
 * @example
 * ```ts
 * parseRussianDuration('1 день 1 час 1 минута'); // 90060
 * ```
 */
export function parseRussianDuration(text: string): number {
  let total = 0;
  for (const m of text.matchAll(PHRASE)) {
    const unit = m[2]!.toLowerCase();
    const n = Number(m[1]);
    const seconds = unit.startsWith('д') ? 86_400 : unit.startsWith('ч') ? 3_600 : unit.startsWith('м') ? 60 : 1;
    total += n * seconds;
  }
  return total;
}

/**
 * The engine's wording of a duration: `1 час 30 минут`; `0 секунд` for zero.
 *
 * @example
 * ```ts
 * formatRussianDuration(5400); // '1 час 30 минут'
 * ```
 */
export function formatRussianDuration(totalSeconds: number): string {
  let left = Math.max(0, Math.floor(totalSeconds));
  if (left === 0) return '0 секунд';
  const parts: string[] = [];
  for (const unit of UNITS) {
    const n = Math.floor(left / unit.seconds);
    left -= n * unit.seconds;
    if (n > 0) parts.push(`${n} ${pluralRu(n, unit.forms)}`);
  }
  return parts.join(' ');
}

/**
 * Hours, minutes and seconds of a duration, as the edit forms take them (`txtHours` …).
 *
 * @example
 * ```ts
 * splitHms(3725); // { hours: 1, minutes: 2, seconds: 5 }
 * ```
 */
export function splitHms(totalSeconds: number): { hours: number; minutes: number; seconds: number } {
  const s = Math.max(0, Math.floor(totalSeconds));
  return { hours: Math.floor(s / 3600), minutes: Math.floor((s % 3600) / 60), seconds: s % 60 };
}

function pluralRu(n: number, forms: readonly [string, string, string]): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 === 1 && mod100 !== 11) return forms[0];
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return forms[1];
  return forms[2];
}
