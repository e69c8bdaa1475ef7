/** The custom xyflow node renderers: a machine (node, host, gateway), a part inside it, and a network bus. */
import type { NodeProps } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import type { ElementNode } from './flowElements';
import { machineClasses, partClasses } from './elementStyle';
import { Handles, PortHandle } from './Handles';

function MachineNode({ data }: NodeProps<ElementNode>) {
  const { t } = useTranslation();
  const e = data.element;
  const kind = e.role === 'node' ? t(`os.${e.os ?? 'linux'}`) : t(`topology.role.${e.role}`);
  return (
    <div data-element={e.id} data-active={data.active || undefined} className={`h-full w-full rounded-xl border-2 px-3 py-2 ${machineClasses(data)}`}>
      <Handles />
      <div className="flex items-baseline justify-between gap-2">
        <span className="truncate font-mono text-xl font-bold" translate="no">
          {e.label}
        </span>
        <span className="text-base text-slate-700 dark:text-slate-300">{kind}</span>
      </div>
      <div className="font-mono text-base text-slate-700 dark:text-slate-300" translate="no">
        {e.detail}
      </div>
    </div>
  );
}

/** The label drawn in a part: a pod by its name (the namespace is in the tooltip), an nft table by its name. */
function shortLabel(e: ElementNode['data']['element']): string {
  if (e.role === 'pod' || e.role === 'compartment') return e.label.slice(e.label.indexOf('/') + 1);
  if (e.role === 'nft') return e.label.replace(/^ip /, '');
  return e.label;
}

function PartNode({ data }: NodeProps<ElementNode>) {
  const e = data.element;
  const small = e.role === 'veth';
  const container = e.role === 'pod' || e.role === 'compartment' || e.role === 'vswitch';
  return (
    <div
      data-element={e.id}
      data-active={data.active || undefined}
      data-skipped={data.skipped || undefined}
      // The part's label and detail are identifiers (ip route, ip kube-proxy, eth0): its tooltip too.
      translate="no"
      title={e.detail ? `${e.label} ${e.detail}` : e.label}
      className={`h-full w-full overflow-hidden rounded-md border-2 ${small ? 'px-1' : container ? 'px-1.5' : 'px-2'} tracking-tight text-slate-900 dark:text-slate-50 ${partClasses(data)} ${container ? 'pt-1' : 'flex items-center justify-between gap-2'}`}
    >
      <Handles />
      <span translate="no" className={`truncate font-mono ${container ? 'block text-lg leading-6 font-semibold' : small ? 'text-base' : 'text-lg leading-6'}`}>{shortLabel(e)}</span>
      {e.detail && <span translate="no" className="block truncate font-mono text-base text-slate-700 dark:text-slate-300">{e.detail}</span>}
    </div>
  );
}

function NetworkNode({ data }: NodeProps<ElementNode>) {
  const e = data.element;
  return (
    <div data-element={e.id} data-active={data.active || undefined} className="flex h-full w-full items-center gap-4 rounded-full border-2 border-slate-600 bg-slate-200 px-6 dark:border-slate-300 dark:bg-slate-700">
      {(data.ports ?? []).map((p) => (
        <PortHandle key={p.machine} id={`p:${p.machine}`} x={p.x} side={p.side} />
      ))}
      <span className="font-mono text-xl font-semibold" translate="no">
        {e.label}
      </span>
      <span className="font-mono text-lg" translate="no">
        {e.detail}
      </span>
    </div>
  );
}

export const NODE_TYPES = { machine: MachineNode, part: PartNode, network: NetworkNode };
