/**
 * `npm run build`: build dist/ from content/, reusing what the build cache already rendered.
 * Options: --content DIR, --out DIR, --no-cache (render everything), --threads N (default: every
 * core), --quiet.
 */
import { parseArgs } from 'node:util';
import { build, DEFAULT_CACHE_DIR } from '../build/index.ts';
import { ContentError } from '../build/content-error.ts';

const { values } = parseArgs({
  options: {
    content: { type: 'string' },
    out: { type: 'string' },
    'no-cache': { type: 'boolean', default: false },
    threads: { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
});

try {
  const started = performance.now();
  const { files } = await build({
    contentDir: values.content,
    outDir: values.out,
    cacheDir: values['no-cache'] ? null : DEFAULT_CACHE_DIR,
    threads: values.threads === undefined ? undefined : Number(values.threads),
    log: values.quiet ? undefined : (line) => console.log(line),
  });
  console.log(`Built ${files.length} files in ${(performance.now() - started).toFixed(0)} ms.`);
} catch (error) {
  if (error instanceof ContentError) {
    console.error(`${error.message}\nNothing was written: dist/ is as it was.`);
    process.exit(1);
  }
  throw error;
}
