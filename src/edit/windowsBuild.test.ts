/** Issue 12 item 9: the what-if edit of a Windows node's OS build changes what the build table decides in traces. */
import { describe, expect, it } from 'vitest';
import { PRESETS, loadScenarioText } from '../engine/index';
import { fromYaml, trace } from '../engine/testing/traceHelpers';
import { editableNodes } from './editableModel';
import { EditError, applyEdit } from './edits';

const lab = PRESETS.find((p) => p.name === 'k8s-lab')!.yaml;
const ICMP_OUT = { src: 'pod:demo/web', dst: 'host:internet', proto: 'icmp' } as const;

describe('setWindowsBuild', () => {
  it('writes nodeInfo and the windows-build label, and the forms show the new release', () => {
    const text = applyEdit(lab, { op: 'setWindowsBuild', name: 'k8s-lab-win-1', release: 'Windows Server 2022' });
    expect(text).toContain('kernelVersion: 10.0.20348.3207');
    expect(text).toContain('osImage: Windows Server 2022 Datacenter');
    expect(text).toContain('node.kubernetes.io/windows-build: 10.0.20348');
    expect(text).not.toMatch(/kernelVersion: 10\.0\.26100|windows-build: 10\.0\.26100/);
    const before = editableNodes(loadScenarioText(lab, 'lab').scenario!).find((n) => n.name === 'k8s-lab-win-1');
    expect(before).toMatchObject({ release: 'Windows Server 2025', build: expect.stringContaining('10.0.26100.4061') });
    const after = editableNodes(loadScenarioText(text, 'edited').scenario!).find((n) => n.name === 'k8s-lab-win-1');
    expect(after).toMatchObject({ release: 'Windows Server 2022', build: '10.0.20348.3207 (Windows Server 2022 Datacenter)' });
  });

  it('ICMP through OutBoundNAT: answered on the seed\'s Windows Server 2025, not transposed once the node is Windows Server 2022; the trace names the build', () => {
    expect(trace(fromYaml(lab), ICMP_OUT).verdict).toBe('delivered');
    const ws2022 = trace(fromYaml(applyEdit(lab, { op: 'setWindowsBuild', name: 'k8s-lab-win-1', release: 'Windows Server 2022' })), ICMP_OUT);
    expect(ws2022).toMatchObject({ verdict: 'unsupported', reason: { code: 'icmp-not-transposed', params: { build: expect.stringContaining('10.0.20348.3207 (Windows Server 2022 Datacenter)') } } });
    expect(ws2022.steps.at(-1)?.rule?.source).toMatch(/build 10\.0\.20348\.3207 \(Windows Server 2022 Datacenter\)/);
    // And back: the edit is its own inverse for the trace.
    const back = applyEdit(applyEdit(lab, { op: 'setWindowsBuild', name: 'k8s-lab-win-1', release: 'Windows Server 2022' }), { op: 'setWindowsBuild', name: 'k8s-lab-win-1', release: 'Windows Server 2025' });
    expect(trace(fromYaml(back), ICMP_OUT).verdict).toBe('delivered');
  });

  it('refuses a Linux node and a missing one', () => {
    expect(() => applyEdit(lab, { op: 'setWindowsBuild', name: 'k8s-lab-master', release: 'Windows Server 2019' })).toThrow(EditError);
    expect(() => applyEdit(lab, { op: 'setWindowsBuild', name: 'nope', release: 'Windows Server 2019' })).toThrow(/nope/);
  });
});
