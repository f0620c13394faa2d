/**
 * encx-agenttools/imaging/separators — find the panels of a collage. See `plan.ts` for the rules.
 */
export { planSplit, MAX_DETECTION_SIDE, type SplitAxis, type SplitOptions, type SplitPlan } from './plan.js';
export { detectStrips, stripBoxes, MAX_PARTS, type StripAxis, type StripDetection, type Separator, type PartDetectionOptions } from './strips.js';
export { detectGrid, type GridDetection } from './grid.js';
export { measureLines, measureRows, measureColumnsOnly, type LineStats, type RegionStats, type OneAxisStats } from './line-stats.js';
export { classifyLines, meanColour, LineKind, PLAIN_SPREAD, RINGING_SPREAD, RINGING_STDDEV, RUN_COLOUR_AGREEMENT } from './classify.js';
export { antialiasedInk, findRuns, cutOf, NARROW_RINGING_RUN } from './runs.js';
export { minimumPartSize, foldSlivers, equalDivision, type Interval } from './segments.js';
export { isGapInsidePanel, backgroundBeside } from './background-gap.js';
export { seamOfRun, oneColourPieces } from './seams.js';
export { exactTwin } from './exact-twins.js';
