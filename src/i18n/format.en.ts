/**
 * English words of the trace text and Markdown (`format.*`, engine
 * `trace/format.ts`) and of `packetwalk check` (`check.*`). Shared by the CLI
 * and the page's exports.
 */
export const formatEn = {
  format: {
    trace: 'trace',
    reply: 'reply',
    traceHeading: 'Trace',
    replyHeading: 'Reply',
    headline: {
      first: '{{proto}} {{src}} ({{srcIp}}) → {{dst}} ({{dstIp}}), first packet',
      next: '{{proto}} {{src}} ({{srcIp}}) → {{dst}} ({{dstIp}}), next packet',
    },
    deliveredToPod: 'verdict: delivered to pod {{pod}} on {{node}} at {{ip}}; the socket sees source {{seen}}, TTL {{ttl}}',
    deliveredToNode: 'verdict: delivered to {{node}} at {{ip}}; the socket sees source {{seen}}, TTL {{ttl}}',
    verdictLine: 'verdict: {{verdict}}',
    verdictWhy: 'verdict: {{verdict}} — {{why}} ({{code}})',
    verdict: {
      delivered: 'delivered',
      dropped: 'dropped',
      rejected: 'rejected',
      'no-route': 'no-route',
      unsupported: 'unsupported',
    },
    warning: 'warning: {{why}} ({{code}})',
    rule: 'rule',
    assumption: 'assumption',
    fix: 'fix',
    onTheWire: 'on the wire',
    mermaid: {
      pod: 'pod {{pod}}',
      node: 'node {{node}}',
      vfp: 'VFP {{layer}} on {{node}}',
      uft: 'VFP flow cache on {{node}}',
      host: '{{name}}',
    },
    column: {
      where: 'where',
      action: 'action',
      rule: 'rule',
      headersAfter: 'headers after',
      why: 'why',
      packet: 'packet',
    },
  },
  check: {
    pass: 'ok',
    fail: 'FAIL',
    summary: '{{passed}} of {{total}} flows behave as expected, {{failed}} do not',
    expected: {
      verdict: 'expected verdict {{want}}, got {{got}}',
      reason: 'expected reason {{want}}, got {{got}}',
      reply: 'expected the reply {{want}}, got {{got}}',
      via: 'expected the path through {{want}}, it does not pass there',
      seenSrcIp: 'expected the receiver to see source {{want}}, it sees {{got}}',
      backend: 'expected backend {{want}}, got {{got}}',
    },
    none: 'none',
    noTrace: 'the flow could not be traced: {{why}}',
  },
} as const;
