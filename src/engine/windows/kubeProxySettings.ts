/**
 * The settings kube-proxy (winkernel) runs with on one Windows node: network
 * name, source VIP, DSR, feature gates, forwardHealthCheckVip. kube-proxy
 * reads them per node, so two Windows nodes never share a source VIP.
 *
 * - The node's own configuration wins (a KubeProxyConfiguration with
 *   `hostnameOverride: NODE`, or the DaemonSet that starts the node with
 *   literal flags); else the cluster-wide one.
 * - sourceVip (overlay only, NewProxier in [K1] refuses to start on an
 *   Overlay network without `--source-vip`): when none is written for the
 *   node, it is derived as sig-windows-tools' start.ps1 does: the IP of the
 *   network's host endpoint — with Calico `Calico_ep`, `.2` of the node's
 *   block [W1][C25]; with flannel the address host-local reserves in the
 *   lease, assumed `.2` [W2]. A cluster-wide value outside this node's block
 *   is another node's address: assumption, each node's start script passes
 *   its own (the value is reported and not used).
 * - DSR: `enableDSR` needs the `WinDSR` gate; NewProxier exits when DSR is
 *   asked for with the gate off ("WinDSR feature gate not enabled" [K1]),
 *   and an Overlay network needs `WinOverlay` ("WinOverlay feature gate not
 *   enabled" [K1]). From 1.34 both gates are GA and locked on (KEP-5100
 *   [K9]); a locked gate set to false also stops kube-proxy at flag parsing
 *   (component-base featuregate), while the seed says the value is ignored —
 *   sources disagree, both lead to the same check here only when the gate is
 *   written false: kube-proxy does not run (marked assumption).
 * - DSR also needs HNS support (hcn DsrSupported, by build: osBuild.ts): NewProxier
 *   returns its error when enableDSR is set on a build without it [K1].
 * - L2Bridge: kube-proxy passes an empty SourceVIP ([K1], DATAPATH-FACTS §4.4).
 */
import { cidrContains, type Cidr } from '../model/ipv4';
import { winkernelOf, type KubeProxySpec } from '../model/scenario';
import type { WindowsCni } from './cni/plugin';
import { buildHas, buildSource, type WinBuild } from './osBuild';

export interface NodeKubeProxy {
  networkName: string;
  /** '' on L2Bridge (kube-proxy passes none). */
  sourceVip: string;
  /** Where the source VIP comes from, for the `lb` view and the rules that use it. */
  sourceVipSource: string;
  enableDSR: boolean;
  /** HNS on this build supports DSR (hcn DsrSupported, osBuild.ts): decides ETP Local and preserve-destination, whatever enableDSR says. */
  dsrSupported: boolean;
  dsrSource: string;
  featureGates: Record<string, boolean>;
  forwardHealthCheckVip: boolean;
  /** The endpoint the health-check load balancers forward to (K1: getEndpointByName; kube-proxy's default `cbr0`). */
  rootHnsEndpointName: string;
  /** The object the node's own settings come from, when they are not the cluster-wide ones. */
  from?: string;
  /** kube-proxy exits at start on this node (NewProxier error): no load balancers at all. */
  down?: { reason: string; source: string; assumption: boolean };
  /** Findings about the settings (a cluster-wide source VIP that belongs to another node, …). */
  notes: string[];
}


export function nodeKubeProxy(kp: KubeProxySpec, node: string, cni: WindowsCni, block: Cidr, hostEndpointIp: string, build: WinBuild = { label: 'build not reported' }): NodeKubeProxy {
  const own = kp.winkernelByNode && Object.hasOwn(kp.winkernelByNode, node) ? kp.winkernelByNode[node] : undefined;
  const spec = winkernelOf(kp, node);
  const notes: string[] = [];
  const gates = { ...(spec.featureGates ?? {}) };
  const overlay = cni.mode === 'overlay';
  let sourceVip = '';
  let sourceVipSource = 'K1 winkernel: no SourceVIP on a non-overlay network; assumption: HNS uses the node IP (DATAPATH-FACTS caveat 3)';
  if (overlay) {
    const written = spec.sourceVip;
    if (written && (own?.sourceVip || cidrContains(block, written))) {
      sourceVip = written;
      sourceVipSource = own?.sourceVip ? `${own.from ?? 'the node\'s own kube-proxy settings'}: sourceVip ${written}` : `KubeProxyConfiguration winkernel.sourceVip ${written} (in this node's block ${block.text})`;
    } else {
      sourceVip = hostEndpointIp;
      sourceVipSource = cni.sourceVipSource;
      if (written) notes.push(`the cluster-wide winkernel.sourceVip ${written} is outside this node's block ${block.text} (another node's address); assumption: this node's start script passes its own, ${hostEndpointIp}`);
    }
  }
  const dsrSupported = buildHas(build, 'dsr');
  const dsrSource = buildSource(build, 'dsr');
  const down = proxyDown(spec.enableDSR, gates, overlay) ?? (spec.enableDSR && !dsrSupported ? { reason: `enableDSR true on a build whose HNS has no DSR (${build.label})`, source: `K1 winkernel NewProxier: enableDSR with hcn DsrSupported failing returns the error; ${dsrSource}`, assumption: false } : undefined);
  return {
    networkName: spec.networkName,
    sourceVip,
    sourceVipSource,
    enableDSR: spec.enableDSR,
    dsrSupported,
    dsrSource,
    featureGates: gates,
    forwardHealthCheckVip: spec.forwardHealthCheckVip ?? false,
    rootHnsEndpointName: spec.rootHnsEndpointName ?? 'cbr0',
    ...(own?.from ? { from: own.from } : {}),
    ...(down ? { down } : {}),
    notes,
  };
}

function proxyDown(dsr: boolean, gates: Record<string, boolean>, overlay: boolean): NodeKubeProxy['down'] {
  const gateNote = 'K9 KEP-5100: GA and locked on from 1.34, where setting it false fails flag parsing; the seed says the value is ignored (sources disagree: assumption)';
  if (dsr && gates.WinDSR === false) return { reason: 'enableDSR true with feature gate WinDSR=false: "WinDSR feature gate not enabled"', source: `K1 winkernel NewProxier; ${gateNote}`, assumption: true };
  if (overlay && gates.WinOverlay === false) return { reason: 'an Overlay network with feature gate WinOverlay=false: "WinOverlay feature gate not enabled"', source: `K1 winkernel NewProxier; ${gateNote}`, assumption: true };
  return undefined;
}
