/**
 * zlib inflate/deflate over the web-standard `DecompressionStream` / `CompressionStream`, which
 * Node ≥ 18, Deno and browsers all provide — so the imaging library needs no `node:zlib`. The
 * decoders inflate with the synchronous `inflate.ts` instead (faster, alike in every runtime); these
 * streams remain for the PNG encoder's `compression: 'platform'` and as the benches' platform baseline.
 *
 * Inflation is bounded: the caller says how many bytes the data may hold (a PNG's IHDR implies the
 * exact figure) and the stream stops with `corrupt` as soon as the output would pass it, so a few
 * kilobytes of "deflate bomb" never become gigabytes.
 */
import { ImageError } from './errors.js';

/** `deflate` is zlib-wrapped (RFC 1950: PNG, TIFF code 8); `deflate-raw` is bare RFC 1951. */
export type DeflateFormat = 'deflate' | 'deflate-raw';

/** How an inflate ended when the output did not overflow. */
export interface InflateOutcome {
  /** Bytes handed to the consumer. */
  produced: number;
  /**
   * The decompressor's complaint, if any: damaged data, a missing checksum, input that ends
   * mid-stream. Callers that received every byte they expected may choose to ignore it.
   */
  failure?: string;
}

/**
 * The most one compressed byte can expand to: deflate's longest match (258 bytes) costs at least
 * two bits, so ≤ 1032 output bytes per input byte. Used to size input slices so that one slice
 * cannot balloon far past the output budget before we see it.
 */
const MAX_DEFLATE_RATIO = 1032;

/**
 * How far past the budget one slice may inflate before the overflow is seen. The decompressor does
 * not apply back-pressure within a write, so it is the input slice size that bounds the burst;
 * 1 MiB of slack keeps slices ≥ 1 KiB (few stream round trips) while capping the overshoot.
 */
const OVERSHOOT_SLACK = 1 << 20;

/** Largest input slice per write: bigger buys nothing once writes are no longer the cost. */
const MAX_SLICE = 64 * 1024;

/**
 * Inflates `input` (the pieces are one continuous stream, e.g. a PNG's IDAT chunks) and passes
 * each decompressed piece to `consume` as it arrives, never holding the whole output. Throws
 * `corrupt` as soon as the output would exceed `maxOutput` bytes; anything `consume` throws stops
 * the stream and is rethrown. Decompressor errors are returned in `failure`, not thrown, so the
 * caller can judge them against what it received.
 *
 * @example
 * ```ts
 * const { produced, failure } = await inflateStream([idat1, idat2], expected, (piece) => rows.push(piece));
 * ```
 */
export async function inflateStream(
  input: readonly Uint8Array[],
  maxOutput: number,
  consume: (piece: Uint8Array) => void,
  format: DeflateFormat = 'deflate',
): Promise<InflateOutcome> {
  const stream = new DecompressionStream(format);
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  let produced = 0;
  /** Set when reading stopped on purpose (overflow or a consumer error): the writer must stop too. */
  let stopReason: unknown = undefined;
  let stopped = false;

  const stop = (reason: unknown): void => {
    stopped = true;
    stopReason = reason;
    reader.cancel().catch(() => undefined);
  };

  const reading = (async (): Promise<string | undefined> => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return undefined;
        if (produced + value.length > maxOutput) {
          stop(
            new ImageError(
              'corrupt',
              `The compressed data inflates to more than the ${maxOutput} bytes its header allows; it was stopped there (damaged or hostile file).`,
            ),
          );
          return undefined;
        }
        produced += value.length;
        try {
          consume(value);
        } catch (err) {
          stop(err);
          return undefined;
        }
      }
    } catch (err) {
      return stopped ? undefined : describe(err);
    }
  })();

  const writing = (async (): Promise<string | undefined> => {
    try {
      for (const part of input) {
        let at = 0;
        while (at < part.length) {
          if (stopped) return undefined;
          const room = Math.max(0, maxOutput - produced) + OVERSHOOT_SLACK;
          const slice = Math.min(MAX_SLICE, Math.max(1, Math.floor(room / MAX_DEFLATE_RATIO)));
          // Streams take ArrayBuffer-backed views; ours are (a SharedArrayBuffer would be rejected as corrupt input).
          await writer.write(part.subarray(at, at + slice) as Uint8Array<ArrayBuffer>);
          at += slice;
        }
      }
      if (!stopped) await writer.close();
      return undefined;
    } catch (err) {
      return stopped ? undefined : describe(err);
    } finally {
      if (stopped) void writer.abort().catch(() => undefined);
    }
  })();

  const [readFailure, writeFailure] = await Promise.all([reading, writing]);
  if (stopped) throw stopReason;
  const failure = readFailure ?? writeFailure;
  return failure === undefined ? { produced } : { produced, failure };
}

/**
 * Compresses with zlib framing (default level). `pieces` are fed in order without copying, so a
 * caller can hand over rows as it produces them.
 *
 * @example
 * ```ts
 * const idat = await deflate([filteredRows]);
 * ```
 */
export async function deflate(pieces: readonly Uint8Array[], format: DeflateFormat = 'deflate'): Promise<Uint8Array> {
  const sink = openDeflate(format);
  for (const piece of pieces) sink.push(piece);
  return sink.finish();
}

/**
 * A streaming compressor: `push` pieces as they are ready (they are compressed while the caller
 * carries on) and `finish` for the zlib bytes. Pieces must not be modified after `push`.
 */
export interface DeflateSink {
  push(piece: Uint8Array): void;
  finish(): Promise<Uint8Array>;
}

/**
 * Opens a streaming compressor (zlib framing unless told otherwise).
 *
 * @example
 * ```ts
 * const sink = openDeflate();
 * for (const band of bands) sink.push(band);
 * const compressed = await sink.finish();
 * ```
 */
export function openDeflate(format: DeflateFormat = 'deflate'): DeflateSink {
  const stream = new CompressionStream(format);
  const writer = stream.writable.getWriter();
  const out: Uint8Array[] = [];
  let total = 0;
  const pending: Promise<void>[] = [];
  const reading = (async () => {
    const reader = stream.readable.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      out.push(value);
      total += value.length;
    }
  })();
  // Failures are awaited in finish(); the no-op handlers only keep them from being reported as unhandled first.
  reading.catch(() => undefined);
  return {
    push(piece) {
      const write = writer.write(piece as Uint8Array<ArrayBuffer>);
      write.catch(() => undefined);
      pending.push(write);
    },
    async finish() {
      pending.push(writer.close());
      await Promise.all([...pending, reading]);
      return concatBytes(out, total);
    },
  };
}

/**
 * The pieces one after another (`total` is their summed length); a single piece is returned as is.
 *
 * @example
 * ```ts
 * concatBytes([Uint8Array.of(1), Uint8Array.of(2, 3)], 3); // Uint8Array [1, 2, 3]
 * ```
 */
export function concatBytes(pieces: readonly Uint8Array[], total: number): Uint8Array {
  if (pieces.length === 1 && pieces[0]!.length === total) return pieces[0]!;
  const all = new Uint8Array(total);
  let at = 0;
  for (const p of pieces) {
    all.set(p, at);
    at += p.length;
  }
  return all;
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
