/**
 * `AdminClient`: the editor side of one domain over the shared Transport (same cookies, same
 * User-Agent, admin pacing). Every write is followed by a read of what it should have changed,
 * because the engine answers many refused writes with a plain 200: a write that did not take
 * raises AdminRefusedError (or a more specific subclass) instead of resolving.
 */
import { HtmlPage } from '../../html/elements.js';
import { formContaining, formsOf, successfulFields } from '../../html/forms.js';
import type { RawReply } from '../classify-reply.js';
import type { CallOptions } from '../engine.js';
import { AntiSpamError, HttpError, SessionExpiredError } from '../errors.js';
import { antiSpamLoginLink, isAntiSpamPage } from '../html-pages.js';
import type { Transport } from '../transport.js';
import {
  asksForCaptcha,
  fieldValue,
  firstTextarea,
  isSignInForm,
  parseAnswerInputs,
  parseLevelEditor,
  parseLevelManager,
  parseSectorOptions,
  signInMessage,
} from './admin-pages.js';
import { splitHms } from './durations.js';
import { AdminAccessDeniedError, AdminPageError, AdminRefusedError, AdminSignInError, PenaltyHintTakenError, SectorStartedError } from './errors.js';
import { ScenarioFormatError, parseScenario } from './scenario-parser.js';
import {
  MAX_ANSWERS_PER_POST,
  MAX_LEVELS_PER_CREATE,
  type AdminApi,
  type AdminLevelEditor,
  type AdminLevelRef,
  type AdminSector,
  type AdminSignInOptions,
  type AutopassWrite,
  type BonusWrite,
  type HintWrite,
  type MessageWrite,
  type PenaltyHintWrite,
  type ScenarioDocument,
} from './types.js';

/** Redirect hops the HTML sign-in may take (`checkcookie`, then the return page). */
const MAX_SIGN_IN_HOPS = 6;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const ADMIN = '/Administration/Games/';

/** A sign-in through the JSON endpoint, tried when the HTML sign-in does not open the admin pages. */
export type JsonSignIn = (login: string, password: string, opts: AdminSignInOptions) => Promise<void>;

/**
 * @example
 * ```ts
 * const client = new EncounterClient({ domain: 'svk.en.cx' });
 * await client.admin.signIn('author', 'secret');
 * const doc = await client.admin.exportScenario(82864);
 * ```
 */
export class AdminClient implements AdminApi {
  readonly domain: string;

  constructor(
    private readonly transport: Transport,
    private readonly jsonSignIn?: JsonSignIn,
  ) {
    this.domain = transport.domain;
  }

  // -------------------------------------------------------------------------------------------
  // Session

  async signIn(login: string, password: string, opts: AdminSignInOptions = {}): Promise<void> {
    this.transport.jar.clear();
    await this.htmlSignIn(login, password, opts);
    try {
      await this.checkSession(opts);
    } catch (err) {
      // The HTML form alone sometimes does not unlock the admin pages; the JSON sign-in then does.
      if (!(err instanceof SessionExpiredError) || !this.jsonSignIn) throw err;
      await this.jsonSignIn(login, password, opts);
      await this.checkSession(opts);
    }
  }

  private async htmlSignIn(login: string, password: string, opts: AdminSignInOptions): Promise<void> {
    let url = this.transport.url('/Login.aspx', { return: '/' });
    const formPage = await this.transport.request(url, { signal: opts.signal });
    this.throwIfAntiSpam(formPage);
    if (formPage.status !== 200) throw new HttpError(url.href, formPage.status);
    const form = formsOf(formPage.body).find((f) => f.fields.some((x) => x.name === 'Login'));
    if (!form) throw new AdminPageError(url.href, 'no sign-in form with a Login field');
    const fields = new Map(successfulFields(form).filter(([name]) => name !== 'Login' && name !== 'Password'));
    fields.set('Login', login);
    fields.set('Password', password);
    fields.set('EnButton1', 'Sign In');
    if (!fields.has('ddlNetwork')) fields.set('ddlNetwork', '1');
    fields.set('socialAssign', '0');
    if (opts.captcha) fields.set('MagicNumbers', opts.captcha);
    url = new URL(form.action || url.href, url);
    let reply = await this.transport.request(url, { method: 'POST', form: [...fields], signal: opts.signal });
    for (let hop = 0; hop < MAX_SIGN_IN_HOPS && REDIRECTS.has(reply.status); hop++) {
      this.throwIfAntiSpam(reply);
      const location = reply.location ?? '';
      const next = new URL(location, url);
      if (/login\.aspx/i.test(next.pathname) && !/checkcookie=1/i.test(next.search)) {
        throw new AdminSignInError(this.domain, 'sign_in_failed', null);
      }
      if (next.origin !== this.transport.site.origin) throw new HttpError(next.href, reply.status);
      url = next;
      reply = await this.transport.request(url, { signal: opts.signal });
    }
    this.throwIfAntiSpam(reply);
    if (reply.status === 200 && isSignInForm(reply.body)) {
      throw new AdminSignInError(this.domain, asksForCaptcha(reply.body) ? 'captcha_required' : 'sign_in_failed', signInMessage(reply.body));
    }
    if (REDIRECTS.has(reply.status)) throw new HttpError(url.href, reply.status);
  }

  async checkSession(opts: CallOptions = {}): Promise<void> {
    const url = this.transport.url(`${ADMIN}LevelManager.aspx`);
    const reply = await this.transport.request(url, { area: 'admin', signal: opts.signal });
    this.throwIfAntiSpam(reply);
    if (REDIRECTS.has(reply.status)) {
      const location = (reply.location ?? '').toLowerCase();
      if (location.includes('login.aspx')) throw new SessionExpiredError(this.domain, 'the admin pages asked to sign in');
      if (location.includes('/administration/')) return;
      throw new HttpError(url.href, reply.status);
    }
    if (reply.status === 200 && isSignInForm(reply.body)) throw new SessionExpiredError(this.domain, 'the admin pages showed the sign-in form');
    if (reply.status === 401 || reply.status === 403) throw new SessionExpiredError(this.domain, `the admin pages answered HTTP ${reply.status}`);
  }

  // -------------------------------------------------------------------------------------------
  // Reads

  async exportScenario(gameId: number, opts: CallOptions = {}): Promise<ScenarioDocument> {
    const { url, html } = await this.read('/GameScenario.aspx', { gid: gameId }, gameId, opts);
    try {
      const doc = parseScenario(html);
      if (doc.game_id !== gameId) throw new AdminPageError(url, `the export is of game ${doc.game_id}, not ${gameId}`);
      return doc;
    } catch (err) {
      if (err instanceof ScenarioFormatError) throw new AdminPageError(url, err.message);
      throw err;
    }
  }

  async listLevels(gameId: number, opts: CallOptions = {}): Promise<AdminLevelRef[]> {
    const { url, html } = await this.read(`${ADMIN}LevelManager.aspx`, { gid: gameId }, gameId, opts);
    const levels = parseLevelManager(html);
    if (!levels) throw new AdminPageError(url, 'no txtLevelName_{id} inputs and no create-levels controls');
    return levels;
  }

  async readLevel(gameId: number, levelNumber: number, opts: CallOptions = {}): Promise<AdminLevelEditor> {
    const { url, html } = await this.read(`${ADMIN}LevelEditor.aspx`, { gid: gameId, level: levelNumber }, gameId, opts);
    const level = parseLevelEditor(html, levelNumber);
    if (!level) throw new AdminPageError(url, 'no lnkAdjustAutopass link (is there a level number ' + levelNumber + '?)');
    return level;
  }

  async listSectors(gameId: number, levelNumber: number, opts: CallOptions = {}): Promise<AdminSector[]> {
    const sectors: AdminSector[] = [];
    for (const s of await this.sectorOptions(gameId, levelNumber, opts)) {
      sectors.push({ ...s, answers: await this.sectorAnswers(gameId, levelNumber, s.id, opts) });
    }
    return sectors;
  }

  private async sectorOptions(gameId: number, levelNumber: number, opts: CallOptions): Promise<Array<{ id: number; name: string }>> {
    const { html } = await this.read('/ALoader/LevelInfo.aspx', { gid: gameId, level: levelNumber, object: 3 }, gameId, opts);
    return parseSectorOptions(html);
  }

  private async sectorAnswers(gameId: number, levelNumber: number, sectorId: number, opts: CallOptions): Promise<AdminSector['answers']> {
    const { html } = await this.read('/ALoader/LevelInfo.aspx', { gid: gameId, level: levelNumber, object: 3, sector: sectorId }, gameId, opts);
    return parseAnswerInputs(html);
  }

  // -------------------------------------------------------------------------------------------
  // Levels

  async createLevels(gameId: number, count: number, opts: CallOptions = {}): Promise<AdminLevelRef[]> {
    const before = (await this.listLevels(gameId, opts)).length;
    for (let left = Math.max(0, Math.floor(count)); left > 0; left -= MAX_LEVELS_PER_CREATE) {
      const batch = Math.min(left, MAX_LEVELS_PER_CREATE);
      await this.write(`${ADMIN}LevelManager.aspx`, { gid: gameId, levels: 'create', ddlCreateLevelsNum: batch }, undefined, gameId, opts);
    }
    const after = await this.listLevels(gameId, opts);
    if (after.length !== before + count) {
      throw new AdminRefusedError(`create ${count} levels in game ${gameId}`, `the game has ${after.length} levels, expected ${before + count}`);
    }
    return after;
  }

  async setNameAndComment(gameId: number, levelNumber: number, name: string, comment: string, opts: CallOptions = {}): Promise<void> {
    const path = `${ADMIN}NameCommentEdit.aspx`;
    const query = { gid: gameId, level: levelNumber };
    await this.write(path, query, { txtLevelName: name, txtLevelComment: comment }, gameId, opts);
    const { html } = await this.read(path, query, gameId, opts);
    const expectedName = name.trim() === '' ? `Уровень ${levelNumber}` : name;
    const shownName = fieldValue(html, 'txtLevelName') ?? '';
    const shownComment = fieldValue(html, 'txtLevelComment') ?? '';
    if (squash(shownName) !== squash(expectedName) || squash(shownComment) !== squash(comment)) {
      throw new AdminRefusedError(`rename level ${levelNumber} of game ${gameId}`, `the editor still shows "${shownName}"`);
    }
  }

  async setAutopass(gameId: number, levelNumber: number, autopass: AutopassWrite, opts: CallOptions = {}): Promise<void> {
    const ap = splitHms(autopass.seconds);
    const pen = splitHms(autopass.penalty_seconds);
    const form: Record<string, string> = {
      txtApHours: String(ap.hours),
      txtApMinutes: String(ap.minutes),
      txtApSeconds: String(ap.seconds),
      txtApPenaltyHours: String(pen.hours),
      txtApPenaltyMinutes: String(pen.minutes),
      txtApPenaltySeconds: String(pen.seconds),
      updateautopass: ' ',
    };
    if (autopass.penalty_seconds > 0) form.chkTimeoutPenalty = 'on';
    await this.write(`${ADMIN}LevelEditor.aspx`, { gid: gameId, level: levelNumber }, form, gameId, opts);
    const level = await this.readLevel(gameId, levelNumber, opts);
    const wantPenalty = autopass.seconds > 0 ? autopass.penalty_seconds : 0;
    if (level.autopass_seconds !== autopass.seconds || level.autopass_penalty_seconds !== wantPenalty) {
      throw new AdminRefusedError(
        `set autopass of level ${levelNumber} of game ${gameId} to ${autopass.seconds} s`,
        `the editor still shows ${level.autopass_seconds} s (penalty ${level.autopass_penalty_seconds} s); the engine ignores level settings once a game has participants`,
      );
    }
  }

  async setRequiredSectors(gameId: number, levelNumber: number, count: number, opts: CallOptions = {}): Promise<void> {
    const form = {
      action: 'upsecsett',
      rbSectorCompleteType: count > 0 ? '2' : '1',
      txtRequiredSectorsCount: String(Math.max(0, count)),
      'pnlSettings_SectorsCompletionSettings_ctl00_btnSave.x': '1',
      'pnlSettings_SectorsCompletionSettings_ctl00_btnSave.y': '1',
    };
    await this.write(`${ADMIN}LevelEditor.aspx`, { gid: gameId, level: levelNumber }, form, gameId, opts);
    const level = await this.readLevel(gameId, levelNumber, opts);
    if (level.required_sectors_count !== Math.max(0, count)) {
      throw new AdminRefusedError(`require ${count} sectors on level ${levelNumber} of game ${gameId}`, `the editor still shows ${level.required_sectors_count}`);
    }
  }

  // -------------------------------------------------------------------------------------------
  // Tasks, hints, bonuses, messages

  async createTask(gameId: number, levelNumber: number, html: string, opts: CallOptions = {}): Promise<number> {
    const before = (await this.readLevel(gameId, levelNumber, opts)).task_ids;
    const reply = await this.write(`${ADMIN}TaskEdit.aspx`, { gid: gameId, level: levelNumber }, taskForm(html), gameId, opts);
    const op = `add the task of level ${levelNumber} of game ${gameId}`;
    if (reply.status === 200 && /Добавление задания/u.test(pageName(reply.body))) {
      throw new AdminRefusedError(op, 'the engine re-showed the add form: the level already has its general task (update that one instead)');
    }
    return this.newId(op, before, (await this.readLevel(gameId, levelNumber, opts)).task_ids);
  }

  async updateTask(gameId: number, levelNumber: number, taskId: number, html: string, opts: CallOptions = {}): Promise<void> {
    const path = `${ADMIN}TaskEdit.aspx`;
    await this.write(path, { gid: gameId, level: levelNumber, tid: taskId, action: 'TaskEdit' }, taskForm(html), gameId, opts);
    const page = await this.read(path, { action: 'TaskEdit', gid: gameId, level: levelNumber, tid: taskId }, gameId, opts);
    const shown = firstTextarea(page.html) ?? '';
    if (lines(shown) !== lines(html)) {
      throw new AdminRefusedError(`update task ${taskId} of level ${levelNumber} of game ${gameId}`, 'the task editor still shows the old text');
    }
  }

  async deleteTask(gameId: number, levelNumber: number, taskId: number, opts: CallOptions = {}): Promise<void> {
    await this.write(`${ADMIN}TaskEdit.aspx`, { gid: gameId, level: levelNumber, tid: taskId, action: 'TaskDelete' }, undefined, gameId, opts);
    await this.expectGone(`delete task ${taskId} of level ${levelNumber} of game ${gameId}`, taskId, (l) => l.task_ids, gameId, levelNumber, opts);
  }

  createHint(gameId: number, levelNumber: number, hint: HintWrite, opts: CallOptions = {}): Promise<number> {
    return this.addHint(gameId, levelNumber, hint, null, opts);
  }

  createPenaltyHint(gameId: number, levelNumber: number, hint: PenaltyHintWrite, opts: CallOptions = {}): Promise<number> {
    return this.addHint(gameId, levelNumber, hint, hint, opts);
  }

  private async addHint(gameId: number, levelNumber: number, hint: HintWrite, penalty: PenaltyHintWrite | null, opts: CallOptions): Promise<number> {
    const pick = (l: AdminLevelEditor): number[] => (penalty ? l.penalty_hint_ids : l.hint_ids);
    const before = pick(await this.readLevel(gameId, levelNumber, opts));
    const days = Math.floor(Math.max(0, hint.delay_seconds) / 86_400);
    const rest = splitHms(Math.max(0, hint.delay_seconds) - days * 86_400);
    const form: Record<string, string> = {
      NewPrompt: hint.text,
      NewPromptTimeoutDays: String(days),
      NewPromptTimeoutHours: String(rest.hours),
      NewPromptTimeoutMinutes: String(rest.minutes),
      NewPromptTimeoutSeconds: String(rest.seconds),
      ForMemberID: '',
    };
    if (!hint.text.includes('<')) form.chkReplaceNlToBr = 'on';
    const query: Record<string, string | number> = { gid: gameId, level: levelNumber };
    if (penalty) {
      const p = splitHms(penalty.penalty_seconds);
      query.penalty = 1;
      form.PenaltyPromptHours = String(p.hours);
      form.PenaltyPromptMinutes = String(p.minutes);
      form.PenaltyPromptSeconds = String(p.seconds);
      form.txtPenaltyComment = penalty.comment;
      if (penalty.request_confirm) form.chkRequestPenaltyConfirm = 'on';
    }
    await this.write(`${ADMIN}PromptEdit.aspx`, query, form, gameId, opts);
    const op = `add a ${penalty ? 'penalty ' : ''}hint to level ${levelNumber} of game ${gameId}`;
    return this.newId(op, before, pick(await this.readLevel(gameId, levelNumber, opts)));
  }

  async deleteHint(gameId: number, levelNumber: number, hintId: number, opts: CallOptions = {}): Promise<void> {
    const op = `delete hint ${hintId} of level ${levelNumber} of game ${gameId}`;
    // A penalty hint is only deleted by the `penalty=1` form; sending both is harmless.
    for (const penalty of [false, true]) {
      const query: Record<string, string | number> = { gid: gameId, level: levelNumber, prid: hintId, action: 'PromptDelete' };
      if (penalty) query.penalty = 1;
      const reply = await this.write(`${ADMIN}PromptEdit.aspx`, query, undefined, gameId, opts);
      if (reply.status === 200 && /не может быть удалена/u.test(reply.body)) throw new PenaltyHintTakenError(op, hintId);
    }
    await this.expectGone(op, hintId, (l) => [...l.hint_ids, ...l.penalty_hint_ids], gameId, levelNumber, opts);
  }

  async createBonus(gameId: number, levelNumber: number, bonus: BonusWrite, opts: CallOptions = {}): Promise<number> {
    const before = (await this.readLevel(gameId, levelNumber, opts)).bonus_ids;
    const award = splitHms(bonus.award_seconds);
    const form: Array<[string, string]> = [
      ['txtBonusName', bonus.name],
      ['txtTask', bonus.task],
      ['txtHelp', bonus.hint],
      ['ddlBonusFor', ''],
      ['rbAllLevels', bonus.levels.kind === 'all' ? '1' : '0'],
    ];
    if (bonus.levels.kind === 'own') {
      // The binding names the level by its id, which only the level list knows.
      const level = (await this.listLevels(gameId, opts)).find((l) => l.number === levelNumber);
      if (!level) throw new AdminRefusedError(`add a bonus to level ${levelNumber} of game ${gameId}`, 'the game has no such level');
      form.push([`level_${level.id}`, 'on']);
    }
    bonus.answers.forEach((a, i) => form.push([`answer_-${i + 1}`, a]));
    form.push(['txtHours', String(award.hours)], ['txtMinutes', String(award.minutes)], ['txtSeconds', String(award.seconds)]);
    if (bonus.negative) form.push(['negative', 'on']);
    await this.write(`${ADMIN}BonusEdit.aspx`, { gid: gameId, level: levelNumber, bonus: 0, action: 'save' }, form, gameId, opts);
    const op = `add bonus "${bonus.name}" to level ${levelNumber} of game ${gameId}`;
    return this.newId(op, before, (await this.readLevel(gameId, levelNumber, opts)).bonus_ids);
  }

  async deleteBonus(gameId: number, levelNumber: number, bonusId: number, opts: CallOptions = {}): Promise<void> {
    await this.write(`${ADMIN}BonusEdit.aspx`, { gid: gameId, level: levelNumber, bonus: bonusId, action: 'delete' }, undefined, gameId, opts);
    await this.expectGone(`delete bonus ${bonusId} of level ${levelNumber} of game ${gameId}`, bonusId, (l) => l.bonus_ids, gameId, levelNumber, opts);
  }

  async createMessage(gameId: number, levelNumber: number, message: MessageWrite, opts: CallOptions = {}): Promise<number> {
    const op = `add a message to level ${levelNumber} of game ${gameId}`;
    const levelId = await this.levelIdOf(op, gameId, levelNumber, opts);
    const before = (await this.readLevel(gameId, levelNumber, opts)).message_ids;
    const form: Array<[string, string]> = [
      ['txtMessage', message.text],
      ['rbShowOnLevels', message.all_levels ? '1' : '2'],
      ['txtRequiredPoints', ''],
      ['action', 'save'],
      ['btnSave.x', '1'],
      ['btnSave.y', '1'],
    ];
    if (!message.text.includes('<')) form.push(['chkReplaceNlToBr', 'on']);
    if (!message.all_levels) form.push([`lvl_${levelId}`, 'on']);
    // MessageEdit names the level by its id, not its number.
    await this.write(`${ADMIN}MessageEdit.aspx`, { gid: gameId, level: levelId, action: 'add' }, form, gameId, opts);
    return this.newId(op, before, (await this.readLevel(gameId, levelNumber, opts)).message_ids);
  }

  async deleteMessage(gameId: number, levelNumber: number, messageId: number, opts: CallOptions = {}): Promise<void> {
    const op = `delete message ${messageId} of level ${levelNumber} of game ${gameId}`;
    const levelId = await this.levelIdOf(op, gameId, levelNumber, opts);
    await this.write(`${ADMIN}MessageEdit.aspx`, { gid: gameId, level: levelId, mid: messageId, action: 'delete' }, undefined, gameId, opts);
    await this.expectGone(op, messageId, (l) => l.message_ids, gameId, levelNumber, opts);
  }

  // -------------------------------------------------------------------------------------------
  // Sectors

  async createSector(gameId: number, levelNumber: number, name: string, answers: readonly string[], opts: CallOptions = {}): Promise<AdminSector> {
    const op = `create sector "${name}" on level ${levelNumber} of game ${gameId}`;
    const before = (await this.sectorOptions(gameId, levelNumber, opts)).map((s) => s.id);
    const form: Record<string, string> = { txtSectorName: name, savesector: ' ' };
    if (answers.length > 0) {
      form.txtAnswer_0 = answers[0]!;
      form.ddlAnswerFor_0 = '0';
    }
    await this.write(`${ADMIN}LevelEditor.aspx`, { gid: gameId, level: levelNumber }, form, gameId, opts);
    const id = this.newId(op, before, (await this.sectorOptions(gameId, levelNumber, opts)).map((s) => s.id));
    if (answers.length > 1) return this.addSectorAnswers(gameId, levelNumber, id, answers.slice(1), opts);
    const sector = await this.readSector(op, gameId, levelNumber, id, opts);
    this.expectAnswers(op, sector, answers);
    return sector;
  }

  async addSectorAnswers(gameId: number, levelNumber: number, sectorId: number, answers: readonly string[], opts: CallOptions = {}): Promise<AdminSector> {
    const op = `add ${answers.length} answers to sector ${sectorId} of level ${levelNumber} of game ${gameId}`;
    const path = `${ADMIN}LevelEditor.aspx`;
    const query = { gid: gameId, level: levelNumber, swanswers: 1, editanswers: sectorId };
    for (let at = 0; at < answers.length; at += MAX_ANSWERS_PER_POST) {
      const batch = answers.slice(at, at + MAX_ANSWERS_PER_POST);
      const page = await this.read(path, query, gameId, opts);
      const form = formContaining(page.html, `divSectorsAddAnswersRows_${sectorId}`);
      if (!form) throw new AdminPageError(page.url, `no form around divSectorsAddAnswersRows_${sectorId}`);
      const fields: Array<[string, string]> = form.fields.filter((f) => f.type === 'hidden').map((f) => [f.name, f.value]);
      fields.push(['ddlSector', String(sectorId)], ['saveanswers', '1']);
      const button = form.fields.find((f) => f.type === 'image');
      if (button) fields.push([`${button.name}.x`, '1'], [`${button.name}.y`, '1']);
      batch.forEach((a, i) => fields.push([`txtAnswer_${i}`, a], [`ddlAnswerFor_${i}`, '0']));
      const action = new URL(form.action || page.url, page.url);
      await this.writeUrl(action, fields, gameId, opts);
    }
    const sector = await this.readSector(op, gameId, levelNumber, sectorId, opts);
    this.expectAnswers(op, sector, answers);
    return sector;
  }

  async deleteSector(gameId: number, levelNumber: number, sectorId: number, opts: CallOptions = {}): Promise<void> {
    const op = `delete sector ${sectorId} of level ${levelNumber} of game ${gameId}`;
    const listUrl = this.adminUrl(`${ADMIN}LevelEditor.aspx`, { level: levelNumber, gid: gameId, swanswers: 1 });
    const reply = await this.write(`${ADMIN}LevelEditor.aspx`, { level: levelNumber, gid: gameId, swanswers: 1, delsector: sectorId }, undefined, gameId, opts, {
      Referer: listUrl.href,
    });
    if (reply.status === 200 && /не может быть удален/u.test(reply.body)) throw new SectorStartedError(op, sectorId);
    const left = await this.sectorOptions(gameId, levelNumber, opts);
    if (left.some((s) => s.id === sectorId)) throw new AdminRefusedError(op, 'the sector is still listed');
  }

  private async readSector(op: string, gameId: number, levelNumber: number, sectorId: number, opts: CallOptions): Promise<AdminSector> {
    const listed = (await this.sectorOptions(gameId, levelNumber, opts)).find((s) => s.id === sectorId);
    if (!listed) throw new AdminRefusedError(op, `sector ${sectorId} is not listed any more`);
    return { ...listed, answers: await this.sectorAnswers(gameId, levelNumber, sectorId, opts) };
  }

  private expectAnswers(op: string, sector: AdminSector, wanted: readonly string[]): void {
    const have = new Set(sector.answers.map((a) => answerKey(a.text)));
    const missing = wanted.filter((a) => !have.has(answerKey(a)));
    if (missing.length > 0) throw new AdminRefusedError(op, `${missing.length} answer(s) missing after the write, e.g. "${missing[0]}"`);
  }

  // -------------------------------------------------------------------------------------------
  // Plumbing

  private async levelIdOf(op: string, gameId: number, levelNumber: number, opts: CallOptions): Promise<number> {
    const level = (await this.listLevels(gameId, opts)).find((l) => l.number === levelNumber);
    if (!level) throw new AdminRefusedError(op, 'the game has no such level');
    return level.id;
  }

  private newId(op: string, before: readonly number[], after: readonly number[]): number {
    const added = after.filter((id) => !before.includes(id));
    if (added.length !== 1) {
      throw new AdminRefusedError(op, added.length === 0 ? 'nothing new appeared on the level after the write' : `${added.length} new items appeared instead of one`);
    }
    return added[0]!;
  }

  private async expectGone(
    op: string,
    id: number,
    pick: (l: AdminLevelEditor) => readonly number[],
    gameId: number,
    levelNumber: number,
    opts: CallOptions,
  ): Promise<void> {
    if (pick(await this.readLevel(gameId, levelNumber, opts)).includes(id)) throw new AdminRefusedError(op, 'it is still on the level');
  }

  private adminUrl(path: string, query: Record<string, string | number>): URL {
    return this.transport.url(path, Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])));
  }

  /** An admin page read: 200 HTML, or a typed failure. */
  private async read(path: string, query: Record<string, string | number>, gameId: number, opts: CallOptions): Promise<{ url: string; html: string }> {
    const url = this.adminUrl(path, query);
    const reply = await this.transport.request(url, { area: 'admin', signal: opts.signal });
    this.checkAdminReply(reply, gameId);
    if (reply.status !== 200) throw new HttpError(url.href, reply.status);
    return { url: url.href, html: reply.body };
  }

  /** An admin write (a GET with an action, or a POST); a redirect back into the admin pages is the usual success. */
  private write(
    path: string,
    query: Record<string, string | number>,
    form: Record<string, string> | ReadonlyArray<readonly [string, string]> | undefined,
    gameId: number,
    opts: CallOptions,
    headers?: Record<string, string>,
  ): Promise<RawReply> {
    return this.writeUrl(this.adminUrl(path, query), form, gameId, opts, headers);
  }

  private async writeUrl(
    url: URL,
    form: Record<string, string> | ReadonlyArray<readonly [string, string]> | undefined,
    gameId: number,
    opts: CallOptions,
    headers?: Record<string, string>,
  ): Promise<RawReply> {
    const reply = await this.transport.request(url, { method: form ? 'POST' : 'GET', form, area: 'admin', signal: opts.signal, headers });
    this.checkAdminReply(reply, gameId);
    if (REDIRECTS.has(reply.status)) {
      const target = new URL(reply.location ?? '/', url);
      if (target.origin !== url.origin || !/^\/(administration|aloader)\//i.test(target.pathname)) throw new HttpError(url.href, reply.status);
    } else if (reply.status !== 200) {
      throw new HttpError(url.href, reply.status);
    }
    return reply;
  }

  /** Sign-in, anti-spam and no-rights answers, in the contract's order. */
  private checkAdminReply(reply: RawReply, gameId: number): void {
    this.throwIfAntiSpam(reply);
    if (REDIRECTS.has(reply.status)) {
      const location = (reply.location ?? '').toLowerCase();
      if (location.includes('login.aspx')) throw new SessionExpiredError(this.domain, 'the admin pages asked to sign in');
      if (location.includes('gamesmanager.aspx')) throw new AdminAccessDeniedError(this.domain, gameId);
      return;
    }
    if (reply.status === 401 || reply.status === 403) throw new SessionExpiredError(this.domain, `the admin pages answered HTTP ${reply.status}`);
    if (reply.status === 200 && isSignInForm(reply.body)) throw new SessionExpiredError(this.domain, 'the admin pages showed the sign-in form');
  }

  private throwIfAntiSpam(reply: RawReply): void {
    const location = reply.location ?? '';
    if (REDIRECTS.has(reply.status) && /nothumanrequest/i.test(location)) {
      throw new AntiSpamError(new URL(location, this.transport.site).href, null);
    }
    if (/nothumanrequest/i.test(reply.url)) throw new AntiSpamError(reply.url, null);
    // The wall can also arrive as an ordinary 200 page; admin pages never mention it otherwise.
    if (reply.status === 200 && isAntiSpamPage(reply.body)) {
      const link = antiSpamLoginLink(reply.body);
      throw new AntiSpamError(new URL('/NotHumanRequest.aspx', this.transport.site).href, link ? new URL(link, this.transport.site).href : null);
    }
  }
}

/** TaskEdit's fields: HTML as is; plain text asks the engine to keep its line breaks. */
function taskForm(html: string): Record<string, string> {
  const form: Record<string, string> = { inputTask: html, forMemberID: '' };
  if (!html.includes('<')) form.chkReplaceNlToBr = 'on';
  return form;
}

/** `lblPageName` of an edit page ('' when absent). */
function pageName(html: string): string {
  const page = new HtmlPage(html);
  const el = page.byId('lblPageName');
  return el ? page.text(el) : '';
}

/** Whitespace-insensitive form for comparing what an edit page shows. */
function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** CRLF → LF and trimmed: how a textarea round-trips text. */
function lines(text: string): string {
  return text.replace(/\r\n?/g, '\n').trim();
}

/** The engine compares answers case-insensitively after trimming. */
function answerKey(text: string): string {
  return squash(text).toLocaleLowerCase('ru');
}
