/**
 * The VFP layers of a port, outbound: each layer's matching rule (ACL, the
 * load balancers, OutBoundNAT, then the routing layer that decides where the
 * packet goes), and the routing layer alone for a packet the flow cache
 * already rewrote.
 */
import { ephemeralPort } from '../model/hash';
import { cidrContains, parseCidr } from '../model/ipv4';
import type { Packet } from '../model/packet';
import { innerIp, patchInnerIp, patchInnerL4, withOuterEth, withoutOuterEth } from '../model/packetOps';
import { tupleOf } from '../model/flowTuple';
import type { HopResult } from '../model/hop';
import type { WindowsPod } from './state';
import { LAYER, type VfpPort, type VfpRule } from './vfp';
import { matchLayer } from './vfpMatch';
import { aclStep } from '../policy/windowsAclMatch';
import type { Ctx, Decision } from './nodeContext';
import { aclStop, decrementTtl, ruleOf, stop, TTL_ASSUMPTION } from './nodeContext';
import { failedLb, icmpToServiceVip, lbRewrite, missingLbStop, pickBackend, unservedClusterIpPort } from './loadBalancing';
import type { StepLocation } from '../model/trace';
import { buildHas, buildSource } from './osBuild';

// ---------------------------------------------------------------- the layers

export interface LayerWalk {
  packet: Packet;
  decision?: Decision;
  stopped?: HopResult;
}

/** Walks the port's layers outbound (into the switch), recording each matched rule. */
export function walkLayersOut(c: Ctx, port: VfpPort, p0: Packet, srcPod?: WindowsPod): LayerWalk {
  const { st, rec } = c;
  let p = p0;
  for (const layer of port.layers) {
    const isLb = layer.name === LAYER.lbDsr || layer.name === LAYER.slbLb;
    const r = matchLayer(layer, p, 'out');
    const at: StepLocation = { component: 'vfp', layer: layer.name, chain: port.label };
    if (!r) {
      if (isLb) continue;
      rec.add({ at, action: 'no-match', before: p, explain: 'windows.layerNoMatch', params: { layer: layer.name }, level: 'detail' });
      continue;
    }
    const a = r.action;
    const rule = ruleOf(r, port, layer.name);
    switch (a.type) {
      case 'allow':
        rec.add({ at, action: 'allow', before: p, rule, ...aclStep(r, false) });
        break;
      case 'block':
        rec.add({ at, action: 'drop', before: p, rule, ...aclStep(r, true) });
        return { packet: p, stopped: aclStop(c, r) };
      case 'lb': {
        const b = pickBackend(c, a, r, p);
        if (srcPod && b.ip === srcPod.ip && a.dsr) {
          rec.add({ at, action: 'drop', before: p, rule, explain: 'windows.dsrLoopback', params: { pod: srcPod.pod, vip: innerIp(p).dst } });
          return { packet: p, stopped: stop(c, 'dropped', 'dsr-loopback-not-enabled', { pod: srcPod.pod, vip: innerIp(p).dst }) };
        }
        // D1: on 1809 before 17763.1432 a local pod's ClusterIP traffic is SNATed to the host (the build table, osBuild.ts).
        const snat1809 = srcPod && !a.snatTo && buildHas(st.osBuild, 'pod-clusterip-snat');
        const act = snat1809 ? { ...a, snatTo: st.ip } : a;
        const q = lbRewrite(act, b, p);
        const lbRule = snat1809 ? { ...rule, source: `${rule.source}; ${buildSource(st.osBuild, 'pod-clusterip-snat')}` } : rule;
        p = rec.add({ at, action: act.snatTo ? 'dnat+snat' : 'dnat', before: p, after: q, rule: lbRule, explain: snat1809 ? 'windows.lbSnat1809' : a.dsr ? 'windows.lbDsr' : 'windows.lbSnat', params: { vip: innerIp(p).dst, backend: `${b.ip}:${b.port}`, snat: act.snatTo ?? '', build: st.osBuild.label } });
        break;
      }
      case 'nat-exempt':
        rec.add({ at, action: 'nat-exempt', before: p, rule, explain: 'windows.natExempt', params: { dst: innerIp(p).dst, exception: r.match.dst?.[0]?.text ?? '' } });
        return walkRouting(c, port, p, layer);
      case 'snat': {
        const t = tupleOf(p);
        if (t.proto === 'icmp' && !buildHas(st.osBuild, 'icmp-outboundnat')) {
          // K6 Limitations: VFP cannot transpose ICMP, so the echo through OutBoundNAT never comes back (build table row).
          rec.add({ at, action: 'drop', before: p, rule: { ...rule, source: `${rule.source}; ${buildSource(st.osBuild, 'icmp-outboundnat')}`, assumption: true }, explain: 'windows.icmpNotTransposed', params: { dst: t.dst, build: st.osBuild.label } });
          return { packet: p, stopped: stop(c, 'unsupported', 'icmp-not-transposed', { dst: t.dst, build: st.osBuild.label }) };
        }
        const q = patchInnerIp(p, { src: a.ip });
        const after = t.proto === 'icmp' ? q : patchInnerL4(q, { sport: ephemeralPort(`outboundnat:${t.src}:${t.sport}>${t.dst}:${t.dport}`) });
        if (t.proto === 'icmp') c.ctx.warnings.push({ code: 'icmp-through-outboundnat', params: { node: st.name, dst: t.dst, build: st.osBuild.label } });
        const disputedCidr = st.natDisputed ? parseCidr(st.natDisputed.cidr) : undefined;
        const disputed = disputedCidr && cidrContains(disputedCidr, t.dst) ? st.natDisputed : undefined;
        p = rec.add({ at, action: 'snat', before: p, after, rule: disputed ? { ...rule, source: `${rule.source}; ${disputed.source}`, assumption: true } : t.proto === 'icmp' ? { ...rule, source: `${rule.source}; ${buildSource(st.osBuild, 'icmp-outboundnat')}`, assumption: true } : rule, explain: t.proto === 'icmp' ? 'windows.outboundNatIcmp' : 'windows.outboundNat', params: { src: t.src, ip: a.ip } });
        return walkRouting(c, port, p, layer);
      }
      default:
        return routingDecision(c, port, p, r, layer.name);
    }
  }
  return { packet: p, stopped: stop(c, 'dropped', 'vfp-no-decision', { port: port.label }) };
}

/** After NAT: the remaining routing layer of the port decides. */
function walkRouting(c: Ctx, port: VfpPort, p: Packet, after: VfpPort['layers'][number]): LayerWalk {
  const rest = port.layers.slice(port.layers.indexOf(after) + 1);
  for (const layer of rest) {
    const r = matchLayer(layer, p, 'out');
    if (r) return routingDecision(c, port, p, r, layer.name);
  }
  return { packet: p, stopped: stop(c, 'dropped', 'vfp-no-decision', { port: port.label }) };
}

/** The routing decision of rule `r`, matched in the port's layer `ruleLayer` (named, so the rule's id costs no search through the layers' rules). */
export function routingDecision(c: Ctx, port: VfpPort, p: Packet, r: VfpRule, ruleLayer: string): LayerWalk {
  const { st, rec } = c;
  const a = r.action;
  const layer = st.mode === 'overlay' ? LAYER.paRoute : LAYER.macRewrite;
  const at: StepLocation = { component: 'vfp', layer, chain: port.label };
  const rule = ruleOf(r, port, ruleLayer);
  const dst = innerIp(p).dst;
  const failed = failedLb(st, p);
  if (failed) return { packet: p, stopped: missingLbStop(c, p, failed, failed.vip === st.ip) };
  const icmp = icmpToServiceVip(c, p) ?? unservedClusterIpPort(c, p);
  if (icmp) return { packet: p, stopped: icmp };
  if (a.type === 'encap') {
    const q = decrementTtl(p);
    rec.add({ at, action: 'route', before: p, after: q, rule: { ...rule, source: `${rule.source}; ${TTL_ASSUMPTION}` }, explain: 'windows.remoteSubnetRoute', params: { dst, prefix: a.prefix, pa: a.pa, vni: a.vni } });
    return { packet: q, decision: { kind: 'encap', pa: a.pa, vni: a.vni, drMac: a.drMac } };
  }
  if (a.type === 'switch-local') {
    rec.add({ at, action: 'switch', before: p, rule, explain: 'windows.localSubnet', params: { dst, subnet: st.block.text } });
    return { packet: p, decision: { kind: 'local' } };
  }
  if (a.type === 'mac-rewrite') {
    const q = decrementTtl(p);
    const bare = q.headers[0]?.kind === 'eth' ? withoutOuterEth(q) : q;
    const after = withOuterEth(bare, { src: a.srcMac, dst: p.headers[0]?.kind === 'eth' ? p.headers[0].dst : a.srcMac });
    rec.add({ at, action: 'mac-rewrite', before: p, after, rule: { ...rule, source: `${rule.source}; ${TTL_ASSUMPTION}` }, explain: 'windows.macRewrite', params: { dst, mac: a.srcMac } });
    return { packet: after, decision: { kind: 'mac-rewrite', srcMac: a.srcMac } };
  }
  if (a.type === 'route-host') {
    const q = decrementTtl(p);
    rec.add({ at, action: 'route', before: p, after: q, rule: { ...rule, source: `${rule.source}; ${TTL_ASSUMPTION}` }, explain: 'windows.routeHost', params: { dst } });
    return { packet: q, decision: { kind: 'host' } };
  }
  return { packet: p, stopped: stop(c, 'dropped', 'vfp-no-decision', { port: port.label }) };
}

// ---------------------------------------------------------------- the flow cache

/** The routing layer (the port's last) alone, for a packet whose NAT the flow cache already did. */
export function routeOnly(c: Ctx, port: VfpPort, p: Packet): LayerWalk {
  const layer = port.layers[port.layers.length - 1]!;
  const r = matchLayer(layer, p, 'out');
  if (!r) return { packet: p, stopped: stop(c, 'dropped', 'vfp-no-decision', { port: port.label }) };
  return routingDecision(c, port, p, r, layer.name);
}
