/** One ajv instance that knows every schema in schema/: used by the build and by the tests. */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { apiSchemas, schemaFiles } from '../core/schema-files.ts';
import { readSchema, schemaDir } from '../runtime/schema-source.ts';
import type { ApiSchemaName } from '../core/schema-files.ts';
import { BuildDefinitionError } from '../site/errors.ts';

// The build reads schemas through here too; the function that needs only the files uses runtime/.
export { readSchema };

export const SCHEMA_BASE = 'https://skillshelf.example/schema/';

let shared: Ajv2020 | undefined;

export function schemaAjv(): Ajv2020 {
  if (shared) return shared;
  // The schemas are the project's own, held to the meta-schema by a test (build/ajv.test.ts):
  // checking each against it again on every build cost most of compiling the one a build needs.
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true, verbose: true, validateSchema: false });
  addFormats.default(ajv);
  for (const file of schemaFiles) ajv.addSchema(readSchema(file));
  shared = ajv;
  return ajv;
}

export function validatorFor(file: string): ValidateFunction {
  const validate = schemaAjv().getSchema(SCHEMA_BASE + file);
  if (!validate) throw new BuildDefinitionError(`No schema ${file} under ${schemaDir}`);
  return validate;
}

export function apiValidator(name: ApiSchemaName): ValidateFunction {
  return validatorFor(apiSchemas[name]);
}
