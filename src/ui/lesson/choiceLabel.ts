/**
 * A quiz choice in words: choices are the trace's codes (a verdict, a
 * component id, a header field path, a VFP layer, a node name), which the
 * student should read in their language: `uft` is "the VFP flow cache",
 * `ipv4.ttl` is "IPv4: TTL", `unsupported` is the verdict's own words.
 * Names (layers, nodes, pods) stay as they are.
 */
import type { TFunction } from 'i18next';
import type { QuizKind } from '../../lessons/schema';
import { NOTHING } from '../../state/classroom/nextStepQuiz';

/** `outer.ipv4.dst` → "outer IPv4: destination address". */
export function fieldLabel(t: TFunction, path: string): string {
  const parts = path.split('.');
  const layer = parts[0] === 'outer' || parts[0] === 'inner' ? parts.shift() : undefined;
  const [header = '', ...rest] = parts;
  const field = rest.join('.');
  const name = t(`field.header.${header}`, { defaultValue: header.toUpperCase() });
  const fieldName = t(`field.name.${field}`, { defaultValue: field });
  return t(layer ? 'field.layered' : 'field.plain', { layer: layer ? t(`inspector.layer.${layer}`) : '', header: name, field: fieldName });
}

export function choiceLabel(t: TFunction, kind: QuizKind, choice: string): string {
  if (choice === NOTHING) return t('classroom.quiz.nothing');
  switch (kind) {
    case 'verdict':
      return t(`verdict.${choice}`, { defaultValue: choice });
    case 'component':
      return t(`component.${choice}`, { defaultValue: choice });
    case 'field':
    case 'changed':
      return fieldLabel(t, choice);
    case 'reason':
      return t(`reasonName.${choice}`, { defaultValue: choice });
    default:
      // layer, action, node: names and codes a student reads as written.
      return t(`component.${choice}`, { defaultValue: choice });
  }
}
