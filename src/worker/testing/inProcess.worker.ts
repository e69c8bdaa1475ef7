/**
 * The test harness of the app state: an `EngineClient` over the worker's real
 * API (`createEngineApi`) running the engine in-process behind a comlink
 * MessageChannel, as the page runs it in a Web Worker. Tests drive the
 * actions and check what the user would see, not which calls were made.
 */
import { expose } from 'comlink';
import type { EngineWorkerApi } from '../api';
import { createEngineClient, type EngineClient, type EngineClientOptions, type EngineWorker } from '../client';
import { createEngineApi } from '../engineApi.worker';

/** A worker stand-in running `api` (default: the real engine API); `crash()` fires its `error` event. */
export class InProcessWorker {
  readonly port: MessagePort;
  terminated = false;
  private errorListeners: ((event: { message: string }) => void)[] = [];

  constructor(api: Partial<EngineWorkerApi> = createEngineApi()) {
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

/** A client over fresh in-process engine workers (`api` makes each worker's API; default the real one). */
export function inProcessClient(options: EngineClientOptions & { api?: () => Partial<EngineWorkerApi>; workers?: InProcessWorker[] } = {}): EngineClient {
  return createEngineClient(() => {
    const worker = new InProcessWorker(options.api ? options.api() : createEngineApi());
    options.workers?.push(worker);
    return worker.asWorker();
  }, options);
}
