/**
 * Where a step on a Linux node is drawn (model/partIds.ts): the evaluators
 * build their StepRecorder with `linuxPartOf`, so every step carries the id
 * of the part it acts on: the pod's netns or its eth0, the host's links
 * (NIC, cali veth, VXLAN device), the route table, the nftables or iptables
 * table, conntrack; the node itself for what has no part of its own (lo,
 * tunl0, a bridge). Mirrors topology/linuxParts.ts, which draws the parts.
 */
import type { StepLocation } from '../model/trace';
import { machineId, nodePartId, PART_LABEL, partId, podPartId } from '../model/partIds';
import type { PartOf } from '../model/steps';
import type { Component } from '../model/stepVocabulary';
import { iptablesTableId } from './iptables/ruleset';
import type { LinuxNodeState, LinuxPodNetns } from './state';

type Locator = (at: StepLocation) => string | undefined;

/** Step locations → parts of node `st`; `pod` is the netns being evaluated (its eth0 steps name no pod). */
export function linuxPartOf(st: LinuxNodeState, pod?: LinuxPodNetns): PartOf {
  const node = st.name;
  const machine = machineId('node', node);
  const podNamed = (layer: string | undefined) => (layer !== undefined && st.pods.some((p) => p.pod === layer) ? podPartId(node, 'pod', layer) : undefined);
  const tables = new Set([...st.nft.map((t) => `${t.family} ${t.name}`), ...st.iptables.map(iptablesTableId)]);
  const vxlans = st.links.filter((l) => l.kind === 'vxlan').map((l) => l.name);
  const link = (name: string | undefined): string | undefined => {
    if (name === undefined) return undefined;
    if (name === st.nic.name || st.links.some((l) => l.kind === 'physical' && l.name === name)) return nodePartId(node, 'nic', name);
    if (st.pods.some((p) => p.hostVeth === name)) return nodePartId(node, 'veth', name);
    return vxlans.includes(name) ? nodePartId(node, 'vxlan', name) : undefined;
  };
  const onMachine: Locator = () => machine;
  const notOnLinux: Locator = () => undefined;
  const byComponent: Record<Component, Locator> = {
    pod: (at) => podNamed(at.layer) ?? (pod ? partId(podPartId(node, 'pod', pod.pod), 'pod-eth0', PART_LABEL.podEth0) : undefined),
    resolver: (at) => podNamed(at.layer),
    socket: (at) => podNamed(at.layer) ?? machine,
    link: (at) => link(at.layer) ?? machine,
    vxlan: (at) => {
      const dev = at.layer !== undefined && vxlans.includes(at.layer) ? at.layer : vxlans[0];
      return dev === undefined ? undefined : nodePartId(node, 'vxlan', dev);
    },
    routing: () => nodePartId(node, 'routing', PART_LABEL.routing),
    netfilter: (at) => (at.table !== undefined && tables.has(at.table) ? nodePartId(node, 'nft', at.table) : machine),
    conntrack: () => nodePartId(node, 'conntrack', PART_LABEL.conntrack),
    ipip: onMachine,
    fabric: onMachine,
    node: onMachine,
    compartment: notOnLinux,
    vnic: notOnLinux,
    vswitch: notOnLinux,
    vfp: notOnLinux,
    uft: notOnLinux,
  };
  return (at) => byComponent[at.component](at);
}
