/**
 * How a command's failure reaches the user: one line on stderr, or with `--json` one JSON object
 * on stdout (a script reading stdout must see the error, not an empty document), and the exit code:
 * 2 for anything the user can fix (usage, input, the file system), 1 for everything else.
 */
import { ImageError } from '../imaging/errors.js';
import { ToolError } from '../tools/errors.js';
import { UsageError } from './flags.js';

/** Bad input (a picture that cannot be read as asked): exit 2, nothing written. */
export class InputError extends Error {
  override readonly name = 'InputError';
}

/** A file or folder that cannot be read or written as asked: exit 2, one line saying which and why. */
export class FileSystemError extends Error {
  override readonly name = 'FileSystemError';
}

export type FailureKind = 'usage' | 'input' | 'file_system' | 'failure';

/**
 * What kind of failure `err` is.
 *
 * @example
 * ```ts
 * failureKind(new UsageError('missing FILE')); // 'usage'
 * ```
 */
export function failureKind(err: unknown): FailureKind {
  if (err instanceof UsageError) return 'usage';
  if (err instanceof FileSystemError || isErrno(err)) return 'file_system';
  if (err instanceof InputError || err instanceof ToolError) return 'input';
  if (err instanceof ImageError && err.code !== 'encode_failed') return 'input';
  return 'failure';
}

/**
 * Prints the failure (stderr, or JSON on stdout) and returns the exit code.
 *
 * @example
 * ```ts
 * return reportFailure('encli image crop', err, argv.includes('--json'));
 * ```
 */
export function reportFailure(prefix: string, err: unknown, json: boolean): number {
  const kind = failureKind(err);
  const message = describe(err);
  if (json) process.stdout.write(JSON.stringify({ error: { kind, message } }, null, 2) + '\n');
  else process.stderr.write(`${prefix}: ${message}\n`);
  return kind === 'failure' ? 1 : 2;
}

/** `--json` given before any `--` (also spelled `-json`, `--json=true`). */
export function wantsJson(argv: readonly string[]): boolean {
  for (const arg of argv) {
    if (arg === '--') return false;
    if (/^--?json(=true)?$/i.test(arg)) return true;
  }
  return false;
}

/**
 * A Node file-system error as one line: what was being done to which path, and why in words.
 *
 * @example
 * ```ts
 * fileSystemMessage(err, 'write'); // "cannot write out/a.png: no such folder"
 * ```
 */
export function fileSystemMessage(err: NodeJS.ErrnoException, doing: string, path = err.path ?? ''): string {
  const why: Record<string, string> = {
    ENOENT: 'no such file or folder',
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    EEXIST: 'it already exists',
    EISDIR: 'it is a folder',
    ENOTDIR: 'a part of the path is not a folder',
    ENOSPC: 'no space left on the device',
    EROFS: 'the file system is read-only',
  };
  return `cannot ${doing} ${path}: ${why[err.code ?? ''] ?? err.message}`;
}

function isErrno(err: unknown): err is NodeJS.ErrnoException {
  return err instanceof Error && typeof (err as NodeJS.ErrnoException).code === 'string' && typeof (err as NodeJS.ErrnoException).syscall === 'string';
}

function describe(err: unknown): string {
  if (isErrno(err)) return fileSystemMessage(err, err.syscall === 'open' || err.syscall === 'read' ? 'read' : (err.syscall ?? 'use'));
  return (err instanceof Error ? err.message : String(err)).replace(/\s*\n\s*/g, ' ');
}
