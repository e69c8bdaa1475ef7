/**
 * A node's addresses beyond its primary one (issue 11 item 7): further
 * InternalIPs and ExternalIPs in `status.addresses`. The primary address is
 * the first IPv4 InternalIP, as the kubelet and kube-proxy take it
 * (k8s.io/component-helpers node/util GetNodeHostIPs: InternalIP before
 * ExternalIP; kube-proxy cmd/kube-proxy/app/server.go getNodeIPs).
 *
 * A further address on one of the Fabric's subnets is held by the node: on
 * its NIC when it is the primary's subnet, else on a further NIC on that
 * subnet (linux/nodeNics.ts). Assumption: the Node object lists what the
 * node's interfaces hold (the kubelet reports them so with --node-ip and on
 * bare metal). An address on none of the subnets is not held by the node (a
 * cloud's ExternalIP is 1:1 NAT in front of it): an info diagnostic, and it is
 * not modelled. Windows nodes keep their primary address only (not modelled).
 */
import type { Diagnostic } from '../model/diagnostic';
import { cidrContains, isIPv4, parseCidr } from '../model/ipv4';
import type { NodeAddress, Scenario } from '../model/scenario';

/** The IPv4 InternalIP and ExternalIP addresses after the primary one, in order, each once. */
export function moreNodeAddresses(addresses: readonly { type: string; address: string }[], primary: string): NodeAddress[] {
  const out: NodeAddress[] = [];
  addresses.forEach((a, index) => {
    const address = a.address.trim();
    if ((a.type !== 'InternalIP' && a.type !== 'ExternalIP') || !isIPv4(address) || address === primary || out.some((o) => o.ip === address)) return;
    out.push({ ip: address, type: a.type, index });
  });
  return out;
}

/**
 * Keeps the further addresses a node holds: on a Fabric subnet, owned by no
 * other node, Fabric host or gateway. Mutates `s.nodes`; appends diagnostics.
 */
export function checkMoreNodeAddresses(s: Scenario, diags: Diagnostic[]): void {
  const subnets = s.fabric.subnets.map((sn) => parseCidr(sn.cidr)).filter((c) => c !== undefined);
  const owners = new Map<string, string>(s.nodes.map((n) => [n.internalIP, `node ${n.name}`]));
  for (const sn of s.fabric.subnets) owners.set(sn.gateway, 'the gateway');
  for (const h of s.fabric.hosts) owners.set(h.ip, `Fabric host ${h.name}`);
  s.nodes = s.nodes.map((n) => {
    if (!n.moreAddresses?.length) return n;
    const kept = n.moreAddresses.filter((a) => {
      const field = `status.addresses[${a.index}].address`;
      if (n.os === 'windows') {
        diags.push({ severity: 'info', code: 'not-modelled', object: n.ref, field, message: `${a.type} ${a.ip}: a Windows node's further addresses are not modelled; its primary address ${n.internalIP} is` });
        return false;
      }
      if (!subnets.some((c) => cidrContains(c, a.ip))) {
        diags.push({ severity: 'info', code: 'not-modelled', object: n.ref, field, message: `${a.type} ${a.ip} is on none of the Fabric subnets: taken as an address in front of the node (a cloud's 1:1 NAT), not one it holds` });
        return false;
      }
      const other = owners.get(a.ip);
      if (other) {
        diags.push({ severity: 'error', code: 'conflict', object: n.ref, field, message: `${a.type} ${a.ip} is also the address of ${other}; the address is skipped` });
        return false;
      }
      owners.set(a.ip, `node ${n.name}`);
      return true;
    });
    return { ...n, moreAddresses: kept };
  });
}
