/**
 * Rule ids (issue 14): a step's `rule.id` names the line of its node's state
 * views that prints the rule, and the views print the same text as before
 * with an id per line.
 */
import { describe, expect, it } from 'vitest';
import { printIptablesSave } from '../linux/iptables/format';
import { printNftRuleset } from '../linux/nft/print';
import { formatRoutes } from '../linux/routes';
import type { Step, Trace } from '../model/trace';
import { preset, trace } from '../testing/traceHelpers';
import { nodeStateViews, type NodeStateView } from './cluster';

function linesWithId(views: NodeStateView[], id: string): string[] {
  return views.flatMap((v) => v.text.split('\n').filter((_, i) => v.lineIds?.[i] === id));
}

const steps = (t: Trace): Step[] => [...t.steps, ...(t.reply ? steps(t.reply) : [])];

describe('rule ids on steps and view lines', () => {
  for (const name of ['k8s-lab', 'k8s-lab-kubeadm']) {
    it(`${name}: every view has one id slot per line, and the Linux views print what the printers print`, () => {
      const c = preset(name);
      const node = c.scenario.nodes.find((n) => n.os === 'linux')!.name;
      const views = nodeStateViews(c, node);
      for (const v of views) if (v.lineIds) expect([v.id, v.lineIds.length]).toEqual([v.id, v.text.split('\n').length]);
      const st = c.nodes.get(node)!;
      if (st.kind !== 'linux') throw new Error('linux node expected');
      expect(views.find((v) => v.id === 'nft')!.text).toBe(printNftRuleset(st.nft));
      expect(views.find((v) => v.id === 'routes')!.text).toBe(formatRoutes(st.routes));
      if (st.iptables.length) expect(views.find((v) => v.id === 'iptables')!.text).toBe(printIptablesSave(st.iptables));
    });
  }

  it('Windows: the VFP rule, HNS endpoint and host route a flow used are lines of the vfp, hns-endpoint and routes views', () => {
    const c = preset('k8s-lab');
    const win = c.scenario.nodes.find((n) => n.os === 'windows')!.name;
    const winPod = c.scenario.pods.find((p) => p.nodeName === win && !p.hostNetwork)!;
    const t = trace(c, { src: `pod:${winPod.namespace}/${winPod.name}`, dst: 'svc:demo/hello' });
    const views = nodeStateViews(c, win);
    // The JSON view is still exactly what ConvertTo-Json printed before it had ids.
    const endpoints = views.find((v) => v.id === 'hns-endpoint')!;
    expect(endpoints.text).toBe(JSON.stringify(JSON.parse(endpoints.text), null, 2));
    const kinds = new Set<string>();
    for (const s of steps(t).filter((x) => x.node === win && x.rule?.id !== undefined)) {
      const kind = s.rule!.id!.split(':')[0]!;
      kinds.add(kind);
      const lines = linesWithId(views, s.rule!.id!);
      // The vfp view prints `vfpctrl /list-rule` blocks: every line of the rule's block carries its id, and the block names the rule the step names.
      if (kind === 'vfp') expect(lines.map((l) => l.trim())).toContain(`RULE : ${s.rule!.text.split(/\s+/)[1]!}`);
      else if (kind === 'hns') expect(lines.join('\n')).toContain(s.rule!.text.split(' ')[1]!.replace(':', ''));
      else expect(lines).toHaveLength(1);
    }
    expect([...kinds].sort()).toEqual(expect.arrayContaining(['hns', 'vfp']));
  });

  it('a pod → ClusterIP flow names each route, neighbour and netfilter rule by the one line that prints it', () => {
    for (const name of ['k8s-lab', 'k8s-lab-kubeadm']) {
      const c = preset(name);
      const t = trace(c, { src: 'pod:demo/net', dst: 'svc:demo/hello' });
      const withId = steps(t).filter((s) => s.rule?.id !== undefined && !s.rule.id.includes('\n'));
      expect(withId.map((s) => s.at.component)).toEqual(expect.arrayContaining(['pod', 'netfilter', 'routing']));
      for (const s of withId) {
        const lines = linesWithId(nodeStateViews(c, s.node!), s.rule!.id!).map((l) => l.trim());
        // A device (vxlan decapsulation) is its header and configuration lines; any other rule is the one line that prints it (nft indents rules).
        if (s.rule!.id!.startsWith('link:')) expect(lines.some((l) => s.rule!.text.endsWith(l.replace(' srcport 0 0', '')))).toBe(true);
        else expect([s.rule!.id, lines]).toEqual([s.rule!.id, [s.rule!.text.trim()]]);
      }
    }
  });
});
