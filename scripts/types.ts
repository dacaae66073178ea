/**
 * Generates core/types.generated.ts from schema/ so the code's types never drift from the
 * schemas. `--check` exits non-zero when the committed file is stale (used by the test suite).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { compile } from 'json-schema-to-typescript';
import { schemaDir, schemaFiles } from '../build/schemas.ts';

export const typesFile = new URL('../core/types.generated.ts', import.meta.url);

export async function generateTypes(): Promise<string> {
  // One synthetic root that references every schema: compiling it once declares each shared type
  // exactly once, which compiling the files one by one would not.
  const root = {
    title: 'SchemaTypes',
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(schemaFiles.map((file) => [file, { $ref: file }])),
  };
  const ts = await compile(root as never, 'SchemaTypes', {
    cwd: schemaDir,
    bannerComment:
      '/* Generated from schema/ by `npm run types`. Do not edit: change the schema and regenerate. */',
    additionalProperties: false,
    strictIndexSignatures: true,
    format: true,
    ignoreMinAndMaxItems: true,
  });
  return ts;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fresh = await generateTypes();
  if (process.argv.includes('--check')) {
    const current = await readFile(typesFile, 'utf8').catch(() => '');
    if (current !== fresh) {
      console.error('core/types.generated.ts is stale: run `npm run types`.');
      process.exit(1);
    }
  } else {
    await writeFile(typesFile, fresh);
    console.log('wrote core/types.generated.ts');
  }
}
