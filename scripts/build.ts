/** `npm run build`: build dist/ from content/. Options: --content DIR, --out DIR, --quiet. */
import { parseArgs } from 'node:util';
import { build } from '../build/index.ts';
import { ContentError } from '../build/content-error.ts';

const { values } = parseArgs({
  options: { content: { type: 'string' }, out: { type: 'string' }, quiet: { type: 'boolean', default: false } },
});

try {
  const started = performance.now();
  const { files } = await build({
    contentDir: values.content,
    outDir: values.out,
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
