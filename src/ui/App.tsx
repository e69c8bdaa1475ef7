/** The page: header with preset and language, the scenario's nodes and pods, node state, and a trace form. */
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from './ErrorBoundary';
import { Header } from './Header';
import { NodeStatePanel } from './NodeStatePanel';
import { NodeTable } from './NodeTable';
import { PodTable } from './PodTable';
import { ScenarioStatus } from './ScenarioStatus';
import { TracePanel } from './TracePanel';

export function App() {
  const { t } = useTranslation();
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <Header />
      <main className="mx-auto flex max-w-7xl flex-col gap-6 p-6">
        <p className="text-slate-700">{t('app.tagline')}</p>
        <ErrorBoundary>
          <ScenarioStatus />
          <div className="grid gap-6 xl:grid-cols-2">
            <NodeTable />
            <PodTable />
          </div>
          <TracePanel />
          <NodeStatePanel />
        </ErrorBoundary>
      </main>
    </div>
  );
}
