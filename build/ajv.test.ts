/** The build compiles its schemas without checking them against JSON Schema's own (build/ajv.ts): this holds them to it. */
import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { schemaFiles } from '../core/schema-files.ts';
import { readSchema } from './ajv.ts';

describe('the schemas of schema/', () => {
  it('each hold to the draft 2020-12 meta-schema', () => {
    const meta = new Ajv2020({ strict: true, allowUnionTypes: true });
    addFormats.default(meta);
    for (const file of schemaFiles) expect(meta.validateSchema(readSchema(file)), `${file}: ${meta.errorsText()}`).toBe(true);
  });

  it('would tell one that does not', () => {
    const meta = new Ajv2020();
    expect(meta.validateSchema({ type: 'object', properties: { a: { type: 'nothing' } } })).toBe(false);
  });
});
