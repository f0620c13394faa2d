/**
 * Reading "the level a tool is about": the active level, or — with `level_number` — a chosen
 * level of a storm (assault) game, where every level is open at once. Shared by enc_level,
 * enc_action_log and both send tools so they agree on what "the level" is.
 */
import type { Engine } from '../../engine/engine.js';
import { GAME_EVENT_MEANING, LEVEL_SEQUENCE, type GameModel, type Level } from '../../engine/types.js';
import { ToolArgumentError, ToolError } from '../errors.js';

/**
 * The game model showing the wanted level. With `levelNumber` the reply must be a storm game whose
 * level has exactly that number, else the model is told why.
 */
export async function readLevelModel(
  engine: Engine,
  gameId: number,
  levelNumber: number | undefined,
  signal?: AbortSignal,
): Promise<GameModel> {
  if (levelNumber === undefined) return engine.getGameModel(gameId, { signal });
  const model = await engine.getGameModelLevel(gameId, levelNumber, { signal });
  if (model?.LevelSequence !== LEVEL_SEQUENCE.Storm || model.Level?.Number !== levelNumber) {
    throw new ToolArgumentError(
      'level_number',
      `game ${gameId} did not return assault level ${levelNumber}; level_number only works in storm (assault) games, ` +
        'where every level is open at once. Omit it to use the active level.',
    );
  }
  return model;
}

/** Why a model shows no level, for error texts: the engine event's meaning when there is one. */
export function noLevelReason(model: GameModel | null | undefined): string {
  const event = model?.Event;
  if (typeof event !== 'number' || event === 0) return '';
  return ` (engine event ${event}: ${GAME_EVENT_MEANING[event] ?? 'unknown engine event'})`;
}

/** The model's level, or a ToolError saying there is none and why. */
export function requireLevel(model: GameModel | null | undefined, message = 'the game has no active level right now'): Level {
  if (!model?.Level) throw new ToolError(`${message}${noLevelReason(model)}`, { kind: 'engine', code: 'no_level' });
  return model.Level;
}
