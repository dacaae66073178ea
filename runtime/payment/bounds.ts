/**
 * The bounds the PaymentHealth schema puts on each field, applied before a body is made: a value the
 * provider (or a setting) supplied reaches the body only when it fits its field's pattern, range or
 * enum, so a proxy or a compromised upstream cannot put arbitrary text into the answer. The schema
 * is the one home of every bound; this module only reads it.
 */
import schema from '../../schema/api/payment-health.schema.json' with { type: 'json' };
import type { PaymentHealth } from '../../core/types.ts';
import { InvariantError } from '../../core/invariant.ts';

interface FieldSchema {
  $ref?: string;
  type?: string;
  const?: unknown;
  enum?: readonly unknown[];
  pattern?: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

export type HealthField = keyof PaymentHealth;

const fields = schema.properties as Readonly<Record<HealthField, FieldSchema>>;
const defs = schema.$defs as Readonly<Record<string, FieldSchema>>;

function resolve(field: FieldSchema): FieldSchema {
  const name = field.$ref?.replace(/^#\/\$defs\//, '');
  if (name === undefined) return field;
  const target = defs[name];
  if (target === undefined) throw new InvariantError(`payment-health.schema.json: ${field.$ref} names no definition in $defs`);
  return { ...target, ...field, $ref: undefined };
}

// ajv reads `pattern` as a Unicode regular expression; so does this.
const patterns = new Map<HealthField, RegExp>();
function patternOf(name: HealthField): RegExp | undefined {
  const source = resolve(fields[name]).pattern;
  if (source === undefined) return undefined;
  let compiled = patterns.get(name);
  if (!compiled) patterns.set(name, (compiled = new RegExp(source, 'u')));
  return compiled;
}

/** The field's pattern as a RegExp, for checking a setting before it is used. */
export function fieldPattern(name: HealthField): RegExp {
  const pattern = patternOf(name);
  if (!pattern) throw new InvariantError(`payment-health.schema.json: ${name} has no pattern`);
  return pattern;
}

/** Whether `value` fits the schema of the body's field `name`: type, const, enum, pattern, length, range. */
export function fitsField(name: HealthField, value: unknown): boolean {
  const declared = fields[name];
  if (declared === undefined) return false;
  const field = resolve(declared);
  if (field.const !== undefined && value !== field.const) return false;
  if (field.enum !== undefined && !field.enum.includes(value)) return false;
  switch (field.type) {
    case 'string': {
      if (typeof value !== 'string') return false;
      if (field.maxLength !== undefined && value.length > field.maxLength) return false;
      return patternOf(name)?.test(value) ?? true;
    }
    case 'integer':
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return false;
      if (field.type === 'integer' && !Number.isInteger(value)) return false;
      return (field.minimum === undefined || value >= field.minimum) && (field.maximum === undefined || value <= field.maximum);
    }
    case 'boolean':
      return typeof value === 'boolean';
    default:
      // Objects and arrays (issues) are built here from fixed tables, never taken from the provider.
      return false;
  }
}
