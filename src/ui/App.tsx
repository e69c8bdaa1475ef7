/** The page: header (scenario, theme, language), the flow picker, the visualizer, side by side, node state, nodes and pods. */
import { ComparePanel } from './compare/ComparePanel';
import { ErrorBoundary } from './ErrorBoundary';
import { Header } from './Header';
import { NodeStatePanel } from './NodeStatePanel';
import { NodeTable } from './NodeTable';
import { PodTable } from './PodTable';
import { ScenarioStatus } from './ScenarioStatus';
import { TracePanel } from './TracePanel';
import { Visualizer } from './Visualizer';

export function App() {
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <Header />
      <main className="mx-auto flex max-w-[120rem] flex-col gap-4 p-4">
        <ErrorBoundary>
          <ScenarioStatus />
          <TracePanel />
          <ErrorBoundary>
            <Visualizer />
          </ErrorBoundary>
          <ComparePanel />
          <NodeStatePanel />
          <div className="grid gap-4 xl:grid-cols-2">
            <NodeTable />
            <PodTable />
          </div>
        </ErrorBoundary>
      </main>
    </div>
  );
}
