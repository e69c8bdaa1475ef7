/** One node of a collapsed topology drawn with its parts, in packet order; the acting part marked as in the diagram. */
import type { TopoElement } from '../../../engine/index';
import type { NodeParts } from '../../../state/scenario/scenarioStore';
import { machineClasses, partClasses } from '../elementStyle';
import { partRows } from './tiles';

function Part({ e, active }: { e: TopoElement; active: string | null }) {
  return (
    <span data-element={e.id} data-active={active === e.id || undefined} title={e.detail ? `${e.label} ${e.detail}` : e.label} className={`rounded-md border-2 px-2 font-mono text-base ${partClasses({ element: e, active: active === e.id, visited: false, selected: false })}`} translate="no">
      {e.label}
      {e.detail && <span className="ml-1 text-slate-700 dark:text-slate-300">{e.detail}</span>}
    </span>
  );
}

export function NodeCard({ node, parts, active }: { node: TopoElement | undefined; parts: NodeParts; active: string | null }) {
  if (!node) return null;
  return (
    <div data-element={node.id} data-active={active === node.id || undefined} className={`flex w-80 flex-col gap-1 rounded-xl border-2 p-2 ${machineClasses({ element: node, active: active === node.id, visited: false, selected: false })}`}>
      <span className="font-semibold" translate="no">
        {node.label} <span className="font-mono font-normal">{node.detail}</span>
      </span>
      {partRows(parts.elements).map(({ part, inside }) => (
        <div key={part.id} className="flex flex-wrap items-center gap-1">
          <Part e={part} active={active} />
          {inside.map((c) => (
            <Part key={c.id} e={c} active={active} />
          ))}
        </div>
      ))}
    </div>
  );
}
