/**
 * `packetwalk state --scenario … --node NAME [--view ID]`: a node's state as
 * the real tools print it (Linux: datapath, addr, routes, neigh, fdb, sysctl,
 * nft, iptables, ipset, pod:NS/NAME; Windows: hns or hns-network|hns-endpoint|hns-namespace|
 * hns-policylist, vfp, routes, lb, ipam); without --view every view under a
 * `# <command>` heading. `--view yaml` (no --node) prints the scenario's
 * YAML: a preset as it ships, files as given (JSON as YAML documents).
 */
import { looksLikeHnsDump, nodeStateViews, PRESETS, type NodeStateView } from '../engine/index';
import { translator } from './i18n';
import { parseAllDocuments, stringify } from 'yaml';
import { CliError, EXIT, INPUT_OPTIONS, INPUT_USAGE, langOption, noPositionals, parseCli } from './args';
import { readInputText } from './inputs';
import type { Io } from './io';
import { openSession } from './session';

export const STATE_USAGE = `usage: packetwalk state --scenario <preset|file>[,…] --node NAME [--view ID]
       packetwalk state --scenario <preset|file>[,…] --view yaml
  Linux views: datapath, addr, routes, neigh, fdb, sysctl, nft, iptables, ipset (when the node has them), pod:NS/NAME
  Windows views: hns (every hns-…), hns-network, hns-endpoint, hns-namespace, hns-policylist, vfp, routes, lb, ipam
  yaml: the scenario's YAML (a preset as it ships; files as given, JSON as YAML documents)
${INPUT_USAGE}
Exit codes: 0 success; 2 bad input.`;

/** The YAML of the inputs: a preset's text as it ships; a file's text, or its JSON (a kubectl List too) as YAML documents. */
export function scenarioYaml(args: readonly string[]): string {
  const names = args.flatMap((a) => a.split(',')).map((s) => s.trim()).filter(Boolean);
  const parts = names.map((name) => {
    const preset = PRESETS.find((p) => p.name === name);
    const text = preset ? preset.yaml : readInputText(name);
    if (looksLikeHnsDump(text)) return '';
    const body = /^\s*[[{]/.test(text) ? jsonAsYaml(text) : text;
    return names.length > 1 ? `# ${name}\n${body.replace(/\n*$/, '\n')}` : body;
  });
  return parts.filter(Boolean).join('---\n');
}

function jsonAsYaml(text: string): string {
  const docs = parseAllDocuments(text);
  const value = (Array.isArray(docs) ? docs[0] : undefined)?.toJS() as { kind?: string; items?: unknown[] } | undefined;
  const items = value?.kind?.endsWith('List') && Array.isArray(value.items) ? value.items : [value];
  return items.map((i) => stringify(i)).join('---\n');
}

export function runState(argv: string[], io: Io): number {
  const { values, positionals } = parseCli(argv, { ...INPUT_OPTIONS, node: { type: 'string' }, view: { type: 'string' } }, STATE_USAGE);
  if (values.help) {
    io.out(`${STATE_USAGE}\n`);
    return EXIT.ok;
  }
  noPositionals(positionals, STATE_USAGE);
  const { scenario, cluster } = openSession(values, io);
  if (values.view === 'yaml') {
    io.out(scenarioYaml(values.scenario ?? []).replace(/\n*$/, '\n'));
    return EXIT.ok;
  }
  const nodes = scenario.nodes.map((n) => n.name).join(', ');
  if (!values.node) throw new CliError(`--node is required (nodes: ${nodes}), or --view yaml`, STATE_USAGE);
  const views = nodeStateViews(cluster, values.node);
  if (views.length === 0) throw new CliError(`no node "${values.node}"; nodes: ${nodes}`);
  // `--view hns` selects every `hns-…` view.
  const chosen = values.view ? views.filter((v) => v.id === values.view || v.id.startsWith(`${values.view}-`)) : views;
  if (chosen.length === 0) throw new CliError(`no view "${values.view}"; views: ${views.map((v) => v.id).join(', ')}, yaml`);
  // Several views: each under its command and what it follows (the version notes, in --lang); one view: its text alone.
  const t = translator(langOption(values.lang));
  const head = (v: NodeStateView): string => [`# ${v.title}`, ...(v.notes ?? []).map((n) => `# ${t(n.key, n.params)}`)].join('\n');
  io.out(`${chosen.map((v) => (chosen.length === 1 ? v.text : `${head(v)}\n${v.text}`)).join('\n\n')}\n`);
  return EXIT.ok;
}
