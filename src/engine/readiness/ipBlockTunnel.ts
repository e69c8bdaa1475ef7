/**
 * Step 4's NetworkPolicy check (the seed, «Шаг 4. Проверка»): after VXLAN
 * Always a host-network process reaches pods on other nodes from its node's
 * tunnel address (vxlan.calico), no longer from the node address. An
 * ingress rule whose ipBlock / nets admit node addresses but not those
 * nodes' tunnel addresses then stops matching, and the default deny drops
 * the flow (policy/felixNft.test.ts shows it on k8s-main-after). The finding
 * names each such rule and the exact /32s to add, with a `kubectl patch`
 * (Kubernetes policies) or `calicoctl patch` (Calico ones) built from the
 * rule's field.
 */
import { cidrContains, parseCidr } from '../model/ipv4';
import type { Scenario } from '../model/scenario';
import type { CompiledCluster } from '../trace/cluster';
import type { Policy, PolicyRule } from '../policy/model';
import { shellQuote } from './shell';
import type { Finding } from './types';

const SRC = 'the seed, «Шаг 4. Проверка» (hostNetwork → pod from the tunnel address; ipBlock rules with node addresses); C30 felix VXLAN tunnel address';

const covers = (nets: readonly string[], ip: string): boolean => nets.some((n) => cidrContains(parseCidr(n), ip));

/** `spec.ingress[0].from[1]` → `/spec/ingress/0/from/-` (k8s) or `spec.ingress[0]` → `/spec/ingress/0/source/nets/-` (Calico). */
function patchPath(p: Policy, r: PolicyRule): string {
  const m = /^spec\.ingress\[(\d+)\]/.exec(r.field);
  const i = m?.[1] ?? '0';
  return p.kind === 'knp' ? `/spec/ingress/${i}/from/-` : `/spec/ingress/${i}/source/nets/-`;
}

function patchCommand(p: Policy, r: PolicyRule, add: string[]): string {
  const ops = add.map((cidr) => ({ op: 'add', path: patchPath(p, r), value: p.kind === 'knp' ? { ipBlock: { cidr } } : cidr }));
  const ns = p.namespace !== undefined ? ` -n ${shellQuote(p.namespace)}` : '';
  const kind = p.kind === 'knp' ? 'kubectl' : 'calicoctl';
  const res = p.kind === 'knp' ? 'networkpolicy' : p.kind === 'np' ? 'networkpolicy.projectcalico.org' : 'globalnetworkpolicy';
  return `${kind}${ns} patch ${res} ${shellQuote(p.ref.name)} --type=json -p ${shellQuote(JSON.stringify(ops))}`;
}

export function ipBlockTunnelCheck(s: Scenario, compiled?: CompiledCluster): Finding[] {
  if (!compiled) return [];
  const nodes = [...compiled.view.peers].filter((n) => n.tunnelAddr !== undefined);
  if (nodes.length === 0) return [];
  return s.networkPolicies.flatMap((p) =>
    (p.ingress ?? []).flatMap((r): Finding[] => {
      const nets = r.source.nets;
      if (r.action !== 'Allow' || nets.length === 0) return [];
      const admitted = nodes.filter((n) => covers(nets, n.ip) && !r.source.notNets.some((x) => cidrContains(parseCidr(x), n.ip)));
      const allNets = (p.ingress ?? []).flatMap((x) => x.source.nets);
      const add = [...new Set(admitted.filter((n) => !covers(allNets, n.tunnelAddr!)).map((n) => `${n.tunnelAddr!}/32`))];
      if (add.length === 0) return [];
      const params = { policy: `${p.namespace !== undefined ? `${p.namespace}/` : ''}${p.ref.name}`, rule: r.field, nets: nets.join(', '), nodes: admitted.map((n) => n.name).join(', '), add: add.join(', ') };
      return [
        {
          id: 'ipblock-tunnel-address',
          severity: 'warning',
          objects: [p.ref],
          why: { key: 'readiness.ipblock-tunnel-address.why', params },
          fix: { key: 'readiness.ipblock-tunnel-address.fix', params, commands: [patchCommand(p, r, add)], commandsFrom: 'derived' },
          source: SRC,
        },
      ];
    }),
  );
}
