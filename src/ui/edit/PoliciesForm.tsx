/**
 * The NetworkPolicies form of the what-if panel (issue 13): the scenario's
 * policies in Felix's order (kind, namespace/name, order), each with its YAML
 * to edit in place or a remove button, and a new policy from YAML (prefilled
 * with a deny example). The worker checks the text with the loader's policy
 * reader; a refused text leaves the scenario as it was and the panel shows
 * the diagnostics (object, field, line of the text). "New policy (form)"
 * (PolicyBuilder) builds one from fields.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditableModel } from '../../edit/editableModel';
import type { Edit } from '../../edit/edits';
import { policyLabel } from '../../edit/policies';
import { flowPodNamespace, initialNamespace } from '../../edit/policyFields';
import { useTrace } from '../../state/hooks';
import { PolicyBuilder } from './PolicyBuilder';
import { Field, dangerButton, inputClass, primaryButton, secondaryButton } from './controls';

type Edits = (edit: Edit) => Promise<boolean>;
type PolicyRow = EditableModel['policies'][number];

/** The example the "add" box starts with: a Calico policy that denies web → hello in the lab's `demo` and allows the rest (order before the Kubernetes policies' 1000). */
export const EXAMPLE_POLICY = `apiVersion: projectcalico.org/v3
kind: NetworkPolicy
metadata:
  name: deny-web-to-hello
  namespace: demo
spec:
  order: 100
  selector: app == 'hello'
  types: [Ingress]
  ingress:
  - action: Deny
    source:
      selector: app == 'web'
  - action: Allow
`;

const textareaClass = `${inputClass} w-full font-mono text-sm`;

function PolicyItem({ row, edit, busy }: { row: PolicyRow; edit: Edits; busy: boolean }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string>();
  const name = policyLabel(row.id);
  const id = `${row.id.namespace ? `${row.id.namespace}/` : ''}${row.id.name}`;
  return (
    <li className="flex flex-col gap-2 border-b border-slate-200 py-1 dark:border-slate-700" data-testid="policy-row" data-policy={row.id.name}>
      <div className="flex flex-wrap items-center gap-3">
        <code>{t(`whatIf.policy.kind.${row.id.kind}`)}</code>
        <code className="min-w-48">{id}</code>
        <span>{row.order === undefined ? t('whatIf.policy.noOrder') : t('whatIf.policy.order', { order: row.order })}</span>
        {row.tier !== 'default' && <code>tier {row.tier}</code>}
        {row.assumption && <span className="text-slate-700 dark:text-slate-300">{t('whatIf.policy.assumption')}</span>}
        <span className="ml-auto flex gap-2">
          <button type="button" className={secondaryButton} disabled={busy || !row.yaml} aria-expanded={draft !== undefined} onClick={() => setDraft(draft === undefined ? row.yaml : undefined)} aria-label={t('whatIf.policy.editOf', { name })} data-testid="policy-edit">
            {t('whatIf.policy.edit')}
          </button>
          <button type="button" className={dangerButton} disabled={busy} onClick={() => void edit({ op: 'removePolicy', policy: row.id })} aria-label={t('whatIf.policy.remove', { name })} data-testid="policy-remove">
            {t('whatIf.remove')}
          </button>
        </span>
      </div>
      {draft !== undefined && (
        <form
          className="flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void edit({ op: 'replacePolicy', policy: row.id, yaml: draft }).then((ok) => ok && setDraft(undefined));
          }}
        >
          <Field label={t('whatIf.policy.yamlOf', { name })}>
            <textarea className={textareaClass} rows={Math.min(24, draft.split('\n').length + 1)} spellCheck={false} value={draft} onChange={(e) => setDraft(e.target.value)} data-testid="policy-yaml" />
          </Field>
          <span className="flex gap-2">
            <button type="submit" className={primaryButton} disabled={busy} data-testid="policy-save">
              {t('whatIf.policy.save')}
            </button>
            <button type="button" className={secondaryButton} onClick={() => setDraft(undefined)}>
              {t('whatIf.policy.cancel')}
            </button>
          </span>
        </form>
      )}
    </li>
  );
}

export function PoliciesForm({ model, edit, busy }: { model: EditableModel; edit: Edits; busy: boolean }) {
  const { t } = useTranslation();
  const [text, setText] = useState(EXAMPLE_POLICY);
  const dst = useTrace((s) => s.request?.dst);
  const deliveredPod = useTrace((s) => s.trace?.delivered?.pod);
  const namespace = initialNamespace(model.namespaces, model.podNamespaces, flowPodNamespace({ dst, deliveredPod }));
  return (
    <div className="flex flex-col gap-3" data-testid="policies-form">
      {model.policies.length === 0 ? (
        <p>{t('whatIf.policy.none')}</p>
      ) : (
        <ul className="flex flex-col">
          {model.policies.map((p) => (
            <PolicyItem key={`${p.id.kind}/${p.id.namespace ?? ''}/${p.id.name}/${p.yaml}`} row={p} edit={edit} busy={busy} />
          ))}
        </ul>
      )}
      <PolicyBuilder namespaces={model.namespaces} namespace={namespace} edit={edit} busy={busy} />
      <form
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void edit({ op: 'addPolicy', yaml: text });
        }}
      >
        <Field label={t('whatIf.policy.addLabel')}>
          <textarea className={textareaClass} rows={16} spellCheck={false} value={text} onChange={(e) => setText(e.target.value)} data-testid="policy-add-yaml" />
        </Field>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('whatIf.policy.hint')}</p>
        <span>
          <button type="submit" className={primaryButton} disabled={busy} data-testid="policy-add">
            {t('whatIf.policy.add')}
          </button>
        </span>
      </form>
    </div>
  );
}
