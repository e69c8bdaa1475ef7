/**
 * Component versions a dump shows (issue 17 item 6), read beside the other
 * objects and never consuming one:
 * - a Pod on a node running kube-proxy or calico-node: that node's version
 *   (the image tag, e.g. `registry.k8s.io/kube-proxy:v1.31.2`);
 * - a DaemonSet running them: the version for the OS its template selects
 *   (`kubernetes.io/os`, Linux unless it says windows);
 * - the operator's Installation `status.calicoVersion`: Calico on every OS.
 * Node objects carry their own (status.nodeInfo; normalize.ts), and
 * kubeadm-config its kubernetesVersion (kubeadm.ts).
 */
import type { ComponentVersions, DumpVersions, NodeOs, VersionSource } from '../model/scenario';
import type { RawObject } from './parse';
import { containersOf } from './serviceCidr';
import { refOf } from './validate';

export function emptyDumpVersions(): DumpVersions {
  return { kubeProxy: { byNode: {}, byOs: {} }, calico: { byNode: {}, byOs: {} } };
}

const VERSION = /^v?(\d+)\.(\d+)(?:\.(\d+))?/;

/** `v1.31.2-calico-hostprocess` → `v1.31.2`; undefined when the tag names no version (`latest`, a digest). */
export function versionOfTag(tag: string): string | undefined {
  const m = VERSION.exec(tag);
  return m ? `v${m[1]}.${m[2]}${m[3] !== undefined ? `.${m[3]}` : ''}` : undefined;
}

/** Compares two versions (`v1.31.2` < `v1.34`); a missing patch counts as 0. */
export function compareVersions(a: string, b: string): number {
  const pa = VERSION.exec(a);
  const pb = VERSION.exec(b);
  if (!pa || !pb) return 0;
  for (let i = 1; i <= 3; i++) {
    const d = Number(pa[i] ?? 0) - Number(pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

type Component = 'kubeProxy' | 'calico';

/** Which component an image is: `…/kube-proxy:…`, or Calico's node agent (`calico/node`, `calico/node-windows`, `…/calico-node`). */
function componentOfImage(image: string): { component: Component; version: string } | undefined {
  const noDigest = image.split('@')[0]!;
  const colon = noDigest.lastIndexOf(':');
  if (colon < 0 || colon < noDigest.lastIndexOf('/')) return undefined;
  const repo = noDigest.slice(0, colon).toLowerCase();
  const version = versionOfTag(noDigest.slice(colon + 1));
  if (!version) return undefined;
  const last = repo.split('/').pop() ?? '';
  if (last === 'kube-proxy') return { component: 'kubeProxy', version };
  if (last === 'calico-node' || (repo.includes('calico') && (last === 'node' || last === 'node-windows'))) return { component: 'calico', version };
  return undefined;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The OS a workload's pod template selects: windows when its nodeSelector or affinity names it. */
function templateOs(value: Record<string, unknown>): NodeOs {
  const spec = isRecord(value.spec) && isRecord(value.spec.template) ? value.spec.template.spec : undefined;
  return /"kubernetes\.io\/os"\s*:\s*"windows"|"values"\s*:\s*\[\s*"windows"/.test(JSON.stringify(spec ?? {})) ? 'windows' : 'linux';
}

function put(into: ComponentVersions, key: { node?: string; os?: NodeOs }, v: VersionSource): void {
  if (key.node !== undefined) into.byNode[key.node] ??= v;
  else if (key.os !== undefined) into.byOs[key.os] ??= v;
}

/** Reads the versions `raw` shows, if any. Never throws. */
export function readVersions(kind: unknown, raw: RawObject, into: DumpVersions): void {
  if (kind !== 'Installation' && kind !== 'Pod' && kind !== 'DaemonSet') return;
  const object = refOf(raw);
  if (kind === 'Installation') {
    const st = raw.value.status;
    const v = isRecord(st) && typeof st.calicoVersion === 'string' ? versionOfTag(st.calicoVersion) : undefined;
    if (v) for (const os of ['linux', 'windows'] as const) put(into.calico, { os }, { version: v, object, field: 'status.calicoVersion' });
    return;
  }
  if (kind !== 'Pod' && kind !== 'DaemonSet') return;
  const spec = raw.value.spec;
  const node = kind === 'Pod' && isRecord(spec) && typeof spec.nodeName === 'string' ? spec.nodeName : undefined;
  if (kind === 'Pod' && node === undefined) return;
  for (const c of containersOf(raw.value)) {
    if (typeof c.image !== 'string') continue;
    const found = componentOfImage(c.image);
    if (!found) continue;
    const key = node !== undefined ? { node } : { os: templateOs(raw.value) };
    put(into[found.component], key, { version: found.version, object, field: `image ${c.image}` });
  }
}
