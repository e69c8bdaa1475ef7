/**
 * Step 4's extra checks (the seed, «Шаг 4. Проверка»: after the migration
 * host-network processes reach pods from the node's tunnel address, so
 * NetworkPolicy ipBlock rules naming node addresses need the tunnel addresses
 * too). Each check is a function of the scenario returning findings; the
 * NetworkPolicy module adds its ipBlock/tunnel-address check here.
 */
import type { Scenario } from '../model/scenario';
import type { CompiledCluster } from '../trace/cluster';
import type { Finding } from './types';
import { ipBlockTunnelCheck } from './ipBlockTunnel';

export type Step4Check = (s: Scenario, compiled?: CompiledCluster) => Finding[];

export const STEP4_CHECKS: readonly Step4Check[] = [ipBlockTunnelCheck];
