/**
 * Reading schema/: the build's validators and the MCP function's tool descriptions both read the
 * schemas as files. The folder is found from this module's own location (`../schema/`), which holds
 * in the source tree and in a function's zip alike: Netlify bundles a function with its
 * `included_files` at their paths from the base directory (netlify.toml: `schema/**` for mcp), and
 * the bundle sits one folder below it, as this module does.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const schemaDir = fileURLToPath(new URL('../schema/', import.meta.url));

/** A schema file of schema/, parsed: `readSchema('api/skill.schema.json')`. */
export function readSchema(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(schemaDir, file), 'utf8'));
}
