/**
 * The page as a workspace: the header with the toolbar, then the topology
 * filling the first screen (drawers on its left, the inspector on its
 * right, the step sentence and the player docked under it); below the fold
 * side by side, node state, nodes and pods, import.
 */
import { ErrorBoundary } from './ErrorBoundary';
import { Header } from './Header';
import { ComparePanel, ImportPanel, Lazy } from './lazyPanels';
import { NodeStatePanel } from './NodeStatePanel';
import { NodeTable } from './NodeTable';
import { PodTable } from './PodTable';
import { ScenarioStatus } from './ScenarioStatus';
import { ShareNotice } from './share/ShareNotice';
import { Workspace } from './workspace/Workspace';

export function App() {
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <div className="flex h-dvh min-h-[36rem] flex-col">
        <Header />
        <ErrorBoundary>
          <ShareNotice />
          <ScenarioStatus />
          <Workspace />
        </ErrorBoundary>
      </div>
      <main className="flex flex-col gap-4 p-4">
        <ErrorBoundary>
          <Lazy of={ComparePanel} />
          <NodeStatePanel />
          <div className="grid gap-4 xl:grid-cols-2">
            <NodeTable />
            <PodTable />
          </div>
          <ErrorBoundary>
            <Lazy of={ImportPanel} />
          </ErrorBoundary>
        </ErrorBoundary>
      </main>
    </div>
  );
}
