/** `npm run bench`'s options, apart from the script so that they can be read without benchmarking. */

/** The page whose tables the bench writes. */
export const PERFORMANCE_PAGE = 'docs/performance.md';

/** The page whose table of the build's targets the bench writes (scripts/bench/targets.ts). */
export const TARGETS_PAGE = 'README.md';

/** The sizes whose run is the one the page shows; a run of other sizes leaves it alone. */
export const DEFAULT_SIZES = '1000,4000,10000,50000';

export const BENCH_OPTIONS = {
  sizes: { type: 'string', default: DEFAULT_SIZES },
  runs: { type: 'string', default: '3' },
} as const;

/** The stamp every build and floor of the bench runs with: a fixed time and commit, so each run
 * makes the same bytes, and the repository Netlify names for a site built from git (no build on
 * Netlify asks git for it, build/repository.ts). */
export const BENCH_ENV = { SOURCE_DATE_EPOCH: '1767225600', COMMIT_REF: 'bench00', REPOSITORY_URL: 'https://github.com/skill-shelf/catalogue' } as const;
