import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Stripe from 'stripe';
import { apiValidator, readSchema } from '../../build/ajv.ts';
import { fieldPattern, fitsField } from './bounds.ts';
import type { HealthField } from './bounds.ts';
import { parseApiBase, readPaymentConfig } from './config.ts';
import { propertyRuns } from '../../test/helpers/property.ts';

type Field = { $ref?: string; type?: string; enum?: unknown[]; const?: unknown; pattern?: string; maximum?: number; format?: string };
const schema = readSchema('api/payment-health.schema.json') as { properties: Record<string, Field>; required: string[] };
const optional = Object.keys(schema.properties).filter((name) => !schema.required.includes(name)) as HealthField[];

/** The smallest valid body, to which one field at a time is added. */
const minimal = { service: 'payment', status: 'ok', checkedAt: '2026-01-01T00:00:00.000Z', issues: [] };
const schemaAccepts = (name: HealthField, value: unknown) => apiValidator('PaymentHealth')({ ...minimal, [name]: value }) === true;

describe('PaymentHealth bounds', () => {
  it('bounds every optional field: strings by a pattern or an enum, numbers by a range, nothing open', () => {
    for (const name of optional) {
      const field = schema.properties[name];
      if (field.$ref !== undefined || field.const !== undefined || field.enum !== undefined || field.type === 'boolean') continue;
      if (field.type === 'string') expect(field.pattern, `${name} needs a pattern`).toBeDefined();
      else if (field.type === 'integer' || field.type === 'number') expect(field.maximum, `${name} needs a maximum`).toBeDefined();
      else throw new Error(`${name}: a field of type ${field.type} cannot be bounded by this check; give it one`);
    }
  });

  // fitsField reads the schema by hand (no ajv in the function); ajv is the judge of what the schema says.
  it.each(optional)('agrees with the schema (ajv) on %s, for any value', (name) => {
    const field = schema.properties[name];
    // undefined is "absent" to ajv, and never reaches a body: the body leaves unknown fields out first.
    const near: fc.Arbitrary<unknown>[] = [fc.anything().filter((v) => v !== undefined), fc.string(), fc.double(), fc.integer(), fc.boolean()];
    if (field.pattern !== undefined) near.push(fc.stringMatching(new RegExp(field.pattern, 'u')));
    if (field.maximum !== undefined) near.push(fc.integer({ min: field.maximum - 3, max: field.maximum + 3 }));
    fc.assert(
      fc.property(fc.oneof(...near), (value) => fitsField(name, value) === schemaAccepts(name, value)),
      { numRuns: propertyRuns(500) },
    );
  });

  it('knows no field the schema does not declare', () => {
    expect(fitsField('nonsense' as HealthField, 'x')).toBe(false);
  });

  it("takes Stripe's version names, the stripe package's own among them, and nothing else", () => {
    const version = fieldPattern('apiVersion');
    for (const name of [Stripe.API_VERSION, '2020-08-27', '2024-06-20', '2025-03-31.basil', '2025-09-30.clover']) expect(version.test(name), name).toBe(true);
    for (const name of ['', 'latest', '2024-06-20 ', ' 2024-06-20', '2024-6-20', '2024-06-20.Basil', '2024-06-20.', '2024-06-20.basil.x', '2024-06-20\n']) {
      expect(version.test(name), JSON.stringify(name)).toBe(false);
    }
  });

  it('refuses STRIPE_API_BASE whose host the body could not report, instead of dropping it there', () => {
    expect(parseApiBase('http://a*b.example')).toBeUndefined();
    expect(parseApiBase('http://a$b.example:8080')).toBeUndefined();
    expect(readPaymentConfig({ STRIPE_SECRET_KEY: 'sk_test_51BoundsFixtureKey00000000Zz', STRIPE_API_BASE: 'http://a*b.example' })).toMatchObject({
      ok: false,
      issues: ['config_invalid'],
    });
    for (const [base, host] of [
      ['https://api.stripe.com', 'api.stripe.com'],
      ['https://API.Stripe.com.', 'api.stripe.com.'],
      ['http://127.0.0.1:12111', '127.0.0.1:12111'],
      ['http://[::1]:12111', '[::1]:12111'],
      ['https://bücher.example', 'xn--bcher-kva.example'],
    ]) {
      expect(parseApiBase(base)?.host, base).toBe(host);
    }
  });
});
