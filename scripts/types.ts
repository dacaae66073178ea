/**
 * Generates core/types.generated.ts from schema/ so the code's types never drift from the
 * schemas: a type per schema, and a constant per enum or const of schema/defs.schema.json (the
 * cluster ids in catalogue order, the sort names, the currency, the tax note), so the values are
 * written once, in the schema. scripts/types.test.ts fails when the committed file is stale.
 * Run as `npm run types`, it also writes the compiled validators (scripts/validators.ts).
 */
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { compile } from 'json-schema-to-typescript';
import { schemaFiles } from '../core/schema-files.ts';
import { schemaDir } from '../runtime/schema-source.ts';
import { generateValidators, validatorsFile } from './validators.ts';

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
  return `${ts}${defValues()}`;
}

/** `ClusterId` → `CLUSTER_ID`. */
const screaming = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();

/** A constant for each string enum (`CLUSTER_IDS`, in the schema's order) and string const
 * (`CURRENCY`) among the shared definitions, typed by its generated type. */
function defValues(): string {
  const defs = (JSON.parse(readFileSync(join(schemaDir, 'defs.schema.json'), 'utf8')) as { $defs: Record<string, { enum?: unknown[]; const?: unknown }> }).$defs;
  const lines: string[] = [];
  for (const [name, def] of Object.entries(defs)) {
    if (def.enum?.every((value) => typeof value === 'string')) {
      lines.push(`export const ${screaming(name)}S: readonly ${name}[] = ${JSON.stringify(def.enum)};`);
    } else if (typeof def.const === 'string') {
      lines.push(`export const ${screaming(name)} = ${JSON.stringify(def.const)} satisfies ${name};`);
    }
  }
  return lines.length === 0 ? '' : `\n/** The values of schema/defs.schema.json's enums and consts. */\n${lines.join('\n')}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await writeFile(typesFile, await generateTypes());
  await writeFile(validatorsFile, generateValidators());
  console.log('wrote core/types.generated.ts and build/ajv-validators.generated.cjs');
}
