/**
 * Checks between objects after each was read on its own: references that
 * point nowhere, addresses outside the ranges that should hold them. Objects
 * that cannot work (a pod on a missing node) are removed with an error;
 * inconsistencies that a real cluster could have are warnings.
 */
import type { Diagnostic } from '../model/diagnostic';
import { cidrContains, parseCidr } from '../model/ipv4';
import type { Scenario } from '../model/scenario';
import { checkMoreNodeAddresses } from './nodeAddresses';
import { calicoSettings } from '../model/calico';

/** A test for "is in one of these prefixes", the prefixes parsed once. */
function inAnyOf(cidrs: string[]): (ip: string) => boolean {
  const parsed = cidrs.map(parseCidr).filter((p) => p !== undefined);
  return (ip) => {
    // A loop, not some(): a callback per address of 10,000s allocates.
    for (let i = 0; i < parsed.length; i++) if (cidrContains(parsed[i]!, ip)) return true;
    return false;
  };
}

/** Mutates `s` (drops unusable objects) and appends diagnostics. */
export function crossCheck(s: Scenario, diags: Diagnostic[]): void {
  s.nodes = uniqueNodeAddresses(s, diags);
  const nodes = new Set(s.nodes.map((n) => n.name));
  s.pods = s.pods.filter((p) => {
    if (nodes.has(p.nodeName)) return true;
    diags.push({ severity: 'error', code: 'missing-reference', object: p.ref, field: 'spec.nodeName', message: `node "${p.nodeName}" is not in the scenario; the pod is skipped` });
    return false;
  });

  const poolCidrs = calicoSettings(s)?.pools.map((p) => p.cidr) ?? [];
  const inPool = inAnyOf(poolCidrs);
  // Index loops over pods, Services and slices: a for-of allocates per step until optimised, and a dump has 10,000s.
  for (let i = 0; i < s.pods.length; i++) {
    const p = s.pods[i]!;
    if (p.hostNetwork || !p.ip || poolCidrs.length === 0) continue;
    if (!inPool(p.ip)) {
      diags.push({ severity: 'warning', code: 'conflict', object: p.ref, field: 'status.podIP', message: `pod IP ${p.ip} is outside every IP pool (${poolCidrs.join(', ')})` });
    }
  }

  // One owner per address: a second pod (or a pod on a node's address) would make deliveries ambiguous.
  const owners = new Map<string, string>(s.nodes.map((n) => [n.internalIP, `node ${n.name}`]));
  s.pods = s.pods.filter((p) => {
    if (p.hostNetwork || !p.ip) return true;
    const other = owners.get(p.ip);
    if (other) {
      diags.push({ severity: 'error', code: 'conflict', object: p.ref, field: 'status.podIP', message: `pod IP ${p.ip} is also used by ${other}; the pod is skipped` });
      return false;
    }
    owners.set(p.ip, `pod ${p.namespace}/${p.name}`);
    return true;
  });

  const inServiceCidrs = inAnyOf(s.serviceCIDRs);
  for (let i = 0; i < s.services.length; i++) {
    const svc = s.services[i]!;
    if (svc.clusterIP && !inServiceCidrs(svc.clusterIP)) {
      diags.push({ severity: 'warning', code: 'conflict', object: svc.ref, field: 'spec.clusterIP', message: `ClusterIP ${svc.clusterIP} is outside the service CIDR(s) ${s.serviceCIDRs.join(', ')}` });
    }
  }

  // A Fabric host on an address a node, a pod or the gateway already has would answer for it too.
  const gateways = new Set(s.fabric.subnets.map((n) => n.gateway));
  const hostIps = new Set<string>();
  // Places are named `host:<name>` and `node:<name>`, and the walker keys machines by name: a host named like a node would be both.
  const nodeNames = new Set(s.nodes.map((n) => n.name));
  // The gateway is a machine of its own: named like a Node, the walker would send the node's packets to itself.
  if (nodeNames.has(s.fabric.gatewayName)) {
    diags.push({ severity: 'error', code: 'conflict', object: s.fabric.ref, field: 'spec.gatewayName', message: `gateway name ${s.fabric.gatewayName} is also the name of a Node; the gateway is called "gateway" instead` });
    s.fabric.gatewayName = nodeNames.has('gateway') ? 'fabric-gateway' : 'gateway';
  }
  s.fabric.hosts = s.fabric.hosts.filter((h) => {
    if (nodeNames.has(h.name) || h.name === s.fabric.gatewayName) {
      diags.push({ severity: 'error', code: 'conflict', object: s.fabric.ref, field: `spec.hosts["${h.name}"].name`, message: `host name ${h.name} is also the name of ${nodeNames.has(h.name) ? 'a Node' : 'the gateway'}; the host is skipped` });
      return false;
    }
    const other = owners.get(h.ip) ?? (gateways.has(h.ip) ? 'the gateway' : hostIps.has(h.ip) ? 'another Fabric host' : undefined);
    hostIps.add(h.ip);
    if (!other) return true;
    diags.push({ severity: 'error', code: 'conflict', object: s.fabric.ref, field: `spec.hosts["${h.name}"].ip`, message: `host ${h.name}'s address ${h.ip} is also used by ${other}; the host is skipped` });
    return false;
  });

  checkMoreNodeAddresses(s, diags);
  const subnetCidrs = s.fabric.subnets.map((n) => n.cidr);
  const onSubnet = inAnyOf(subnetCidrs);
  for (const n of s.nodes) {
    if (!onSubnet(n.internalIP)) {
      diags.push({ severity: 'error', code: 'conflict', object: n.ref, field: 'status.addresses', message: `node IP ${n.internalIP} is on none of the Fabric subnets (${subnetCidrs.join(', ')})` });
    }
  }

  const services = new Set(s.services.map((v) => `${v.namespace}/${v.name}`));
  for (let k = 0; k < s.endpointSlices.length; k++) {
    const slice = s.endpointSlices[k]!;
    if (!services.has(`${slice.namespace}/${slice.serviceName}`)) {
      diags.push({ severity: 'warning', code: 'missing-reference', object: slice.ref, field: 'metadata.labels["kubernetes.io/service-name"]', message: `service ${slice.namespace}/${slice.serviceName} is not in the scenario` });
    }
    for (let i = 0; i < slice.endpoints.length; i++) {
      const ep = slice.endpoints[i]!;
      if (ep.nodeName && !nodes.has(ep.nodeName)) {
        diags.push({ severity: 'warning', code: 'missing-reference', object: slice.ref, field: `endpoints[${i}].nodeName`, message: `node "${ep.nodeName}" is not in the scenario` });
      }
    }
  }
}

/**
 * Each node address has one owner: the second node with an InternalIP already
 * taken is skipped (replies would otherwise reach the wrong machine), and a
 * VXLAN tunnel address already used by another node is ignored on the second.
 */
function uniqueNodeAddresses(s: Scenario, diags: Diagnostic[]): Scenario['nodes'] {
  const byIp = new Map<string, string>();
  const byTunnel = new Map<string, string>();
  return s.nodes.flatMap((n) => {
    const other = byIp.get(n.internalIP);
    if (other) {
      diags.push({ severity: 'error', code: 'conflict', object: n.ref, field: 'status.addresses', message: `node IP ${n.internalIP} is also the address of node ${other}; the node is skipped` });
      return [];
    }
    byIp.set(n.internalIP, n.name);
    const tunnel = n.vxlanTunnelAddr;
    if (tunnel === undefined) return [n];
    const owner = byTunnel.get(tunnel);
    if (owner) {
      diags.push({ severity: 'error', code: 'conflict', object: n.ref, field: 'metadata.annotations["projectcalico.org/IPv4VXLANTunnelAddr"]', message: `VXLAN tunnel address ${tunnel} is also used by node ${owner}; the annotation is ignored` });
      return [{ ...n, vxlanTunnelAddr: undefined }];
    }
    byTunnel.set(tunnel, n.name);
    return [n];
  });
}
