import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlowRequest } from '../engine/index';
import { useActions, useScenario, useTrace } from '../state/hooks';
import { PlaceOptions } from './PlaceOptions';

const PROTOCOLS = ['tcp', 'udp', 'icmp'] as const;
type Proto = (typeof PROTOCOLS)[number];

/** Source, destination and protocol of one flow; submits it to the worker. */
export function TraceForm() {
  const { t } = useTranslation();
  // A Linux client until the Windows datapath lands; then the seed's flagship flow is pod:demo/web → svc:demo/hello.
  const [src, setSrc] = useState('pod:demo/net');
  const [dst, setDst] = useState('svc:demo/hello');
  const [proto, setProto] = useState<Proto>('tcp');
  const ready = useScenario((s) => s.status === 'ready');
  const running = useTrace((s) => s.status === 'running');
  const { runTrace } = useActions();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request: FlowRequest = { src: src.trim(), dst: dst.trim(), proto };
    void runTrace(request);
  };

  const input = 'rounded border border-slate-400 bg-white px-2 py-1 font-mono';
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-4" aria-describedby="trace-hint">
      <label className="flex flex-col">
        <span>{t('trace.src')}</span>
        <input data-testid="trace-src" list="places-src" className={input} value={src} onChange={(e) => setSrc(e.target.value)} required />
      </label>
      <label className="flex flex-col">
        <span>{t('trace.dst')}</span>
        <input data-testid="trace-dst" list="places-dst" className={input} value={dst} onChange={(e) => setDst(e.target.value)} required />
      </label>
      <label className="flex flex-col">
        <span>{t('trace.proto')}</span>
        <select data-testid="trace-proto" className={input} value={proto} onChange={(e) => setProto(e.target.value as Proto)}>
          {PROTOCOLS.map((p) => (
            <option key={p} value={p}>
              {p.toUpperCase()}
            </option>
          ))}
        </select>
      </label>
      <button
        type="submit"
        data-testid="trace-submit"
        disabled={!ready || running}
        className="rounded bg-teal-800 px-5 py-1.5 font-semibold text-white disabled:bg-slate-400"
      >
        {t('trace.submit')}
      </button>
      <PlaceOptions srcId="places-src" dstId="places-dst" />
      <p id="trace-hint" className="basis-full text-slate-700">
        {t('trace.hint')}
      </p>
    </form>
  );
}
