/**
 * Readers for the engine's HTML pages (encounter-api.md §3.9, §3.10, §3.14, §3.15, §4.2). Each
 * one looks for the markers the contract names and nothing more, so small layout changes elsewhere
 * on a page do not break it.
 */
import type { DomainGame, Profile, TeamInfo } from './types.js';

/** Decode the few entities that appear in attribute values; `&sector=` must survive (§4.2). */
export function decodeAttribute(value: string): string {
  return value.replace(/&amp;|&#38;|&quot;|&#39;/g, (m) => ({ '&amp;': '&', '&#38;': '&', '&quot;': '"', '&#39;': "'" })[m]!);
}

/** Plain text of an HTML fragment: tags dropped, common entities decoded, whitespace collapsed. */
export function htmlText(fragment: string): string {
  return fragment
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&#(\d{1,7});/g, (_, d: string) => safeCodePoint(Number(d)))
    .replace(/&#x([0-9a-f]{1,6});/gi, (_, h: string) => safeCodePoint(parseInt(h, 16)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

function safeCodePoint(n: number): string {
  return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '';
}

/** Is this HTML the engine's sign-in page (or the 403 "sign in required" interstitial)? §4.1 step 4. */
export function isLoginPage(html: string): boolean {
  const lower = html.toLowerCase();
  return (
    lower.includes('login.aspx') ||
    (lower.includes('txtlogin') && lower.includes('txtpassword')) ||
    (lower.includes('id="formmain"') && lower.includes('name="login"')) ||
    /id\s*=\s*["']?(loginen|login)["'\s>]/.test(lower)
  );
}

/** Is this the anti-spam page? §4.1 step 3. */
export function isAntiSpamPage(html: string): boolean {
  const lower = html.toLowerCase();
  return lower.includes('nothumanrequest') || lower.includes("classified as robot's requests");
}

/** The `Login.aspx` link on the anti-spam page, preferring one that carries `return=` (§4.2). */
export function antiSpamLoginLink(html: string): string | null {
  const links = [...html.matchAll(/(?:href|action)\s*=\s*["']([^"']*login\.aspx[^"']*)["']/gi)].map((m) => decodeAttribute(m[1]!));
  return links.find((l) => /return=/i.test(l)) ?? links[0] ?? null;
}

/** Seconds to the start from the mobile play page (`"StartCounter": N`), or null (§3.10). */
export function parseStartCounter(html: string): number | null {
  const m = /"StartCounter"\s*:\s*(\d{1,12})/.exec(html);
  return m ? Number(m[1]) : null;
}

/** Games on the desktop front page: only `lnkGameTitle` anchors count (§3.9). */
export function parseDomainGames(html: string): DomainGame[] {
  const seen = new Set<number>();
  const out: DomainGame[] = [];
  for (const m of html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/gi)) {
    const attrs = m[1]!;
    if (!/\bid\s*=\s*["']?lnkGameTitle\b/i.test(attrs)) continue;
    const href = /href\s*=\s*["']([^"']*)["']/i.exec(attrs)?.[1] ?? '';
    const gid = /gid=(\d+)/i.exec(decodeAttribute(href))?.[1];
    if (!gid) continue;
    const gameId = Number(gid);
    if (seen.has(gameId)) continue;
    seen.add(gameId);
    out.push({ title: htmlText(m[2]!), gameId });
  }
  return out;
}

/** The signed-in user from `/UserDetails.aspx` (§3.14); null when the page has no user id. */
export function parseProfile(html: string): Profile | null {
  const id = /uid=(\d+)/i.exec(html)?.[1] ?? /\(id(?:&nbsp;|\s)*<span>(\d+)<\/span>\)/i.exec(html)?.[1];
  if (!id) return null;
  const profile: Profile = { id: Number(id), login: '' };
  for (const m of html.matchAll(/<a\b[^>]*href\s*=\s*["']\/UserDetails\.aspx["'][^>]*>([\s\S]*?)<\/a>/gi)) {
    const text = htmlText(m[1]!);
    if (!profile.login && /^[\p{L}\p{N}_.]{2,48}$/u.test(text)) profile.login = text;
    else if (!profile.name && text.includes(' ')) profile.name = text;
  }
  const pointsRank = /(\d+[,.]\d+)\s*\/\s*<b>([\s\S]*?)<\/b>/i.exec(html);
  if (pointsRank) {
    profile.points = pointsRank[1]!;
    profile.rank = htmlText(pointsRank[2]!);
  }
  const team = /<a\b[^>]*href\s*=\s*["']\/Teams\/TeamDetails\.aspx\?tid=(\d+)["'][^>]*>([\s\S]*?)<\/a>/i.exec(html);
  if (team) {
    profile.team_id = Number(team[1]);
    profile.team = htmlText(team[2]!);
  }
  const domain = /https?:\/\/([a-z0-9-]+(?:\.[a-z0-9-]+)*\.en\.cx)/i.exec(html)?.[1];
  if (domain) profile.domain = domain.toLowerCase();
  return profile;
}

/** A team page (§3.15): name, pending invitations, action links. */
export function parseTeam(html: string, requestedTeamId: number | undefined): TeamInfo {
  const name = /<a\b[^>]*id\s*=\s*["']lnkTeamName["'][^>]*href\s*=\s*["'][^"']*tid=(\d+)["'][^>]*>([\s\S]*?)<\/a>/i.exec(html);
  const teamId = requestedTeamId ?? (name ? Number(name[1]) : 0);
  const info: TeamInfo = { team_id: teamId };
  const title = /<span\b[^>]*id\s*=\s*["']lblTeamName["'][^>]*>([\s\S]*?)<\/span>/i.exec(html)?.[1];
  if (title) info.team_name = htmlText(title);
  else if (name && (requestedTeamId === undefined || Number(name[1]) === requestedTeamId)) info.team_name = htmlText(name[2]!);
  const invites: Array<{ user_id: number; login: string }> = [];
  for (const m of html.matchAll(/<a\b[^>]*href\s*=\s*["']\/UserDetails\.aspx\?uid=(\d+)["'][^>]*>([\s\S]*?)<\/a>\s*(?:<[^>]*>\s*)*<a\b[^>]*href\s*=\s*["'][^"']*action=remove_invitation/gi)) {
    invites.push({ user_id: Number(m[1]), login: htmlText(m[2]!) });
  }
  if (invites.length) info.pending_invitations = invites;
  const actions: Record<string, string> = {};
  for (const m of html.matchAll(/href\s*=\s*["']([^"']*TeamDetails\.aspx\?[^"']*action=([a-z_]+)[^"']*)["']/gi)) {
    const key = m[2]!.toLowerCase();
    if (!(key in actions)) actions[key] = decodeAttribute(m[1]!);
  }
  if (Object.keys(actions).length) info.actions = actions;
  return info;
}
