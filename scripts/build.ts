/**
 * `npm run build`: build dist/ from content/, reusing what the build cache already rendered.
 * Options: --content DIR, --out DIR (a folder other than dist/ gets the functions' constants
 * beside it, never the deployed ones), --cache DIR, --no-cache (render everything), --threads N
 * (default: every core), --lock-wait SECONDS (how long to wait for another build of the same
 * folders; 0 stops at once), --quiet (no phase lines and no progress line), --drafts (build drafts
 * as a preview does, each at its own address, marked and noindex; refused when CONTEXT is production).
 * On a terminal, and not in CI, a status line counts the pages as they are rendered.
 */
import { parseArgs } from 'node:util';
import { build, DEFAULT_CACHE_DIR } from '../build/index.ts';
import { ContentError } from '../build/content-error.ts';
import { EmittedJsonError } from '../build/emit/check-json.ts';
import { BuildLockedError } from '../build/lock.ts';
import { BuildEnvironmentError } from '../build/build-errors.ts';
import { progressLine } from '../build/progress.ts';
import { BUILD_OPTIONS } from './build-options.ts';

const { values } = parseArgs({ options: BUILD_OPTIONS });

const lockWait = values['lock-wait'] === undefined ? undefined : Number(values['lock-wait']);
if (lockWait !== undefined && !(lockWait >= 0)) {
  console.error(`--lock-wait: expected a number of seconds, 0 or more, got "${values['lock-wait']}"`);
  process.exit(2);
}

// Rendering pages is the long phase: a status line counts them on a terminal (build/progress.ts).
const progress = progressLine(process.stdout, { label: 'make', unit: 'pages', quiet: values.quiet });

try {
  const started = performance.now();
  const { files } = await build({
    contentDir: values.content,
    outDir: values.out,
    cacheDir: values['no-cache'] ? null : (values.cache ?? DEFAULT_CACHE_DIR),
    lockWaitMs: lockWait === undefined ? undefined : lockWait * 1000,
    drafts: values.drafts,
    threads: values.threads === undefined ? undefined : Number(values.threads),
    onPageRendered: progress.update,
    log: values.quiet
      ? undefined
      : (line) => {
          progress.clear();
          console.log(line);
        },
  });
  console.log(`Built ${files.length} files in ${(performance.now() - started).toFixed(0)} ms.`);
} catch (error) {
  progress.clear();
  // The content's problems, or a JSON document the build made that its own schema refuses: each
  // names the file and the field, and nothing is written.
  if (error instanceof ContentError || error instanceof EmittedJsonError) {
    console.error(`${error.message}\nNothing was written: dist/ is as it was.`);
    process.exit(1);
  }
  if (error instanceof BuildLockedError) {
    console.error(`${error.message}\nNothing was written.`);
    process.exit(1);
  }
  // A variable or option of the build's environment: the message says what to change.
  if (error instanceof BuildEnvironmentError) {
    console.error(`${error.message}\nNothing was written: dist/ is as it was.`);
    process.exit(2);
  }
  // Anything else is the build's own fault: its stack and cause are what a developer needs.
  throw error;
}
