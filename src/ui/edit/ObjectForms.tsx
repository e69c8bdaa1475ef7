/**
 * The object forms of the what-if panel: nodes (add Linux/Windows, remove,
 * a Windows node's OS build),
 * pods (add, remove, move to another node with a new address), services
 * (add, change type/ports/policies, remove) and their endpoints. Each list
 * is a page asked from the worker (issue 18); above a page it gets a search
 * field, as do the node and endpoint choices.
 */
import { NODE_NAME_PATTERN } from './patterns';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditablePod, EditableService } from '../../edit/editableModel';
import type { Edit } from '../../edit/edits';
import type { RowPage } from '../../state/scenario/scenarioStore';
import { ROWS_SHOWN, useEditRows, useFreeAddresses } from '../../state/rows';
import { RowSearch } from '../RowSearch';
import { WindowsBuildSelect } from './WindowsBuildSelect';
import { Field, Select, card, dangerButton, inputClass, intOrUndefined, primaryButton, secondaryButton } from './controls';

type Apply = (edit: Edit) => void;

/** What the user typed in the forms' searches: kept by the panel, so a form drawn again after an edit keeps showing what was searched. */
export type FormSearches = Partial<Record<'nodes' | 'pods' | 'podNodes' | 'services', string>>;
type Searches = { searches: FormSearches; search: (list: keyof FormSearches, text: string) => void };

/** The search field of a list longer than a page (kept while a search is typed); nothing for a short list. */
function PageSearch({ query, onChange, page, testId, label }: { query: string; onChange: (text: string) => void; page: RowPage<unknown> | undefined; testId: string; label: string }) {
  if (!query && (page?.total ?? 0) <= ROWS_SHOWN) return null;
  return <RowSearch value={query} onChange={onChange} shown={page?.rows.length ?? 0} total={page?.total} testId={testId} label={label} />;
}

/** A row's own form, or (`folded`: a list longer than a page) a button that unfolds it, so a page of rows draws no choice lists until one is wanted. */
function Unfold({ folded, label, name, testId, children }: { folded: boolean; label: string; name: string; testId: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  if (!folded || open) return children;
  return (
    <button type="button" className={secondaryButton} onClick={() => setOpen(true)} aria-label={name} data-testid={testId}>
      {label}
    </button>
  );
}

export function NodesForm({ apply, busy, searches, search }: { apply: Apply; busy: boolean } & Searches) {
  const { t } = useTranslation();
  const query = searches.nodes ?? '';
  const setQuery = (text: string) => search('nodes', text);
  const nodes = useEditRows('nodes', query);
  const [name, setName] = useState('');
  const [os, setOs] = useState<'linux' | 'windows'>('windows');
  const [ip, setIp] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply({ op: 'addNode', name: name.trim(), os, ip: ip.trim() });
  };
  return (
    <div className="flex flex-col gap-3">
      <PageSearch query={query} onChange={setQuery} page={nodes} testId="edit-nodes-search" label={t('whatIf.node.search')} />
      <ul className="flex flex-col gap-1">
        {nodes?.rows.map((n) => (
          <li key={n.name} className="flex items-center gap-3">
            <span className="font-mono">{n.name}</span>
            <span>{t(`os.${n.os}`)}</span>
            <span className="font-mono">{n.ip}</span>
            {n.os === 'windows' && <WindowsBuildSelect node={n} apply={apply} busy={busy} />}
            <button type="button" className={`${dangerButton} ml-auto`} disabled={busy} onClick={() => apply({ op: 'removeNode', name: n.name })} aria-label={t('whatIf.node.remove', { name: n.name })}>
              {t('whatIf.remove')}
            </button>
          </li>
        ))}
      </ul>
      <form className="flex flex-wrap items-end gap-2" onSubmit={submit}>
        <Field label={t('whatIf.node.name')}>
          <input className={`${inputClass} w-44 font-mono`} required pattern={NODE_NAME_PATTERN} value={name} onChange={(e) => setName(e.target.value)} data-testid="node-name" />
        </Field>
        <Select label={t('whatIf.node.os')} value={os} options={['linux', 'windows'] as const} onChange={setOs} />
        <Field label={t('whatIf.node.ip')}>
          <input className={`${inputClass} w-40 font-mono`} required value={ip} onChange={(e) => setIp(e.target.value)} data-testid="node-ip" />
        </Field>
        <button type="submit" className={primaryButton} disabled={busy}>
          {t('whatIf.node.add')}
        </button>
      </form>
    </div>
  );
}

function PodRow({ pod, nodes, free, folded, apply, busy }: { pod: EditablePod; nodes: readonly string[]; free?: Record<string, string>; folded: boolean; apply: Apply; busy: boolean }) {
  const { t } = useTranslation();
  const id = `${pod.namespace}/${pod.name}`;
  const others = nodes.filter((n) => n !== pod.node);
  const [chosen, setNode] = useState<string>();
  // The address typed, else the suggestion for the chosen node (it follows the node until the user types).
  const [typed, setIp] = useState<string>();
  const node = chosen !== undefined && others.includes(chosen) ? chosen : (others[0] ?? '');
  const ip = typed ?? free?.[node] ?? '';
  return (
    <li className="flex flex-wrap items-center gap-2 border-b border-slate-200 py-1 dark:border-slate-700" data-testid="pod-row">
      <span className="min-w-48 font-mono">{id}</span>
      <span className="font-mono">{pod.node}</span>
      <span className="min-w-32 font-mono">{pod.ip ?? '—'}</span>
      {others.length > 0 && (
        <Unfold folded={folded} label={t('whatIf.pod.moveStart')} name={t('whatIf.pod.moveStartOf', { name: id })} testId="pod-move-start">
          <form
            className="flex flex-wrap items-center gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              apply({ op: 'movePod', namespace: pod.namespace, name: pod.name, node, ...(ip.trim() ? { ip: ip.trim() } : {}) });
            }}
          >
            <select
              className={inputClass}
              aria-label={t('whatIf.pod.moveTo', { name: id })}
              value={node}
              onChange={(e) => {
                setNode(e.target.value);
                setIp(undefined);
              }}
            >
              {others.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
            <input className={`${inputClass} w-36 font-mono`} aria-label={t('whatIf.pod.newIp', { name: id })} value={ip} onChange={(e) => setIp(e.target.value)} />
            <button type="submit" className={secondaryButton} disabled={busy}>
              {t('whatIf.pod.move')}
            </button>
          </form>
        </Unfold>
      )}
      <button type="button" className={`${dangerButton} ml-auto`} disabled={busy} onClick={() => apply({ op: 'removePod', namespace: pod.namespace, name: pod.name })} aria-label={t('whatIf.pod.remove', { name: id })}>
        {t('whatIf.remove')}
      </button>
    </li>
  );
}

export function PodsForm({ apply, busy, searches, search }: { apply: Apply; busy: boolean } & Searches) {
  const { t } = useTranslation();
  const query = searches.pods ?? '';
  const setQuery = (text: string) => search('pods', text);
  const nodeQuery = searches.podNodes ?? '';
  const setNodeQuery = (text: string) => search('podNodes', text);
  const pods = useEditRows('pods', query);
  // The nodes offered to move a pod to or add one on: a page, searched when there are more.
  const nodePage = useEditRows('nodes', nodeQuery);
  const nodes = nodePage?.rows.map((n) => n.name) ?? [];
  const free = useFreeAddresses(nodes);
  const [namespace, setNamespace] = useState('demo');
  const [name, setName] = useState('');
  const [chosen, setNode] = useState('');
  const [ip, setIp] = useState('');
  const node = chosen && nodes.includes(chosen) ? chosen : (nodes[0] ?? '');
  // A page of pods, each with a list of a page of nodes: drawn only for the row the user unfolds.
  const folded = (pods?.total ?? 0) > ROWS_SHOWN || (nodePage?.total ?? 0) > ROWS_SHOWN;
  return (
    <div className="flex flex-col gap-3">
      <PageSearch query={query} onChange={setQuery} page={pods} testId="edit-pods-search" label={t('whatIf.pod.search')} />
      <PageSearch query={nodeQuery} onChange={setNodeQuery} page={nodePage} testId="edit-pod-nodes-search" label={t('whatIf.pod.searchNodes')} />
      <ul className="flex flex-col">
        {pods?.rows.map((p) => (
          <PodRow key={`${p.namespace}/${p.name}/${p.node}/${p.ip}`} pod={p} nodes={nodes} free={free} folded={folded} apply={apply} busy={busy} />
        ))}
      </ul>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          apply({ op: 'addPod', namespace: namespace.trim(), name: name.trim(), node, ...(ip.trim() ? { ip: ip.trim() } : {}) });
        }}
      >
        <Field label={t('whatIf.pod.namespace')}>
          <input className={`${inputClass} w-32 font-mono`} required value={namespace} onChange={(e) => setNamespace(e.target.value)} />
        </Field>
        <Field label={t('whatIf.pod.name')}>
          <input className={`${inputClass} w-40 font-mono`} required value={name} onChange={(e) => setName(e.target.value)} data-testid="pod-name" />
        </Field>
        <Field label={t('whatIf.pod.node')}>
          <select className={inputClass} value={node} onChange={(e) => setNode(e.target.value)}>
            {nodes.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('whatIf.pod.ip')}>
          <input className={`${inputClass} w-40 font-mono`} value={ip} placeholder={free?.[node] ?? ''} onChange={(e) => setIp(e.target.value)} />
        </Field>
        <button type="submit" className={primaryButton} disabled={busy || nodes.length === 0}>
          {t('whatIf.pod.add')}
        </button>
      </form>
    </div>
  );
}

const TYPES = ['ClusterIP', 'NodePort', 'LoadBalancer'] as const;
type SvcType = (typeof TYPES)[number];

function ServiceRow({ svc, apply, busy }: { svc: EditableService; apply: Apply; busy: boolean }) {
  const { t } = useTranslation();
  const id = `${svc.namespace}/${svc.name}`;
  const [port, setPort] = useState(svc.port === undefined ? '' : String(svc.port));
  const [targetPort, setTargetPort] = useState(svc.targetPort === undefined ? '' : String(svc.targetPort));
  const [nodePort, setNodePort] = useState(svc.nodePort === undefined ? '' : String(svc.nodePort));
  const [podQuery, setPodQuery] = useState('');
  const candidatePage = useEditRows('endpointPods', podQuery, { service: svc });
  const candidates = candidatePage?.rows ?? [];
  const [chosen, setPod] = useState('');
  const pod = candidates.some((c) => c.name === chosen) ? chosen : (candidates[0]?.name ?? '');
  const type = (TYPES as readonly string[]).includes(svc.type) ? (svc.type as SvcType) : 'ClusterIP';
  const set = (patch: Omit<Extract<Edit, { op: 'setService' }>, 'op' | 'namespace' | 'name'>) => apply({ op: 'setService', namespace: svc.namespace, name: svc.name, ...patch });
  return (
    <li className={`${card} flex flex-col gap-2`} data-testid="service-row">
      <div className="flex flex-wrap items-end gap-3">
        <span className="self-center font-mono font-semibold">{id}</span>
        <Select label={t('whatIf.service.type')} value={type} options={TYPES} disabled={busy} onChange={(v) => set({ type: v, ...(v !== 'ClusterIP' && svc.nodePort === undefined ? { nodePort: 30000 + ((svc.port ?? 80) % 2768) } : {}) })} />
        {type !== 'ClusterIP' && (
          <Select label={t('whatIf.service.externalTrafficPolicy')} value={svc.externalTrafficPolicy as 'Cluster' | 'Local'} options={['Cluster', 'Local'] as const} disabled={busy} onChange={(v) => set({ externalTrafficPolicy: v })} />
        )}
        <Select label={t('whatIf.service.sessionAffinity')} value={svc.sessionAffinity as 'None' | 'ClientIP'} options={['None', 'ClientIP'] as const} disabled={busy} onChange={(v) => set({ sessionAffinity: v })} />
        <form
          className="flex flex-wrap items-end gap-2"
          aria-label={t('whatIf.service.edit', { name: id })}
          onSubmit={(e) => {
            e.preventDefault();
            set({ port: intOrUndefined(port), targetPort: intOrUndefined(targetPort), ...(type !== 'ClusterIP' ? { nodePort: intOrUndefined(nodePort) ?? null } : {}) });
          }}
        >
          <Field label={t('whatIf.service.port')}>
            <input className={`${inputClass} w-24`} type="number" min={1} max={65535} value={port} onChange={(e) => setPort(e.target.value)} />
          </Field>
          <Field label={t('whatIf.service.targetPort')}>
            <input className={`${inputClass} w-24`} type="number" min={1} max={65535} value={targetPort} onChange={(e) => setTargetPort(e.target.value)} />
          </Field>
          {type !== 'ClusterIP' && (
            <Field label={t('whatIf.service.nodePort')}>
              <input className={`${inputClass} w-28`} type="number" min={1} max={65535} value={nodePort} onChange={(e) => setNodePort(e.target.value)} />
            </Field>
          )}
          <button type="submit" className={secondaryButton} disabled={busy}>
            {t('whatIf.apply')}
          </button>
        </form>
        <button type="button" className={`${dangerButton} ml-auto self-center`} disabled={busy} onClick={() => apply({ op: 'removeService', namespace: svc.namespace, name: svc.name })} aria-label={t('whatIf.service.remove', { name: id })}>
          {t('whatIf.remove')}
        </button>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{t('whatIf.service.endpoints', { name: svc.name })}:</span>
        {svc.endpoints.length === 0 && <span>{t('whatIf.service.noEndpoints')}</span>}
        {svc.endpoints.map((ep) => (
          <span key={ep.ip} className="flex items-center gap-1 rounded bg-slate-100 px-2 font-mono dark:bg-slate-800">
            {ep.ip}
            {ep.node ? ` (${ep.node})` : ''}
            <button type="button" className="px-1 text-red-800 dark:text-red-300" disabled={busy} onClick={() => apply({ op: 'removeEndpoint', namespace: svc.namespace, service: svc.name, ip: ep.ip })} aria-label={t('whatIf.service.removeEndpoint', { ip: ep.ip, name: id })}>
              ×
            </button>
          </span>
        ))}
        {(candidates.length > 0 || podQuery !== '') && (
          <Unfold folded={(candidatePage?.total ?? 0) > ROWS_SHOWN} label={t('whatIf.service.addEndpointStart')} name={t('whatIf.service.addEndpointStartOf', { name: id })} testId="endpoint-add-start">
            <PageSearch query={podQuery} onChange={setPodQuery} page={candidatePage} testId="edit-endpoint-pods-search" label={t('whatIf.service.searchEndpointPods', { name: id })} />
            {candidates.length > 0 && (
              <form
                className="flex items-center gap-2"
                onSubmit={(e) => {
                  e.preventDefault();
                  const p = candidates.find((c) => c.name === pod) ?? candidates[0]!;
                  apply({ op: 'addEndpoint', namespace: svc.namespace, service: svc.name, ip: p.ip!, node: p.node, pod: p.name });
                }}
              >
                <select className={inputClass} aria-label={t('whatIf.service.endpointPod', { name: id })} value={pod} onChange={(e) => setPod(e.target.value)}>
                  {candidates.map((c) => (
                    <option key={c.name} value={c.name}>
                      {c.name} ({c.ip})
                    </option>
                  ))}
                </select>
                <button type="submit" className={secondaryButton} disabled={busy}>
                  {t('whatIf.service.addEndpoint')}
                </button>
              </form>
            )}
          </Unfold>
        )}
      </div>
    </li>
  );
}

export function ServicesForm({ apply, busy, searches, search }: { apply: Apply; busy: boolean } & Searches) {
  const { t } = useTranslation();
  const query = searches.services ?? '';
  const setQuery = (text: string) => search('services', text);
  const services = useEditRows('services', query);
  const [namespace, setNamespace] = useState('demo');
  const [name, setName] = useState('');
  const [type, setType] = useState<SvcType>('ClusterIP');
  const [clusterIP, setClusterIP] = useState('10.96.100.10');
  const [port, setPort] = useState('80');
  const [targetPort, setTargetPort] = useState('8080');
  const [protocol, setProtocol] = useState<'TCP' | 'UDP'>('TCP');
  const [nodePort, setNodePort] = useState('30080');
  const [etp, setEtp] = useState<'Cluster' | 'Local'>('Cluster');
  const [affinity, setAffinity] = useState<'None' | 'ClientIP'>('None');
  return (
    <div className="flex flex-col gap-3">
      <PageSearch query={query} onChange={setQuery} page={services} testId="edit-services-search" label={t('whatIf.service.search')} />
      <ul className="flex flex-col gap-2">
        {services?.rows.map((s) => (
          <ServiceRow key={`${s.namespace}/${s.name}/${s.port}/${s.targetPort}/${s.nodePort}/${s.endpoints.length}`} svc={s} apply={apply} busy={busy} />
        ))}
      </ul>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          apply({
            op: 'addService',
            namespace: namespace.trim(),
            name: name.trim(),
            type,
            clusterIP: clusterIP.trim(),
            port: intOrUndefined(port) ?? 80,
            targetPort: intOrUndefined(targetPort) ?? 80,
            protocol,
            ...(type !== 'ClusterIP' ? { nodePort: intOrUndefined(nodePort) } : {}),
            externalTrafficPolicy: etp,
            sessionAffinity: affinity,
          });
        }}
      >
        <Field label={t('whatIf.pod.namespace')}>
          <input className={`${inputClass} w-28 font-mono`} required value={namespace} onChange={(e) => setNamespace(e.target.value)} />
        </Field>
        <Field label={t('whatIf.service.name')}>
          <input className={`${inputClass} w-32 font-mono`} required value={name} onChange={(e) => setName(e.target.value)} data-testid="service-name" />
        </Field>
        <Select label={t('whatIf.service.type')} value={type} options={TYPES} onChange={setType} />
        <Field label={t('whatIf.service.clusterIP')}>
          <input className={`${inputClass} w-36 font-mono`} required value={clusterIP} onChange={(e) => setClusterIP(e.target.value)} />
        </Field>
        <Field label={t('whatIf.service.port')}>
          <input className={`${inputClass} w-20`} type="number" min={1} max={65535} value={port} onChange={(e) => setPort(e.target.value)} />
        </Field>
        <Field label={t('whatIf.service.targetPort')}>
          <input className={`${inputClass} w-20`} type="number" min={1} max={65535} value={targetPort} onChange={(e) => setTargetPort(e.target.value)} />
        </Field>
        <Select label={t('whatIf.service.protocol')} value={protocol} options={['TCP', 'UDP'] as const} onChange={setProtocol} />
        {type !== 'ClusterIP' && (
          <>
            <Field label={t('whatIf.service.nodePort')}>
              <input className={`${inputClass} w-24`} type="number" min={1} max={65535} value={nodePort} onChange={(e) => setNodePort(e.target.value)} />
            </Field>
            <Select label={t('whatIf.service.externalTrafficPolicy')} value={etp} options={['Cluster', 'Local'] as const} onChange={setEtp} />
          </>
        )}
        <Select label={t('whatIf.service.sessionAffinity')} value={affinity} options={['None', 'ClientIP'] as const} onChange={setAffinity} />
        <button type="submit" className={primaryButton} disabled={busy}>
          {t('whatIf.service.add')}
        </button>
      </form>
    </div>
  );
}
