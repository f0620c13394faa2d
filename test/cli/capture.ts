/**
 * In-process CLI runs: captures what a command writes to stdout and stderr, and gives each test a
 * fresh temporary folder (removed afterwards). Call once at the top of a test file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, vi } from 'vitest';

export interface CapturedIo {
  out: string;
  err: string;
  tmp: string;
}

export function captureCliOutput(prefix: string): CapturedIo {
  const io: CapturedIo = { out: '', err: '', tmp: '' };
  beforeEach(() => {
    io.out = '';
    io.err = '';
    io.tmp = mkdtempSync(join(tmpdir(), prefix));
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((io.out += String(chunk)), true));
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => ((io.err += String(chunk)), true));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    rmSync(io.tmp, { recursive: true, force: true });
  });
  return io;
}
