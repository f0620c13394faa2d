/**
 * A copy's refusals as tool errors: a bad argument names the argument, a missing or rejected
 * source login is a lost session on THAT domain (so a surface offers to sign in there), and an
 * engine failure underneath keeps its own kind (anti-spam stays anti-spam).
 */
import { CopyError } from '../../copy/copy-game.js';
import { SessionExpiredError } from '../../engine/errors.js';
import { ToolArgumentError, ToolError } from '../errors.js';

/**
 * @example
 * ```ts
 * try { await copyGame(…); } catch (err) { throw toolErrorOf(err); }
 * ```
 */
export function toolErrorOf(err: unknown): unknown {
  if (!(err instanceof CopyError)) return err;
  switch (err.code) {
    case 'bad_argument':
      return new ToolArgumentError(err.subject ?? 'arguments', err.message);
    case 'no_source_session':
      return new ToolError(err.message, { cause: new SessionExpiredError(err.subject ?? '', 'no saved session'), code: 'no_saved_session' });
    case 'source_auth':
    case 'target_auth':
      return new ToolError(err.message, {
        cause: err.cause instanceof Error ? err.cause : new SessionExpiredError(err.subject ?? '', 'admin session check failed'),
        code: err.code,
      });
    default:
      return new ToolError(err.message, { cause: err.cause, code: err.code });
  }
}
