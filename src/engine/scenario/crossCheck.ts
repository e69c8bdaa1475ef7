/**
 * Checks between objects after each was read on its own: references that
 * point nowhere, addresses outside the ranges that should hold them. Objects
 * that cannot work (a pod on a missing node) are removed with an error;
 * inconsistencies that a real cluster could have are warnings.
 */
import type { Diagnostic } from '../model/diagnostic';
import { cidrContains, parseCidr } from '../model/ipv4';
import type { Scenario } from '../model/scenario';

function inAny(cidrs: string[], ip: string): boolean {
  return cidrs.some((c) => {
    const p = parseCidr(c);
    return p !== undefined && cidrContains(p, ip);
  });
}

/** Mutates `s` (drops unusable objects) and appends diagnostics. */
export function crossCheck(s: Scenario, diags: Diagnostic[]): void {
  const nodes = new Set(s.nodes.map((n) => n.name));
  s.pods = s.pods.filter((p) => {
    if (nodes.has(p.nodeName)) return true;
    diags.push({ severity: 'error', code: 'missing-reference', object: p.ref, field: 'spec.nodeName', message: `node "${p.nodeName}" is not in the scenario; the pod is skipped` });
    return false;
  });

  const poolCidrs = s.calico?.pools.map((p) => p.cidr) ?? [];
  for (const p of s.pods) {
    if (p.hostNetwork || !p.ip || poolCidrs.length === 0) continue;
    if (!inAny(poolCidrs, p.ip)) {
      diags.push({ severity: 'warning', code: 'conflict', object: p.ref, field: 'status.podIP', message: `pod IP ${p.ip} is outside every IP pool (${poolCidrs.join(', ')})` });
    }
  }

  const ips = new Map<string, string>();
  for (const p of s.pods) {
    if (p.hostNetwork || !p.ip) continue;
    const other = ips.get(p.ip);
    if (other) diags.push({ severity: 'error', code: 'conflict', object: p.ref, field: 'status.podIP', message: `pod IP ${p.ip} is also used by pod ${other}` });
    ips.set(p.ip, `${p.namespace}/${p.name}`);
  }

  for (const svc of s.services) {
    if (svc.clusterIP && !inAny(s.serviceCIDRs, svc.clusterIP)) {
      diags.push({ severity: 'warning', code: 'conflict', object: svc.ref, field: 'spec.clusterIP', message: `ClusterIP ${svc.clusterIP} is outside the service CIDR(s) ${s.serviceCIDRs.join(', ')}` });
    }
  }

  const subnetCidrs = s.fabric.subnets.map((n) => n.cidr);
  for (const n of s.nodes) {
    if (!inAny(subnetCidrs, n.internalIP)) {
      diags.push({ severity: 'error', code: 'conflict', object: n.ref, field: 'status.addresses', message: `node IP ${n.internalIP} is on none of the Fabric subnets (${subnetCidrs.join(', ')})` });
    }
  }

  for (const slice of s.endpointSlices) {
    if (!s.services.some((v) => v.namespace === slice.namespace && v.name === slice.serviceName)) {
      diags.push({ severity: 'warning', code: 'missing-reference', object: slice.ref, field: 'metadata.labels["kubernetes.io/service-name"]', message: `service ${slice.namespace}/${slice.serviceName} is not in the scenario` });
    }
    slice.endpoints.forEach((ep, i) => {
      if (ep.nodeName && !nodes.has(ep.nodeName)) {
        diags.push({ severity: 'warning', code: 'missing-reference', object: slice.ref, field: `endpoints[${i}].nodeName`, message: `node "${ep.nodeName}" is not in the scenario` });
      }
    });
  }
}
