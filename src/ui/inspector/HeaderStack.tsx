/** A packet as stacked header boxes (outermost on top), changed fields highlighted with before → after. */
import { useTranslation } from 'react-i18next';
import type { Step } from '../../engine/index';
import { headerViews, type HeaderView } from '../../traceViews/headerDiff';

const STATUS: Record<HeaderView['status'], string> = {
  kept: 'border-slate-400 bg-white dark:bg-slate-900',
  added: 'border-emerald-600 bg-emerald-50 dark:bg-emerald-950',
  removed: 'border-slate-400 border-dashed bg-slate-100 opacity-70 dark:bg-slate-800',
};

function HeaderBox({ view }: { view: HeaderView }) {
  const { t } = useTranslation();
  return (
    <li className={`rounded-md border-2 px-3 py-1.5 ${STATUS[view.status]}`} data-testid={`header-${view.layer ? `${view.layer}-` : ''}${view.kind}`} data-status={view.status}>
      <div className="flex items-baseline gap-2">
        <span className="font-mono text-lg font-bold" translate="no">{view.kind.toUpperCase()}</span>
        {view.layer && <span className="text-slate-700 dark:text-slate-300">{t(`inspector.layer.${view.layer}`)}</span>}
        {view.status !== 'kept' && <span className="ml-auto text-sm font-semibold">{t(`inspector.status.${view.status}`)}</span>}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 font-mono text-base">
        {view.fields.map((f) => (
          <div key={f.name} className="contents" data-changed={f.changed || undefined}>
            <dt className="text-slate-700 dark:text-slate-300" title={f.name}>
              {t(`inspector.field.${f.name}`, { defaultValue: f.name })}
            </dt>
            {/* Values are addresses, ports, protocol names: identifiers, kept as the packet carries them. */}
            <dd translate="no" className={f.changed ? 'rounded bg-yellow-200 px-1 font-bold text-slate-950' : ''}>
              {f.changed ? (
                <>
                  <span className="line-through decoration-2">{f.before}</span> → {f.value}
                </>
              ) : (
                f.value
              )}
            </dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

export function HeaderStack({ step }: { step: Step }) {
  const { t } = useTranslation();
  const views = headerViews(step.before, step.after, step.changed);
  if (views.length === 0) return <p>{t('inspector.noHeaders')}</p>;
  return (
    <ol className="flex flex-col gap-1" aria-label={t('inspector.headers')} data-testid="header-stack">
      {views.map((v, i) => (
        <HeaderBox key={i} view={v} />
      ))}
    </ol>
  );
}
