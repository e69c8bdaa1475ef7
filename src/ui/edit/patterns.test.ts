import { describe, expect, it } from 'vitest';
import { NODE_NAME_PATTERN } from './patterns';

/** As a browser applies `pattern`: anchored, compiled with the `v` flag. */
const asBrowser = (pattern: string) => new RegExp(`^(?:${pattern})$`, 'v');

describe('NODE_NAME_PATTERN', () => {
  it('compiles as the browser compiles it (the v flag) and checks node names', () => {
    expect(() => asBrowser('[a-z0-9]([-a-z0-9.]*[a-z0-9])?')).toThrow(); // the old pattern
    const re = asBrowser(NODE_NAME_PATTERN);
    for (const ok of ['k8s-lab-win-2', 'node.example', 'a']) expect(re.test(ok), ok).toBe(true);
    for (const bad of ['-node', 'Node', 'node-', 'no_de']) expect(re.test(bad), bad).toBe(false);
  });
});
