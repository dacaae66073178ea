/**
 * One build and one server for the whole run, whichever layers ask for them. Vitest runs each
 * layer's global setup in its own module graph, so the state lives on globalThis: the build and
 * the server are made by the first layer that needs them and stopped after the last one is done.
 */
import { build } from '../../build/index.ts';
import { startNetlifyDev } from './netlify-dev.ts';
import type { RunningServer } from './netlify-dev.ts';

/** A fixed build time, so the bodies every suite reads are reproducible. */
export const TEST_BUILD_EPOCH = '1767225600'; // 2026-01-01T00:00:00Z

interface RunState {
  built?: Promise<void>;
  server?: Promise<RunningServer>;
  serverUsers: number;
}

const KEY = Symbol.for('skill-catalogue.test-run');
const state: RunState = ((globalThis as Record<symbol, RunState>)[KEY] ??= { serverUsers: 0 });

/** The sample content (or TEST_CONTENT_DIR, a fixture) built into dist/, once per run. */
export function builtOnce(): Promise<void> {
  state.built ??= build({
    contentDir: process.env.TEST_CONTENT_DIR,
    // Production's build whatever the shell says: a CONTEXT of a preview would add its drafts.
    env: { ...process.env, CONTEXT: 'production', SOURCE_DATE_EPOCH: TEST_BUILD_EPOCH },
  }).then(() => undefined);
  return state.built;
}

export async function acquireServer(): Promise<RunningServer> {
  state.serverUsers += 1;
  state.server ??= builtOnce().then(() => startNetlifyDev());
  return state.server;
}

export async function releaseServer(): Promise<void> {
  state.serverUsers -= 1;
  if (state.serverUsers > 0 || !state.server) return;
  const server = state.server;
  state.server = undefined;
  await (await server).stop();
}
