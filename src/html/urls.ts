/**
 * Resolving URLs found in level HTML. Organisers write site-relative paths (`/upload/x.jpg`); a
 * model shown the absolute URL can pass it straight to `enc_view_image`, and the same picture
 * written two ways is listed once.
 */

/** Turns a URL from content into an absolute http(s) URL, or null when it is not fetchable. */
export type UrlResolver = (raw: string) => string | null;

const ABSOLUTE = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/**
 * A resolver against the engine's base URL (`https://tech.en.cx`). Without a base, absolute
 * URLs are normalised and relative ones are kept as written (the engine resolves them at fetch
 * time). `data:`, `javascript:`, `mailto:` and fragment-only references yield null.
 *
 * @example
 * ```ts
 * createUrlResolver('https://tech.en.cx')('/upload/a.jpg'); // 'https://tech.en.cx/upload/a.jpg'
 * ```
 */
export function createUrlResolver(base?: string): UrlResolver {
  let baseUrl: URL | undefined;
  if (base !== undefined && base.trim() !== '') {
    try {
      baseUrl = new URL(base.trim());
    } catch {
      baseUrl = undefined;
    }
  }
  return (raw: string): string | null => {
    // Browsers strip tabs and newlines inside URLs; editors wrap long attribute values.
    const text = raw.replace(/[\t\n\r]/g, '').trim();
    if (text === '' || text.startsWith('#')) return null;
    const absolute = ABSOLUTE.test(text);
    if (absolute && !/^https?:/i.test(text)) return null;
    try {
      if (absolute) return new URL(text).href;
      if (baseUrl) return new URL(text, baseUrl).href;
      // Protocol-relative: an absolute address on another host, https by default.
      if (text.startsWith('//')) return new URL(`https:${text}`).href;
      return text;
    } catch {
      return null;
    }
  };
}
