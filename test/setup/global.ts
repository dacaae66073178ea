/**
 * Once per test run: build the sample content into dist/ (fixed build time, so bodies are
 * reproducible), then start `netlify dev --offline` on a free loopback port for the HTTP suites.
 * Tests read the server's address with `inject('serverUrl')`. `SKIP_SERVER=1` skips the server for
 * a quick run of the in-process suites (the HTTP suites then skip themselves).
 */
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { build } from '../../build/index.ts';
import { startNetlifyDev } from './netlify-dev.ts';
import type { RunningServer } from './netlify-dev.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of `netlify dev`, or '' when SKIP_SERVER=1. */
    serverUrl: string;
  }
}

export const TEST_BUILD_EPOCH = '1767225600'; // 2026-01-01T00:00:00Z

let server: RunningServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  // TEST_CONTENT_DIR lets a run use another content folder (a fixture) than content/.
  await build({ contentDir: process.env.TEST_CONTENT_DIR, env: { ...process.env, SOURCE_DATE_EPOCH: TEST_BUILD_EPOCH } });
  if (process.env.SKIP_SERVER !== '1') server = await startNetlifyDev();
  project.provide('serverUrl', server?.url ?? '');
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
