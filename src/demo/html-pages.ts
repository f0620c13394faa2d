/**
 * The HTML pages the fake engine renders, carrying exactly the markers the client reads
 * (docs/engine-contract.md, «HTML pages read» and «Reply classification») and little else.
 */
import type { GameDefinition, TeamDefinition, UserDefinition } from './game-definition.js';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function page(title: string, body: string): string {
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`;
}

/** The sign-in form (`formMain` with `Login` and `Password`); with `captcha`, the CAPTCHA variant. */
export function loginPage(returnPath: string, message = '', captcha = false): string {
  const action = `/Login.aspx?return=${encodeURIComponent(returnPath).toLowerCase()}`;
  return page(
    'Sign in',
    `<form id="formMain" method="post" action="${escapeHtml(action)}">` +
      `<input type="hidden" name="__VIEWSTATE" value="demo">` +
      `<input name="Login" id="txtLogin"><input type="password" name="Password" id="txtPassword">` +
      (captcha
        ? `<input type="hidden" name="MagicGuid" value="fake-guid"><img src="/MagicKey.aspx?guid=fake-guid"><input name="MagicNumbers">`
        : '') +
      `<select name="ddlNetwork"><option value="1" selected>Encounter</option></select>` +
      `<input type="submit" name="EnButton1" value="Sign In">` +
      (message ? `<span id="lblDBMessage">${escapeHtml(message)}</span>` : '') +
      `</form>`,
  );
}

/** 403 "sign in required" interstitial for member pages. */
export function signInRequiredPage(): string {
  return page('Sign in required', `<p>Для просмотра этой страницы необходимо <a href="/Login.aspx">войти</a>.</p>`);
}

/** The anti-spam wall: a verification text and a `Login.aspx?return=` link. */
export function antiSpamPage(returnPath: string): string {
  return page(
    'Not human request',
    `<p>Your requests were classified as robot's requests. Confirm you are a human.</p>` +
      `<a href="/Login.aspx?return=${escapeHtml(encodeURIComponent(returnPath))}&amp;sector=1">Войти</a>`,
  );
}

/** A neutral HTML page (a proxy or maintenance page): not login, not anti-spam. */
export function neutralPage(): string {
  return page('Encounter', '<p>Сайт временно недоступен. Попробуйте через минуту.</p>');
}

/** "Object moved" body that accompanies a 302. */
export function objectMoved(location: string): string {
  return page('Object moved', `<h2>Object moved to <a href="${escapeHtml(location)}">here</a>.</h2>`);
}

/** Desktop front page: games as `lnkGameTitle` anchors, plus decoy links that are not games. */
export function frontPage(games: readonly GameDefinition[], domain: string): string {
  const items = games
    .map(
      (g) =>
        `<div class="game"><a id="lnkGameTitle" href="/GameDetails.aspx?gid=${g.id}">${escapeHtml(g.title)}</a>` +
        ` <a href="/MakeGameFee.aspx?gid=${g.id}">Подать заявку</a> <a href="/GameDetails.aspx?gid=${g.id}">Подробнее</a></div>`,
    )
    .join('');
  return page(`Encounter ${domain}`, `<h1>${escapeHtml(domain)}</h1>${items}`);
}

/** `/UserDetails.aspx` of the signed-in user, modelled on a real page's markup. */
export function profilePage(user: UserDefinition, team: TeamDefinition | undefined, domain: string): string {
  return page(
    'Profile',
    `<a href="/UserDetails.aspx" id="lnkLogin">${escapeHtml(user.login)}</a> (id&nbsp;<span>${user.id}</span>) ` +
      `<a href="/UserDetails.aspx?uid=${user.id}">профиль</a> ` +
      `<b><a href="/UserDetails.aspx" id="lnkUserName">${escapeHtml(user.name)}</a></b> ` +
      `<span class="h9">232,66 / <b>Лейтенант</b></span> ` +
      (team ? `<a href="/Teams/TeamDetails.aspx?tid=${team.id}">${escapeHtml(team.name)}</a> ` : '') +
      `<a href="http://${escapeHtml(domain)}/">${escapeHtml(domain)}</a>`,
  );
}

/** `/Teams/TeamDetails.aspx`: team name, pending invitations, action links. */
export function teamPage(team: TeamDefinition, viewer: UserDefinition): string {
  const invites = team.pendingInvites
    .map(
      (i) =>
        `<div>id&nbsp;${i.userId} <a href="/UserDetails.aspx?uid=${i.userId}">${escapeHtml(i.login)}</a> ` +
        `<a href="/Teams/TeamDetails.aspx?action=remove_invitation&amp;uid=${i.userId}&amp;tid=${team.id}">отменить</a></div>`,
    )
    .join('');
  const mine = viewer.teamId === team.id;
  return page(
    team.name,
    `<span id="lblTeamName">${escapeHtml(team.name)}</span>` +
      (mine ? `<a id="lnkTeamName" href="/Teams/TeamDetails.aspx?tid=${team.id}">${escapeHtml(team.name)}</a>` : '') +
      invites +
      (mine ? `<a href="/Teams/TeamDetails.aspx?action=leave&amp;tid=${team.id}">Покинуть команду</a>` : ''),
  );
}

/** The mobile play page without `json=1`: carries `"StartCounter": N` before the start. */
export function mobilePlayPage(game: GameDefinition, secondsToStart: number): string {
  const counter = secondsToStart > 0 ? `<h3 class="timer"><script>var t = {"StartCounter":${secondsToStart}};</script></h3>` : '';
  return page(game.title, `<div id="Panel_TimerHolder">${counter}</div><p>${escapeHtml(game.title)}</p>`);
}

/** `/GameDetails.aspx?gid=`: public details. */
export function gameDetailsPage(game: GameDefinition): string {
  return page(game.title, `<h1>${escapeHtml(game.title)}</h1><p>Уровней: ${game.levels.length}</p>`);
}

/** MakeGameFee reply. */
export function makeFeePage(accepted: boolean, gameId: number): string {
  return accepted
    ? page('Application', '<p>Team accepted to the game.</p>')
    : page('Application', `<a href="/MakeGameFee.aspx?gid=${gameId}&amp;confirm=yes">Подтвердить заявку</a>`);
}
