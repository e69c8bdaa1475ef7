/**
 * The network settings: per pool encapsulation, blockSize, natOutgoing and
 * cidr (the Installation's ipPools[] and IPPool objects), Installation bgp,
 * IPAM strictAffinity, Felix VXLAN VNI/port, kube-proxy enableDSR, Flannel
 * backend. Selects and checkboxes apply at once; typed values on "Apply".
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ENCAPSULATIONS, type EditableModel } from '../../edit/editableModel';
import type { Edit } from '../../edit/edits';
import { Check, Field, Select, card, inputClass, intOrUndefined, primaryButton } from './controls';

type Apply = (edit: Edit) => void;

function PoolForm({ pool, apply, busy }: { pool: EditableModel['pools'][number]; apply: Apply; busy: boolean }) {
  const { t } = useTranslation();
  const [blockSize, setBlockSize] = useState(String(pool.blockSize));
  const [cidr, setCidr] = useState(pool.cidr);
  const ref = { source: pool.source, name: pool.name };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const size = intOrUndefined(blockSize);
    apply({ op: 'setPool', pool: ref, ...(size !== undefined && size !== pool.blockSize ? { blockSize: size } : {}), ...(cidr !== pool.cidr ? { cidr } : {}) });
  };
  const encaps = ENCAPSULATIONS.includes(pool.encapsulation as never) ? ENCAPSULATIONS : [...ENCAPSULATIONS, pool.encapsulation];
  return (
    <fieldset className={card} data-testid={`pool-${pool.name}`}>
      <legend className="px-1 font-semibold">
        {t('whatIf.network.pool')} <span className="font-mono">{pool.name}</span> ({pool.source === 'installation' ? t('whatIf.network.installationPool') : t('whatIf.network.ippoolObject')})
      </legend>
      <div className="flex flex-wrap items-end gap-3">
        <Select
          label={t('whatIf.network.encapsulation')}
          testId="pool-encapsulation"
          value={pool.encapsulation}
          options={encaps}
          disabled={busy}
          onChange={(v) => apply({ op: 'setPool', pool: ref, encapsulation: v as (typeof ENCAPSULATIONS)[number] })}
        />
        <Check label={t('whatIf.network.natOutgoing')} testId="pool-nat" checked={pool.natOutgoing} disabled={busy} onChange={(v) => apply({ op: 'setPool', pool: ref, natOutgoing: v })} />
        <form className="flex flex-wrap items-end gap-2" onSubmit={submit}>
          <Field label={t('whatIf.network.blockSize')}>
            <input className={`${inputClass} w-24`} type="number" min={20} max={32} value={blockSize} onChange={(e) => setBlockSize(e.target.value)} data-testid="pool-blocksize" />
          </Field>
          <Field label={t('whatIf.network.cidr')}>
            <input className={`${inputClass} w-44 font-mono`} value={cidr} onChange={(e) => setCidr(e.target.value)} data-testid="pool-cidr" />
          </Field>
          <button type="submit" className={primaryButton} disabled={busy}>
            {t('whatIf.apply')}
          </button>
        </form>
      </div>
    </fieldset>
  );
}

function FelixForm({ felix, apply, busy }: { felix: NonNullable<EditableModel['felix']>; apply: Apply; busy: boolean }) {
  const { t } = useTranslation();
  const [vni, setVni] = useState(felix.vni === undefined ? '' : String(felix.vni));
  const [port, setPort] = useState(felix.port === undefined ? '' : String(felix.port));
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        apply({ op: 'setFelixVxlan', vni: intOrUndefined(vni) ?? null, port: intOrUndefined(port) ?? null });
      }}
    >
      <Field label={t('whatIf.network.vni')}>
        <input className={`${inputClass} w-32`} type="number" min={1} placeholder={`${t('whatIf.network.defaultValue')} 4096`} value={vni} onChange={(e) => setVni(e.target.value)} data-testid="felix-vni" />
      </Field>
      <Field label={t('whatIf.network.port')}>
        <input className={`${inputClass} w-32`} type="number" min={1} max={65535} placeholder={`${t('whatIf.network.defaultValue')} 4789`} value={port} onChange={(e) => setPort(e.target.value)} data-testid="felix-port" />
      </Field>
      <button type="submit" className={primaryButton} disabled={busy}>
        {t('whatIf.apply')}
      </button>
    </form>
  );
}

function FlannelForm({ flannel, apply, busy }: { flannel: NonNullable<EditableModel['flannel']>; apply: Apply; busy: boolean }) {
  const { t } = useTranslation();
  const [vni, setVni] = useState(flannel.vni === undefined ? '' : String(flannel.vni));
  const [port, setPort] = useState(flannel.port === undefined ? '' : String(flannel.port));
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Select label={t('whatIf.network.flannelBackend')} testId="flannel-backend" value={flannel.type} options={['vxlan', 'host-gw'] as const} disabled={busy} onChange={(v) => apply({ op: 'setFlannelBackend', type: v })} />
      {flannel.type === 'vxlan' && (
        <>
          <Check label={t('whatIf.network.directRouting')} checked={flannel.directRouting} disabled={busy} onChange={(v) => apply({ op: 'setFlannelBackend', type: 'vxlan', directRouting: v })} />
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              apply({ op: 'setFlannelBackend', type: 'vxlan', vni: intOrUndefined(vni) ?? null, port: intOrUndefined(port) ?? null });
            }}
          >
            <Field label={t('whatIf.network.flannelVni')}>
              <input className={`${inputClass} w-28`} type="number" min={1} value={vni} onChange={(e) => setVni(e.target.value)} />
            </Field>
            <Field label={t('whatIf.network.flannelPort')}>
              <input className={`${inputClass} w-28`} type="number" min={1} max={65535} value={port} onChange={(e) => setPort(e.target.value)} />
            </Field>
            <button type="submit" className={primaryButton} disabled={busy}>
              {t('whatIf.apply')}
            </button>
          </form>
        </>
      )}
    </div>
  );
}

export function NetworkForm({ model, apply, busy }: { model: EditableModel; apply: Apply; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3">
      {model.pools.length === 0 && !model.flannel && <p>{t('whatIf.network.noPools')}</p>}
      {model.pools.map((p) => (
        <PoolForm key={`${p.source}/${p.name}/${p.blockSize}/${p.cidr}`} pool={p} apply={apply} busy={busy} />
      ))}
      <div className="flex flex-wrap items-end gap-4">
        {model.bgp !== undefined && (
          <Select label={t('whatIf.network.bgp')} testId="installation-bgp" value={model.bgp} options={['Enabled', 'Disabled'] as const} disabled={busy} onChange={(v) => apply({ op: 'setBgp', enabled: v === 'Enabled' })} />
        )}
        {model.strictAffinity !== undefined && (
          <Check label={t('whatIf.network.strictAffinity')} testId="strict-affinity" checked={model.strictAffinity} disabled={busy} onChange={(v) => apply({ op: 'setStrictAffinity', value: v })} />
        )}
        {model.winkernel && <Check label={t('whatIf.network.enableDSR')} testId="enable-dsr" checked={model.enableDSR ?? false} disabled={busy} onChange={(v) => apply({ op: 'setEnableDSR', value: v })} />}
      </div>
      {model.felix && <FelixForm key={`${model.felix.vni}/${model.felix.port}`} felix={model.felix} apply={apply} busy={busy} />}
      {model.flannel && <FlannelForm key={`${model.flannel.type}/${model.flannel.vni}/${model.flannel.port}`} flannel={model.flannel} apply={apply} busy={busy} />}
    </div>
  );
}
