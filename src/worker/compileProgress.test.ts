/**
 * Compile progress (issue 18): opening a scenario through the client, the
 * worker reports each compile stage through the open call's callback (a
 * comlink proxy), in order, before the answer arrives.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { COMPILE_STAGES, PRESETS, type CompileProgress } from '../engine/index';
import { createEngineClient, type EngineClient } from './client';
import { InProcessWorker } from './testing/inProcess.worker';

let client: EngineClient | undefined;
afterEach(() => client?.dispose());

describe('compile progress from the worker', () => {
  it('reports every stage, in order, while the scenario opens', async () => {
    client = createEngineClient(() => new InProcessWorker().asWorker());
    const heard: CompileProgress[] = [];
    const answer = await client.openScenario({ yaml: PRESETS.find((p) => p.name === 'k8s-lab')!.yaml }, {}, (p) => heard.push(p));
    expect(answer.kind).toBe('ok');
    expect(heard).toEqual(COMPILE_STAGES.map((stage, done) => ({ stage, done, total: COMPILE_STAGES.length })));
  });

  it('reports nothing after the answer (progress has its own port; a late report would undo "ready")', async () => {
    client = createEngineClient(() => new InProcessWorker().asWorker());
    const heard: string[] = [];
    for (let i = 0; i < 3; i++) {
      await client.openScenario({ yaml: PRESETS.find((p) => p.name === 'k8s-lab')!.yaml }, {}, (p) => heard.push(`${i}:${p.stage}`));
      heard.push(`${i}:answer`);
    }
    await new Promise((r) => setTimeout(r, 100));
    expect(heard.at(-1)).toBe('2:answer');
    for (let i = 0; i < 3; i++) expect(heard.filter((h) => h.startsWith(`${i}:`)).at(-1)).toBe(`${i}:answer`);
  });

  it('says nothing for a source that does not load (no compile)', async () => {
    client = createEngineClient(() => new InProcessWorker().asWorker());
    const heard: CompileProgress[] = [];
    await client.openScenario({ yaml: 'kind: [' }, {}, (p) => heard.push(p));
    expect(heard).toEqual([]);
  });
});
