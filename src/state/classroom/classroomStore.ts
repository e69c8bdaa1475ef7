/**
 * What the share, embed, presentation and lesson features hold beside the
 * other stores: which page layout is shown, the main scenario as a reference
 * a link can carry, the message about a link that could not be opened, and
 * whether a shared view is being opened.
 */
import { createStore } from 'zustand/vanilla';
import type { ScenarioSource } from '../../share/scenarioSource';

/** `app`: the whole page; `embed`: only the diagram and the step controls; `present`: full screen for a class. */
export type ViewMode = 'app' | 'embed' | 'present';

/** Why a link did not open as made: a codec error, or the scenario/flow it names failed in the worker. */
export type NoticeCode = 'corrupt' | 'unsupported-version' | 'invalid' | 'scenario' | 'trace';

export interface ClassroomState {
  mode: ViewMode;
  /** The main scenario as a share link names it; follows the preset switcher unless a link or lesson loaded text. */
  scenarioRef: ScenarioSource;
  notice?: { code: NoticeCode; message: string };
  /** A shared view or a lesson step is being loaded. */
  opening: boolean;
}

export function createClassroomStore(preset: string) {
  return createStore<ClassroomState>()(() => ({ mode: 'app', scenarioRef: { preset }, opening: false }));
}

export type ClassroomStore = ReturnType<typeof createClassroomStore>;
