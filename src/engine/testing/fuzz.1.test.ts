/** Shard 1 of the fuzzer (see fuzz.suite.ts); one file per shard so vitest spreads them over the cores. */
import { defineFuzzShard } from './fuzz.suite';

defineFuzzShard(1);
