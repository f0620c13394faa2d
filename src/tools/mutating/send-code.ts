/**
 * `enc_send_code` and `enc_send_bonus_code`. Both read the level first (the engine needs its
 * LevelId, and a passed, dismissed or blocked level must not burn an attempt), then submit the
 * trimmed code. Bonus codes skip the answer-block check: the engine accepts bonuses while level
 * answers are blocked.
 */
import { requiredInteger, requiredString } from '../args.js';
import { defineTool, jsonResult, objectSchema, stringProperty, type CatalogTool } from '../define.js';
import type { ToolDeps } from '../deps.js';
import { ToolError, describeError } from '../errors.js';
import { acceptsLevelAnswers, projectActionResult } from '../projections.js';
import { quoted } from '../question.js';
import { readLevelModel, requireLevel } from '../read/level-select.js';
import { GAME_ID_PROPERTY, LEVEL_NUMBER_PROPERTY, parseLevelNumber } from '../read/level.js';
import type { Level } from '../../engine/types.js';

type Kind = 'level' | 'bonus';

/** Why a level refuses level answers, phrased so the model stops trying. */
function refusal(level: Level): ToolError {
  const refuse = (reason: string, code: string, retryable = false): ToolError =>
    new ToolError(`the active level does not accept level answers right now: ${reason}`, { kind: 'engine', code, retryable });
  if (level.IsPassed) return refuse('the level is already passed', 'level_passed');
  if (level.Dismissed) return refuse('the level was dismissed by the organisers', 'level_dismissed');
  return refuse(
    `answers are blocked for another ${level.BlockDuration ?? 0} seconds by the answer-block rule; wait before trying again`,
    'answers_blocked',
    true,
  );
}

function sendTool({ engine, resolveUrl }: ToolDeps, kind: Kind): CatalogTool {
  const isLevel = kind === 'level';
  return defineTool({
    name: isLevel ? 'enc_send_code' : 'enc_send_bonus_code',
    title: isLevel ? 'Send code' : 'Send bonus code',
    description: isLevel
      ? 'Submit a level or sector answer on the active level (or level_number in a storm game). Wrong codes cost time and may trigger the answer-block rule: only submit what the user asked for or what you are confident about.'
      : 'Submit a bonus answer on the active level (or level_number in a storm game). Bonus codes are accepted even while level answers are blocked. Only submit what the user asked for or what you are confident about.',
    inputSchema: objectSchema(
      {
        game_id: GAME_ID_PROPERTY,
        code: stringProperty(isLevel ? 'The answer to submit, exactly as text.' : 'The bonus answer to submit, exactly as text.'),
        level_number: LEVEL_NUMBER_PROPERTY,
      },
      ['game_id', 'code'],
    ),
    mutating: true,
    // A wrong code counts against the answer-block limit and a right one closes the level; negative
    // (penalty) bonuses exist. Nothing can be undone, and a repeat is a second attempt.
    destructive: true,
    idempotent: false,
    parse: (args) => ({
      game_id: requiredInteger(args, 'game_id', { min: 1 }),
      code: requiredString(args, 'code'),
      level_number: parseLevelNumber(args),
    }),
    question: ({ game_id, code, level_number }) => ({
      sentence:
        `Submit the code ${quoted(code)} as a ${kind} answer ` +
        (level_number === undefined ? `in game ${game_id}` : `on level ${level_number} of game ${game_id}`) +
        '? A wrong code counts as an attempt and cannot be taken back.',
      facts: [
        { label: 'Code', value: quoted(code) },
        { label: 'Game', value: String(game_id) },
        { label: 'Level', value: level_number === undefined ? 'the active level' : String(level_number) },
      ],
    }),
    execute: async ({ game_id, code, level_number }, ctx) => {
      let model;
      try {
        model = await readLevelModel(engine, game_id, level_number, ctx.signal);
      } catch (err) {
        // Keeps the cause: a lost session while reading is still a lost session.
        throw new ToolError(`read game state before submitting: ${describeError(err)}`, { cause: err });
      }
      const level = requireLevel(model, 'the game has no active level, so there is nothing to answer');
      if (isLevel && !acceptsLevelAnswers(level)) throw refusal(level);
      const send = isLevel ? engine.sendCode.bind(engine) : engine.sendBonusCode.bind(engine);
      const reply = await send(game_id, level.LevelId, level.Number, code, { signal: ctx.signal });
      return jsonResult(projectActionResult(reply, kind, level.Number, resolveUrl));
    },
  });
}

/** `enc_send_code`: a level or sector answer. */
export function sendCodeTool(deps: ToolDeps): CatalogTool {
  return sendTool(deps, 'level');
}

/** `enc_send_bonus_code`: a bonus answer. */
export function sendBonusCodeTool(deps: ToolDeps): CatalogTool {
  return sendTool(deps, 'bonus');
}
