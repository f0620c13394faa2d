/**
 * Reading the claims of the issuer's JWTs. The signature is not checked: the tokens come straight
 * from the issuer over TLS and only the backend, which does check them, relies on them.
 */

const AUTH_CLAIM = 'https://api.openai.com/auth';

/**
 * The payload of a JWT as an object; `{}` for anything that is not one.
 *
 * @example
 * ```ts
 * jwtClaims('eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.sig'); // { sub: 'x' }
 * ```
 */
export function jwtClaims(token: string | undefined): Record<string, unknown> {
  const payload = token?.split('.')[1];
  if (!payload) return {};
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
    const json: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
    return json !== null && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The ChatGPT account id from one token's claims, looked up in the order the issuer has used:
 * `chatgpt_account_id`, the flat `https://api.openai.com/auth.chatgpt_account_id`, the nested
 * `https://api.openai.com/auth` → `chatgpt_account_id`, then the first `organizations[].id`.
 *
 * @example
 * ```ts
 * accountIdFromClaims({ 'https://api.openai.com/auth': { chatgpt_account_id: 'acct_1' } }); // 'acct_1'
 * ```
 */
export function accountIdFromClaims(claims: Record<string, unknown>): string | undefined {
  const nested = claims[AUTH_CLAIM];
  const organizations = claims.organizations;
  const firstOrg = Array.isArray(organizations) ? (organizations[0] as { id?: unknown } | undefined)?.id : undefined;
  const candidates = [
    claims.chatgpt_account_id,
    claims[`${AUTH_CLAIM}.chatgpt_account_id`],
    nested !== null && typeof nested === 'object' ? (nested as Record<string, unknown>).chatgpt_account_id : undefined,
    firstOrg,
  ];
  for (const value of candidates) if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return undefined;
}

/**
 * The account id from the id token first, then the access token.
 *
 * @example
 * ```ts
 * accountIdFromTokens(tokens.id_token, tokens.access_token); // 'acct_1' or undefined
 * ```
 */
export function accountIdFromTokens(idToken: string | undefined, accessToken: string | undefined): string | undefined {
  return accountIdFromClaims(jwtClaims(idToken)) ?? accountIdFromClaims(jwtClaims(accessToken));
}

/**
 * The e-mail address the id token names, if any.
 *
 * @example
 * ```ts
 * emailFromToken(tokens.id_token); // 'player@example.com'
 * ```
 */
export function emailFromToken(token: string | undefined): string | undefined {
  const email = jwtClaims(token).email;
  return typeof email === 'string' && email.includes('@') ? email : undefined;
}

/**
 * The `exp` claim as epoch milliseconds.
 *
 * @example
 * ```ts
 * expiryFromToken(tokens.access_token); // 1796112000000, or undefined without `exp`
 * ```
 */
export function expiryFromToken(token: string | undefined): number | undefined {
  const exp = jwtClaims(token).exp;
  return typeof exp === 'number' && Number.isFinite(exp) && exp > 0 ? exp * 1000 : undefined;
}
