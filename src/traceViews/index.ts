/**
 * Trace views: what a person reads of an engine `Trace`, written once and
 * imported by the page, the worker and the CLI. Pure functions over the
 * engine's types (no engine code runs here): the step filter (summary or
 * every step), text/Markdown/Mermaid formats, tcpdump lines, header
 * alignment with changed fields, and the alignment of two traces.
 */
export { formatTraceMarkdown, formatTraceText, type FormatOptions, type TranslateFn } from './format';
export { formatTraceMermaid, mermaidText } from './mermaid';
export { formatPacket } from './tcpdump';
export { showsStep, visibleSteps, type TraceDetail } from './stepFilter';
export { headerViews, type FieldView, type HeaderView } from './headerDiff';
export { diffHeaders, type WireField, type WireHeader } from './wireDiff';
export { diffTraces, packetFieldDiff, type StepDiffRow } from './stepDiff';
export { actionLabel, explainText, whereLabel, whereText } from './stepText';
export { formatTrace, i18nTranslate, type TraceTextFormat } from './traceText';
