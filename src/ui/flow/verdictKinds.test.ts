import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en';
import { explainEn } from '../../i18n/explain.en';
import { explainRu } from '../../i18n/explain.ru';
import { ru } from '../../i18n/ru';
import type { ReasonCode } from '../../engine/index';
import { verdictKind } from './verdictKinds';

describe('verdictKind', () => {
  it('names the real Windows limitations as the platform refusing, not the simulator', () => {
    for (const code of ['nodeport-from-own-node', 'windows-hostnetwork-unsupported', 'lb-backend-cap-exceeded', 'windows-ipv6-calico'] satisfies ReasonCode[]) {
      expect(verdictKind({ verdict: 'unsupported', reason: { code, params: {} } }), code).toBe('limitation');
    }
  });

  it('keeps "not modelled" for what the simulator does not know, and for an unknown unsupported reason', () => {
    expect(verdictKind({ verdict: 'dropped', reason: { code: 'switch-loop', params: {} } })).toBe('not-modelled');
    expect(verdictKind({ verdict: 'unsupported', reason: { code: 'something-new' as ReasonCode, params: {} } })).toBe('not-modelled');
  });

  it('calls an unresolvable name NXDOMAIN, not "no route" (the dotted short name on Windows included)', () => {
    expect(verdictKind({ verdict: 'no-route', reason: { code: 'dns-nxdomain', params: {} } })).toBe('name-error');
    expect(verdictKind({ verdict: 'no-route', reason: { code: 'dns-dotted-name-windows', params: {} } })).toBe('name-error');
    expect(verdictKind({ verdict: 'no-route', reason: { code: 'no-route', params: {} } })).toBe('fails');
  });
});

describe('what to do', () => {
  it('every reason the engine can give has its own advice in both languages (no generic fallback)', () => {
    const reasons = Object.keys(explainEn.reason);
    expect(reasons.length).toBeGreaterThan(40);
    expect(Object.keys(explainRu.reason).sort()).toEqual(reasons.sort());
    const missing = reasons.filter((code) => !(code in en.advice) || !(code in ru.advice));
    expect(missing).toEqual([]);
  });
});
