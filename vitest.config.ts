import { defineConfig } from 'vitest/config';
import { LAYERS, NOT_VITEST } from './test/setup/layers.ts';

/** What each layer needs before its first file runs; shared, so `npm test` builds once and serves once. */
const SETUP = {
  unit: [],
  build: ['test/setup/build-layer.ts'],
  http: ['test/setup/server-layer.ts'],
  browser: ['test/setup/server-layer.ts'],
} as const;

export default defineConfig({
  test: {
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 180_000,
    projects: Object.entries(LAYERS).map(([name, layer]) => ({
      extends: true,
      test: {
        name,
        include: [...layer.include],
        exclude: [...layer.exclude, ...NOT_VITEST],
        globalSetup: [...SETUP[name as keyof typeof SETUP]],
      },
    })),
  },
});
