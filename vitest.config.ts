import { defineConfig } from 'vitest/config';
import { LAYERS, NOT_VITEST, TEST_TIMEOUT_MS } from './test/setup/layers.ts';

/** What each layer needs before its first file runs; shared, so `npm test` builds once and serves once. */
const SETUP = {
  unit: [],
  build: ['test/setup/build-layer.ts'],
  http: ['test/setup/server-layer.ts'],
  browser: ['test/setup/server-layer.ts'],
} as const;

/** Every layer: the run's one fast-check seed, printed before the first file and set before each. */
const PROPERTY_SEED_SETUP = 'test/setup/property-seed.ts';
const PROPERTY_SETUP_FILES = ['test/setup/fast-check.ts'];

export default defineConfig({
  test: {
    pool: 'forks',
    testTimeout: TEST_TIMEOUT_MS,
    hookTimeout: 180_000,
    projects: Object.entries(LAYERS).map(([name, layer]) => ({
      extends: true,
      test: {
        name,
        include: [...layer.include],
        exclude: [...layer.exclude, ...NOT_VITEST],
        globalSetup: [PROPERTY_SEED_SETUP, ...SETUP[name as keyof typeof SETUP]],
        setupFiles: PROPERTY_SETUP_FILES,
        // Unit files share one module graph per worker: they read no build and start no server, and
        // loading the modules again for each of ~60 files was most of the layer's time (40 s → 17 s).
        // Each file restores what it stubs.
        isolate: name !== 'unit',
      },
    })),
  },
});
