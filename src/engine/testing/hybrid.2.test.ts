/** Shard 2 of the hybrid invariants (see hybrid.suite.ts); one file per shard so vitest spreads them over the cores. */
import { defineHybridShard } from './hybrid.suite';

defineHybridShard(2);
