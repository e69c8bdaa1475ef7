/**
 * A small deterministic hash (FNV-1a, 32-bit) for choices the kernel makes
 * at random or by its own hash (numgen random, VXLAN source ports, ephemeral
 * ports): the engine takes no randomness, so the same flow always gets the
 * same numbers.
 */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Linux's default ip_local_port_range is 32768–60999. */
export function ephemeralPort(seed: string): number {
  return 32768 + (fnv1a(seed) % (60999 - 32768 + 1));
}
