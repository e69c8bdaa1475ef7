/**
 * What the state views say about versions (issue 17 item 6): a `versions`
 * view listing what the dump shows for the node (status.nodeInfo's field
 * names, the images), and per view a note naming the version its rules
 * follow. Notes are i18n keys (`versions.*`) with params, like trace texts.
 */
import type { ObjectRef } from '../model/diagnostic';
import type { NodeSpec, Scenario } from '../model/scenario';
import type { Datapath } from '../datapath/datapath';
import { FELIX_ROUTE_STYLES, KUBE_PROXY_NFT_LAYOUTS, pickRow, type PickedRow } from './linuxTable';
import { nodeVersions, type NodeVersion } from './nodeVersions';

export interface ViewNote {
  key: string;
  params: Record<string, string>;
}

function refText(o: ObjectRef): string {
  return `${o.kind} ${o.namespace ? `${o.namespace}/` : ''}${o.name}`;
}

/** `Pod kube-system/kube-proxy-x image registry.k8s.io/kube-proxy:v1.31.2`. */
export function versionFrom(v: NodeVersion): string {
  return `${refText(v.object)} ${v.field}`;
}

/** The note naming the row (and the version that picked it), plus the row's own assumption when it has one. */
function note(prefix: string, row: PickedRow<string>): ViewNote[] {
  const assumption = row.assumption ? [{ key: `versions.assumption.${row.assumption}`, params: {} }] : [];
  if (!row.version) return [{ key: `versions.${prefix}.unknown`, params: { layout: row.id, source: row.source } }];
  const key = row.version.assumption ? `versions.${prefix}.assumed` : `versions.${prefix}.known`;
  return [{ key, params: { version: row.version.version, from: versionFrom(row.version), layout: row.id, source: row.source } }, ...assumption];
}

/** Notes per view id: `nft` (kube-proxy in nftables mode) and `routes` (Calico). */
export function versionNotes(s: Scenario, n: NodeSpec, d: Datapath): Record<string, ViewNote[]> {
  const v = nodeVersions(s, n);
  const out: Record<string, ViewNote[]> = {};
  if (n.os === 'linux' && d.proxy.modelledAs === 'kube-proxy-nftables') out.nft = note('kubeProxyNft', pickRow(KUBE_PROXY_NFT_LAYOUTS, v.kubeProxy));
  if (n.os === 'linux' && d.cni.modelledAs === 'calico') out.routes = note('calicoRoutes', pickRow(FELIX_ROUTE_STYLES, v.calico));
  return out;
}

/** The `versions` view: what the dump shows for this node, one line per component, with where it was read. */
export function versionsText(s: Scenario, n: NodeSpec): string {
  const v = nodeVersions(s, n);
  const row = (label: string, value: string | undefined, from?: string): string => `${label.padEnd(18)}${(value ?? '-').padEnd(12)}${from ?? ''}`.trimEnd();
  const src = (x: NodeVersion | undefined): string | undefined => (x ? `${versionFrom(x)}${x.assumption ? ' (assumption)' : ''}` : undefined);
  return [
    row('kubeletVersion', v.kubelet?.version, src(v.kubelet)),
    row('kube-proxy', v.kubeProxy?.version, src(v.kubeProxy)),
    row('calico', v.calico?.version, src(v.calico)),
    row('kubernetes', s.versions?.kubernetes?.version, s.versions?.kubernetes ? versionFrom(s.versions.kubernetes) : undefined),
    `${'osImage'.padEnd(18)}${v.osImage ?? '-'}`,
    `${'kernelVersion'.padEnd(18)}${v.kernelVersion ?? '-'}`,
  ].join('\n');
}
