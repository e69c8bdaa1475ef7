import { useTranslation } from 'react-i18next';
import type { NodeSpec } from '../engine/index';
import { useActions, useNodeState, useScenario } from '../state/hooks';
import { ErrorMessage } from './ErrorMessage';
import { Section } from './Section';

const NO_NODES: NodeSpec[] = [];

/** A node picker and that node's state as the real tools print it (`ip route`, …). */
export function NodeStatePanel() {
  const { t } = useTranslation();
  const nodes = useScenario((s) => s.scenario?.nodes ?? NO_NODES);
  const { node, views, status, error } = useNodeState((s) => s);
  const { selectNode } = useActions();
  return (
    <Section id="node-state-heading" title={t('nodeState.heading')}>
      <label className="mb-3 flex items-center gap-2">
        <span>{t('nodeState.select')}</span>
        <select
          data-testid="node-select"
          value={node ?? ''}
          onChange={(event) => void selectNode(event.target.value)}
          className="rounded border border-slate-400 bg-white px-2 py-1 font-mono"
        >
          {nodes.map((n) => (
            <option key={n.name} value={n.name}>
              {n.name}
            </option>
          ))}
        </select>
      </label>
      {status === 'loading' && <p>{t('nodeState.loading')}</p>}
      {status === 'error' && error && <ErrorMessage text={t('errors.engine', { message: error })} />}
      {status === 'ready' && views.length === 0 && <p>{t('nodeState.empty')}</p>}
      {views.map((view) => (
        <div key={view.id} className="mb-4" data-testid={`view-${view.id}`}>
          <h3 className="mb-1 font-mono text-lg font-semibold">{view.title}</h3>
          <pre tabIndex={0} className="max-h-[28rem] overflow-auto rounded bg-slate-900 p-3 text-base text-slate-50">{view.text}</pre>
        </div>
      ))}
    </Section>
  );
}
