/**
 * The test layers, each runnable alone (`npm run test:<layer>`), and `npm test` runs them all once:
 *
 * - unit: pure modules and in-memory fixtures; no build, no server. Tests sit beside their code.
 * - build: the sample content built once into dist/, then read (pages, twins, headers, bad content).
 * - http: the same build served by `netlify dev --offline`, one server for every HTTP file.
 * - browser: Chromium against that server.
 *
 * A file belongs to exactly one layer (test/layers.test.ts checks every test file in the tree).
 */
export const LAYERS = {
  unit: {
    include: ['build/**/*.test.ts', 'site/**/*.test.ts', 'core/**/*.test.ts', 'runtime/**/*.test.ts', 'dev/**/*.test.ts', 'functions/**/*.test.ts', 'scripts/**/*.test.ts', 'test/unit/**/*.test.ts'],
    // Reads what a build wrote.
    exclude: ['build/hand-headers.test.ts'],
  },
  build: {
    include: ['test/*.test.ts', 'test/build/**/*.test.ts', 'test/dist/**/*.test.ts', 'test/pages/**/*.test.ts', 'test/payment/**/*.test.ts',
      'build/hand-headers.test.ts'],
    exclude: [],
  },
  http: { include: ['test/e2e/**/*.test.ts', 'test/http/**/*.test.ts'], exclude: [] },
  browser: { include: ['test/browser/**/*.test.ts'], exclude: [] },
} as const satisfies Record<string, { include: readonly string[]; exclude: readonly string[] }>;

export type Layer = keyof typeof LAYERS;

/** A test's time limit where it names none (vitest.config.ts); the explorer scales it with the runs. */
export const TEST_TIMEOUT_MS = 30_000;

/** Edge Functions run on Deno and are tested there (`npm run test:deno`), never by vitest. */
export const NOT_VITEST = ['functions/edge/**', 'node_modules/**'];
