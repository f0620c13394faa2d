/**
 * The admin area of the fake engine: the editor pages and every write a copy makes, applied to
 * FakeAdminGames state, with the engine's manners — a 302 back to the editor after a write, a
 * 302 to GamesManager without rights, refusals shown as ordinary 200 pages — and the fault
 * switches a client must survive (writes silently ignored, no rights, a connection dropped
 * halfway through an import).
 */
import { DroppedConnection } from '../http-adapter.js';
import {
  answersListPage,
  gamesManagerPage,
  levelEditorPage,
  levelManagerPage,
  nameCommentPage,
  refusalPage,
  scenarioPage,
  sectorAnswersFragment,
  sectorEditPage,
  sectorOptionsFragment,
  taskEditPage,
} from './admin-pages.js';
import { bonusesOn, messagesOn, type FakeAdminGame, type FakeAdminGames, type FakeAdminLevel } from './admin-state.js';

/** Kinds of admin write, for the fault that ignores some of them. */
export type AdminWriteKind = 'levels' | 'name' | 'autopass' | 'sector-rule' | 'task' | 'hint' | 'bonus' | 'message' | 'sector' | 'answers' | 'delete';

/** Fault switches of the admin area. All off by default. */
export interface AdminFaults {
  /** Answer writes as if they worked (302 / 200) but change nothing: all of them, or these kinds. */
  ignoreWrites?: boolean | readonly AdminWriteKind[];
  /** Every game page redirects to GamesManager, as for a login without editor rights. */
  noRights?: boolean;
  /** Drop the connection on every admin write after this many have been applied. */
  dropWritesAfter?: number;
  /** Sessions opened by the `Login.aspx` form do not open the admin pages (only a JSON sign-in does). */
  formSessionsLackAdmin?: boolean;
}

/** What the admin area needs from one request. */
export interface AdminRequest {
  method: string;
  /** Lower-cased path without a trailing slash. */
  path: string;
  query: Record<string, string>;
  body: Record<string, string>;
  /** Signed-in login (lower-case), or null. */
  login: string | null;
  /** The path and query as sent, for the sign-in return address. */
  original: string;
}

export type AdminAnswer =
  | { kind: 'html'; status: number; html: string }
  | { kind: 'redirect'; location: string };

const html = (body: string, status = 200): AdminAnswer => ({ kind: 'html', status, html: body });
const redirect = (location: string): AdminAnswer => ({ kind: 'redirect', location });
const GAMES_MANAGER = '/Administration/GamesManager.aspx';

/** Paths this area serves (lower-case). */
export function isAdminPath(path: string): boolean {
  return path.startsWith('/administration/') || path.startsWith('/aloader/') || path === '/gamescenario.aspx';
}

/**
 * The admin area of one fake domain.
 *
 * @example
 * ```ts
 * const area = new FakeAdminArea(games);
 * area.faults.ignoreWrites = ['autopass'];
 * ```
 */
export class FakeAdminArea {
  faults: AdminFaults = {};
  /** Writes applied so far (a dropped or ignored write does not count). */
  writesApplied = 0;

  constructor(readonly games: FakeAdminGames) {}

  handle(rq: AdminRequest): AdminAnswer {
    if (rq.login === null) return redirect(`/Login.aspx?return=${encodeURIComponent(rq.original)}`);
    const gid = Number(rq.query.gid);
    const game = this.games.get(gid);
    if (rq.path === '/administration/gamesmanager.aspx') return html(gamesManagerPage(this.editable(rq.login)));
    if (!game || this.faults.noRights || !game.editors.includes(rq.login)) return redirect(GAMES_MANAGER);
    const p = rq.path.replace(/^\/administration\/games\//, '');
    switch (p) {
      case '/gamescenario.aspx':
        return html(scenarioPage(game));
      case 'levelmanager.aspx':
        return this.levelManager(game, rq);
      case 'leveleditor.aspx':
        return this.levelEditor(game, rq);
      case '/aloader/levelinfo.aspx':
        return this.loader(game, rq);
      case 'namecommentedit.aspx':
        return this.nameComment(game, rq);
      case 'taskedit.aspx':
        return this.taskEdit(game, rq);
      case 'promptedit.aspx':
        return this.promptEdit(game, rq);
      case 'bonusedit.aspx':
        return this.bonusEdit(game, rq);
      case 'messageedit.aspx':
        return this.messageEdit(game, rq);
      default:
        return html(refusalPage('Страница не найдена'), 404);
    }
  }

  private editable(login: string): FakeAdminGame[] {
    return this.games.all().filter((g) => g.editors.includes(login));
  }

  /** Run a write unless a fault stops it; the answer is the same either way. */
  private write(kind: AdminWriteKind, apply: () => void): void {
    const limit = this.faults.dropWritesAfter;
    if (limit !== undefined && this.writesApplied >= limit) throw new DroppedConnection();
    const ignored = this.faults.ignoreWrites;
    if (ignored === true || (Array.isArray(ignored) && ignored.includes(kind))) return;
    apply();
    this.writesApplied++;
  }

  private levelAt(game: FakeAdminGame, rq: AdminRequest): { level: FakeAdminLevel; number: number } | null {
    const number = Number(rq.query.level);
    const level = game.levels[number - 1];
    return level ? { level, number } : null;
  }

  private editorUrl(game: FakeAdminGame, number: number): string {
    return `/Administration/Games/LevelEditor.aspx?gid=${game.id}&level=${number}`;
  }

  private levelManager(game: FakeAdminGame, rq: AdminRequest): AdminAnswer {
    const back = `/Administration/Games/LevelManager.aspx?gid=${game.id}`;
    if (rq.query.levels === 'create') {
      const k = Math.min(30, Math.max(0, Number(rq.query.ddlCreateLevelsNum) || 0));
      this.write('levels', () => {
        for (let i = 0; i < k; i++) game.levels.push(this.games.newLevel(game.levels.length + 1));
      });
      return redirect(back);
    }
    if (rq.query.levels === 'delete') {
      const n = Number(rq.query.ddlDeleteLevels);
      this.write('delete', () => {
        const gone = game.levels[n - 1];
        if (!gone) return;
        game.levels.splice(n - 1, 1);
        game.bonuses = game.bonuses.filter((b) => b.levelId !== gone.id);
        game.messages = game.messages.filter((m) => m.levelId !== gone.id);
      });
      return redirect(back);
    }
    if (rq.method === 'POST' && rq.query.level_names === 'update') {
      this.write('name', () => {
        for (const level of game.levels) {
          const name = rq.body[`txtLevelName_${level.id}`];
          if (name !== undefined) level.name = name;
        }
      });
      return redirect(back);
    }
    return html(levelManagerPage(game));
  }

  private levelEditor(game: FakeAdminGame, rq: AdminRequest): AdminAnswer {
    const at = this.levelAt(game, rq);
    if (!at) return html(refusalPage('Уровень не найден'), 404);
    const { level, number } = at;
    const q = rq.query;
    const b = rq.body;
    if (q.delsector !== undefined) {
      const sector = level.sectors.find((s) => s.id === Number(q.delsector));
      if (sector?.started) return html(refusalPage('Сектор не может быть удален, его начали проходить участники.'));
      this.write('delete', () => {
        level.sectors = level.sectors.filter((s) => s.id !== Number(q.delsector));
      });
      return redirect(`/Administration/Games/LevelEditor.aspx?level=${number}&gid=${game.id}&swanswers=1`);
    }
    if (rq.method === 'POST' && b.saveanswers === '1') {
      const sector = level.sectors.find((s) => s.id === Number(b.ddlSector));
      if (sector) {
        this.write('answers', () => {
          // One POST carries at most ten rows; the page has no more.
          for (let i = 0; i < 10; i++) this.addAnswer(sector, b[`txtAnswer_${i}`]);
        });
      }
      return redirect(`/Administration/Games/LevelEditor.aspx?level=${number}&gid=${game.id}&swanswers=1&editanswers=${b.ddlSector}`);
    }
    if (rq.method === 'POST' && b.savesector !== undefined) {
      this.write('sector', () => {
        const sector = { id: this.games.itemId(), name: b.txtSectorName ?? '', answers: [], started: false };
        for (let i = 0; b[`txtAnswer_${i}`] !== undefined; i++) this.addAnswer(sector, b[`txtAnswer_${i}`]);
        level.sectors.push(sector);
      });
      return redirect(this.editorUrl(game, number));
    }
    if (rq.method === 'POST' && b.updateautopass !== undefined) {
      // With participants the engine keeps the old autopass and re-shows the editor.
      if (!game.hasParticipants) {
        this.write('autopass', () => {
          level.autopassSeconds = hms(b.txtApHours, b.txtApMinutes, b.txtApSeconds);
          level.autopassPenaltySeconds = b.chkTimeoutPenalty === 'on' ? hms(b.txtApPenaltyHours, b.txtApPenaltyMinutes, b.txtApPenaltySeconds) : 0;
        });
      }
      return html(levelEditorPage(game, level, number));
    }
    if (rq.method === 'POST' && b.action === 'upsecsett') {
      this.write('sector-rule', () => {
        level.requiredSectors = b.rbSectorCompleteType === '2' ? Math.max(0, Number(b.txtRequiredSectorsCount) || 0) : 0;
      });
      return html(levelEditorPage(game, level, number));
    }
    if (q.swanswers === '1' && q.editanswers !== undefined) {
      const sector = level.sectors.find((s) => s.id === Number(q.editanswers));
      return sector ? html(sectorEditPage(game, number, sector)) : html(refusalPage('Сектор не найден'), 404);
    }
    if (q.swanswers === '1') return html(answersListPage(game, level, number));
    return html(levelEditorPage(game, level, number));
  }

  private addAnswer(sector: { answers: Array<{ id: number; text: string }> }, text: string | undefined): void {
    const t = (text ?? '').trim();
    if (t === '' || sector.answers.some((a) => a.text.toLocaleLowerCase('ru') === t.toLocaleLowerCase('ru'))) return;
    sector.answers.push({ id: this.games.itemId(), text: t });
  }

  private loader(game: FakeAdminGame, rq: AdminRequest): AdminAnswer {
    const at = this.levelAt(game, rq);
    if (!at) return html('', 200);
    if (rq.query.object !== '3') return html('', 200);
    if (rq.query.sector !== undefined) {
      const sector = at.level.sectors.find((s) => s.id === Number(rq.query.sector));
      return html(sector ? sectorAnswersFragment(sector) : '');
    }
    return html(sectorOptionsFragment(at.level));
  }

  private nameComment(game: FakeAdminGame, rq: AdminRequest): AdminAnswer {
    const at = this.levelAt(game, rq);
    if (!at) return html(refusalPage('Уровень не найден'), 404);
    if (rq.method === 'POST') {
      this.write('name', () => {
        const name = rq.body.txtLevelName ?? '';
        at.level.name = name.trim() === '' ? `Уровень ${at.number}` : name;
        at.level.comment = rq.body.txtLevelComment ?? '';
      });
      return redirect(this.editorUrl(game, at.number));
    }
    return html(nameCommentPage(at.level));
  }

  private taskEdit(game: FakeAdminGame, rq: AdminRequest): AdminAnswer {
    const at = this.levelAt(game, rq);
    if (!at) return html(refusalPage('Уровень не найден'), 404);
    const { level, number } = at;
    const tid = rq.query.tid !== undefined ? Number(rq.query.tid) : null;
    const task = tid !== null ? level.tasks.find((t) => t.id === tid) : undefined;
    if (rq.query.action === 'TaskDelete') {
      this.write('delete', () => {
        level.tasks = level.tasks.filter((t) => t.id !== tid);
      });
      return redirect(this.editorUrl(game, number));
    }
    if (rq.method === 'POST') {
      const text = rq.body.inputTask ?? '';
      if (task) {
        this.write('task', () => {
          task.html = text;
        });
        return redirect(this.editorUrl(game, number));
      }
      // A level holds one general task: a second add re-shows the add form and changes nothing.
      if (level.tasks.length > 0) return html(taskEditPage(null));
      this.write('task', () => {
        level.tasks.push({ id: this.games.itemId(), html: text });
      });
      return redirect(this.editorUrl(game, number));
    }
    return html(taskEditPage(task ? task.html : null));
  }

  private promptEdit(game: FakeAdminGame, rq: AdminRequest): AdminAnswer {
    const at = this.levelAt(game, rq);
    if (!at) return html(refusalPage('Уровень не найден'), 404);
    const { level, number } = at;
    const q = rq.query;
    const b = rq.body;
    const penalty = q.penalty === '1';
    if (q.action === 'PromptDelete') {
      const id = Number(q.prid);
      if (penalty) {
        const hint = level.penaltyHints.find((h) => h.id === id);
        if (hint?.taken) {
          return html(refusalPage('Штрафная подсказка не может быть удалена, так как по ней было начислено штрафное время участникам.'));
        }
        this.write('delete', () => {
          level.penaltyHints = level.penaltyHints.filter((h) => h.id !== id);
        });
      } else {
        // Without `penalty=1` only ordinary hints go.
        this.write('delete', () => {
          level.hints = level.hints.filter((h) => h.id !== id);
        });
      }
      return redirect(this.editorUrl(game, number));
    }
    if (rq.method === 'POST') {
      const delay = Number(b.NewPromptTimeoutDays || 0) * 86_400 + hms(b.NewPromptTimeoutHours, b.NewPromptTimeoutMinutes, b.NewPromptTimeoutSeconds);
      this.write('hint', () => {
        const id = this.games.itemId();
        const text = b.NewPrompt ?? '';
        if (penalty) {
          level.penaltyHints.push({
            id,
            text,
            delaySeconds: delay,
            penaltySeconds: hms(b.PenaltyPromptHours, b.PenaltyPromptMinutes, b.PenaltyPromptSeconds),
            requestConfirm: b.chkRequestPenaltyConfirm === 'on',
            comment: b.txtPenaltyComment ?? '',
            taken: false,
          });
        } else {
          level.hints.push({ id, text, delaySeconds: delay });
        }
      });
      return redirect(this.editorUrl(game, number));
    }
    return html(taskEditPage(null));
  }

  private bonusEdit(game: FakeAdminGame, rq: AdminRequest): AdminAnswer {
    const at = this.levelAt(game, rq);
    if (!at) return html(refusalPage('Уровень не найден'), 404);
    const { level, number } = at;
    const q = rq.query;
    const b = rq.body;
    if (q.action === 'delete') {
      this.write('delete', () => {
        game.bonuses = game.bonuses.filter((x) => x.id !== Number(q.bonus));
      });
      return redirect(this.editorUrl(game, number));
    }
    if (rq.method === 'POST' && q.action === 'save') {
      const answers = Object.keys(b)
        .filter((k) => /^answer_-\d+$/.test(k))
        .sort((x, y) => Number(y.slice(7)) - Number(x.slice(7)))
        .map((k) => b[k]!.trim())
        .filter((a, i, all) => a !== '' && all.indexOf(a) === i);
      const boundTo = game.levels.find((l) => b[`level_${l.id}`] === 'on');
      this.write('bonus', () => {
        game.bonuses.push({
          id: this.games.itemId(),
          levelId: b.rbAllLevels === '1' ? 'all' : (boundTo ?? level).id,
          name: b.txtBonusName ?? '',
          task: b.txtTask ?? '',
          hint: b.txtHelp ?? '',
          awardSeconds: hms(b.txtHours, b.txtMinutes, b.txtSeconds),
          negative: b.negative === 'on',
          answers,
        });
      });
      return redirect(this.editorUrl(game, number));
    }
    const bonus = bonusesOn(game, level.id).find((x) => x.id === Number(q.bonus));
    return html(taskEditPage(bonus ? bonus.task : null));
  }

  private messageEdit(game: FakeAdminGame, rq: AdminRequest): AdminAnswer {
    // MessageEdit names the level by its id.
    const index = game.levels.findIndex((l) => l.id === Number(rq.query.level));
    if (index < 0) return html(refusalPage('Уровень не найден'), 404);
    const level = game.levels[index]!;
    const q = rq.query;
    const b = rq.body;
    if (q.action === 'delete') {
      this.write('delete', () => {
        game.messages = game.messages.filter((m) => m.id !== Number(q.mid));
      });
      return redirect(this.editorUrl(game, index + 1));
    }
    if (rq.method === 'POST' && b.action === 'save') {
      this.write('message', () => {
        game.messages.push({ id: this.games.itemId(), levelId: b.rbShowOnLevels === '1' ? 'all' : level.id, text: b.txtMessage ?? '' });
      });
      return redirect(this.editorUrl(game, index + 1));
    }
    const message = messagesOn(game, level.id).find((m) => m.id === Number(q.mid));
    return html(taskEditPage(message ? message.text : null));
  }
}

function hms(h: string | undefined, m: string | undefined, s: string | undefined): number {
  const n = (v: string | undefined): number => Math.max(0, Math.floor(Number(v) || 0));
  return n(h) * 3600 + n(m) * 60 + n(s);
}
