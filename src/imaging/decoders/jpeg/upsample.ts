/**
 * Brings one component's samples to full resolution, one output row at a time. 2× in either
 * direction uses the triangle ("fancy") filter libjpeg applies by default, so colours along edges
 * match what other decoders show; other ratios (4:1:1, odd factors) replicate samples.
 */
import type { Component } from './component.js';

export class RowSource {
  /** The array `row()` offsets point into: the component's plane, or a private row buffer. */
  readonly data: Uint8Array;
  private readonly mode: 'identity' | 'h2v1' | 'h1v2' | 'h2v2' | 'nearest';
  /** Nearest mode: the source column of each output column. */
  private readonly xMap: Int32Array | null = null;
  private readonly maxV: number;

  constructor(
    private readonly c: Component,
    maxH: number,
    maxV: number,
    private readonly outWidth: number,
  ) {
    const sx = maxH / c.h;
    const sy = maxV / c.v;
    if (sx === 1 && sy === 1) this.mode = 'identity';
    else if (sx === 2 && sy === 1) this.mode = 'h2v1';
    else if (sx === 1 && sy === 2) this.mode = 'h1v2';
    else if (sx === 2 && sy === 2) this.mode = 'h2v2';
    else this.mode = 'nearest';
    if (this.mode === 'identity') {
      this.data = c.plane;
    } else {
      // Two extra samples: the 2× filters write pairs and may run one past an odd output width.
      this.data = new Uint8Array(outWidth + 2);
      if (this.mode === 'nearest') {
        this.xMap = new Int32Array(outWidth);
        for (let x = 0; x < outWidth; x++) this.xMap[x] = Math.floor((x * c.h) / maxH);
      }
    }
    this.maxV = maxV;
  }

  /** Returns the offset in `data` where output row `y` of this component starts. */
  row(y: number): number {
    const c = this.c;
    const plane = c.plane;
    const stride = c.stride;
    const out = this.data;
    const lastRow = c.sampleHeight - 1;
    switch (this.mode) {
      case 'identity':
        return y * stride;
      case 'h2v1': {
        const base = y * stride;
        const n = c.sampleWidth;
        let prev = plane[base]!;
        let cur = prev;
        for (let i = 0; i < n; i++) {
          const next = i + 1 < n ? plane[base + i + 1]! : cur;
          out[2 * i] = (3 * cur + prev + 1) >> 2;
          out[2 * i + 1] = (3 * cur + next + 2) >> 2;
          prev = cur;
          cur = next;
        }
        return 0;
      }
      case 'h1v2': {
        const cy = y >> 1;
        const lower = (y & 1) === 1;
        const ny = Math.min(Math.max(lower ? cy + 1 : cy - 1, 0), lastRow);
        const base = cy * stride;
        const nb = ny * stride;
        const bias = lower ? 2 : 1;
        for (let x = 0; x < this.outWidth; x++) out[x] = (3 * plane[base + x]! + plane[nb + x]! + bias) >> 2;
        return 0;
      }
      case 'h2v2': {
        const cy = y >> 1;
        const ny = Math.min(Math.max((y & 1) === 1 ? cy + 1 : cy - 1, 0), lastRow);
        const base = cy * stride;
        const nb = ny * stride;
        const n = c.sampleWidth;
        let cur = 3 * plane[base]! + plane[nb]!;
        let prev = cur;
        for (let i = 0; i < n; i++) {
          const next = i + 1 < n ? 3 * plane[base + i + 1]! + plane[nb + i + 1]! : cur;
          out[2 * i] = (3 * cur + prev + 8) >> 4;
          out[2 * i + 1] = (3 * cur + next + 7) >> 4;
          prev = cur;
          cur = next;
        }
        return 0;
      }
      default: {
        const base = Math.min(Math.floor((y * c.v) / this.maxV), lastRow) * stride;
        const xMap = this.xMap!;
        for (let x = 0; x < this.outWidth; x++) out[x] = plane[base + xMap[x]!]!;
        return 0;
      }
    }
  }
}
