/**
 * What the worker says about the current scenario besides traces: Windows
 * readiness findings, the runbook and the IPAM view. They are asked only
 * while a panel that shows them is on screen (`watch`; issue 18: at 1,000
 * nodes they are 1.1 MB the main thread would read after every compile),
 * and asked again when the scenario was compiled since (a preset, an edit,
 * an undo, an import).
 */
import { createStore } from 'zustand/vanilla';
import type { Finding, Runbook } from '../../engine/index';
import type { EngineClient } from '../../worker/client';
import type { IpamPage, PageRunbook } from '../../worker/api';
import type { ScenarioStore } from '../scenario/scenarioStore';
import { ROWS_SHOWN } from '../rows';

export type { IpamPage, PageRunbook };

export interface InsightState {
  /** Check as if a Windows node were about to join. */
  planWindows: boolean;
  findings: Finding[];
  /** The article's migration runbook as the page shows it (long route lists shortened), asked with the findings. */
  runbook?: PageRunbook;
  readiness: 'idle' | 'loading' | 'ready' | 'error';
  /** The IPAM panel's page of blocks for `ipamQuery`. */
  ipam?: IpamPage;
  ipamQuery: string;
  error?: string;
}

export function createInsightStore() {
  return createStore<InsightState>()(() => ({ planWindows: false, findings: [], readiness: 'idle', ipamQuery: '' }));
}

export type InsightStore = ReturnType<typeof createInsightStore>;

export interface InsightActions {
  setPlanWindows(on: boolean): Promise<void>;
  refresh(): Promise<void>;
  /** A panel showing the insight is on screen: asks for it when the scenario changed since; returns the unwatch. */
  watch(): () => void;
  /** A scenario was compiled (`wiring.ts`): asked again now if watched, else when next watched. */
  scenarioCompiled(): void;
  /** The scenario is being replaced: the findings are about to change (`wiring.ts`). */
  waitForScenario(): void;
  /** The IPAM panel's search: the blocks matching `text` are asked from the worker. */
  searchIpam(text: string): Promise<void>;
  /** The whole runbook (nothing shortened), for the Markdown download; undefined when the scenario changed or the worker failed. */
  wholeRunbook(): Promise<Runbook | undefined>;
}

export function createInsightActions(client: EngineClient, insight: InsightStore, scenario: ScenarioStore): InsightActions {
  let watchers = 0;
  /** The scenario compiled since the insight was last asked. */
  let stale = true;

  async function refresh(): Promise<void> {
    if (scenario.getState().status !== 'ready') return;
    stale = false;
    insight.setState({ readiness: 'loading', error: undefined });
    const diagnostics = scenario.getState().diagnostics.map((d) => ({ code: d.code, object: d.object }));
    const [findings, ipam, runbook] = await Promise.all([client.checkReadiness({ planWindows: insight.getState().planWindows, diagnostics }), client.ipamPage({ text: insight.getState().ipamQuery, limit: ROWS_SHOWN }), client.runbook()]);
    if (findings.kind === 'stale' || ipam.kind === 'stale' || runbook.kind === 'stale') return;
    if (findings.kind === 'error') return insight.setState({ readiness: 'error', error: findings.message });
    insight.setState({ findings: findings.value, runbook: runbook.kind === 'ok' ? runbook.value : undefined, readiness: 'ready', ipam: ipam.kind === 'ok' ? ipam.value : undefined, error: ipam.kind === 'error' ? ipam.message : undefined });
  }

  return {
    refresh,
    watch() {
      watchers += 1;
      if (stale) void refresh();
      return () => void (watchers -= 1);
    },
    scenarioCompiled() {
      stale = true;
      if (watchers > 0) void refresh();
    },
    waitForScenario: () => insight.setState({ readiness: 'loading' }),
    async searchIpam(text) {
      insight.setState({ ipamQuery: text });
      const answer = await client.ipamPage({ text, limit: ROWS_SHOWN });
      if (answer.kind === 'ok' && insight.getState().ipamQuery === text) insight.setState({ ipam: answer.value });
    },
    async wholeRunbook() {
      const answer = await client.runbook(true);
      return answer.kind === 'ok' ? answer.value : undefined;
    },
    async setPlanWindows(on) {
      insight.setState({ planWindows: on });
      await refresh();
    },
  };
}
