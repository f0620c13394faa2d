/**
 * Readers for the engine's HTML pages (docs/engine-contract.md, «HTML pages read»). Each
 * one looks for the markers the contract names and nothing more, so small layout changes elsewhere
 * on a page do not break it.
 */
import { HtmlPage, plainText, type HtmlElement } from '../html/elements.js';
import type { DomainGame, Profile, TeamInfo } from './types.js';

/** Anchors of a page whose `href` satisfies `test`, in document order. */
function anchors(page: HtmlPage, test: (href: string) => boolean): HtmlElement[] {
  return page.find((e) => e.name === 'a' && e.attrs.href !== undefined && test(e.attrs.href));
}

/** Is this HTML the engine's sign-in page (or the 403 "sign in required" interstitial)? */
export function isLoginPage(html: string): boolean {
  const lower = html.toLowerCase();
  return (
    lower.includes('login.aspx') ||
    (lower.includes('txtlogin') && lower.includes('txtpassword')) ||
    (lower.includes('id="formmain"') && lower.includes('name="login"')) ||
    /id\s*=\s*["']?(loginen|login)["'\s>]/.test(lower)
  );
}

/** Is this the anti-spam page? Checked before `isLoginPage`, because it links to `Login.aspx` too. */
export function isAntiSpamPage(html: string): boolean {
  const lower = html.toLowerCase();
  return lower.includes('nothumanrequest') || lower.includes("classified as robot's requests");
}

/** The `Login.aspx` link on the anti-spam page, preferring one that carries `return=`. */
export function antiSpamLoginLink(html: string): string | null {
  // Attribute values come decoded from the tokenizer, which keeps unknown references such as `&sector=` as written.
  const page = new HtmlPage(html);
  const links = page
    .find((e) => (e.name === 'a' && /login\.aspx/i.test(e.attrs.href ?? '')) || (e.name === 'form' && /login\.aspx/i.test(e.attrs.action ?? '')))
    .map((e) => (e.name === 'a' ? e.attrs.href! : e.attrs.action!));
  return links.find((l) => /return=/i.test(l)) ?? links[0] ?? null;
}

/** Seconds to the start from the mobile play page (`"StartCounter": N`), or null. */
export function parseStartCounter(html: string): number | null {
  const m = /"StartCounter"\s*:\s*(\d{1,12})/.exec(html);
  return m ? Number(m[1]) : null;
}

/** Games on the desktop front page: only `lnkGameTitle` anchors count; other
 * `GameDetails`/`MakeGameFee` links on the page are not games. */
export function parseDomainGames(html: string): DomainGame[] {
  const page = new HtmlPage(html);
  const seen = new Set<number>();
  const out: DomainGame[] = [];
  for (const a of page.find((e) => e.name === 'a' && e.attrs.id === 'lnkGameTitle')) {
    const gid = /gid=(\d+)/i.exec(a.attrs.href ?? '')?.[1];
    if (!gid) continue;
    const gameId = Number(gid);
    if (seen.has(gameId)) continue;
    seen.add(gameId);
    out.push({ title: page.text(a), gameId });
  }
  return out;
}

/** The signed-in user from `/UserDetails.aspx`; null when the page has no user id. */
export function parseProfile(html: string): Profile | null {
  const page = new HtmlPage(html);
  const uidLink = anchors(page, (h) => /[?&]uid=\d+/i.test(h))[0];
  const id = uidLink ? /uid=(\d+)/i.exec(uidLink.attrs.href!)![1] : /\(id\s*(\d+)\)/.exec(plainText(html))?.[1];
  if (!id) return null;
  const profile: Profile = { id: Number(id), login: '' };
  for (const a of anchors(page, (h) => /^\/UserDetails\.aspx$/i.test(h))) {
    const text = page.text(a);
    if (!profile.login && /^[\p{L}\p{N}_.]{2,48}$/u.test(text)) profile.login = text;
    else if (!profile.name && text.includes(' ')) profile.name = text;
  }
  // Points and rank read `232,66 / <b>Лейтенант</b>`: the bold rank right after the points.
  for (const b of page.find((e) => e.name === 'b')) {
    const before = /(\d+[,.]\d+)\s*\/\s*$/.exec(plainText(html.slice(Math.max(0, b.start - 64), b.start)));
    if (!before) continue;
    profile.points = before[1]!;
    profile.rank = page.text(b);
    break;
  }
  const team = anchors(page, (h) => /^\/Teams\/TeamDetails\.aspx\?tid=\d+$/i.test(h))[0];
  if (team) {
    profile.team_id = Number(/tid=(\d+)/i.exec(team.attrs.href!)![1]);
    profile.team = page.text(team);
  }
  const site = anchors(page, (h) => /^https?:\/\/[a-z0-9-]+(?:\.[a-z0-9-]+)*\.en\.cx/i.test(h))[0];
  if (site) profile.domain = /^https?:\/\/([^/:]+)/i.exec(site.attrs.href!)![1]!.toLowerCase();
  return profile;
}

/** A team page: name, pending invitations, action links. */
export function parseTeam(html: string, requestedTeamId: number | undefined): TeamInfo {
  const page = new HtmlPage(html);
  const nameLink = page.find((e) => e.name === 'a' && e.attrs.id === 'lnkTeamName' && /tid=\d+/i.test(e.attrs.href ?? ''))[0];
  const linkedId = nameLink ? Number(/tid=(\d+)/i.exec(nameLink.attrs.href!)![1]) : undefined;
  const info: TeamInfo = { team_id: requestedTeamId ?? linkedId ?? 0 };
  const title = page.byId('lblTeamName');
  if (title) info.team_name = page.text(title);
  else if (nameLink && (requestedTeamId === undefined || linkedId === requestedTeamId)) info.team_name = page.text(nameLink);
  // An invitation is a user link followed by its "remove invitation" link.
  const invites: Array<{ user_id: number; login: string }> = [];
  let lastUser: HtmlElement | null = null;
  for (const a of anchors(page, () => true)) {
    const href = a.attrs.href!;
    if (/^\/UserDetails\.aspx\?uid=\d+$/i.test(href)) lastUser = a;
    else if (/action=remove_invitation/i.test(href) && lastUser) {
      invites.push({ user_id: Number(/uid=(\d+)/i.exec(lastUser.attrs.href!)![1]), login: page.text(lastUser) });
      lastUser = null;
    }
  }
  if (invites.length) info.pending_invitations = invites;
  const actions: Record<string, string> = {};
  for (const a of anchors(page, (h) => /TeamDetails\.aspx\?[^#]*action=[a-z_]+/i.test(h))) {
    const key = /action=([a-z_]+)/i.exec(a.attrs.href!)![1]!.toLowerCase();
    if (!(key in actions)) actions[key] = a.attrs.href!;
  }
  if (Object.keys(actions).length) info.actions = actions;
  return info;
}
