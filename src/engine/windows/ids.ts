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
