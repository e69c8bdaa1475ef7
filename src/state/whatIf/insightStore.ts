/**
 * What the worker says about the current scenario besides traces: Windows
 * readiness findings and the IPAM view. Both are asked again whenever the
 * scenario is compiled (a preset, an edit, an undo, an import).
 */
import { createStore } from 'zustand/vanilla';
import type { Finding, Runbook } from '../../engine/index';
import type { EngineClient } from '../../worker/client';
import type { IpamView } from '../../worker/api';
import type { ScenarioStore } from '../scenario/scenarioStore';

export type { IpamView };

export interface InsightState {
  /** Check as if a Windows node were about to join. */
  planWindows: boolean;
  findings: Finding[];
  /** The article's migration runbook, asked with the findings. */
  runbook?: Runbook;
  readiness: 'idle' | 'loading' | 'ready' | 'error';
  ipam?: IpamView;
  error?: string;
}

export function createInsightStore() {
  return createStore<InsightState>()(() => ({ planWindows: false, findings: [], readiness: 'idle' }));
}

export type InsightStore = ReturnType<typeof createInsightStore>;

export interface InsightActions {
  setPlanWindows(on: boolean): Promise<void>;
  refresh(): Promise<void>;
  /** The scenario is being replaced: the findings are about to change (`wiring.ts`). */
  waitForScenario(): void;
}

export function createInsightActions(client: EngineClient, insight: InsightStore, scenario: ScenarioStore): InsightActions {
  async function refresh(): Promise<void> {
    if (scenario.getState().status !== 'ready') return;
    insight.setState({ readiness: 'loading', error: undefined });
    const diagnostics = scenario.getState().diagnostics.map((d) => ({ code: d.code, object: d.object }));
    const [findings, ipam, runbook] = await Promise.all([client.checkReadiness({ planWindows: insight.getState().planWindows, diagnostics }), client.ipamView(), client.runbook()]);
    if (findings.kind === 'stale' || ipam.kind === 'stale' || runbook.kind === 'stale') return;
    if (findings.kind === 'error') return insight.setState({ readiness: 'error', error: findings.message });
    insight.setState({ findings: findings.value, runbook: runbook.kind === 'ok' ? runbook.value : undefined, readiness: 'ready', ipam: ipam.kind === 'ok' ? ipam.value : undefined, error: ipam.kind === 'error' ? ipam.message : undefined });
  }

  return {
    refresh,
    waitForScenario: () => insight.setState({ readiness: 'loading' }),
    async setPlanWindows(on) {
      insight.setState({ planWindows: on });
      await refresh();
    },
  };
}
