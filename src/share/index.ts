/** Share links and scenario references: the plain-data groundwork the UI maps its stores to. */
export { encodeShare, decodeShare, shareUrl, decodeShareUrl, SHARE_VERSION, SHARE_PARAM, type DecodeResult, type ShareErrorCode } from './codec';
export { shareStateSchema, flowRequestSchema, type ShareState } from './shareState';
export { scenarioSourceSchema, scenarioEditSchema, MAX_SCENARIO_TEXT } from './scenarioSourceSchema';
export { applyScenarioEdits, diffEdits, type ScenarioEdit, type ScenarioSource, type SourceFile, type EditResult } from './scenarioSource';
