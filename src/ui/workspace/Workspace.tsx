/** The first screen: the open drawer, then the visualizer (topology with its dock, and the inspector beside it). */
import { ErrorBoundary } from '../ErrorBoundary';
import { IpamPanel, Lazy, LessonPanel, ReadinessPanel, WhatIfPanel } from '../lazyPanels';
import { ClassroomBar } from '../share/ClassroomBar';
import { TracePanel } from '../TracePanel';
import { Visualizer } from '../Visualizer';
import { Drawer } from './Drawer';

export function Workspace() {
  return (
    <div className="flex min-h-0 flex-1">
      <Drawer id="flow">
        <TracePanel />
      </Drawer>
      <Drawer id="lessons" deferred>
        <Lazy of={LessonPanel} />
      </Drawer>
      <Drawer id="whatIf" wide deferred>
        <ErrorBoundary>
          <Lazy of={WhatIfPanel} />
          <Lazy of={ReadinessPanel} />
          <Lazy of={IpamPanel} />
        </ErrorBoundary>
      </Drawer>
      <Drawer id="share">
        <ClassroomBar />
      </Drawer>
      <ErrorBoundary>
        <Visualizer />
      </ErrorBoundary>
    </div>
  );
}
