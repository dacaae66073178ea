import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['build/**/*.test.ts', 'functions/**/*.test.ts', 'scripts/**/*.test.ts', 'test/**/*.test.ts'],
    // Builds the sample content into dist/ and serves it with `netlify dev --offline` for the HTTP suites.
    globalSetup: ['test/setup/global.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
