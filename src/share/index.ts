/** Share links and scenario references: the plain-data groundwork the UI maps its stores to. */
export { encodeShare, decodeShare, shareUrl, decodeShareUrl, SHARE_VERSION, SHARE_PARAM, type DecodeResult, type ShareErrorCode } from './codec';
export { shareStateSchema, flowRequestSchema, type ShareState } from './shareState';
export { applyScenarioEdits, diffEdits, scenarioSourceSchema, scenarioEditSchema, type ScenarioEdit, type ScenarioSource, type SourceFile, type EditResult } from './scenarioSource';
