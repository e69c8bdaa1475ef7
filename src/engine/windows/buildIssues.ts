/**
 * Known issues of a Windows build that the Kubernetes docs once listed (the
 * build table's `*-issue` rows, osBuild.ts): reported as trace warnings with
 * the build and the row's source, not as drops — the fixing update is not
 * named anywhere we could read, so whether a given revision still has the
 * issue is unknown.
 */
import { cidrContains } from '../model/ipv4';
import type { Packet } from '../model/packet';
import { innerIp, ports } from '../model/packetOps';
import type { Ctx } from './nodeContext';
import { buildHas, buildRow } from './osBuild';

/** K7: a NodePort (ETP Cluster, not DSR) on an overlay network whose destination node runs Windows Server 2022. */
export function warnNodePortOverlay(c: Ctx, p: Packet, dsr: boolean): void {
  const { st } = c;
  if (st.mode !== 'overlay' || dsr || innerIp(p).dst !== st.ip || !buildHas(st.osBuild, 'nodeport-overlay-issue')) return;
  c.ctx.warnings.push({ code: 'windows-known-issue-nodeport-overlay', params: { node: st.name, build: st.osBuild.label, port: ports(p).dport ?? 0, source: buildRow(st.osBuild, 'nodeport-overlay-issue').source } });
}

/** K7: pod-to-pod on an l2bridge network of Windows Server 2022 with KB5005619 or later while kube-proxy runs with DSR. */
export function warnL2bridgeDsr(c: Ctx, p: Packet): void {
  const { st } = c;
  if (st.mode !== 'l2bridge' || !st.kubeProxy.enableDSR || !buildHas(st.osBuild, 'l2bridge-dsr-issue')) return;
  const dst = innerIp(p).dst;
  const toPods = cidrContains(st.block, dst) || st.hostRoutes.some((r) => r.dst.len > 0 && r.nextHop !== '0.0.0.0' && cidrContains(r.dst, dst));
  if (toPods) c.ctx.warnings.push({ code: 'windows-known-issue-l2bridge-dsr', params: { node: st.name, build: st.osBuild.label, dst, source: buildRow(st.osBuild, 'l2bridge-dsr-issue').source } });
}
