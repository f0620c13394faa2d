/**
 * What the copy needs from the engine: the part of the admin API it calls, on one domain, with
 * that domain's own session. The scenario document types are the engine's.
 */
import type { AdminApi } from '../engine/admin/types.js';

export type {
  ScenarioBonus,
  ScenarioDocument,
  ScenarioHint,
  ScenarioLevel,
  ScenarioMessage,
  ScenarioPenaltyHint,
  ScenarioSector,
} from '../engine/admin/types.js';

/**
 * The admin calls a copy makes. Any object with these methods will do (the engine's admin API, a
 * test double); the copy never signs in, creates games or touches anything else.
 *
 * @example
 * ```ts
 * const admin: CopyAdmin = client.admin;
 * const doc = await admin.exportScenario(82864);
 * ```
 */
export type CopyAdmin = Pick<
  AdminApi,
  | 'domain'
  | 'checkSession'
  | 'exportScenario'
  | 'listLevels'
  | 'readLevel'
  | 'listSectors'
  | 'createLevels'
  | 'setNameAndComment'
  | 'setAutopass'
  | 'setRequiredSectors'
  | 'createTask'
  | 'deleteTask'
  | 'createHint'
  | 'createPenaltyHint'
  | 'deleteHint'
  | 'createBonus'
  | 'deleteBonus'
  | 'createMessage'
  | 'deleteMessage'
  | 'createSector'
  | 'deleteSector'
>;
