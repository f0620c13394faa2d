/**
 * encx-agenttools/copy — copying a game's scenario between games and Encounter domains, verified
 * by a fresh export. Runtime-neutral: it talks to the engine only through the engine's admin API.
 */
export * from './ports.js';
export { resolveSourceDomain, SourceDomainError, SOURCE_DOMAIN_ERROR } from './source-domain.js';
export { normaliseText, answerSetKey, effectiveLevelName } from './normalise.js';
export { compareScenarios, compareLevel, type Difference, type LevelPart } from './compare.js';
export { planSync, emptyStats, isZero, type CopyStats, type SyncPlan, type LevelPlan, type KeyedRewrite } from './plan.js';
export { runSync, LEVEL_STEPS, ReadBackError, type CopyProgress, type LevelStep } from './sync.js';
export { summarizeScenario, type ScenarioSummary } from './summary.js';
export {
  copyGame,
  inspectScenario,
  CopyError,
  MAX_LISTED_DIFFERENCES,
  type CopyErrorCode,
  type CopyRequest,
  type CopyResult,
  type CopySessions,
} from './copy-game.js';
