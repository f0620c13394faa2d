// STUB — replaced by the separators owner.
import type { Box, Raster } from '../raster.js';

/**
 * `horizontal`: panels side by side (cuts are vertical lines, the examined lines are columns);
 * `vertical`: panels stacked (the examined lines are rows); `grid`: rows and columns of panels.
 */
export type SplitAxis = 'horizontal' | 'vertical' | 'grid';

export interface SplitOptions {
  axis?: 'auto' | SplitAxis;
  /** A request: used when detection yields exactly this many parts, else an even division. */
  parts?: number;
}

export type SplitPlan =
  | { ok: true; axis: SplitAxis; method: 'detected' | 'equal'; parts: Box[] }
  | { ok: false; reason: string };

export function planSplit(_raster: Raster, _options: SplitOptions = {}): SplitPlan {
  return { ok: false, reason: 'separator detection is not implemented yet' };
}
