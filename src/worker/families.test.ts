import { describe, expect, it } from 'vitest';
import type { Places } from './api';
import { clientPods, familyFlow } from './families.worker';

/** k8s-lab's places as the worker lists them (abridged). */
const lab: Places = {
  pods: [
    { ref: 'demo/hello', ip: '172.21.211.8', node: 'k8s-lab-node-1', os: 'linux', hostNetwork: false },
    { ref: 'demo/net', ip: '172.21.172.5', node: 'k8s-lab-node-2', os: 'linux', hostNetwork: false },
    { ref: 'demo/web', ip: '172.21.41.6', node: 'k8s-lab-win-1', os: 'windows', hostNetwork: false },
    { ref: 'demo/iis', ip: '172.21.41.5', node: 'k8s-lab-win-1', os: 'windows', hostNetwork: false },
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

describe('familyFlow on k8s-lab, from the Windows pod demo/web (the default)', () => {
  it('pod → pod: web to the pod hello on a Linux node', () => {
    expect(familyFlow(lab, 'pod-pod')).toEqual({ src: 'pod:demo/web', dst: 'pod:demo/hello', proto: 'tcp', dport: 8080 });
  });
  it('pod → ClusterIP: web to the Service hello at its port', () => {
    expect(familyFlow(lab, 'pod-clusterip')).toEqual({ src: 'pod:demo/web', dst: 'svc:demo/hello', proto: 'tcp', dport: 80 });
  });
  it("NodePort: the outside client to the Windows node's address at the NodePort of the Service web", () => {
    expect(familyFlow(lab, 'nodeport')).toEqual({ src: 'host:client', dst: '192.168.10.25', proto: 'tcp', dport: 30081 });
  });
  it('egress NAT: web connects to the internet host on TCP 443', () => {
    expect(familyFlow(lab, 'egress')).toEqual({ src: 'pod:demo/web', dst: 'host:internet', proto: 'tcp', dport: 443 });
  });
});

describe('familyFlow from a chosen Linux pod', () => {
  it('pod → ClusterIP from demo/net', () => {
    expect(familyFlow(lab, 'pod-clusterip', 'demo/net')).toMatchObject({ src: 'pod:demo/net', dst: 'svc:demo/hello' });
  });
  it("NodePort on demo/net's node: no Service is named after a pod there, so the first NodePort", () => {
    expect(familyFlow(lab, 'nodeport', 'demo/net')).toEqual({ src: 'host:client', dst: '192.168.10.26', proto: 'tcp', dport: 30080 });
  });
  it('an unknown pod falls back to the default client', () => {
    expect(familyFlow(lab, 'pod-pod', 'demo/gone')).toMatchObject({ src: 'pod:demo/web' });
  });
});

describe('clientPods', () => {
  it('lists Windows pods first and system pods last', () => {
    expect(clientPods(lab).map((p) => p.ref)).toEqual(['demo/web', 'demo/iis', 'demo/hello', 'demo/net', 'kube-system/coredns-1']);
  });
});
