/** The first screen: the open drawer, then the visualizer (topology with its dock, and the inspector beside it). */
import { WhatIfPanel } from '../edit/WhatIfPanel';
import { ErrorBoundary } from '../ErrorBoundary';
import { IpamPanel } from '../ipam/IpamPanel';
import { LessonPanel } from '../lesson/LessonPanel';
import { ReadinessPanel } from '../readiness/ReadinessPanel';
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
      <Drawer id="lessons">
        <LessonPanel />
      </Drawer>
      <Drawer id="whatIf" wide>
        <ErrorBoundary>
          <WhatIfPanel />
          <ReadinessPanel />
          <IpamPanel />
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
