/**
 * An in-memory admin side for the copy's unit and property tests: per-game state behind the
 * `AdminPort` calls, the export rendered from that state, and switches for the faults a real
 * engine shows (a write silently ignored, no rights, a connection lost after N writes). The HTTP
 * tests use the fake engine instead; this one keeps thousands of property runs fast.
 */
import type { AdminPort, LevelObjectIds, ScenarioBonus, ScenarioDocument, ScenarioHint, ScenarioLevel, ScenarioPenaltyHint, SectorRef } from '../../../src/copy/ports.js';

interface Sector { id: number; name: string; answers: string[] }
interface Bonus extends ScenarioBonus { id: number; levelId: number | 'all' }
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
interface Game { title: string; levels: Level[]; bonuses: Bonus[] }

export interface MemoryFaults {
  /** Writes of this kind answer "fine" and change nothing. */
  ignore?: 'task' | 'autopass' | 'sector_answers' | 'bonus';
  /** Every call fails as if the session had no rights. */
  noRights?: boolean;
  /** The connection is lost on this write (1-based), and every call after it. */
  dropOnWrite?: number;
}

export class MemoryAdmin implements AdminPort {
  readonly games = new Map<number, Game>();
  readonly calls: string[] = [];
  faults: MemoryFaults = {};
  private nextId = 1000;
  private writes = 0;
  private dropped = false;

  constructor(readonly domain: string) {}

  /** Puts a game with this scenario into the state (ids fresh). */
  seed(gameId: number, doc: Omit<ScenarioDocument, 'game_id' | 'game_num'>): void {
    const game: Game = { title: doc.game_title, levels: [], bonuses: [] };
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
        if (b.all_levels) {
          if (seenAll.has(key)) continue;
          seenAll.add(key);
        }
        game.bonuses.push({ ...b, id: this.id(), levelId: b.all_levels ? 'all' : level.id });
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

  async verifyAdminSession(): Promise<void> {
    this.enter('verifyAdminSession', false);
  }

  async readScenario(gameId: number): Promise<ScenarioDocument> {
    this.enter(`readScenario ${gameId}`, false);
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
        bonuses: game.bonuses.filter((b) => b.levelId === 'all' || b.levelId === l.id).map(({ id: _id, levelId: _l, ...b }) => b),
      })),
    });
  }

  async levelIds(gameId: number): Promise<number[]> {
    this.enter(`levelIds ${gameId}`, false);
    return this.game(gameId).levels.map((l) => l.id);
  }

  async createLevels(gameId: number, count: number): Promise<void> {
    this.enter('createLevels', true);
    const game = this.game(gameId);
    for (let i = 0; i < count; i++) game.levels.push(this.blankLevel(game.levels.length + 1));
  }

  async setNameAndComment(gameId: number, n: number, name: string, comment: string): Promise<void> {
    this.enter('setNameAndComment', true);
    const l = this.level(gameId, n);
    l.name = name.trim() === '' ? `Уровень ${n}` : name;
    l.comment = comment;
  }

  async setAutopass(gameId: number, n: number, seconds: number, penalty: number): Promise<void> {
    this.enter('setAutopass', true);
    if (this.faults.ignore === 'autopass') return;
    Object.assign(this.level(gameId, n), { autopass: seconds, autopassPenalty: seconds > 0 ? penalty : 0 });
  }

  async setSectorRule(gameId: number, n: number, required: number): Promise<void> {
    this.enter('setSectorRule', true);
    this.level(gameId, n).required = required;
  }

  async levelObjects(gameId: number, n: number): Promise<LevelObjectIds> {
    this.enter('levelObjects', false);
    const l = this.level(gameId, n);
    return {
      tasks: l.tasks.map((t) => t.id),
      hints: l.hints.map((h) => h.id),
      penalty_hints: l.penaltyHints.map((h) => h.id),
      bonuses: this.game(gameId).bonuses.filter((b) => b.levelId === 'all' || b.levelId === l.id).map((b) => b.id),
    };
  }

  async createTask(gameId: number, n: number, html: string): Promise<void> {
    this.enter('createTask', true);
    if (this.faults.ignore === 'task') return;
    this.level(gameId, n).tasks.push({ id: this.id(), html });
  }

  async deleteTask(gameId: number, n: number, id: number): Promise<void> {
    this.enter('deleteTask', true);
    const l = this.level(gameId, n);
    l.tasks = l.tasks.filter((t) => t.id !== id);
  }

  async createHint(gameId: number, n: number, hint: ScenarioHint): Promise<void> {
    this.enter('createHint', true);
    this.level(gameId, n).hints.push({ id: this.id(), hint: { ...hint } });
  }

  async createPenaltyHint(gameId: number, n: number, hint: ScenarioPenaltyHint): Promise<void> {
    this.enter('createPenaltyHint', true);
    this.level(gameId, n).penaltyHints.push({ id: this.id(), hint: { ...hint } });
  }

  async deleteHint(gameId: number, n: number, id: number): Promise<void> {
    this.enter('deleteHint', true);
    const l = this.level(gameId, n);
    l.hints = l.hints.filter((h) => h.id !== id);
    l.penaltyHints = l.penaltyHints.filter((h) => h.id !== id);
  }

  async createBonus(gameId: number, _n: number, bonus: ScenarioBonus, levelId: number | 'all'): Promise<void> {
    this.enter('createBonus', true);
    if (this.faults.ignore === 'bonus') return;
    this.game(gameId).bonuses.push({ ...structuredClone(bonus), all_levels: levelId === 'all', id: this.id(), levelId });
  }

  async deleteBonus(gameId: number, _n: number, id: number): Promise<void> {
    this.enter('deleteBonus', true);
    const game = this.game(gameId);
    game.bonuses = game.bonuses.filter((b) => b.id !== id);
  }

  async sectors(gameId: number, n: number): Promise<SectorRef[]> {
    this.enter('sectors', false);
    return this.level(gameId, n).sectors.map(({ id, name }) => ({ id, name }));
  }

  async sectorAnswers(gameId: number, n: number, sectorId: number): Promise<string[]> {
    this.enter('sectorAnswers', false);
    return [...(this.level(gameId, n).sectors.find((s) => s.id === sectorId)?.answers ?? [])];
  }

  async createSector(gameId: number, n: number, name: string, first: string): Promise<void> {
    this.enter('createSector', true);
    this.level(gameId, n).sectors.push({ id: this.id(), name, answers: [first] });
  }

  async addSectorAnswers(gameId: number, n: number, sectorId: number, answers: string[]): Promise<void> {
    this.enter(`addSectorAnswers ${answers.length}`, true);
    if (answers.length > 10) throw new Error('more than 10 answers in one form');
    if (this.faults.ignore === 'sector_answers') return;
    const sector = this.level(gameId, n).sectors.find((s) => s.id === sectorId);
    if (!sector) throw new Error(`no sector ${sectorId}`);
    for (const a of answers) if (!sector.answers.includes(a)) sector.answers.push(a);
  }

  async deleteSector(gameId: number, n: number, sectorId: number): Promise<void> {
    this.enter('deleteSector', true);
    const l = this.level(gameId, n);
    l.sectors = l.sectors.filter((s) => s.id !== sectorId);
  }
}
