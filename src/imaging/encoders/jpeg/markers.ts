/**
 * The marker segments in front of the entropy-coded data: SOI, JFIF APP0, DQT, SOF0, DHT, SOS.
 */
import type { ByteSink } from './byte-sink.js';
import { ZIGZAG, type HuffmanSpec } from './tables.js';

export interface FrameDescription {
  width: number;
  height: number;
  subsampling: '420' | '444';
  /** Natural order; written in zig-zag order as DQT requires. */
  lumaQuant: Uint8Array;
  chromaQuant: Uint8Array;
  tables: { LUMA_DC: HuffmanSpec; LUMA_AC: HuffmanSpec; CHROMA_DC: HuffmanSpec; CHROMA_AC: HuffmanSpec };
}

/** Writes everything from SOI up to and including the SOS header. */
export function writeHeaders(sink: ByteSink, frame: FrameDescription): void {
  sink.u16(0xffd8); // SOI

  // APP0 JFIF 1.01, no density information (aspect 1:1), no thumbnail.
  sink.u16(0xffe0);
  sink.u16(16);
  sink.bytes([0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]);

  // DQT: table 0 (luma) and 1 (chroma), 8-bit precision.
  sink.u16(0xffdb);
  sink.u16(2 + 2 * 65);
  for (const [id, table] of [[0, frame.lumaQuant], [1, frame.chromaQuant]] as const) {
    sink.byte(id);
    for (let k = 0; k < 64; k++) sink.byte(table[ZIGZAG[k]!]!);
  }

  // SOF0 (baseline): 8-bit samples, 3 components; luma sampling 2×2 for 4:2:0, 1×1 for 4:4:4.
  const lumaSampling = frame.subsampling === '420' ? 0x22 : 0x11;
  sink.u16(0xffc0);
  sink.u16(8 + 3 * 3);
  sink.byte(8);
  sink.u16(frame.height);
  sink.u16(frame.width);
  sink.byte(3);
  sink.bytes([1, lumaSampling, 0, 2, 0x11, 1, 3, 0x11, 1]);

  // DHT: class 0 = DC, 1 = AC; id 0 = luma, 1 = chroma.
  const { LUMA_DC, LUMA_AC, CHROMA_DC, CHROMA_AC } = frame.tables;
  const huffman: Array<[number, HuffmanSpec]> = [[0x00, LUMA_DC], [0x10, LUMA_AC], [0x01, CHROMA_DC], [0x11, CHROMA_AC]];
  let length = 2;
  for (const [, spec] of huffman) length += 1 + 16 + spec.symbols.length;
  sink.u16(0xffc4);
  sink.u16(length);
  for (const [classAndId, spec] of huffman) {
    sink.byte(classAndId);
    sink.bytes(spec.counts);
    sink.bytes(spec.symbols);
  }

  // SOS: all three components interleaved, full spectral range, no successive approximation.
  sink.u16(0xffda);
  sink.u16(6 + 2 * 3);
  sink.byte(3);
  sink.bytes([1, 0x00, 2, 0x11, 3, 0x11]);
  sink.bytes([0, 63, 0]);
}
