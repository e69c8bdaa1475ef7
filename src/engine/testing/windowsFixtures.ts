/**
 * Test-only scenario pieces for Windows behaviour: k8s-lab with more Windows
 * nodes (each with its own block, addressed by its VXLAN tunnel address) and
 * edits of k8s-lab that must change something. Never imported by app code.
 */
import { K8S_LAB_YAML } from '../presets/k8sLab';
import type { CompiledCluster } from '../trace/cluster';
import type { WindowsNodeState } from '../windows/state';
import { fromYaml } from './traceHelpers';

export interface ExtraWindowsNode {
  name: string;
  ip: string;
  /** `.1` of the node's block (Calico's IPv4VXLANTunnelAddr). */
  tunnelAddr: string;
  osImage?: string;
  kernelVersion?: string;
}

export function windowsNodeYaml(n: ExtraWindowsNode): string {
  return `---
apiVersion: v1
kind: Node
metadata:
  name: ${n.name}
  labels:
    kubernetes.io/os: windows
  annotations:
    projectcalico.org/IPv4VXLANTunnelAddr: ${n.tunnelAddr}
status:
  addresses:
  - type: InternalIP
    address: ${n.ip}
  nodeInfo:
    operatingSystem: windows
    osImage: ${n.osImage ?? 'Windows Server 2025 Datacenter'}
    kernelVersion: ${n.kernelVersion ?? '10.0.26100.4061'}
`;
}

/** k8s-lab's second Windows node: 192.168.10.27, block 172.21.42.0/26. */
export const WIN2: ExtraWindowsNode = { name: 'k8s-lab-win-2', ip: '192.168.10.27', tunnelAddr: '172.21.42.1' };

/** k8s-lab after `edit` (which must change it), plus `extra` YAML documents. */
export function labYaml(edit: (yaml: string) => string = (y) => y, extra = ''): string {
  const yaml = edit(K8S_LAB_YAML);
  if (yaml === K8S_LAB_YAML && !extra) throw new Error('edit changed nothing');
  return `${yaml}\n${extra}`;
}

export function lab(edit?: (yaml: string) => string, extra = ''): CompiledCluster {
  return fromYaml(labYaml(edit, extra));
}

export function windowsNode(c: CompiledCluster, name: string): WindowsNodeState {
  const st = c.nodes.get(name);
  if (st?.kind !== 'windows') throw new Error(`${name} is no Windows node`);
  return st;
}
