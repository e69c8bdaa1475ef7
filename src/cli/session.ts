/**
 * The part every subcommand shares: load the inputs, compile them (a Windows
 * node with HNS dumps is built from the dumps), print the diagnostics, and
 * refuse the input (exit 2) when any of them is an error — answering for
 * what is left of a scenario with errors would answer a different question.
 */
import { compileScenario, type CompiledCluster, type ImportResult, type Scenario } from '../engine/index';
import { CliError } from './args';
import { reportDiagnostics } from './diagnostics';
import { compareAttachedHns, loadInputs } from './inputs';
import type { Io } from './io';

export interface Session {
  loaded: ImportResult;
  scenario: Scenario;
  cluster: CompiledCluster;
  /** Each HNS dump compared with what the cluster objects imply for its node. */
  hns: ReturnType<typeof compareAttachedHns>;
}

export interface InputValues {
  scenario?: string[];
  'windows-node'?: string[];
  quiet?: boolean;
}

export function openSession(values: InputValues, io: Io): Session {
  const loaded = loadInputs(values.scenario ?? [], values['windows-node'] ?? []);
  const quiet = Boolean(values.quiet);
  let errors = reportDiagnostics(loaded.diagnostics, io, quiet);
  if (!loaded.scenario) throw new CliError(errors ? `the scenario could not be loaded (${errors} error diagnostic${errors === 1 ? '' : 's'} above)` : 'the scenario could not be loaded');
  if (errors) throw new CliError(`${errors} error diagnostic${errors === 1 ? '' : 's'} in the inputs`);
  const cluster = compileScenario(loaded.scenario, { hns: loaded.hns });
  errors = reportDiagnostics(cluster.diagnostics, io, quiet);
  if (errors) throw new CliError(`${errors} error diagnostic${errors === 1 ? '' : 's'} in the inputs`);
  // The mismatches are against what the cluster objects imply, so they compare with a cluster derived without the dumps.
  const hns = loaded.hns.length ? compareAttachedHns(loaded, compileScenario(loaded.scenario)) : [];
  for (const h of hns) {
    for (const m of h.mismatches) {
      if (quiet && m.severity === 'info') continue;
      io.err(`${m.severity} HNS ${h.node} ${m.object}${m.field ? ` ${m.field}` : ''} ${h.files.join(',')}: ${m.message}\n`);
    }
  }
  return { loaded, scenario: loaded.scenario, cluster, hns };
}
