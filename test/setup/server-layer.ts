/**
 * The http and browser layers: the build served by `netlify dev --offline` on a free loopback port.
 * Suites read its address with `inject('serverUrl')` (or `serverUrl` from test/helpers/server.ts).
 */
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { acquireServer, releaseServer } from './shared.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the `netlify dev` serving this run. */
    serverUrl: string;
  }
}

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await acquireServer();
  project.provide('serverUrl', server.url);
  return releaseServer;
}
