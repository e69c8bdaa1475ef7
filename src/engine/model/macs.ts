/**
 * Deterministic MAC addresses. Where upstream derives a MAC (Calico's VTEP
 * MAC, Calico's host-side veth MAC) we do the same; where a real machine
 * would have a vendor-assigned or random MAC we derive one from the name so
 * that every run prints the same state (an assumption, said where used).
 */
import { sha1 } from '@noble/hashes/legacy.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

function hex(b: number): string {
  return b.toString(16).padStart(2, '0');
}

/** SHA-1 of a UTF-8 string as bytes. */
export function sha1Bytes(s: string): Uint8Array {
  return sha1(utf8ToBytes(s));
}

/** SHA-1 of a UTF-8 string as lower-case hex. */
export function sha1Hex(s: string): string {
  return Array.from(sha1Bytes(s), hex).join('');
}

function macFrom(prefix: number[], seed: string): string {
  const h = sha1Bytes(seed);
  return [...prefix, ...Array.from(h.slice(0, 6 - prefix.length))].map(hex).join(':');
}

/**
 * Calico's VTEP MAC for a Linux node when the node has no
 * VXLANTunnelMACAddr: byte 0x66 followed by the first 5 bytes of
 * SHA-1(nodeName). @see DATAPATH-FACTS §1.3 [C8] felix/calc/vxlan_resolver.go
 */
export function calicoVtepMac(nodeName: string): string {
  return macFrom([0x66], nodeName);
}

/** Calico forces the host side of every pod veth to this MAC. @see DATAPATH-FACTS §1.1 [C9] */
export const CALICO_VETH_HOST_MAC = 'ee:ee:ee:ee:ee:ee';

/**
 * A node NIC's MAC. Assumption: the seed's nodes are Proxmox VMs (`ens18` is
 * Proxmox's virtio NIC name), whose MACs start with Proxmox's OUI bc:24:11;
 * the rest is derived from the node name.
 */
export function nodeNicMac(nodeName: string): string {
  return macFrom([0xbc, 0x24, 0x11], `nic:${nodeName}`);
}

/** A fabric host's or router's MAC. Assumption: derived from its name, locally administered. */
export function stationMac(name: string): string {
  return macFrom([0x02, 0x50], `station:${name}`);
}

/**
 * A Linux software link's MAC where the kernel would pick a random one (the
 * `cni0` bridge, the host side of a bridge-plugin veth). Assumption: derived
 * from the seed, locally administered (02:…).
 */
export function linuxLinkMac(seed: string): string {
  return macFrom([0x02], `link:${seed}`);
}

/** A pod's eth0 MAC. Assumption: the kernel gives a veth a random locally-administered MAC; we derive one. */
export function podMac(namespace: string, name: string): string {
  return macFrom([0x0a, 0x58], `pod:${namespace}/${name}`);
}

/**
 * The DrMacAddress HNS gives a Windows node's overlay network, published by
 * Calico as that node's VTEP MAC. Assumption: Hyper-V's OUI 00:15:5d plus
 * bytes derived from the node name. @see DATAPATH-FACTS §8.4 [C25]
 */
export function hypervMac(seed: string): string {
  return macFrom([0x00, 0x15, 0x5d], `hyperv:${seed}`);
}

/**
 * flannel's VTEP MAC for a Linux node whose lease has no
 * `flannel.alpha.coreos.com/backend-data`: flanneld gives `flannel.<VNI>` a
 * random locally administered unicast MAC (pkg/mac NewHardwareAddr, called by
 * pkg/backend/vxlan/device.go newVXLANDevice) and publishes it as the lease's
 * VtepMAC. Assumption: we derive the bytes from SHA-1("flannel:<node>") and
 * set the locally-administered bit, clear the multicast bit, so every run
 * prints the same MAC.
 */
export function flannelVtepMac(nodeName: string): string {
  const h = Array.from(sha1Bytes(`flannel:${nodeName}`).slice(0, 6));
  h[0] = (h[0]! & 0xfe) | 0x02;
  return h.map(hex).join(':');
}
