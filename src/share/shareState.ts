/**
 * Everything a share link carries, as one plain record the UI maps its
 * stores to and from (scenario, flow, playback position, side by side,
 * language, theme, embed).
 */
import { z } from 'zod';
import type { FlowRequest } from '../engine/index';
import type { ScenarioSource } from './scenarioSource';
import { scenarioSourceSchema } from './scenarioSourceSchema';

export interface ShareState {
  /** The main scenario: a preset, YAML text or imported files (plus edits). */
  scenario: ScenarioSource;
  /** The flow as the trace form states it (`FlowRequest`). */
  flow: FlowRequest;
  /** Playback position: an index into the trace's steps followed by its reply's (as `playItems` lists them). */
  step: number;
  /** Summary (hop steps) or every step; absent = summary. */
  detail?: 'summary' | 'detailed';
  /** Side by side: the second scenario; absent = side by side off. */
  compare?: ScenarioSource;
  language: 'en' | 'ru';
  theme: 'light' | 'dark' | 'auto';
  /** Embed mode: only the diagram and the step controls. */
  embed: boolean;
  /** A guided lesson being followed: its id and step (0-based). */
  lesson?: { id: string; step: number };
}

const port = z.number().int().min(1).max(65535);
const spec = z.string().min(1).max(300);

export const flowRequestSchema = z.strictObject({
  src: spec,
  dst: spec,
  proto: z.enum(['tcp', 'udp', 'icmp']).optional(),
  dport: port.optional(),
  sport: port.optional(),
  size: z.number().int().min(28).max(65535).optional(),
  df: z.boolean().optional(),
  fromNode: z.string().min(1).max(253).optional(),
  packet: z.enum(['first', 'next']).optional(),
  backend: z.string().min(1).max(60).optional(),
});

// The schema's type and the engine's FlowRequest must stay the same shape.
type SameFlow = z.infer<typeof flowRequestSchema> extends FlowRequest ? (FlowRequest extends z.infer<typeof flowRequestSchema> ? true : never) : never;
const _sameFlow: SameFlow = true;
void _sameFlow;

export const shareStateSchema = z.strictObject({
  scenario: scenarioSourceSchema,
  flow: flowRequestSchema,
  step: z.number().int().min(0).max(100_000),
  detail: z.enum(['summary', 'detailed']).optional(),
  compare: scenarioSourceSchema.optional(),
  language: z.enum(['en', 'ru']),
  theme: z.enum(['light', 'dark', 'auto']),
  embed: z.boolean(),
  lesson: z.strictObject({ id: z.string().min(1).max(100), step: z.number().int().min(0).max(1000) }).optional(),
});

type SameState = z.infer<typeof shareStateSchema> extends ShareState ? (ShareState extends z.infer<typeof shareStateSchema> ? true : never) : never;
const _sameState: SameState = true;
void _sameState;
