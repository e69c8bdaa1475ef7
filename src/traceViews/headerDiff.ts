/**
 * The packet of a step as header boxes, outermost first, each field marked
 * when this step changed it (with its value before). Headers are aligned from
 * the innermost out and named with `outer.`/`inner.` around a VXLAN header,
 * the way the engine names `Step.changed` paths.
 */
import type { Header, HeaderKind, Packet } from '../engine/index';
import { alignHeaders } from './alignHeaders';

export interface FieldView {
  name: string;
  value: string;
  /** The value before this step, when the step changed the field. */
  before?: string;
  changed: boolean;
}

export interface HeaderView {
  kind: HeaderKind;
  /** `outer`, `inner` or '' (not encapsulated, or the VXLAN header itself). */
  layer: 'outer' | 'inner' | '';
  /** `added` by this step (encapsulation), `removed` by it (decapsulation), or `kept`. */
  status: 'kept' | 'added' | 'removed';
  fields: FieldView[];
}

function format(value: unknown, kind: HeaderKind, field: string): string {
  if (value === undefined) return '';
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (kind === 'vxlan' && field === 'flags' && typeof value === 'number') return `0x${value.toString(16).padStart(2, '0')}`;
  if (typeof value === 'object' && value !== null && 'index' in value && 'count' in value) return `${(value as { index: number }).index + 1}/${(value as { count: number }).count}`;
  return String(value);
}

function layers(p: Packet): HeaderView['layer'][] {
  const v = p.headers.findIndex((h) => h.kind === 'vxlan');
  return p.headers.map((_, i) => (v < 0 || i === v ? '' : i < v ? 'outer' : 'inner'));
}

function fieldsOf(h: Header): string[] {
  return Object.keys(h).filter((k) => k !== 'kind');
}

export function headerViews(before: Packet, after: Packet, changed: readonly string[]): HeaderView[] {
  const longer = after.headers.length >= before.headers.length ? after : before;
  const names = layers(longer);
  const n = longer.headers.length;
  const out: HeaderView[] = [];
  for (const pair of alignHeaders(before, after).reverse()) {
    const b = pair.a; // the header before this step
    const a = pair.b; // and after it
    const layer = names[n - pair.depth]!;
    const prefix = layer ? `${layer}.` : '';
    const shown = (a ?? b)!;
    const status: HeaderView['status'] = a && b && a.kind === b.kind ? 'kept' : a ? 'added' : 'removed';
    const keys = status === 'kept' ? [...new Set([...fieldsOf(b!), ...fieldsOf(a!)])] : fieldsOf(shown);
    const fields = keys.map((f): FieldView => {
      const path = `${prefix}${shown.kind}.${f}`;
      const value = format((shown as unknown as Record<string, unknown>)[f], shown.kind, f);
      const isChanged = status === 'kept' && changed.includes(path);
      return { name: f, value, changed: isChanged, ...(isChanged ? { before: format((b as unknown as Record<string, unknown>)[f], shown.kind, f) } : {}) };
    });
    out.push({ kind: shown.kind, layer, status, fields });
  }
  return out;
}
