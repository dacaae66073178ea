/**
 * Generates build/ajv-validators.generated.cjs from schema/: ajv's standalone code of every
 * validator build/ajv.ts compiles ahead of time, made by the same ajv options, so what a build
 * checks is what compiling the schema then would check. `npm run types` writes it with the types;
 * scripts/validators.test.ts fails when the committed file is stale.
 */
import standaloneCode from 'ajv/dist/standalone/index.js';
import { newSchemaAjv, precompiledRefs, SCHEMA_BASE } from '../build/ajv.ts';

export const validatorsFile = new URL('../build/ajv-validators.generated.cjs', import.meta.url);

export function generateValidators(): string {
  const ajv = newSchemaAjv({ code: { source: true } });
  const refs = precompiledRefs();
  // Exported as v0, v1, … (standalone code names its exports), then listed by reference.
  const code = standaloneCode.default(ajv, Object.fromEntries(refs.map((ref, i) => [`v${i}`, SCHEMA_BASE + ref])));
  const table = refs.map((ref, i) => `  ${JSON.stringify(ref)}: exports.v${i},`).join('\n');
  return `/* Generated from schema/ by \`npm run types\`. Do not edit: change the schema and regenerate. */\n${code}\nexports.validators = {\n${table}\n};\n`;
}
