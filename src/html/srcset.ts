/**
 * `srcset` parsing: `"a.jpg 1x, b.jpg 2x"` → `['a.jpg', 'b.jpg']`. A candidate URL runs to the
 * next whitespace; a comma glued to its end separates candidates, otherwise the descriptors that
 * follow run to the next comma. URLs may themselves contain commas, so a plain split is wrong.
 */

function isSpace(c: string | undefined): boolean {
  return c === ' ' || c === '\n' || c === '\t' || c === '\r' || c === '\f';
}

/**
 * Every candidate URL of a `srcset` attribute, in order.
 *
 * @example
 * ```ts
 * srcsetUrls('/s.jpg 480w, /l.jpg 1080w'); // ['/s.jpg', '/l.jpg']
 * ```
 */
export function srcsetUrls(srcset: string): string[] {
  const urls: string[] = [];
  const n = srcset.length;
  let i = 0;
  while (i < n) {
    while (i < n && (isSpace(srcset[i]) || srcset[i] === ',')) i++;
    if (i >= n) break;
    const start = i;
    while (i < n && !isSpace(srcset[i])) i++;
    const url = srcset.slice(start, i);
    if (url.endsWith(',')) {
      urls.push(url.replace(/,+$/, ''));
      continue;
    }
    urls.push(url);
    // Skip descriptors ("2x", "480w") up to the separating comma; parentheses may hold commas.
    let depth = 0;
    while (i < n) {
      const c = srcset[i];
      if (c === '(') depth++;
      else if (c === ')' && depth > 0) depth--;
      else if (c === ',' && depth === 0) break;
      i++;
    }
  }
  return urls.filter((u) => u !== '');
}

/** The first candidate of a `srcset`, or undefined when it has none. */
export function firstSrcsetUrl(srcset: string): string | undefined {
  return srcsetUrls(srcset)[0];
}
