/**
 * Typed failures of the admin side. The engine often answers a write with 200 and changes
 * nothing, so these carry what was attempted and a machine-readable `kind` that a surface turns
 * into its own words; messages still say what to do next, because a model reads them too.
 */
import { EncounterError } from '../errors.js';

/** Why an admin call failed, as data. */
export type AdminFailureKind =
  | 'access_denied'
  | 'sign_in_failed'
  | 'captcha_required'
  | 'refused'
  | 'sector_started'
  | 'penalty_hint_taken'
  | 'unreadable_page';

/**
 * The session has no editor rights on this game (the engine redirected to GamesManager).
 *
 * @example
 * ```ts
 * if (err instanceof AdminAccessDeniedError) console.log(err.gameId);
 * ```
 */
export class AdminAccessDeniedError extends EncounterError {
  override name = 'AdminAccessDeniedError';
  readonly kind: AdminFailureKind = 'access_denied';
  constructor(readonly domain: string, readonly gameId: number | null) {
    super(
      `${domain} refused the admin page${gameId !== null ? ` of game ${gameId}` : ''}: check the game id and that ` +
        `this login is an author or editor of the game`,
    );
  }
}

/**
 * The HTML sign-in (`Login.aspx`) did not open a session: wrong login or password, or a CAPTCHA.
 *
 * @example
 * ```ts
 * if (err instanceof AdminSignInError && err.kind === 'captcha_required') askForDigits();
 * ```
 */
export class AdminSignInError extends EncounterError {
  override name = 'AdminSignInError';
  constructor(
    readonly domain: string,
    readonly kind: Extract<AdminFailureKind, 'sign_in_failed' | 'captcha_required'>,
    /** The engine's own message (`lblDBMessage`), when it gave one. */
    readonly engineMessage: string | null,
  ) {
    super(
      kind === 'captcha_required'
        ? `${domain} wants a CAPTCHA before signing in: sign in once in a browser at https://${domain}/Login.aspx, ` +
            `wait a few minutes, then retry`
        : `${domain} did not accept the login and password${engineMessage ? ` (engine says: ${engineMessage})` : ''}; ` +
            `check them and retry`,
    );
  }
}

/**
 * A write the engine answered but did not apply (read back unchanged, or its refusal text).
 *
 * @example
 * ```ts
 * try { await admin.setAutopass(g, 1, { seconds: 300, penalty_seconds: 0 }); }
 * catch (e) { if (e instanceof AdminRefusedError) console.log(e.operation, e.detail); }
 * ```
 */
export class AdminRefusedError extends EncounterError {
  override name = 'AdminRefusedError';
  readonly kind: AdminFailureKind = 'refused';
  constructor(
    /** What was attempted, e.g. `set autopass of level 3 of game 123`. */
    readonly operation: string,
    /** What the engine showed instead of the change. */
    readonly detail: string,
  ) {
    super(`the engine did not apply "${operation}": ${detail}; nothing was changed by this step`);
  }
}

/**
 * A sector cannot be deleted because teams have started it.
 *
 * @example
 * ```ts
 * if (err instanceof SectorStartedError) skipSector(err.sectorId);
 * ```
 */
export class SectorStartedError extends AdminRefusedError {
  override name = 'SectorStartedError';
  override readonly kind: AdminFailureKind = 'sector_started';
  constructor(operation: string, readonly sectorId: number) {
    super(operation, 'teams have already started this sector, so the engine keeps it');
  }
}

/**
 * A penalty hint cannot be deleted because a team has already paid for it.
 *
 * @example
 * ```ts
 * if (err instanceof PenaltyHintTakenError) console.log(err.hintId);
 * ```
 */
export class PenaltyHintTakenError extends AdminRefusedError {
  override name = 'PenaltyHintTakenError';
  override readonly kind: AdminFailureKind = 'penalty_hint_taken';
  constructor(operation: string, readonly hintId: number) {
    super(operation, 'a team has already taken this penalty hint, so the engine keeps it');
  }
}

/**
 * An admin page lacks the markers it must have (layout changed, or not the page asked for).
 *
 * @example
 * ```ts
 * if (err instanceof AdminPageError) console.log(err.url, err.missing);
 * ```
 */
export class AdminPageError extends EncounterError {
  override name = 'AdminPageError';
  readonly kind: AdminFailureKind = 'unreadable_page';
  constructor(readonly url: string, readonly missing: string) {
    super(`the admin page ${url} could not be read: ${missing}; open it in a browser to check, then retry`);
  }
}
