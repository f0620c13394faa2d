/**
 * An in-memory admin side for the copy's unit and property tests: per-game state behind the
 * `AdminPort` calls, the export rendered from that state, and switches for the faults a real
 * engine shows (a write silently ignored, no rights, a connection lost after N writes). The HTTP
 * tests use the fake engine instead; this one keeps thousands of property runs fast.
 */
import type { AdminLevelEditor, AdminLevelRef, AdminSector, AutopassWrite, BonusWrite, HintWrite, MessageWrite, PenaltyHintWrite } from '../../../src/engine/admin/types.js';
import type { CopyAdmin, ScenarioBonus, ScenarioDocument, ScenarioLevel, ScenarioMessage, ScenarioPenaltyHint, ScenarioHint } from '../../../src/copy/ports.js';

interface Sector { id: number; name: string; answers: string[] }
interface Bonus extends ScenarioBonus { id: number; levelId: number | 'all' }
interface Message extends ScenarioMessage { id: number; levelId: number | 'all' }
interface Level {
  id: number;
  name: string;
  comment: string;
  autopass: number;
  autopassPenalty: number;
  required: number;
  tasks: Array<{ id: number; html: string }>;
  hints: Array<{ id: number; hint: ScenarioHint }>;
  penaltyHints: Array<{ id: number; hint: ScenarioPenaltyHint }>;
  sectors: Sector[];
}
interface Game { title: string; levels: Level[]; bonuses: Bonus[]; messages: Message[] }

export interface MemoryFaults {
  /** Writes of this kind answer "fine" and change nothing. */
  ignore?: 'task' | 'autopass' | 'sector_answers' | 'bonus';
  /** Every call fails as if the session had no rights. */
  noRights?: boolean;
  /** The connection is lost on this write (1-based), and every call after it. */
  dropOnWrite?: number;
}

export class MemoryAdmin implements CopyAdmin {
  readonly games = new Map<number, Game>();
  readonly calls: string[] = [];
  faults: MemoryFaults = {};
  private nextId = 1000;
  private writes = 0;
  private dropped = false;

  constructor(readonly domain: string) {}

  /** Puts a game with this scenario into the state (ids fresh). */
  seed(gameId: number, doc: Omit<ScenarioDocument, 'game_id' | 'game_num'>): void {
    const game: Game = { title: doc.game_title, levels: [], bonuses: [], messages: [] };
    this.games.set(gameId, game);
    const seenAll = new Set<string>();
    for (const l of doc.levels) {
      const level = this.blankLevel(game.levels.length + 1);
      Object.assign(level, {
        name: l.name, comment: l.comment, autopass: l.autopass_seconds, autopassPenalty: l.autopass_penalty_seconds, required: l.required_sectors_count,
        tasks: l.tasks.map((html) => ({ id: this.id(), html })),
        hints: l.hints.map((hint) => ({ id: this.id(), hint })),
        penaltyHints: l.penalty_hints.map((hint) => ({ id: this.id(), hint })),
        sectors: l.sectors.map((s) => ({ id: this.id(), name: s.name, answers: [...s.answers] })),
      });
      game.levels.push(level);
      for (const b of l.bonuses) {
        const key = JSON.stringify(b);
        if (b.levels.kind === 'all') {
          if (seenAll.has(key)) continue;
          seenAll.add(key);
        }
        game.bonuses.push({ ...structuredClone(b), id: this.id(), levelId: b.levels.kind === 'all' ? 'all' : level.id });
      }
      for (const m of l.messages) {
        const key = `message ${JSON.stringify(m)}`;
        if (m.all_levels) {
          if (seenAll.has(key)) continue;
          seenAll.add(key);
        }
        game.messages.push({ ...m, id: this.id(), levelId: m.all_levels ? 'all' : level.id });
      }
    }
  }

  private id(): number {
    return this.nextId++;
  }

  private blankLevel(n: number): Level {
    return { id: this.id(), name: `Уровень ${n}`, comment: '', autopass: 0, autopassPenalty: 0, required: 0, tasks: [], hints: [], penaltyHints: [], sectors: [] };
  }

  private game(gameId: number): Game {
    const g = this.games.get(gameId);
    if (!g) throw new Error(`no game ${gameId}`);
    return g;
  }

  private level(gameId: number, n: number): Level {
    const l = this.game(gameId).levels[n - 1];
    if (!l) throw new Error(`game ${gameId} has no level ${n}`);
    return l;
  }

  private enter(name: string, write: boolean): void {
    this.calls.push(name);
    if (this.dropped) throw new Error('connection reset');
    if (this.faults.noRights) throw new Error('302 to GamesManager.aspx: no rights on this game');
    if (write) {
      this.writes++;
      if (this.faults.dropOnWrite !== undefined && this.writes >= this.faults.dropOnWrite) {
        this.dropped = true;
        throw new Error('connection reset');
      }
    }
  }

  private onLevel<T extends { levelId: number | 'all' }>(items: T[], level: Level): T[] {
    return items.filter((i) => i.levelId === 'all' || i.levelId === level.id);
  }

  async checkSession(): Promise<void> {
    this.enter('checkSession', false);
  }

  async exportScenario(gameId: number): Promise<ScenarioDocument> {
    this.enter(`exportScenario ${gameId}`, false);
    const game = this.game(gameId);
    return structuredClone({
      game_id: gameId,
      game_num: 1,
      game_title: game.title,
      levels: game.levels.map((l, i): ScenarioLevel => ({
        number: i + 1,
        name: l.name,
        autopass_seconds: l.autopass,
        autopass_penalty_seconds: l.autopassPenalty,
        required_sectors_count: l.required,
        comment: l.comment,
        tasks: l.tasks.map((t) => t.html),
        hints: l.hints.map((h) => h.hint),
        penalty_hints: l.penaltyHints.map((h) => h.hint),
        sectors: l.sectors.map((s) => ({ name: s.name, answers: [...s.answers] })),
        bonuses: this.onLevel(game.bonuses, l).map(({ id: _id, levelId: _l, ...b }) => b),
        messages: this.onLevel(game.messages, l).map(({ text, all_levels }) => ({ text, all_levels })),
      })),
    });
  }

  async listLevels(gameId: number): Promise<AdminLevelRef[]> {
    this.enter(`listLevels ${gameId}`, false);
    return this.game(gameId).levels.map((l, i) => ({ id: l.id, number: i + 1, name: l.name }));
  }

  async createLevels(gameId: number, count: number): Promise<AdminLevelRef[]> {
    this.enter('createLevels', true);
    const game = this.game(gameId);
    for (let i = 0; i < count; i++) game.levels.push(this.blankLevel(game.levels.length + 1));
    return game.levels.map((l, i) => ({ id: l.id, number: i + 1, name: l.name }));
  }

  async setNameAndComment(gameId: number, n: number, name: string, comment: string): Promise<void> {
    this.enter('setNameAndComment', true);
    const l = this.level(gameId, n);
    l.name = name.trim() === '' ? `Уровень ${n}` : name;
    l.comment = comment;
  }

  async setAutopass(gameId: number, n: number, autopass: AutopassWrite): Promise<void> {
    this.enter('setAutopass', true);
    if (this.faults.ignore === 'autopass') return;
    Object.assign(this.level(gameId, n), { autopass: autopass.seconds, autopassPenalty: autopass.seconds > 0 ? autopass.penalty_seconds : 0 });
  }

  async setRequiredSectors(gameId: number, n: number, required: number): Promise<void> {
    this.enter('setRequiredSectors', true);
    this.level(gameId, n).required = required;
  }

  async readLevel(gameId: number, n: number): Promise<AdminLevelEditor> {
    this.enter('readLevel', false);
    const l = this.level(gameId, n);
    const game = this.game(gameId);
    return {
      level_number: n,
      task_ids: l.tasks.map((t) => t.id),
      hint_ids: l.hints.map((h) => h.id),
      penalty_hint_ids: l.penaltyHints.map((h) => h.id),
      bonus_ids: this.onLevel(game.bonuses, l).map((b) => b.id),
      message_ids: this.onLevel(game.messages, l).map((m) => m.id),
      autopass_seconds: l.autopass,
      autopass_penalty_seconds: l.autopassPenalty,
      required_sectors_count: l.required,
    };
  }

  async createTask(gameId: number, n: number, html: string): Promise<number> {
    this.enter('createTask', true);
    const id = this.id();
    if (this.faults.ignore !== 'task') this.level(gameId, n).tasks.push({ id, html });
    return id;
  }

  async deleteTask(gameId: number, n: number, id: number): Promise<void> {
    this.enter('deleteTask', true);
    const l = this.level(gameId, n);
    l.tasks = l.tasks.filter((t) => t.id !== id);
  }

  async createHint(gameId: number, n: number, hint: HintWrite): Promise<number> {
    this.enter('createHint', true);
    const id = this.id();
    this.level(gameId, n).hints.push({ id, hint: { title: '', ...hint } });
    return id;
  }

  async createPenaltyHint(gameId: number, n: number, hint: PenaltyHintWrite): Promise<number> {
    this.enter('createPenaltyHint', true);
    const id = this.id();
    this.level(gameId, n).penaltyHints.push({ id, hint: { title: '', ...hint } });
    return id;
  }

  async deleteHint(gameId: number, n: number, id: number): Promise<void> {
    this.enter('deleteHint', true);
    const l = this.level(gameId, n);
    l.hints = l.hints.filter((h) => h.id !== id);
    l.penaltyHints = l.penaltyHints.filter((h) => h.id !== id);
  }

  async createBonus(gameId: number, n: number, bonus: BonusWrite): Promise<number> {
    this.enter('createBonus', true);
    const id = this.id();
    const levelId = bonus.levels.kind === 'all' ? 'all' : this.level(gameId, n).id;
    if (this.faults.ignore !== 'bonus') this.game(gameId).bonuses.push({ ...structuredClone(bonus), number: 0, id, levelId });
    return id;
  }

  async deleteBonus(gameId: number, _n: number, id: number): Promise<void> {
    this.enter('deleteBonus', true);
    const game = this.game(gameId);
    game.bonuses = game.bonuses.filter((b) => b.id !== id);
  }

  async createMessage(gameId: number, n: number, message: MessageWrite): Promise<number> {
    this.enter('createMessage', true);
    const id = this.id();
    this.game(gameId).messages.push({ ...message, id, levelId: message.all_levels ? 'all' : this.level(gameId, n).id });
    return id;
  }

  async deleteMessage(gameId: number, _n: number, id: number): Promise<void> {
    this.enter('deleteMessage', true);
    const game = this.game(gameId);
    game.messages = game.messages.filter((m) => m.id !== id);
  }

  async listSectors(gameId: number, n: number): Promise<AdminSector[]> {
    this.enter('listSectors', false);
    return this.level(gameId, n).sectors.map(({ id, name, answers }) => ({ id, name, answers: answers.map((text, i) => ({ id: id * 100 + i, text })) }));
  }

  async createSector(gameId: number, n: number, name: string, answers: readonly string[]): Promise<AdminSector> {
    this.enter('createSector', true);
    const id = this.id();
    const stored = this.faults.ignore === 'sector_answers' ? answers.slice(0, 1) : [...answers];
    this.level(gameId, n).sectors.push({ id, name, answers: stored });
    return { id, name, answers: stored.map((text, i) => ({ id: id * 100 + i, text })) };
  }

  async deleteSector(gameId: number, n: number, sectorId: number): Promise<void> {
    this.enter('deleteSector', true);
    const l = this.level(gameId, n);
    l.sectors = l.sectors.filter((s) => s.id !== sectorId);
  }
}
