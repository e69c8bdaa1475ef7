/**
 * The flow picker: source and destination (typed or chosen from the
 * scenario's places: pods, nodes, outside hosts, services by name or
 * ClusterIP, NodePorts), protocol, port, first or next packet; the four
 * families fill it in one click.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlowRequest } from '../engine/index';
import { useActions, useScenario, useTrace } from '../state/hooks';
import { FamilyButtons } from './flow/FamilyButtons';
import { PlaceOptions } from './PlaceOptions';
import { useDrawer } from './workspace/drawerStore';

const PROTOCOLS = ['tcp', 'udp', 'icmp'] as const;
type Proto = (typeof PROTOCOLS)[number];
type PacketKind = 'first' | 'next';

export function TraceForm() {
  const { t } = useTranslation();
  // The seed's flagship flow: the Windows pod web to the Service hello.
  const [src, setSrc] = useState('pod:demo/web');
  const [dst, setDst] = useState('svc:demo/hello');
  const [proto, setProto] = useState<Proto>('tcp');
  const [port, setPort] = useState('');
  const [packet, setPacket] = useState<PacketKind>('first');
  const ready = useScenario((s) => s.status === 'ready');
  // A flow traced from elsewhere (a lesson step, a share link, IPAM, side by side) fills the form too ("state from the previous render").
  const traced = useTrace((s) => s.request);
  const [shown, setShown] = useState(traced);
  if (traced !== shown) {
    setShown(traced);
    if (traced) {
      setSrc(traced.src);
      setDst(traced.dst);
      setProto(traced.proto ?? 'tcp');
      setPort(traced.dport ? String(traced.dport) : '');
      setPacket(traced.packet === 'next' ? 'next' : 'first');
    }
  }
  const running = useTrace((s) => s.status === 'running');
  const { runTrace } = useActions();
  const closeDrawer = useDrawer((s) => s.close);
  // The traced flow gets the room: the drawer closes (the toolbar's "Flow" opens it again).
  const trace = (r: FlowRequest) => {
    closeDrawer();
    void runTrace(r);
  };

  const request = (): FlowRequest => ({
    src: src.trim(),
    dst: dst.trim(),
    proto,
    ...(port.trim() && proto !== 'icmp' ? { dport: Number(port) } : {}),
    ...(packet === 'next' ? { packet } : {}),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    trace(request());
  };
  const pick = (r: FlowRequest) => {
    setSrc(r.src);
    setDst(r.dst);
    setProto(r.proto ?? 'tcp');
    setPort(r.dport ? String(r.dport) : '');
    trace(packet === 'next' ? { ...r, packet } : r);
  };

  const input = 'rounded border border-slate-500 bg-white px-2 py-1 font-mono dark:bg-slate-800';
  return (
    <div className="flex flex-col gap-3">
      <FamilyButtons onPick={pick} />
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-describedby="trace-hint">
        <label className="flex flex-col">
          <span>{t('trace.src')}</span>
          <input data-testid="trace-src" list="places-src" className={`${input} w-56`} value={src} onChange={(e) => setSrc(e.target.value)} required />
        </label>
        <label className="flex flex-col">
          <span>{t('trace.dst')}</span>
          <input data-testid="trace-dst" list="places-dst" className={`${input} w-56`} value={dst} onChange={(e) => setDst(e.target.value)} required />
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
        <label className="flex flex-col">
          <span>{t('flow.port')}</span>
          <input data-testid="trace-port" type="number" min={1} max={65535} inputMode="numeric" className={`${input} w-28`} value={port} disabled={proto === 'icmp'} placeholder={t('flow.portDefault')} onChange={(e) => setPort(e.target.value)} />
        </label>
        <label className="flex flex-col">
          <span>{t('flow.packet')}</span>
          <select data-testid="trace-packet" className={input} value={packet} onChange={(e) => setPacket(e.target.value as PacketKind)}>
            <option value="first">{t('flow.first')}</option>
            <option value="next">{t('flow.next')}</option>
          </select>
        </label>
        <button type="submit" data-testid="trace-submit" disabled={!ready || running} className="rounded bg-teal-800 px-5 py-1.5 font-semibold text-white disabled:bg-slate-400">
          {t('trace.submit')}
        </button>
        <PlaceOptions srcId="places-src" dstId="places-dst" src={src} dst={dst} />
        <p id="trace-hint" className="basis-full text-base text-slate-700 dark:text-slate-300">
          <TraceHint />
        </p>
      </form>
    </div>
  );
}

/** The request syntax: the forms as code (they are typed as written), the words around them translated. */
function TraceHint() {
  const { t } = useTranslation();
  const name = t('trace.hintName');
  const forms = [`pod:NS/${name}`, `svc:NS/${name}`, `node:${name}`, `host:${name}`];
  const [before = '', after = ''] = t('trace.hint', { forms: '\u0000' }).split('\u0000');
  return (
    <>
      {before}
      {forms.map((f, i) => (
        <span key={f}>
          <code>{f}</code>
          {i < forms.length - 1 ? ', ' : ''}
        </span>
      ))}
      {after}
    </>
  );
}
