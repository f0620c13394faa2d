/**
 * Compact JSON projections of engine payloads (docs/catalog.md, «Projections»). A GameModel carries HTML and
 * dozens of presentation flags; the model reads these instead: snake_case, empty fields omitted,
 * HTML reduced to text (see `html/text.ts` for why), and the level's pictures and media listed as URLs.
 */
import {
  DOTNET_EPOCH_OFFSET_MS,
  GAME_EVENT_MEANING,
  LEVEL_SEQUENCE,
  TRANSITION_EVENTS,
  type Bonus,
  type CodeAction,
  type EngineDateTime,
  type GameInfo,
  type GameList,
  type GameModel,
  type Help,
  type Level,
  type Message,
  type Sector,
} from '../engine/types.js';
import { htmlToText } from '../html/text.js';
import type { UrlResolver } from '../html/urls.js';
import { levelImages, levelMedia, messageHtml, taskHtml, type LevelImage, type LevelMedia } from './level-images.js';
import { asList } from './lists.js';

/**
 * Newest code entries shown inside a level projection. A busy level logs hundreds of codes that
 * would crowd out the task on every read; enc_action_log returns them all.
 */
export const LEVEL_RECENT_ACTIONS = 10;

/** Drops keys whose value is undefined, so the JSON a model reads has no `"x": null` noise. */
function pruned<T extends object>(obj: T): T {
  for (const key of Object.keys(obj) as Array<keyof T>) if (obj[key] === undefined) delete obj[key];
  return obj;
}

function text(value: string | null | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  const t = value.trim();
  return t === '' ? undefined : t;
}

/**
 * A reply's scalar as text: a string as it is, a number or boolean written out, anything else
 * empty. An object in its place (which the engine never sends) has no text of its own, and
 * `String` of one whose `toString` is not a function throws.
 */
function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  return typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint' ? String(value) : '';
}

function nonZero(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value !== 0 ? value : undefined;
}

function nonEmpty<T>(list: T[]): T[] | undefined {
  return list.length > 0 ? list : undefined;
}

/** Unix seconds of an engine DateTime (`Timestamp`, else `Value` ms since 0001-01-01). */
export function unixSeconds(dt: EngineDateTime | null | undefined): number | undefined {
  if (!dt) return undefined;
  if (typeof dt.Timestamp === 'number' && dt.Timestamp > 0) return dt.Timestamp;
  if (typeof dt.Value === 'number' && dt.Value > DOTNET_EPOCH_OFFSET_MS) return Math.round((dt.Value - DOTNET_EPOCH_OFFSET_MS) / 1000);
  return undefined;
}

/** HTML → text, undefined when nothing readable remains. */
function readable(html: string | null | undefined, resolveUrl: UrlResolver): string | undefined {
  if (typeof html !== 'string' || html.trim() === '') return undefined;
  return text(htmlToText(html, resolveUrl));
}

export interface GameListProjection {
  coming_games?: GameSummaryProjection[];
  active_games?: GameSummaryProjection[];
  message?: string;
}

export interface GameSummaryProjection {
  game_id: number;
  game_number?: number;
  title: string;
  game_type_id?: number;
  zone_id?: number;
  starts_at?: number;
  finishes_at?: number;
  max_players?: number;
}

function projectGameInfo(game: GameInfo): GameSummaryProjection {
  return pruned({
    game_id: game.GameID,
    game_number: nonZero(game.GameNum),
    title: game.Title ?? '',
    game_type_id: nonZero(game.GameTypeID ?? game.Type),
    zone_id: nonZero(game.ZoneId ?? game.Zone),
    starts_at: unixSeconds(game.StartDateTime),
    finishes_at: unixSeconds(game.FinishDateTime),
    max_players: nonZero(game.MaxPlayers),
  });
}

/** `/home/?json=1` → `{coming_games?, active_games?, message?}`; a null reply → `{}`. */
export function projectGameList(list: GameList | null | undefined): GameListProjection {
  if (!list) return {};
  const message = typeof list['Message'] === 'string' ? text(list['Message']) : undefined;
  return pruned({
    coming_games: nonEmpty(asList(list.ComingGames).map(projectGameInfo)),
    active_games: nonEmpty(asList(list.ActiveGames).map(projectGameInfo)),
    message,
  });
}

function sectorAnswer(answer: Sector['Answer']): string | undefined {
  if (answer === null || answer === undefined) return undefined;
  if (typeof answer === 'object') return text(answer.Answer);
  return text(String(answer));
}

function projectSector(sector: Sector) {
  return pruned({
    sector_id: sector.SectorId,
    order: sector.Order,
    name: text(sector.Name),
    is_answered: Boolean(sector.IsAnswered),
    answer: sectorAnswer(sector.Answer),
  });
}

function projectBonus(bonus: Bonus, resolveUrl: UrlResolver) {
  return pruned({
    bonus_id: bonus.BonusId,
    number: bonus.Number,
    name: text(bonus.Name),
    task: readable(bonus.Task, resolveUrl),
    help: readable(bonus.Help, resolveUrl),
    is_answered: Boolean(bonus.IsAnswered),
    answer: sectorAnswer(bonus.Answer),
    expired: Boolean(bonus.Expired),
    seconds_to_start: nonZero(bonus.SecondsToStart),
    seconds_left: nonZero(bonus.SecondsLeft),
    award_seconds: nonZero(bonus.AwardTime),
    negative: Boolean(bonus.Negative),
  });
}

function projectHint(hint: Help, resolveUrl: UrlResolver) {
  return pruned({
    help_id: hint.HelpId,
    number: hint.Number,
    text: readable(hint.HelpText, resolveUrl),
    is_penalty: Boolean(hint.IsPenalty),
    penalty_seconds: nonZero(hint.Penalty),
    /** The organisers' description of a penalty hint, readable before it is taken. */
    comment: readable(hint.PenaltyComment, resolveUrl),
    state: nonZero(hint.PenaltyHelpState),
    remain_seconds: nonZero(hint.RemainSeconds),
  });
}

function projectMessage(message: Message, resolveUrl: UrlResolver) {
  return pruned({
    message_id: message.MessageId,
    owner_login: text(message.OwnerLogin),
    text: readable(messageHtml(message), resolveUrl),
  });
}

export interface CodeEntryProjection {
  action_id: number;
  level_number: number;
  kind: number;
  login?: string;
  answer: string;
  is_correct: boolean;
  entered_at?: string;
  penalty_seconds?: number;
}

/** One code entry; `levelNumber` comes from the level (the entry's own is observed 0). */
export function projectCodeEntry(entry: CodeAction, levelNumber: number): CodeEntryProjection {
  return pruned({
    action_id: entry.ActionId,
    level_number: nonZero(entry.LevelNumber) ?? levelNumber,
    kind: entry.Kind,
    login: text(entry.Login),
    answer: scalarText(entry.Answer),
    is_correct: Boolean(entry.IsCorrect),
    entered_at: text(entry.LocDateTime),
    penalty_seconds: nonZero(entry.Penalty),
  });
}

/** Whether the level takes level (sector) answers now: not passed, not dismissed, not blocked. */
export function acceptsLevelAnswers(level: Level): boolean {
  const blocked = Boolean(level.HasAnswerBlockRule) && (level.BlockDuration ?? 0) > 0;
  return !level.IsPassed && !level.Dismissed && !blocked;
}

export type LevelProjection = ReturnType<typeof projectLevel>;

/**
 * The level projection: state, tasks as text, sectors, bonuses, hints, messages, the newest code
 * entries, every picture of the level and every sound, film or embedded player (`media`).
 */
export function projectLevel(level: Level, resolveUrl: UrlResolver) {
  const tasks = asList(level.Tasks).map((t) => readable(taskHtml(t), resolveUrl)).filter((t): t is string => t !== undefined);
  if (tasks.length === 0) {
    const legacy = readable(taskHtml(level.Task), resolveUrl);
    if (legacy !== undefined) tasks.push(legacy);
  }
  const actions = asList(level.MixedActions);
  const images: LevelImage[] = levelImages(level, resolveUrl);
  const media: LevelMedia[] = levelMedia(level, resolveUrl);
  return pruned({
    level_id: level.LevelId,
    number: level.Number,
    name: text(level.Name),
    is_passed: Boolean(level.IsPassed),
    dismissed: Boolean(level.Dismissed),
    can_submit_answer: acceptsLevelAnswers(level),
    timeout_seconds_remain: nonZero(level.TimeoutSecondsRemain),
    block_duration: nonZero(level.BlockDuration),
    attempts_limit:
      level.HasAnswerBlockRule && nonZero(level.AttemtsNumber) !== undefined
        ? { attempts: level.AttemtsNumber ?? 0, period_seconds: level.AttemtsPeriod ?? 0 }
        : undefined,
    required_sectors_count: level.RequiredSectorsCount ?? 0,
    passed_sectors_count: level.PassedSectorsCount ?? 0,
    sectors_left_to_close: level.SectorsLeftToClose ?? 0,
    tasks: nonEmpty(tasks),
    sectors: nonEmpty(asList(level.Sectors).map(projectSector)),
    bonuses: nonEmpty(asList(level.Bonuses).map((b) => projectBonus(b, resolveUrl))),
    hints: nonEmpty(asList(level.Helps).map((h) => projectHint(h, resolveUrl))),
    penalty_hints: nonEmpty(asList(level.PenaltyHelps).map((h) => projectHint(h, resolveUrl))),
    messages: nonEmpty(asList(level.Messages).map((m) => projectMessage(m, resolveUrl))),
    actions: nonEmpty(actions.slice(0, LEVEL_RECENT_ACTIONS).map((a) => projectCodeEntry(a, level.Number))),
    actions_total: actions.length > LEVEL_RECENT_ACTIONS ? actions.length : undefined,
    images: nonEmpty(images),
    media: nonEmpty(media),
  });
}

/** `event` and its meaning, only when the engine reports something other than "running". */
function eventFields(model: GameModel): { event?: number; event_meaning?: string } {
  if (typeof model.Event !== 'number' || model.Event === 0) return {};
  return { event: model.Event, event_meaning: GAME_EVENT_MEANING[model.Event] ?? 'unknown engine event' };
}

/** The game-state projection: the game, its level list and the active level in full. */
export function projectGameState(model: GameModel, resolveUrl: UrlResolver) {
  return pruned({
    game_id: model.GameId,
    game_number: model.GameNumber ?? 0,
    title: model.GameTitle ?? '',
    level_sequence: model.LevelSequence ?? LEVEL_SEQUENCE.Linear,
    starts_at: text(model.GameDateTimeStart),
    login: text(model.Login),
    team_id: nonZero(model.TeamId),
    team_name: text(model.TeamName),
    is_captain: Boolean(model.IsCaptain),
    ...eventFields(model),
    levels: nonEmpty(
      asList(model.Levels).map((l) =>
        pruned({
          level_id: l.LevelId,
          level_number: l.LevelNumber,
          level_name: text(l.LevelName),
          is_passed: Boolean(l.IsPassed),
          dismissed: Boolean(l.Dismissed),
        }),
      ),
    ),
    current_level: model.Level ? projectLevel(model.Level, resolveUrl) : undefined,
  });
}

/**
 * What a send tool returns: the verdict from the action slot of its kind, the level after the
 * action, and whether the team moved on (then the model should re-read before answering again).
 */
export function projectActionResult(
  model: GameModel | null | undefined,
  kind: 'level' | 'bonus',
  submittedLevelNumber: number,
  resolveUrl: UrlResolver,
) {
  if (!model) return null;
  const action = model.EngineAction ?? undefined;
  const verdict = kind === 'level' ? action?.LevelAction : action?.BonusAction;
  const level = model.Level ?? undefined;
  const advanced =
    level !== undefined ? level.Number !== submittedLevelNumber : TRANSITION_EVENTS.has(model.Event);
  return pruned({
    level_number: nonZero(action?.LevelNumber) ?? submittedLevelNumber,
    answer: text(verdict?.Answer),
    is_correct: typeof verdict?.IsCorrectAnswer === 'boolean' ? verdict.IsCorrectAnswer : undefined,
    ...eventFields(model),
    level_advanced: advanced,
    current_level: level ? projectLevel(level, resolveUrl) : undefined,
  });
}
