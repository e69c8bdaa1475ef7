/**
 * The command line in process (runCli with collected output): the exit codes
 * scripts rely on, diagnostics with level, object, field and file:line,
 * --quiet, --lang, several inputs and HNS dumps per node, state's YAML view,
 * presets, and flow checks in every format.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PRESETS } from '../engine/index';
import { runCli } from './main';

const FIXTURES = join(import.meta.dirname, '../engine/importers/fixtures');
const EXAMPLE = join(import.meta.dirname, '../../examples/migration-flows.yaml');
const tmp = mkdtempSync(join(tmpdir(), 'packetwalk-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const p = join(tmp, name);
  writeFileSync(p, text);
  return p;
}

function run(...argv: string[]): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = runCli(argv, { out: (s) => void (out += s), err: (s) => void (err += s) });
  return { code, out, err };
}

const lab = ['--scenario', 'k8s-lab'];
const badPod = `apiVersion: v1
kind: Pod
metadata: {name: broken, namespace: demo}
spec: {nodeName: k8s-lab-node-1}
status: {podIP: 999.1.1.1}
`;
const pendingPod = `apiVersion: v1
kind: Pod
metadata: {name: waiting, namespace: demo}
spec: {}
status: {phase: Pending}
`;

describe('exit codes', () => {
  it('0 for a trace, whatever its verdict', () => {
    expect(run('trace', ...lab, '--src', 'pod:demo/web', '--dst', 'svc:demo/hello').code).toBe(0);
    const dropped = run('trace', ...lab, '--src', 'pod:demo/web', '--dst', '192.168.10.25', '--dport', '30081');
    expect(dropped.code).toBe(0);
  });

  it('2 for bad options, unknown presets and files, with one error line', () => {
    for (const argv of [
      ['trace', ...lab, '--src', 'pod:demo/web'],
      ['trace', ...lab, '--src', 'pod:demo/web', '--dst', 'svc:demo/hello', '--dport', '70000'],
      ['trace', ...lab, '--src', 'pod:demo/web', '--dst', 'svc:demo/hello', '--bogus'],
      ['trace', '--scenario', 'no-such-preset', '--src', 'a', '--dst', 'b'],
      ['trace', ...lab, '--src', 'pod:demo/nobody', '--dst', 'svc:demo/hello'],
      ['state', ...lab, '--node', 'nobody'],
      ['readiness', ...lab, '--lang', 'de'],
      ['check', join(tmp, 'missing.yaml')],
      ['frobnicate'],
      [],
    ]) {
      const r = run(...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err, argv.join(' ')).toMatch(/error/);
      expect(r.err).not.toMatch(/\n\s+at /); // no stack trace
    }
  });

  it('2 when an input has an error diagnostic, for every subcommand that reads inputs (readiness too)', () => {
    const bad = file('bad-pod.yaml', badPod);
    const scenario = ['--scenario', `k8s-lab,${bad}`];
    for (const argv of [
      ['trace', ...scenario, '--src', 'pod:demo/web', '--dst', 'svc:demo/hello'],
      ['state', ...scenario, '--node', 'k8s-lab-node-1'],
      ['readiness', ...scenario],
      ['check', EXAMPLE, ...scenario],
    ]) {
      const r = run(...argv);
      expect(r.code, argv[0]).toBe(2);
      // level, object, field and file:line
      expect(r.err, argv[0]).toMatch(new RegExp(`^error Pod demo/broken status\\.podIP ${bad.replaceAll('.', '\\.')}:5: `, 'm'));
    }
  });

  it('readiness: 1 with a blocking finding, 0 without', () => {
    expect(run('readiness', '--scenario', 'k8s-main-before', '--plan-windows').code).toBe(1);
    expect(run('readiness', '--scenario', 'k8s-main-after', '--plan-windows').code).toBe(0);
    expect(run('readiness', ...lab).code).toBe(0);
  });

  it('check: 0 when every flow behaves as expected, 1 when one does not', () => {
    expect(run('check', EXAMPLE, '--scenario', 'k8s-main-after').code).toBe(0);
    expect(run('check', EXAMPLE, '--scenario', 'k8s-main-before').code).toBe(1);
  });
});

describe('diagnostics', () => {
  it('infos are printed, and --quiet hides them', () => {
    const pending = file('pending.yaml', pendingPod);
    const argv = ['state', '--scenario', `k8s-lab,${pending}`, '--node', 'k8s-lab-node-1', '--view', 'routes'];
    const loud = run(...argv);
    expect(loud.code).toBe(0);
    expect(loud.err).toMatch(new RegExp(`^info Pod demo/waiting .*${pending.replaceAll('.', '\\.')}:\\d+: `, 'm'));
    const quiet = run(...argv, '--quiet');
    expect(quiet.code).toBe(0);
    expect(quiet.err).not.toMatch(/^info /m);
    expect(quiet.out).toBe(loud.out);
  });
});

describe('--lang', () => {
  it('prints the trace text and Markdown in Russian with the same steps', () => {
    const argv = ['trace', ...lab, '--src', 'pod:demo/net', '--dst', 'dns:hello'];
    const en = run(...argv).out;
    const ru = run(...argv, '--lang', 'ru').out;
    expect(en).toMatch(/^trace: /);
    expect(ru).toMatch(/^путь: /);
    expect(ru).toMatch(/итог: доставлен/);
    expect(ru.split('\n').filter((l) => /^\s*\d+\. \[/.test(l))).toHaveLength(en.split('\n').filter((l) => /^\s*\d+\. \[/.test(l)).length);
    const md = run(...argv, '--lang', 'ru', '--format', 'markdown').out;
    expect(md).toContain('| # | где | действие | правило | заголовки после | почему |');
  });

  it('leaves JSON as the Trace contract', () => {
    const argv = ['trace', ...lab, '--src', 'pod:demo/net', '--dst', 'dns:hello', '--format', 'json'];
    expect(run(...argv, '--lang', 'ru').out).toBe(run(...argv).out);
  });

  it('readiness text in Russian', () => {
    const r = run('readiness', '--scenario', 'k8s-main-before', '--plan-windows', '--lang', 'ru', '--format', 'text');
    expect(r.out).toMatch(/strict-affinity: .*[а-я]/);
  });
});

describe('inputs', () => {
  it('several files, repeated or comma-separated, load as one scenario', () => {
    const cluster = join(FIXTURES, 'k8s-lab.cluster.yaml');
    const dump = join(FIXTURES, 'k8s-lab.kubectl-get.json');
    const argv = ['--src', 'pod:demo/net', '--dst', 'svc:demo/hello', '--format', 'json'];
    const comma = run('trace', '--scenario', `${dump},${cluster}`, ...argv);
    const repeated = run('trace', '--scenario', dump, '--scenario', cluster, ...argv);
    expect(comma.code).toBe(0);
    expect(repeated.out).toBe(comma.out);
    expect(JSON.parse(comma.out).verdict).toBe('delivered');
  });

  it('HNS dumps per node with --windows-node NAME=FILE,…', () => {
    const dumps = ['Get-HnsNetwork', 'Get-HnsEndpoint', 'Get-HnsPolicyList'].map((c) => join(FIXTURES, `k8s-lab-win-1.${c}.json`));
    const r = run('trace', ...lab, '--windows-node', `k8s-lab-win-1=${dumps.join(',')}`, '--src', 'pod:demo/web', '--dst', 'svc:demo/hello', '--format', 'json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).verdict).toBe('delivered');
    const wrong = run('trace', ...lab, '--windows-node', `k8s-lab-node-1=${dumps[0]}`, '--src', 'pod:demo/web', '--dst', 'svc:demo/hello');
    expect(wrong.code).toBe(2);
    expect(wrong.err).toMatch(/^error --windows-node .*k8s-lab-node-1 is not a Windows node/m);
  });
});

describe('state and preset', () => {
  it('state --view yaml prints a preset as it ships, and several files as given', () => {
    const yaml = PRESETS.find((p) => p.name === 'k8s-lab')!.yaml;
    expect(run('state', ...lab, '--view', 'yaml').out.trim()).toBe(yaml.trim());
    expect(run('preset', 'k8s-lab').out.trim()).toBe(yaml.trim());
    const pending = file('pending2.yaml', pendingPod);
    const both = run('state', '--scenario', `k8s-lab,${pending}`, '--view', 'yaml', '--quiet');
    expect(both.out).toContain(`# ${pending}\n${pendingPod}`);
    expect(both.out).toContain('# k8s-lab\n');
  });

  it('preset lists every preset', () => {
    const r = run('preset');
    expect(r.code).toBe(0);
    for (const p of PRESETS) expect(r.out).toMatch(new RegExp(`^${p.name} `, 'm'));
  });
});

describe('check', () => {
  it('names each unmet expectation on the cluster before the migration', () => {
    const r = run('check', EXAMPLE, '--scenario', 'k8s-main-before');
    // Before the migration demo/allow-nodes-to-hello (part 20's ipBlock of node addresses) admits the node address, so the expected drop is not there.
    expect(r.out).toMatch(/^FAIL hostNetwork → pod .*— delivered\n.*expected verdict dropped, got delivered\n.*reason policy-default-deny.*\n.*vxlan\.calico/m);
    expect(r.out).toMatch(/^1 of 4 flows behave as expected, 3 do not$/m);
  });

  it('junit and tap', () => {
    const junit = run('check', EXAMPLE, '--scenario', 'k8s-main-before', '--format', 'junit').out;
    expect(junit).toMatch(/<testsuite name="k8s-main-before" tests="4" failures="3"/);
    expect(junit.match(/<failure /g)).toHaveLength(3);
    const tap = run('check', EXAMPLE, '--scenario', 'k8s-main-before', '--format', 'tap').out;
    expect(tap).toMatch(/^TAP version 13\n1\.\.4\nnot ok 1 - /);
    expect(tap.match(/^ok \d+/gm)).toHaveLength(1);
  });

  it('takes the scenario from the file, relative to it', () => {
    const cluster = relative(tmp, join(FIXTURES, 'k8s-lab.cluster.yaml'));
    const dump = relative(tmp, join(FIXTURES, 'k8s-lab.kubectl-get.yaml'));
    const flows = file(
      'lab-flows.yaml',
      `scenario: [${dump}, ${cluster}]\nflows:\n  - {src: pod:demo/net, dst: svc:demo/hello, expect: {verdict: delivered}}\n  - {src: pod:demo/web, dst: 192.168.10.25, dport: 30081, expect: {verdict: unsupported, reason: nodeport-from-local-pod}}\n`,
    );
    const r = run('check', flows);
    expect(r.err).not.toMatch(/^error/m);
    expect(r.out).toMatch(/^2 of 2 flows behave as expected/m);
    expect(r.code).toBe(0);
  });

  it('reports a wrong field of the flows file with its line', () => {
    const flows = file('bad-flows.yaml', 'scenario: k8s-lab\nflows:\n  - src: pod:demo/net\n    dst: svc:demo/hello\n    expect: {verdict: arrived}\n');
    const r = run('check', flows);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(new RegExp(`^error flows\\.0\\.expect\\.verdict ${flows.replaceAll('.', '\\.')}:5: `, 'm'));
  });

  it('a flow the scenario cannot trace is bad input', () => {
    const flows = file('ghost-flows.yaml', 'scenario: k8s-lab\nflows:\n  - {src: pod:demo/ghost, dst: svc:demo/hello, expect: {verdict: delivered}}\n');
    const r = run('check', flows);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/:3: .*ghost/);
  });
});

it('the example flows file is the one README shows', () => {
  expect(readFileSync(EXAMPLE, 'utf8')).toMatch(/^scenario: k8s-main-after$/m);
});
