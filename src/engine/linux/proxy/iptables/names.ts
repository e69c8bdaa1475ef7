/**
 * kube-proxy (iptables mode) chain names. KUBE-SVC-, KUBE-SVL-, KUBE-EXT-
 * and KUBE-FW- + the first 16 characters of the standard base32 encoding of
 * SHA-256(`ns/svc:port` + protocol); KUBE-SEP- + the same over
 * `ns/svc:port` + protocol + `ip:port`. Protocol is lower case (`tcp`).
 * Upstream's test: ns1/svc1:p80 tcp → KUBE-SVC-XPGD46QRK7WJZT7O.
 *
 * @see kubernetes pkg/proxy/iptables/proxier.go (portProtoHash, servicePortPolicyClusterChain,
 *   servicePortPolicyLocalChainName, serviceExternalChainName, serviceFirewallChainName,
 *   servicePortEndpointChainName)
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { base32 } from '@scure/base';

function hash16(text: string): string {
  return base32.encode(sha256(utf8ToBytes(text))).slice(0, 16);
}

export interface IptablesServiceChains {
  cluster: string;
  local: string;
  external: string;
  firewall: string;
}

/** The per-service-port chains for `ns/svc:port` and protocol. */
export function serviceChains(svcPortName: string, protocol: string): IptablesServiceChains {
  const h = hash16(svcPortName + protocol);
  return { cluster: `KUBE-SVC-${h}`, local: `KUBE-SVL-${h}`, external: `KUBE-EXT-${h}`, firewall: `KUBE-FW-${h}` };
}

/** KUBE-SEP-… for one endpoint (`ip:port`) of a service port. */
export function endpointChain(svcPortName: string, protocol: string, endpoint: string): string {
  return `KUBE-SEP-${hash16(svcPortName + protocol + endpoint)}`;
}

/** `-m statistic --probability` for the i-th of n endpoint rules: 1/(n−i) printed as %0.10f. */
export function probability(remaining: number): string {
  return (1 / remaining).toFixed(10);
}
