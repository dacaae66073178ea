/**
 * The validators of schema/: each schema file and each shared definition compiled ahead of time
 * into ajv-validators.generated.cjs (`npm run types`; scripts/validators.test.ts fails while it is
 * stale), so no build compiles a schema (the skill schema alone took 47 ms of an edit's build). One
 * ajv instance that knows every schema compiles whatever else a caller asks for.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Options, ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import compiled from './ajv-validators.generated.cjs';
import { apiSchemas, schemaFiles } from '../core/schema-files.ts';
import { readSchema, schemaDir } from '../runtime/schema-source.ts';
import type { ApiSchemaName } from '../core/schema-files.ts';
import { BuildDefinitionError } from '../site/errors.ts';

// The build reads schemas through here too; the function that needs only the files uses runtime/.
export { readSchema };

export const SCHEMA_BASE = 'https://skillshelf.example/schema/';

/** An ajv instance that knows every schema of schema/, as the validators are compiled; `options`
 * adds to that (the generator's `code`). The schemas are the project's own, held to the
 * meta-schema by a test (build/ajv.test.ts): checking each against it again is not repeated here. */
export function newSchemaAjv(options: Options = {}): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true, verbose: true, validateSchema: false, ...options });
  addFormats.default(ajv);
  for (const file of schemaFiles) ajv.addSchema(readSchema(file));
  return ajv;
}

/** What is compiled ahead of time, by its reference from SCHEMA_BASE: each schema file, and each
 * definition of defs.schema.json (`defs.schema.json#/$defs/Slug`). */
export const precompiledRefs = (): string[] => [
  ...schemaFiles,
  ...Object.keys(readSchema('defs.schema.json').$defs as Record<string, unknown>).map((name) => `defs.schema.json#/$defs/${name}`),
];

let shared: Ajv2020 | undefined;

export function schemaAjv(): Ajv2020 {
  return (shared ??= newSchemaAjv());
}

export function validatorFor(ref: string): ValidateFunction {
  const ready = compiled.validators[ref];
  if (ready) return ready as ValidateFunction;
  const validate = schemaAjv().getSchema(SCHEMA_BASE + ref);
  if (!validate) throw new BuildDefinitionError(`No schema ${ref} under ${schemaDir}`);
  return validate;
}

export function apiValidator(name: ApiSchemaName): ValidateFunction {
  return validatorFor(apiSchemas[name]);
}
