/**
 * `npm run state -- --scenario <preset|file> --node NAME [--view ID]`
 * Linux views: routes|addr|neigh|fdb|sysctl|nft|pod:NS/NAME; Windows views:
 * hns (all HNS objects) or hns-network|hns-endpoint|hns-namespace|hns-policylist, vfp, routes, lb.
 * Prints a node's state as the real tools show it; without --view, every view
 * under a `# <command>` heading. Exit 2 for bad input.
 */
import { compileScenario, formatDiagnostic, nodeStateViews } from '../engine/index';
import { fail, parseCli } from './args';
import { loadScenarioArg } from './scenarioSource';


const USAGE = 'usage: npm run state -- --scenario <preset|file> --node NAME [--view ID]';
const values = parseCli({ scenario: { type: 'string' }, node: { type: 'string' }, view: { type: 'string' } }, `${USAGE}\nLinux views: addr, routes, neigh, fdb, sysctl, nft, pod:NS/NAME. Windows views: hns (all hns-…), hns-network, hns-endpoint, hns-namespace, hns-policylist, vfp, routes, lb, ipam.`);
if (!values.scenario || !values.node) fail(USAGE);
const loaded = loadScenarioArg(values.scenario);
if ('error' in loaded) fail(loaded.error);
if (!loaded.scenario) fail(loaded.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic).join('; '));
const cluster = compileScenario(loaded.scenario);
const views = nodeStateViews(cluster, values.node);
if (views.length === 0) fail(`no node "${values.node}"; nodes: ${loaded.scenario.nodes.map((n) => n.name).join(', ')}`);
// `--view hns` selects every `hns-…` view.
const chosen = values.view ? views.filter((v) => v.id === values.view || v.id.startsWith(`${values.view}-`)) : views;
if (chosen.length === 0) fail(`no view "${values.view}"; views: ${views.map((v) => v.id).join(', ')}`);
process.stdout.write(`${chosen.map((v) => (chosen.length === 1 ? v.text : `# ${v.title}\n${v.text}`)).join('\n\n')}\n`);
