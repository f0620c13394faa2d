/**
 * Maps a JSON sign-in reply (`Error` 0–10; docs/engine-contract.md, «JSON sign-in and its
 * Error codes») to the matching typed error.
 */
import {
  BruteForceError,
  CaptchaRequiredError,
  EmailNotConfirmedError,
  InvalidCredentialsError,
  IpBlockedError,
  LoginError,
  LoginForbiddenError,
  LoginServerError,
  NotActivatedError,
  UserBlockedError,
} from './errors.js';
import type { LoginReply } from './types.js';

/**
 * The error for a failed sign-in, or null when `reply.Error` is 0 (success).
 *
 * @example
 * ```ts
 * loginErrorFor({ Error: 2 }, 'tech.en.cx'); // InvalidCredentialsError
 * ```
 */
export function loginErrorFor(reply: LoginReply, domain: string, baseUrl = `https://${domain}/`): LoginError | null {
  const code = reply.Error;
  const said = typeof reply.Message === 'string' && reply.Message.trim() !== '' ? ` (engine says: ${reply.Message.trim()})` : '';
  const abs = (u: string | null | undefined): string | null => (u ? absolutize(u, baseUrl) : null);
  switch (code) {
    case 0:
      return null;
    case 1: {
      const url = abs(reply.CaptchaUrl);
      return new CaptchaRequiredError(
        1,
        `too many wrong sign-in attempts on ${domain}: the engine now wants a CAPTCHA${url ? ` (${url})` : ''}. ` +
          `Sign in once in a browser at https://${domain}/Login.aspx, wait a few minutes, then run encli login again${said}`,
        url,
      );
    }
    case 2:
      return new InvalidCredentialsError(2, `wrong login or password for ${domain}; check both and try again${said}`);
    case 3:
      return new LoginForbiddenError(
        3,
        `sign-in to ${domain} is forbidden for this user (blacklisted, or this account may not sign in on this domain)${said}`,
      );
    case 4: {
      const url = abs(reply.IpUnblockUrl);
      return new IpBlockedError(
        4,
        `this profile only allows sign-in from known IP addresses and this one is not among them; ` +
          `unblock it${url ? ` at ${url}` : ' from the profile settings'} and try again${said}`,
        url,
      );
    }
    case 5:
      return new LoginServerError(5, `the engine at ${domain} had a server error during sign-in; retry in a minute${said}`, null, {
        retryable: true,
      });
    case 7:
      return new UserBlockedError(7, `this user is blocked by an administrator of ${domain}${said}`);
    case 8: {
      const admins = Array.isArray(reply.AdminWhoCanActivate) ? reply.AdminWhoCanActivate.join(', ') : '';
      return new NotActivatedError(
        8,
        `this account is not activated yet on ${domain}${admins ? `; ask one of: ${admins}` : ''}${said}`,
      );
    }
    case 9: {
      const url = abs(reply.BruteForceUnblockUrl);
      return new BruteForceError(
        9,
        `the engine suspects a brute-force attack on this account; unblock it${url ? ` at ${url}` : ' in a browser'} and try again${said}`,
        url,
      );
    }
    case 10: {
      const url = abs(reply.ConfirmEmailUrl);
      return new EmailNotConfirmedError(
        10,
        `the e-mail address of this account is not confirmed; confirm it${url ? ` at ${url}` : ''} and try again${said}`,
        url,
      );
    }
    default:
      // 6 is documented as "not used by JSON requests"; it and anything newer are unknown.
      return new LoginError(typeof code === 'number' ? code : -1, `sign-in to ${domain} failed with unknown engine code ${String(code)}${said}`);
  }
}

function absolutize(u: string, baseUrl: string): string {
  try {
    return new URL(u, baseUrl).href;
  } catch {
    return u;
  }
}
