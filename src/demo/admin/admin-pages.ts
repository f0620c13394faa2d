/**
 * The editor pages of the fake engine, rendered from FakeAdminGames state. The scenario export
 * follows the structure of a real export (ASP.NET repeater ids, `light_yellow`/`green`/`white`
 * spans, nested task HTML kept verbatim); the editor pages carry the markers a client reads
 * (input names, link parameters, ids) inside an ASP.NET `formMain` with its hidden state.
 */
import { formatRussianDuration } from '../../engine/admin/durations.js';
import { escapeHtml } from '../html-pages.js';
import { bonusesOn, hintTitle, messagesOn, type FakeAdminGame, type FakeAdminLevel, type FakeSector } from './admin-state.js';

/** Levels the create/delete selects offer, as the engine's own page does. */
const LEVEL_CHOICES = 30;

function page(title: string, body: string): string {
  return (
    `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>` +
    `<form id="formMain" method="post" action="">` +
    `<input type="hidden" name="__VIEWSTATE" id="__VIEWSTATE" value="fake-viewstate">` +
    `<input type="hidden" name="__EVENTVALIDATION" id="__EVENTVALIDATION" value="fake-validation">` +
    `${body}</form></body></html>`
  );
}

const ctl = (n: number): string => `ctl${String(n).padStart(2, '0')}`;

/** `GameScenario.aspx?gid=G`: the whole scenario as the export shows it. */
export function scenarioPage(game: FakeAdminGame): string {
  const levels = game.levels.map((level, i) => scenarioLevel(game, level, i)).join('\n');
  return (
    `<html><body>\n<span id="lblGameId">${game.id}</span>\n<span id="lblGameNumber">${game.number}</span>\n` +
    `<a id="lnkGameInfo" href="/GameDetails.aspx?gid=${game.id}">${escapeHtml(game.title)}</a>\n${levels}\n</body></html>\n`
  );
}

function scenarioLevel(game: FakeAdminGame, level: FakeAdminLevel, index: number): string {
  const p = `LevelsScenarioRepeater_${ctl(index)}`;
  const parts: string[] = [];
  parts.push(`<a id="${p}_lnkLevelAnchorPoint" name="${index + 1}"></a>\n<div class="scenarioBlock">`);
  parts.push(`<span class="light_yellow">Уровень №${index + 1} "${escapeHtml(level.name)}"</span><br/>`);
  if (level.autopassSeconds > 0) {
    const penalty = level.autopassPenaltySeconds > 0 ? `, ${formatRussianDuration(level.autopassPenaltySeconds)} штрафа` : '';
    parts.push(`<span class="green">Автопереход: через ${formatRussianDuration(level.autopassSeconds)}${penalty}</span><br/>`);
  }
  if (level.comment !== '') parts.push(`<span id="${p}_lblLevelComment">${level.comment}</span>`);
  level.tasks.forEach((t, i) => {
    const q = `${p}_LevelTasksRepeater_${ctl(i)}`;
    parts.push(
      `<div>\n<span id="${q}_lblLevelTaskTitle" class="light_yellow">Задание для всех</span><br/>\n` +
        `<span id="${q}_lblLevelTask" class="white">${t.html}</span>\n</div>`,
    );
  });
  if (level.hints.length > 0) {
    parts.push('<div>');
    level.hints.forEach((h, i) => {
      const q = `${p}_LevelHelpsRepeater_${ctl(i)}`;
      parts.push(
        `<span id="${q}_lblLevelHelpTitle" class="light_yellow bold">${escapeHtml(hintTitle(i + 1, h.delaySeconds, false))}</span><br/>\n` +
          `<span id="${q}_lblLevelHelp">${h.text}</span>\n<br /><br />`,
      );
    });
    parts.push('</div>');
  }
  if (level.penaltyHints.length > 0) {
    parts.push('<div>');
    level.penaltyHints.forEach((h, i) => {
      const q = `${p}_LevelPenaltyHelpsRepeater_${ctl(i)}`;
      parts.push(
        `<span id="${q}_lblLevelHelpTitle" class="light_yellow bold">${escapeHtml(hintTitle(i + 1, h.delaySeconds, true))}</span><br/>\n` +
          `<span class="green">Штрафное время:</span> <span class="red">${formatRussianDuration(h.penaltySeconds)}</span><br />\n` +
          `<span class="green">запрашивать дополнительное подтверждение: </span> <span class="white">${h.requestConfirm ? 'Да' : 'Нет'}</span><br />\n` +
          `Описание: <span class="green_gold">${h.comment}</span><br />\n` +
          `<span id="${q}_lblLevelHelp">${h.text}</span>\n<br /><br />`,
      );
    });
    parts.push('</div>');
  }
  const named = level.sectors.filter((s) => s.name !== '');
  if (named.length > 0) {
    const rule = level.requiredSectors > 0 ? `${level.requiredSectors} ${sectorWord(level.requiredSectors)}` : 'все сектора';
    parts.push(`<span class="grey">(для прохождения задания необходимо выполнить ${rule})</span>`);
  }
  level.sectors.forEach((s, i) => parts.push(scenarioSector(`${p}_SectorsRepeater_${ctl(i)}`, s)));
  bonusesOn(game, level.id).forEach((b, i) => {
    const q = `${p}_LevelBonusesRepeater_${ctl(i)}`;
    const answers = b.answers
      .map((a, j) => `<span id="${q}_BonusAnswersRepeater_${ctl(j)}_lblBonusAnswer">${escapeHtml(a)}</span><br/>`)
      .join('\n');
    parts.push(
      `<div>\n<span id="${q}_lblBonusNum" class="light_yellow">Бонус №${i + 1} "${escapeHtml(b.name)}" для всех</span><br/>\n` +
        (b.levelId === 'all' ? `<span id="${q}_lblBonusLevels" class="grey">на всех уровнях</span><br/>\n` : '') +
        `<span class="green">${b.negative ? 'Штрафное' : 'Бонусное'} время: ${formatRussianDuration(b.awardSeconds)}</span><br/>\n` +
        (b.task !== '' ? `<span class="green">Задание</span><br/><span class="white">${b.task}</span><br/>\n` : '') +
        (b.hint !== '' ? `<span class="green">Подсказка</span><br/><span class="white">${b.hint}</span><br/>\n` : '') +
        `${answers}\n</div>`,
    );
  });
  messagesOn(game, level.id).forEach((m, i) => {
    const q = `${p}_LevelMessagesRepeater_${ctl(i)}`;
    parts.push(
      `<div>\n<span id="${q}_lblMessageTitle" class="light_yellow">${m.levelId === 'all' ? 'Сообщение на всех уровнях' : 'Сообщение'}</span><br/>\n` +
        `<span id="${q}_lblMessage" class="white">${m.text}</span>\n</div>`,
    );
  });
  parts.push('</div>');
  return parts.join('\n');
}

function scenarioSector(prefix: string, s: FakeSector): string {
  const name = s.name !== '' ? `<div id="${prefix}_divSectorName" class="light_yellow">${escapeHtml(s.name)}</div>\n` : '';
  const answers = s.answers
    .map((a, j) => {
      const q = `${prefix}_LevelAnswersRepeater_${ctl(j)}`;
      return `<span id="${q}_lblLevelAnswer" class="bold">${escapeHtml(a.text)}</span> - <span id="${q}_lblAnswerFor">для всех</span><br/>`;
    })
    .join('\n');
  return name + answers;
}

function sectorWord(n: number): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 === 1 && mod100 !== 11) return 'сектор';
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return 'сектора';
  return 'секторов';
}

/** `LevelManager.aspx?gid=G`: a name input per level, in level order, and the create/delete controls. */
export function levelManagerPage(game: FakeAdminGame): string {
  const rows = game.levels
    .map((l, i) => `<tr><td>${i + 1}</td><td><input type="text" name="txtLevelName_${l.id}" value="${escapeHtml(l.name)}"></td></tr>`)
    .join('');
  const choices = Array.from({ length: LEVEL_CHOICES }, (_, i) => `<option value="${i + 1}">${i + 1}</option>`).join('');
  const existing = game.levels.map((_, i) => `<option value="${i + 1}">${i + 1}</option>`).join('');
  return page(
    `Уровни: ${game.title}`,
    `<span id="lblPageName">Управление уровнями</span><table>${rows}</table>` +
      `<a href="LevelManager.aspx?gid=${game.id}&amp;level_names=update">Сохранить названия</a>` +
      `<select name="ddlCreateLevelsNum">${choices}</select><a href="LevelManager.aspx?gid=${game.id}&amp;levels=create">Создать</a>` +
      `<select name="ddlDeleteLevels">${existing}</select><a href="LevelManager.aspx?gid=${game.id}&amp;levels=delete">Удалить</a>`,
  );
}

/** `LevelEditor.aspx?gid=G&level=N`. */
export function levelEditorPage(game: FakeAdminGame, level: FakeAdminLevel, number: number): string {
  const q = `gid=${game.id}&amp;level=${number}`;
  const autopass =
    level.autopassSeconds > 0
      ? `через ${formatRussianDuration(level.autopassSeconds)}` +
        (level.autopassPenaltySeconds > 0 ? `, ${formatRussianDuration(level.autopassPenaltySeconds)} штрафа` : '')
      : 'не задан';
  const tasks = level.tasks.map((t) => `<div class="task"><a href="TaskEdit.aspx?${q}&amp;tid=${t.id}&amp;action=TaskEdit">Редактировать</a> <a href="TaskEdit.aspx?${q}&amp;tid=${t.id}&amp;action=TaskDelete">Удалить</a></div>`);
  const hints = level.hints.map((h) => `<div class="hint"><a href="PromptEdit.aspx?${q}&amp;prid=${h.id}">Подсказка</a></div>`);
  const penalty = level.penaltyHints.map((h) => `<div class="hint"><a href="PromptEdit.aspx?${q}&amp;prid=${h.id}&amp;penalty=1">Штрафная подсказка</a></div>`);
  const bonuses = bonusesOn(game, level.id).map((b) => `<div class="bonus" data-bonusid="${b.id}"><a href="BonusEdit.aspx?${q}&amp;bonus=${b.id}&amp;action=edit">${escapeHtml(b.name)}</a></div>`);
  const messages = messagesOn(game, level.id).map((m) => `<div class="message"><a href="MessageEdit.aspx?gid=${game.id}&amp;level=${level.id}&amp;mid=${m.id}&amp;action=edit">Сообщение</a></div>`);
  const custom = level.requiredSectors > 0;
  return page(
    `Уровень ${number}`,
    `<span id="lblLevelName">${escapeHtml(level.name)}</span>` +
      `<div>Автопереход: <a id="lnkAdjustAutopass" href="#autopass">${autopass}</a></div>` +
      `<div id="autopass"><input name="txtApHours"><input name="txtApMinutes"><input name="txtApSeconds">` +
      `<input name="txtApPenaltyHours"><input name="txtApPenaltyMinutes"><input name="txtApPenaltySeconds">` +
      `<input type="checkbox" name="chkTimeoutPenalty"${level.autopassPenaltySeconds > 0 ? ' checked' : ''}></div>` +
      `<div><a id="lnkSectorsSettings" href="#sectors">${custom ? `${level.requiredSectors} из ${level.sectors.length}` : 'все'}</a>` +
      `<input type="radio" name="rbSectorCompleteType" value="1"${custom ? '' : ' checked'}>` +
      `<input type="radio" id="rbCompleteCustom" name="rbSectorCompleteType" value="2"${custom ? ' checked' : ''}>` +
      `<input name="txtRequiredSectorsCount" value="${level.requiredSectors}"></div>` +
      `<div><input name="txtAttemptsNumber"><input type="radio" name="rbApplyForPlayer" value="0" checked></div>` +
      tasks.join('') +
      hints.join('') +
      penalty.join('') +
      bonuses.join('') +
      messages.join('') +
      `<div><a href="LevelEditor.aspx?level=${number}&amp;gid=${game.id}&amp;swanswers=1">Ответы</a>` +
      `<input name="txtSectorName"><input name="txtAnswer_0"><select name="ddlAnswerFor_0"><option value="0">для всех</option></select></div>`,
  );
}

/** `ALoader/LevelInfo.aspx?…&object=3`: the sectors as options. */
export function sectorOptionsFragment(level: FakeAdminLevel): string {
  return `<select id="ddlSectors">${level.sectors.map((s) => `<option value="${s.id}">${escapeHtml(s.name)}</option>`).join('')}</select>`;
}

/** `ALoader/LevelInfo.aspx?…&object=3&sector=S`: the sector's answers as inputs. */
export function sectorAnswersFragment(sector: FakeSector): string {
  return sector.answers.map((a) => `<input type="text" name="txtAnswer_${a.id}" value="${escapeHtml(a.text)}">`).join('');
}

/** `LevelEditor.aspx?…&swanswers=1`: the answers list. */
export function answersListPage(game: FakeAdminGame, level: FakeAdminLevel, number: number): string {
  const rows = level.sectors
    .map(
      (s) =>
        `<div id="divAnswersView_${s.id}">${escapeHtml(s.answers[0]?.text ?? '')}</div><div id="divSectorManage_${s.id}">` +
        `<a href="LevelEditor.aspx?level=${number}&amp;gid=${game.id}&amp;swanswers=1&amp;editanswers=${s.id}">Изменить</a> ` +
        `<a href="LevelEditor.aspx?level=${number}&amp;gid=${game.id}&amp;swanswers=1&amp;delsector=${s.id}">Удалить</a></div>`,
    )
    .join('');
  return page(`Ответы уровня ${number}`, rows);
}

/** `LevelEditor.aspx?…&swanswers=1&editanswers=S`: edit the sector, and the add-answers rows inside the form. */
export function sectorEditPage(game: FakeAdminGame, number: number, sector: FakeSector): string {
  const existing = sector.answers
    .map((a) => `<input type="text" name="txtAnswer_${a.id}" value="${escapeHtml(a.text)}"><select name="ddlAnswerFor_${a.id}"><option value="0">для всех</option></select><input type="checkbox" name="chkDeleteAnswer_${a.id}">`)
    .join('');
  const rows = Array.from({ length: 10 }, (_, i) => `<input type="text" name="txtAnswer_${i}"><select name="ddlAnswerFor_${i}"><option value="0">для всех</option></select>`).join('');
  return page(
    `Сектор ${sector.name}`,
    `<input type="hidden" name="updateanswers" value="${sector.id}">` +
      `<input name="txtSectorName" value="${escapeHtml(sector.name)}">${existing}` +
      `<input type="image" name="btnSaveSector" src="/img/save.gif">` +
      `<div id="divSectorsAddAnswersRows_${sector.id}">${rows}</div>` +
      `<input type="image" name="btnAddAnswers" src="/img/add.gif">` +
      `<a href="LevelEditor.aspx?level=${number}&amp;gid=${game.id}&amp;swanswers=1">К списку</a>`,
  );
}

/** `NameCommentEdit.aspx?gid=G&level=N`. */
export function nameCommentPage(level: FakeAdminLevel): string {
  return page('Название и комментарий', `<input name="txtLevelName" value="${escapeHtml(level.name)}"><textarea name="txtLevelComment">${escapeHtml(level.comment)}</textarea>`);
}

/** `TaskEdit.aspx`: the add form, or the edit form of one task. */
export function taskEditPage(html: string | null): string {
  return page(
    html === null ? 'Добавление задания' : 'Редактирование задания',
    `<span id="lblPageName">${html === null ? 'Добавление задания' : 'Редактирование задания'}</span>` +
      `<textarea name="inputTask">${escapeHtml(html ?? '')}</textarea><input type="checkbox" name="chkReplaceNlToBr">` +
      `<select id="forMemberID" name="forMemberID"><option value="">для всех</option></select>`,
  );
}

/** A refusal the engine shows as an ordinary 200 page. */
export function refusalPage(text: string): string {
  return page('Ошибка', `<span id="lblError" class="red">${escapeHtml(text)}</span>`);
}

/** `/Administration/GamesManager.aspx`: where the engine sends an editor without rights. */
export function gamesManagerPage(games: readonly FakeAdminGame[]): string {
  return page('Мои игры', games.map((g) => `<a href="GameEditor.aspx?gid=${g.id}">${escapeHtml(g.title)}</a>`).join(''));
}
