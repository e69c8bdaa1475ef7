/**
 * Calico's BGP objects: BGPConfiguration `default` (nodeToNodeMeshEnabled,
 * asNumber) and BGPPeer (node / nodeSelector, peerSelector / peerIP,
 * asNumber). Read leniently: a field of the wrong type is an error naming it
 * and is ignored; other BGPConfigurations (per-node `node.<name>`) are skipped
 * with an info diagnostic.
 *
 * Defaults: mesh on, AS 64512 (libcalico-go api BGPConfigurationSpec:
 * NodeToNodeMeshEnabled default true; global AS number default 64512).
 * @see projectcalico/calico v3.29.6 api/pkg/apis/projectcalico/v3/bgpconfig.go, bgppeer.go
 */
import type { Diagnostic } from '../../../../model/diagnostic';
import type { BgpPeerSpec, CalicoBgpSpec } from '../../../../model/calico';
import type { RawObject } from '../../../../scenario/parse';
import { refOf } from '../../../../scenario/validate';

/** BGPConfiguration `default` as read (each field absent when not given or of the wrong type). */
export interface BgpConfigInput {
  mesh?: boolean;
  asNumber?: number;
  name: string;
}

const DEFAULT_AS = 64512;

function specOf(raw: RawObject): Record<string, unknown> {
  const s = raw.value.spec;
  return typeof s === 'object' && s !== null ? (s as Record<string, unknown>) : {};
}

/** A typed field, or undefined with an error diagnostic when present with another type. */
function field<T>(raw: RawObject, spec: Record<string, unknown>, key: string, ok: (v: unknown) => v is T, diags: Diagnostic[]): T | undefined {
  const v = spec[key];
  if (v === undefined || v === null) return undefined;
  if (ok(v)) return v;
  diags.push({ severity: 'error', code: 'invalid-field', object: refOf(raw), field: `spec.${key}`, line: raw.lineOf(['spec', key]), message: `spec.${key} has the wrong type; the field is ignored` });
  return undefined;
}

const isBool = (v: unknown): v is boolean => typeof v === 'boolean';
const isStr = (v: unknown): v is string => typeof v === 'string';
const isAs = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0 && v < 2 ** 32;

/** BGPConfiguration `default`; undefined (with an info diagnostic) for any other. */
export function readBgpConfiguration(raw: RawObject, diags: Diagnostic[]): BgpConfigInput | undefined {
  const ref = refOf(raw);
  if (ref.name !== 'default') {
    diags.push({ severity: 'info', code: 'unknown-kind', object: ref, line: raw.line, message: 'only BGPConfiguration "default" (cluster-wide) is read; per-node configurations are skipped' });
    return undefined;
  }
  const spec = specOf(raw);
  return { name: ref.name, mesh: field(raw, spec, 'nodeToNodeMeshEnabled', isBool, diags), asNumber: field(raw, spec, 'asNumber', isAs, diags) };
}

/** A BGPPeer; undefined (with an error) when it names no peer. */
export function readBgpPeer(raw: RawObject, diags: Diagnostic[]): BgpPeerSpec | undefined {
  const ref = refOf(raw);
  const spec = specOf(raw);
  const p: BgpPeerSpec = { ref, name: ref.name };
  const node = field(raw, spec, 'node', isStr, diags);
  const nodeSelector = field(raw, spec, 'nodeSelector', isStr, diags);
  const peerSelector = field(raw, spec, 'peerSelector', isStr, diags);
  const peerIP = field(raw, spec, 'peerIP', isStr, diags);
  const asNumber = field(raw, spec, 'asNumber', isAs, diags);
  if (node) p.node = node;
  if (nodeSelector) p.nodeSelector = nodeSelector;
  if (peerSelector) p.peerSelector = peerSelector;
  if (peerIP) p.peerIP = peerIP.replace(/:\d+$/, '');
  if (asNumber) p.asNumber = asNumber;
  if (!peerSelector && !peerIP) {
    diags.push({ severity: 'error', code: 'invalid-field', object: ref, field: 'spec.peerIP', line: raw.line, message: 'a BGPPeer needs spec.peerIP or spec.peerSelector; skipped' });
    return undefined;
  }
  return p;
}

/** The BGP topology from the BGPConfiguration (the last `default` read) and the BGPPeers, with the defaults. */
export function bgpSpecOf(config: BgpConfigInput | undefined, peers: BgpPeerSpec[]): CalicoBgpSpec {
  const mesh = config?.mesh ?? true;
  return {
    nodeToNodeMesh: mesh,
    meshFrom: config?.mesh !== undefined ? `BGPConfiguration default spec.nodeToNodeMeshEnabled: ${mesh}` : config ? 'BGPConfiguration default without nodeToNodeMeshEnabled (default true)' : 'no BGPConfiguration: the node-to-node mesh is on (default)',
    asNumber: config?.asNumber ?? DEFAULT_AS,
    peers,
  };
}
