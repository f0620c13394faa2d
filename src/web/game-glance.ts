/**
 * The game at a glance for the page header: title and the active level, read from the engine's
 * game model after a turn that touched the game. Never throws: what went wrong becomes a short note.
 */
import type { Engine } from '../engine/engine.js';
import { GAME_EVENT_MEANING } from '../engine/types.js';
import type { GameReader } from './hub.js';
import type { GameGlance } from './protocol.js';

/**
 * @example
 * ```ts
 * const readGame = gameGlanceReader(engine);
 * const glance = await readGame(10101); // { game_id: 10101, title: '…', level_number: 1, … }
 * ```
 */
export function gameGlanceReader(engine: Engine): GameReader {
  return async (gameId) => {
    const glance: GameGlance = { game_id: gameId, title: null, level_number: null, level_name: null, levels_count: null, note: null };
    try {
      const model = await engine.getGameModel(gameId);
      glance.title = model.GameTitle?.trim() || null;
      glance.levels_count = Array.isArray(model.Levels) && model.Levels.length > 0 ? model.Levels.length : null;
      if (model.Level) {
        glance.level_number = typeof model.Level.Number === 'number' ? model.Level.Number : null;
        glance.level_name = typeof model.Level.Name === 'string' && model.Level.Name.trim() !== '' ? model.Level.Name.trim() : null;
      } else if (model.Event !== 0) {
        glance.note = GAME_EVENT_MEANING[model.Event] ?? `engine event ${model.Event}`;
      } else {
        glance.note = 'no active level';
      }
    } catch (err) {
      glance.note = shortReason(err);
    }
    return glance;
  };
}

function shortReason(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const first = message.split(/[;:]/, 1)[0] ?? message;
  return first.length > 80 ? `${first.slice(0, 80)}…` : first;
}
