/**
 * "New policy (form)" of the NetworkPolicies tab (issue 13): one Kubernetes
 * or Calico NetworkPolicy from fields (edit/policyFields.ts builds and checks
 * it). The YAML it will apply is shown read-only before "Add"; a refused field
 * keeps "Add" off with the reason named next to the field and under the
 * button. "Add" is the `addPolicy` edit, so the worker's check and its
 * diagnostics are those of the YAML editor.
 */
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Edit } from '../../edit/edits';
import { policyFromFields, type FieldProblem, type PolicyFields } from '../../edit/policyFields';
import { card, inputClass, primaryButton } from './controls';

const initial = (namespace: string): PolicyFields => ({
  kind: 'knp',
  namespace,
  name: '',
  appliesTo: '',
  direction: 'Ingress',
  action: 'Allow',
  order: '',
  allowRest: false,
  peer: 'pods',
  peerValue: '',
  protocol: 'TCP',
  port: '',
});

/** A labelled control with the reason its value is refused under it. */
function Labelled({ label, error, children }: { label: string; error?: string | undefined; children: (id: string, errorId: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-slate-700 dark:text-slate-300">
        {label}
      </label>
      {children(id, `${id}-error`)}
      {error && (
        <span id={`${id}-error`} className="text-sm text-red-800 dark:text-red-300">
          {error}
        </span>
      )}
    </div>
  );
}

/** `namespace`: where the form starts (edit/policyFields.ts initialNamespace). */
export function PolicyBuilder({ namespaces, namespace, edit, busy }: { namespaces: readonly string[]; namespace: string; edit: (edit: Edit) => Promise<boolean>; busy: boolean }) {
  const { t } = useTranslation();
  const [f, setF] = useState<PolicyFields>(() => initial(namespace));
  // Fields the user has changed or left: only their problems are shown in red, so an empty form does not open with an error.
  const [touched, setTouched] = useState<ReadonlySet<keyof PolicyFields>>(new Set());
  const touch = (key: keyof PolicyFields) => setTouched((old) => (old.has(key) ? old : new Set(old).add(key)));
  const set = <K extends keyof PolicyFields>(key: K, value: PolicyFields[K]) => {
    touch(key);
    setF((old) => ({ ...old, [key]: value }));
  };
  const built = policyFromFields(f);
  const problems: FieldProblem[] = built.ok ? [] : built.problems;
  const shown = problems.filter((p) => touched.has(p.field));
  const untouched = [...new Set(problems.filter((p) => !touched.has(p.field)).map((p) => p.field))];
  const reason = (p: FieldProblem) => t(`whatIf.policyForm.problem.${p.reason}`);
  const errorOf = (field: keyof PolicyFields) => shown.filter((p) => p.field === field).map(reason)[0];
  const labelOf = (field: keyof PolicyFields) => (field === 'peerValue' ? t(`whatIf.policyForm.peerValue.${f.peer}`) : field === 'peer' ? t(`whatIf.policyForm.peer.${f.direction}`) : t(`whatIf.policyForm.${field}`));
  const text = (field: 'name' | 'appliesTo' | 'order' | 'peerValue' | 'port', label: string, placeholder?: string) => (
    <Labelled label={label} error={errorOf(field)}>
      {(id, errorId) => (
        <input id={id} className={inputClass} value={f[field]} placeholder={placeholder} spellCheck={false} aria-invalid={errorOf(field) !== undefined} aria-describedby={errorOf(field) ? errorId : undefined} onChange={(e) => set(field, e.target.value)} onBlur={() => touch(field)} data-testid={`pf-${field}`} />
      )}
    </Labelled>
  );
  const choice = <K extends 'kind' | 'namespace' | 'direction' | 'action' | 'peer' | 'protocol'>(field: K, label: string, options: readonly { value: PolicyFields[K]; label: string }[]) => (
    <Labelled label={label} error={errorOf(field)}>
      {(id) => (
        <select id={id} className={inputClass} value={f[field]} onChange={(e) => set(field, e.target.value as PolicyFields[K])} data-testid={`pf-${field}`}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Labelled>
  );
  const calico = f.kind === 'np';
  const peerLabel = t(`whatIf.policyForm.peerValue.${f.peer}`);
  return (
    <form
      className={`${card} flex flex-col gap-3`}
      data-testid="policy-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (built.ok) void edit({ op: 'addPolicy', yaml: built.yaml });
      }}
    >
      <h4 className="text-lg font-semibold">{t('whatIf.policyForm.heading')}</h4>
      <div className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,13rem),1fr))] gap-3">
        {choice('kind', t('whatIf.policyForm.kind'), (['knp', 'np'] as const).map((k) => ({ value: k, label: t(`whatIf.policy.kind.${k}`) })))}
        {choice('namespace', t('whatIf.policyForm.namespace'), (namespaces.length ? namespaces : ['default']).map((n) => ({ value: n, label: n })))}
        {text('name', t('whatIf.policyForm.name'))}
        {text('appliesTo', t('whatIf.policyForm.appliesTo'), 'app=hello')}
        {choice('direction', t('whatIf.policyForm.direction'), (['Ingress', 'Egress'] as const).map((d) => ({ value: d, label: t(`whatIf.policyForm.directions.${d}`) })))}
        {calico && choice('action', t('whatIf.policyForm.action'), (['Allow', 'Deny'] as const).map((a) => ({ value: a, label: t(`whatIf.policyForm.actions.${a}`) })))}
        {calico && text('order', t('whatIf.policyForm.order'), '100')}
        {choice('peer', t(`whatIf.policyForm.peer.${f.direction}`), (['pods', 'namespace', 'cidr'] as const).map((p) => ({ value: p, label: t(`whatIf.policyForm.peers.${p}`) })))}
        {text('peerValue', peerLabel, f.peer === 'cidr' ? '10.0.0.0/8' : 'app=web')}
        {choice('protocol', t('whatIf.policyForm.protocol'), (['TCP', 'UDP', 'ICMP', 'any'] as const).map((p) => ({ value: p, label: p === 'any' ? t('whatIf.policyForm.anyProtocol') : p })))}
        {text('port', t('whatIf.policyForm.port'), '80')}
      </div>
      {calico && f.action === 'Deny' && (
        <label className="flex items-start gap-2">
          <input type="checkbox" className="mt-1.5" checked={f.allowRest} onChange={(e) => set('allowRest', e.target.checked)} data-testid="pf-allowRest" />
          <span>{t('whatIf.policyForm.allowRest')}</span>
        </label>
      )}
      <p className="text-sm text-slate-700 dark:text-slate-300">{t(!calico ? 'whatIf.policyForm.hintKubernetes' : f.action === 'Deny' && f.allowRest ? 'whatIf.policyForm.hintAllowRest' : 'whatIf.policyForm.hintCalico')}</p>
      {built.ok && (
        <div className="flex flex-col gap-1">
          <span className="text-sm font-semibold text-slate-700 dark:text-slate-300">{t('whatIf.policyForm.preview')}</span>
          <pre className="overflow-x-auto rounded bg-slate-100 p-2 text-sm dark:bg-slate-900" data-testid="pf-preview">
            {built.yaml}
          </pre>
        </div>
      )}
      <span className="flex flex-wrap items-center gap-3">
        <button type="submit" className={primaryButton} disabled={busy || !built.ok} data-testid="pf-add">
          {t('whatIf.policyForm.add')}
        </button>
        {shown.length > 0 && (
          <span role="status" className="text-sm text-red-800 dark:text-red-300" data-testid="pf-blocked">
            {t('whatIf.policyForm.blocked', { reasons: shown.map(reason).join('; ') })}
          </span>
        )}
        {shown.length === 0 && untouched.length > 0 && (
          <span className="text-sm text-slate-700 dark:text-slate-300" data-testid="pf-fill-in">
            {t('whatIf.policyForm.fillIn', { fields: untouched.map(labelOf).join(', ') })}
          </span>
        )}
      </span>
    </form>
  );
}
