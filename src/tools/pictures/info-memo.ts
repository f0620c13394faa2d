/**
 * Memo for `enc_image_info`, independent of the read cache (which is off by default and on MCP).
 * Measuring a collage means fetching and decoding megabytes to return a few numbers, and a model
 * typically asks for info, then splits, then asks again. A picture at a URL rarely changes, but
 * organisers do replace task pictures, so entries expire; the catalog's `invalidateCache()` clears it.
 */
import type { ToolResult } from '../types.js';

/** Pictures remembered at once: a game has a few dozen; each entry is a few hundred bytes. */
export const INFO_MEMO_ENTRIES = 64;

/** How long a measurement is trusted: long enough for one puzzle, short enough for a replaced picture. */
export const INFO_MEMO_TTL_MS = 10 * 60_000;

export class InfoMemo {
  private readonly entries = new Map<string, { result: ToolResult; at: number }>();

  constructor(private readonly now: () => number) {}

  get(url: string): ToolResult | undefined {
    const entry = this.entries.get(url);
    if (!entry) return undefined;
    if (this.now() - entry.at > INFO_MEMO_TTL_MS) {
      this.entries.delete(url);
      return undefined;
    }
    // Re-insert so the Map's order is least-recently-used first.
    this.entries.delete(url);
    this.entries.set(url, entry);
    return { json: structuredClone(entry.result.json), images: [] };
  }

  set(url: string, result: ToolResult): void {
    this.entries.delete(url);
    this.entries.set(url, { result, at: this.now() });
    while (this.entries.size > INFO_MEMO_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
  }
}
