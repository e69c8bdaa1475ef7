import { describe, expect, it } from 'vitest';
import type { Places } from '../../state/scenarioStore';
import { familyFlow } from './families';

/** k8s-lab's places as the worker lists them (abridged). */
const lab: Places = {
  pods: [
    { ref: 'demo/hello', ip: '172.21.211.8', node: 'k8s-lab-node-1', os: 'linux', hostNetwork: false },
    { ref: 'demo/net', ip: '172.21.172.5', node: 'k8s-lab-node-2', os: 'linux', hostNetwork: false },
    { ref: 'demo/web', ip: '172.21.41.6', node: 'k8s-lab-win-1', os: 'windows', hostNetwork: false },
    { ref: 'kube-system/coredns-1', ip: '172.21.211.2', node: 'k8s-lab-node-1', os: 'linux', hostNetwork: false },
  ],
  nodes: [
    { name: 'k8s-lab-master-1', ip: '192.168.10.23', os: 'linux' },
    { name: 'k8s-lab-node-1', ip: '192.168.10.24', os: 'linux' },
    { name: 'k8s-lab-node-2', ip: '192.168.10.26', os: 'linux' },
    { name: 'k8s-lab-win-1', ip: '192.168.10.25', os: 'windows' },
  ],
  hosts: [
    { name: 'client', ip: '192.168.10.50', external: false },
    { name: 'internet', ip: '203.0.113.10', external: true },
  ],
  services: [
    { ref: 'demo/hello', type: 'NodePort', clusterIP: '10.97.141.163', ports: [{ name: 'http', protocol: 'TCP', port: 80, nodePort: 30080 }] },
    { ref: 'demo/web', type: 'NodePort', clusterIP: '10.101.52.17', ports: [{ name: 'http', protocol: 'TCP', port: 80, nodePort: 30081 }] },
  ],
};

describe('familyFlow on k8s-lab (Linux first)', () => {
  it('pod → pod: the client pod to a pod on another node', () => {
    expect(familyFlow(lab, 'pod-pod')).toEqual({ src: 'pod:demo/net', dst: 'pod:demo/hello', proto: 'tcp', dport: 8080 });
  });
  it('pod → ClusterIP: the client pod to a Service backed on Linux, at its port', () => {
    expect(familyFlow(lab, 'pod-clusterip')).toEqual({ src: 'pod:demo/net', dst: 'svc:demo/hello', proto: 'tcp', dport: 80 });
  });
  it('NodePort: the outside client to the NodePort on the client pod\'s node', () => {
    expect(familyFlow(lab, 'nodeport')).toEqual({ src: 'host:client', dst: 'node:k8s-lab-node-2', proto: 'tcp', dport: 30080 });
  });
  it('egress NAT: the client pod pings the internet host', () => {
    expect(familyFlow(lab, 'egress')).toEqual({ src: 'pod:demo/net', dst: 'host:internet', proto: 'icmp' });
  });
  it('starts from the Windows pod when Linux is not preferred', () => {
    expect(familyFlow(lab, 'pod-clusterip', false)).toMatchObject({ src: 'pod:demo/web', dst: 'svc:demo/hello' });
  });
});
