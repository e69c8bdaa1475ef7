/** The page: header (scenario, theme, language), the flow picker, the visualizer, side by side, node state, nodes and pods. */
import { ComparePanel } from './compare/ComparePanel';
import { WhatIfPanel } from './edit/WhatIfPanel';
import { ErrorBoundary } from './ErrorBoundary';
import { ImportPanel } from './import/ImportPanel';
import { IpamPanel } from './ipam/IpamPanel';
import { ReadinessPanel } from './readiness/ReadinessPanel';
import { Header } from './Header';
import { NodeStatePanel } from './NodeStatePanel';
import { NodeTable } from './NodeTable';
import { PodTable } from './PodTable';
import { ScenarioStatus } from './ScenarioStatus';
import { ClassroomBar } from './share/ClassroomBar';
import { LessonPanel } from './lesson/LessonPanel';
import { TracePanel } from './TracePanel';
import { Visualizer } from './Visualizer';

export function App() {
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <Header />
      <main className="mx-auto flex max-w-[120rem] flex-col gap-4 p-4">
        <ErrorBoundary>
          <ScenarioStatus />
          <ClassroomBar />
          <TracePanel />
          <LessonPanel />
          <ErrorBoundary>
            <Visualizer />
          </ErrorBoundary>
          <ComparePanel />
          <ErrorBoundary>
            <div className="grid items-start gap-4 xl:grid-cols-2">
              <WhatIfPanel />
              <ReadinessPanel />
            </div>
            <IpamPanel />
          </ErrorBoundary>
          <NodeStatePanel />
          <div className="grid gap-4 xl:grid-cols-2">
            <NodeTable />
            <PodTable />
          </div>
          <ErrorBoundary>
            <ImportPanel />
          </ErrorBoundary>
        </ErrorBoundary>
      </main>
    </div>
  );
}
