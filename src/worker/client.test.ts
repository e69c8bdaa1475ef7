import { expose } from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import type { FlowRequest, Scenario } from '../engine/index';
import type { EngineWorkerApi } from './api';
import { MAX_CONSECUTIVE_CRASHES, createEngineClient, type EngineClient, type EngineWorker } from './client';

/** A worker stand-in: a MessageChannel whose far end runs `api` through comlink. */
class FakeWorker {
  readonly port: MessagePort;
  terminated = false;
  private errorListeners: ((event: { message: string }) => void)[] = [];

  constructor(api: Partial<EngineWorkerApi>) {
    const channel = new MessageChannel();
    this.port = channel.port1;
    expose(api, channel.port2);
  }

  asWorker(): EngineWorker {
    return {
      postMessage: (message, transfer) => this.port.postMessage(message, transfer ?? []),
      addEventListener: (type, listener) => {
        if (type === 'error') this.errorListeners.push(listener as never);
        else this.port.addEventListener(type, listener);
      },
      removeEventListener: (type, listener) => this.port.removeEventListener(type, listener),
      start: () => this.port.start(),
      terminate: () => {
        this.terminated = true;
        this.port.close();
      },
    };
  }

  crash(message: string): void {
    for (const listener of this.errorListeners) listener({ message });
  }
}

const scenario = { name: 'test' } as Scenario;
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
    setScenario: (revision: number, s: Scenario) => {
      log.push(`setScenario ${revision} ${s.name}`);
      return { revision, value: { places: [] } };
    },
    traceFlow: (revision: number) => ({ revision, value: { diagnostics: [] } }),
    ...overrides,
  } as unknown as Partial<EngineWorkerApi>;
}

describe('createEngineClient', () => {
  it('answers with the value computed for the current revision', async () => {
    const log: string[] = [];
    client = createEngineClient(() => new FakeWorker(fakeApi(log)).asWorker());
    expect(await client.setScenario(scenario)).toEqual({ kind: 'ok', value: { places: [] } });
    expect(await client.traceFlow(request)).toEqual({ kind: 'ok', value: { diagnostics: [] } });
    expect(log).toEqual(['setScenario 1 test']);
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
    await client.setScenario(scenario);
    const pending = client.traceFlow(request);
    const newer = client.setScenario({ name: 'newer' } as Scenario);
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
    await client.setScenario(scenario);
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
    await client.setScenario(scenario);
    const pending = client.traceFlow(request);
    workers[0]!.crash('out of memory');
    expect(await pending).toEqual({ kind: 'error', message: 'engine worker crashed: out of memory' });
    expect(workers[0]!.terminated).toBe(true);
    expect(await client.traceFlow(request)).toEqual({ kind: 'ok', value: { diagnostics: [] } });
    expect(log).toEqual(['setScenario 1 test', 'setScenario 1 test']);
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
});
