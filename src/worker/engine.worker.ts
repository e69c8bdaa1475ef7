/** The Web Worker entry: exposes the engine API (`engineApi.ts`) through comlink, nothing else. */
import { expose } from 'comlink';
import { createEngineApi } from './engineApi.worker';

expose(createEngineApi());
