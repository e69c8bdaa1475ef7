/**
 * Input files → a scenario plus HNS dumps: kubectl dumps and other scenario
 * files are merged (loadScenarioFiles); HNS dumps (recognised by shape) are
 * parsed and attached to one Windows node — the one named by `windowsNode`,
 * else the node whose InternalIP is the dump's network ManagementIP.
 */
import type { Diagnostic } from '../model/diagnostic';
import type { Scenario } from '../model/scenario';
import { loadScenarioFiles, type InputFile, type LoadResult } from '../scenario/load';
import { checkHnsReferences } from './hnsCheck';
import { emptyHnsImport, looksLikeHnsDump, parseHnsDump, type HnsImport } from './hnsDump';

/** HNS dumps of one Windows node. */
export interface HnsAttachment {
  node: string;
  files: string[];
  hns: HnsImport;
}

export interface ImportResult extends LoadResult {
  hns: HnsAttachment[];
}

export interface ImportOptions {
  /** The Windows node the HNS dumps come from (else found by ManagementIP). */
  windowsNode?: string;
}

/**
 * Loads files of any supported kind. Never throws; a file that fails leaves
 * the others loaded, and its diagnostics name it.
 */
export function importFiles(files: readonly InputFile[], opts: ImportOptions = {}): ImportResult {
  const hnsFiles = files.filter((f) => looksLikeHnsDump(f.text));
  const rulesets = files.filter((f) => !hnsFiles.includes(f) && looksLikeNftRuleset(f.text));
  const scenarioFiles = files.filter((f) => !hnsFiles.includes(f) && !rulesets.includes(f));
  const loaded = scenarioFiles.length > 0 ? loadScenarioFiles(scenarioFiles) : { scenario: null, diagnostics: [{ severity: 'error', code: 'missing-reference', message: 'no scenario file among the inputs (only HNS dumps)' } satisfies Diagnostic] };
  const diagnostics = [...loaded.diagnostics];
  for (const f of rulesets) {
    diagnostics.push({ severity: 'error', code: 'yaml-syntax', file: f.name, line: 1, message: 'this is an nftables ruleset (nft list …): packetwalk computes the rules from the cluster objects and prints them in its state view, but does not read them; load the cluster objects (kubectl get … -o yaml) instead' });
  }
  const hns: HnsAttachment[] = [];
  if (hnsFiles.length > 0) {
    const merged = emptyHnsImport();
    for (const f of hnsFiles) diagnostics.push(...parseHnsDump(f.text, f.name, merged).diagnostics);
    diagnostics.push(...checkHnsReferences(merged, hnsFiles.map((f) => f.name).join(', ')));
    const node = attachTo(loaded.scenario, merged, opts, diagnostics, hnsFiles.map((f) => f.name));
    if (node) hns.push({ node, files: hnsFiles.map((f) => f.name), hns: merged });
  }
  return { scenario: loaded.scenario, diagnostics, hns };
}

/** `nft list ruleset`/`nft list table …` output: it starts with a `table <family> <name> {` line. */
function looksLikeNftRuleset(text: string): boolean {
  return /^\s*table (ip|ip6|inet|arp|bridge|netdev) \S+ \{/.test(text.replace(/^\uFEFF/, ''));
}

function attachTo(s: Scenario | null, hns: HnsImport, opts: ImportOptions, diags: Diagnostic[], files: string[]): string | undefined {
  const file = files.join(', ');
  const windows = s?.nodes.filter((n) => n.os === 'windows') ?? [];
  if (opts.windowsNode) {
    if (windows.some((n) => n.name === opts.windowsNode)) return opts.windowsNode;
    diags.push({ severity: 'error', code: 'missing-reference', file, message: `--windows-node ${opts.windowsNode} is not a Windows node of the scenario; the HNS dumps are not attached` });
    return undefined;
  }
  const ips = new Set(hns.networks.map((n) => n.ManagementIP).filter(Boolean));
  const match = windows.filter((n) => ips.has(n.internalIP));
  if (match.length === 1) return match[0]!.name;
  if (windows.length === 1 && ips.size === 0) return windows[0]!.name;
  diags.push({ severity: 'error', code: 'missing-reference', file, message: ips.size ? `no Windows node has the dump's ManagementIP (${[...ips].join(', ')}); name it with --windows-node` : 'which Windows node the HNS dumps come from is unknown; name it with --windows-node' });
  return undefined;
}
