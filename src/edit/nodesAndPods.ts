/** Edits of Nodes and Pods: add, remove, a Windows node's OS build, move a pod (its endpoints follow it). */
import { isMap } from 'yaml';
import { KNOWN_WINDOWS_BUILDS, type WindowsRelease } from '../engine/model/windowsBuilds';
import type { EditHandlers } from './family';
import { dropEndpoints, endpointAddresses, endpointsOf } from './services';
import { EditError, set, type Docs, type Located } from './yamlDocument';

/** What the Nodes and Pods forms change. */
export type NodeAndPodEdit =
  | { op: 'addNode'; name: string; os: 'linux' | 'windows'; ip: string }
  | { op: 'removeNode'; name: string }
  | { op: 'setWindowsBuild'; name: string; release: WindowsRelease }
  | { op: 'addPod'; namespace: string; name: string; node: string; ip?: string; app?: string }
  | { op: 'removePod'; namespace: string; name: string }
  | { op: 'movePod'; namespace: string; name: string; node: string; ip?: string };

function podsOn(d: Docs, node: string): Located[] {
  return d.findAll('Pod').filter((o) => o.obj.getIn(['spec', 'nodeName']) === node);
}

function podIp(o: Located): string | undefined {
  const ip = o.obj.getIn(['status', 'podIP']);
  return typeof ip === 'string' ? ip : undefined;
}

function removePodObject(d: Docs, pod: Located): void {
  const ns = String(pod.obj.getIn(['metadata', 'namespace']) ?? 'default');
  const ip = podIp(pod);
  if (ip) dropEndpoints(d, ns, ip);
  d.remove(pod);
}

export const nodeAndPodEdits: EditHandlers<NodeAndPodEdit> = {
  addNode(d, e) {
    if (d.find('Node', e.name)) throw new EditError(`Node ${e.name} already exists`);
    d.add({
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name: e.name, labels: { 'kubernetes.io/os': e.os } },
      status: { addresses: [{ type: 'InternalIP', address: e.ip }], nodeInfo: { operatingSystem: e.os } },
    });
  },
  removeNode(d, e) {
    const node = d.require('Node', e.name);
    for (const pod of podsOn(d, e.name)) removePodObject(d, pod);
    d.remove(node);
  },
  setWindowsBuild(d, e) {
    const node = d.require('Node', e.name);
    const os = node.obj.getIn(['metadata', 'labels', 'kubernetes.io/os']) ?? node.obj.getIn(['status', 'nodeInfo', 'operatingSystem']);
    if (os !== 'windows') throw new EditError(`Node ${e.name} is not a Windows node`);
    const b = KNOWN_WINDOWS_BUILDS.find((k) => k.release === e.release);
    if (!b) throw new EditError(`unknown Windows release ${e.release}`);
    // What the kubelet reports (nodeInfo) and the label it sets from the same version (`10.0.<build>`).
    set(node, ['status', 'nodeInfo', 'osImage'], b.osImage);
    set(node, ['status', 'nodeInfo', 'kernelVersion'], b.kernelVersion);
    if (node.obj.hasIn(['metadata', 'labels', 'node.kubernetes.io/windows-build'])) set(node, ['metadata', 'labels', 'node.kubernetes.io/windows-build'], b.kernelVersion.split('.').slice(0, 3).join('.'));
  },
  addPod(d, e) {
    if (d.find('Pod', e.name, e.namespace)) throw new EditError(`Pod ${e.namespace}/${e.name} already exists`);
    d.require('Node', e.node);
    d.add({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: e.name, namespace: e.namespace, labels: { app: e.app || e.name } },
      spec: { nodeName: e.node },
      ...(e.ip ? { status: { podIP: e.ip } } : {}),
    });
  },
  removePod(d, e) {
    removePodObject(d, d.require('Pod', e.name, e.namespace));
  },
  movePod(d, e) {
    const pod = d.require('Pod', e.name, e.namespace);
    d.require('Node', e.node);
    const old = podIp(pod);
    set(pod, ['spec', 'nodeName'], e.node);
    if (e.ip) set(pod, ['status', 'podIP'], e.ip);
    else if (pod.obj.hasIn(['status', 'podIP'])) pod.obj.deleteIn(['status', 'podIP']);
    // Endpoints that point at the pod follow it.
    for (const slice of d.findAll('EndpointSlice')) {
      for (const ep of endpointsOf(slice)?.items ?? []) {
        if (!isMap(ep)) continue;
        const ref = ep.get('targetRef');
        const byRef = isMap(ref) && ref.get('name') === e.name && (ref.get('namespace') ?? slice.obj.getIn(['metadata', 'namespace'])) === e.namespace;
        if (!byRef && !(old && endpointAddresses(ep).includes(old))) continue;
        ep.set('nodeName', e.node);
        if (e.ip) ep.set('addresses', slice.doc.createNode([e.ip]));
      }
    }
    if (!e.ip && old) dropEndpoints(d, e.namespace, old);
  },
};
