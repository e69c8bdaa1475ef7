/**
 * Step 4's ipBlock check on k8s-main-after with part 20's policies: the rule of node addresses is
 * named with the exact tunnel addresses to add; once added, the hostNetwork
 * flow the default deny dropped is delivered and the finding is gone.
 */
import { describe, expect, it } from 'vitest';
import { PRESETS } from '../presets/catalog';
import { fromYaml, trace } from '../testing/traceHelpers';
import { ipBlockTunnelCheck } from './ipBlockTunnel';
import { STEP4_CHECKS } from './step4Checks';
import { buildRunbook } from './runbook';

/** The preset carries part 20's policies (presets/policies.ts). */
const after = PRESETS.find((p) => p.name === 'k8s-main-after')!.yaml;

describe('step 4: ipBlock rules with node addresses need the tunnel addresses', () => {
  const c = fromYaml(after);
  const findings = ipBlockTunnelCheck(c.scenario, c);

  it('names the rule and the exact /32s to add, with a kubectl patch', () => {
    expect(findings).toHaveLength(1);
    const f = findings[0]!;
    expect(f).toMatchObject({ id: 'ipblock-tunnel-address', objects: [{ kind: 'NetworkPolicy', namespace: 'demo', name: 'allow-nodes-to-hello' }] });
    expect(f.why.params).toEqual({ policy: 'demo/allow-nodes-to-hello', rule: 'spec.ingress[0].from[0]', nets: '192.168.10.0/24', nodes: 'k8s-master-1, k8s-node-1, k8s-node-2', add: '172.20.70.192/32, 172.20.211.0/32, 172.20.172.0/32' });
    expect(f.fix!.commands![0]).toBe(`kubectl -n demo patch networkpolicy allow-nodes-to-hello --type=json -p '[{"op":"add","path":"/spec/ingress/0/from/-","value":{"ipBlock":{"cidr":"172.20.70.192/32"}}},{"op":"add","path":"/spec/ingress/0/from/-","value":{"ipBlock":{"cidr":"172.20.211.0/32"}}},{"op":"add","path":"/spec/ingress/0/from/-","value":{"ipBlock":{"cidr":"172.20.172.0/32"}}}]'`);
    expect(STEP4_CHECKS.flatMap((ch) => ch(c.scenario, c))).toEqual(findings);
  });

  it('the runbook shows it in step 4', () => {
    const step4 = buildRunbook(c.scenario, c).steps.find((s) => s.id === 'step-4')!;
    expect(step4.extraChecks?.map((x) => x.id)).toEqual(['ipblock-tunnel-address']);
  });

  it('with the tunnel addresses added, hostNetwork on node-1 reaches hello again and the check is quiet', () => {
    const flow = { src: 'node:k8s-node-1', dst: 'pod:demo/hello', dport: 8080 } as const;
    expect(trace(c, flow).verdict).toBe('dropped');
    const fixed = fromYaml(after.replace('    - ipBlock: {cidr: 192.168.10.0/24}\n', '    - ipBlock: {cidr: 192.168.10.0/24}\n    - ipBlock: {cidr: 172.20.70.192/32}\n    - ipBlock: {cidr: 172.20.211.0/32}\n    - ipBlock: {cidr: 172.20.172.0/32}\n'));
    const t = trace(fixed, flow);
    expect(t.verdict).toBe('delivered');
    expect(t.steps.find((s) => s.explain.key === 'policy.allow')?.explain.params).toMatchObject({ policy: 'NetworkPolicy demo/allow-nodes-to-hello', rule: 'spec.ingress[0].from[2]' });
    expect(ipBlockTunnelCheck(fixed.scenario, fixed)).toEqual([]);
  });
});
