import { afterEach, describe, expect, it } from 'vitest';
import type { FlowRequest } from '../engine/index';
import type { ScenarioSource } from '../share/scenarioSource';
import type { EngineWorkerApi } from './api';
import { MAX_CONSECUTIVE_CRASHES, createEngineClient, type EngineClient, type RestartEvent } from './client';
import { InProcessWorker as FakeWorker } from './testing/inProcess.worker';

const scenario: ScenarioSource = { yaml: 'test' };
const request: FlowRequest = { src: 'pod:demo/net', dst: '172.20.172.6', proto: 'icmp' };

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

let client: EngineClient | undefined;
afterEach(() => client?.dispose());

function fakeApi(log: string[], overrides: Partial<Record<keyof EngineWorkerApi, unknown>> = {}) {
  return {
    openScenario: (revision: number, s: ScenarioSource) => {
      log.push(`openScenario ${revision} ${'yaml' in s ? s.yaml : ''}`);
      return { revision, value: { scenario: {}, diagnostics: [], compiled: { places: [] } } };
    },
    openEdits: (revision: number, edits: { find: string }[]) => {
      log.push(`openEdits ${revision} ${edits.map((e) => e.find).join(',')}`);
      return { revision, value: { scenario: {}, diagnostics: [], compiled: { places: [] } } };
    },
    traceFlow: (revision: number) => ({ revision, value: { diagnostics: [] } }),
    ...overrides,
  } as unknown as Partial<EngineWorkerApi>;
}

describe('createEngineClient', () => {
  it('answers with the value computed for the current revision', async () => {
    const log: string[] = [];
    client = createEngineClient(() => new FakeWorker(fakeApi(log)).asWorker());
    expect(await client.openScenario(scenario)).toEqual({ kind: 'ok', value: { scenario: {}, diagnostics: [], compiled: { places: [] } } });
    expect(await client.traceFlow(request)).toEqual({ kind: 'ok', value: { diagnostics: [] } });
    expect(log).toEqual(['openScenario 1 test']);
  });

  it("sends a large source's files once per worker: a change of its edits sends only the edits, a restarted worker the whole source", async () => {
    const log: string[] = [];
    const workers: FakeWorker[] = [];
    client = createEngineClient(() => {
      const worker = new FakeWorker(fakeApi(log));
      workers.push(worker);
      return worker.asWorker();
    });
    const files = [{ name: 'dump.yaml', text: 'x'.repeat(100_000) }];
    const edit = (find: string) => ({ find, replace: 'y' });
    await client.openScenario({ files });
    await client.openScenario({ files, edits: [edit('a')] });
    await client.openScenario({ files, edits: [edit('a'), edit('b')] });
    // Other files (a new import), even with the same text, are sent whole.
    await client.openScenario({ files: [...files] });
    workers.at(-1)!.crash('boom');
    await client.openScenario({ files: [...files], edits: [edit('c')] });
    expect(log.map((l) => l.replace(/x+/, 'x…'))).toEqual(['openScenario 1 ', 'openEdits 2 a', 'openEdits 3 a,b', 'openScenario 4 ', 'openScenario 4 ', 'openScenario 5 ']);
  });

  it('drops an answer that arrives after the scenario changed', async () => {
    const gate = deferred<void>();
    const api = fakeApi([], {
      traceFlow: async (revision: number) => {
        await gate.promise;
        return { revision, value: { diagnostics: [] } };
      },
    });
    client = createEngineClient(() => new FakeWorker(api).asWorker());
    await client.openScenario(scenario);
    const pending = client.traceFlow(request);
    const newer = client.openScenario({ yaml: 'newer' });
    gate.resolve();
    expect(await pending).toEqual({ kind: 'stale' });
    expect((await newer).kind).toBe('ok');
  });

  it('turns an engine exception into an error answer', async () => {
    const api = fakeApi([], {
      traceFlow: () => {
        throw new Error('not implemented');
      },
    });
    client = createEngineClient(() => new FakeWorker(api).asWorker());
    await client.openScenario(scenario);
    expect(await client.traceFlow(request)).toEqual({ kind: 'error', message: 'not implemented' });
  });

  it('restarts a crashed worker, fails the pending question and re-sends the scenario', async () => {
    const log: string[] = [];
    const workers: FakeWorker[] = [];
    const never = new Promise<never>(() => {});
    client = createEngineClient(() => {
      const first = workers.length === 0;
      const worker = new FakeWorker(fakeApi(log, first ? { traceFlow: () => never } : {}));
      workers.push(worker);
      return worker.asWorker();
    });
    await client.openScenario(scenario);
    const pending = client.traceFlow(request);
    workers[0]!.crash('out of memory');
    expect(await pending).toEqual({ kind: 'error', message: 'engine worker crashed: out of memory' });
    expect(workers[0]!.terminated).toBe(true);
    expect(await client.traceFlow(request)).toEqual({ kind: 'ok', value: { diagnostics: [] } });
    expect(log).toEqual(['openScenario 1 test', 'openScenario 1 test']);
  });

  it('stops restarting after repeated crashes', async () => {
    const workers: FakeWorker[] = [];
    client = createEngineClient(() => {
      const worker = new FakeWorker(fakeApi([]));
      workers.push(worker);
      return worker.asWorker();
    });
    for (let i = 0; i <= MAX_CONSECUTIVE_CRASHES; i += 1) workers.at(-1)!.crash('boom');
    expect(workers).toHaveLength(MAX_CONSECUTIVE_CRASHES + 1);
    const answer = await client.traceFlow(request);
    expect(answer.kind).toBe('error');
  });

  it('restarts a worker that does not answer in time, re-opens the last good scenario and says so', async () => {
    const log: string[] = [];
    const workers: FakeWorker[] = [];
    const restarts: RestartEvent[] = [];
    const never = new Promise<never>(() => {});
    client = createEngineClient(
      () => {
        const first = workers.length === 0;
        const worker = new FakeWorker(fakeApi(log, first ? { traceFlow: () => never } : {}));
        workers.push(worker);
        return worker.asWorker();
      },
      { timeoutMs: 50 },
    );
    client.onRestart((e) => restarts.push(e));
    await client.openScenario(scenario);
    const answer = await client.traceFlow(request);
    expect(answer.kind).toBe('error');
    expect(restarts).toEqual([expect.objectContaining({ reason: 'timeout', restarted: true })]);
    expect(workers[0]!.terminated).toBe(true);
    expect(await client.traceFlow(request)).toEqual({ kind: 'ok', value: { diagnostics: [] } });
    expect(log).toEqual(['openScenario 1 test', 'openScenario 1 test']);
  });
});
