/**
 * HNS object IDs are GUIDs that HNS generates at random. Assumption: we
 * derive them from the object's identity so every run prints the same state.
 */
import { sha1Bytes } from '../model/macs';

/** A GUID (`8-4-4-4-12`, upper case as PowerShell prints it) derived from `seed`. */
export function hnsId(seed: string): string {
  const h = Array.from(sha1Bytes(`hns:${seed}`).slice(0, 16), (b) => b.toString(16).padStart(2, '0')).join('').toUpperCase();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/**
 * A VFP switch port's name (`vfpctrl /list-vmswitch-port`: "Port name"). HNS
 * keeps it as the endpoint's `Resources.Allocators[Tag "Endpoint Port"].EndpointPortGuid`
 * (the network's "Host Vnic" allocator for the host port), a GUID of its own,
 * not the endpoint ID (microsoft Windows container troubleshooting scripts:
 * `$ep.Resources.Allocators[0].EndpointPortGuid` → `vfpctrl /port`).
 * Assumption: dumps in the list layout hide the allocators, so the GUID is
 * derived from the node and the endpoint, stable across runs.
 */
export function vfpPortGuid(node: string, owner: string): string {
  return hnsId(`${node}/vfp-port/${owner}`);
}
