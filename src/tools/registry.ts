/**
 * The 17 tools in the reference catalog's order (docs/catalog.md, «The tools»): 13 reads, then
 * the 4 mutating tools.
 */
import type { CatalogTool } from './define.js';
import type { ToolDeps } from './deps.js';
import { profileTool, teamTool } from './read/account.js';
import { domainGamesTool, gameListTool, gameStatisticsTool, gameTimeoutTool } from './read/games.js';
import { actionLogTool, gameStateTool, levelTool } from './read/level.js';
import { viewImageTool } from './pictures/view-image.js';
import { imageInfoTool } from './pictures/image-info.js';
import { cropImageTool } from './pictures/crop-image.js';
import { splitImageTool } from './pictures/split-image.js';
import { sendBonusCodeTool, sendCodeTool } from './mutating/send-code.js';
import { takePenaltyHintTool } from './mutating/penalty-hint.js';
import { enterGameTool } from './mutating/enter-game.js';

/** Builds every tool over the given dependencies, in catalog order. */
export function buildTools(deps: ToolDeps): CatalogTool[] {
  return [
    profileTool(deps),
    teamTool(deps),
    domainGamesTool(deps),
    gameListTool(deps),
    gameTimeoutTool(deps),
    gameStateTool(deps),
    levelTool(deps),
    actionLogTool(deps),
    viewImageTool(deps),
    imageInfoTool(deps),
    cropImageTool(deps),
    splitImageTool(deps),
    gameStatisticsTool(deps),
    sendCodeTool(deps),
    sendBonusCodeTool(deps),
    takePenaltyHintTool(deps),
    enterGameTool(deps),
  ];
}
