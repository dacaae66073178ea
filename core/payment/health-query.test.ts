import { describe, expect, it } from 'vitest';
import { ECHO_MAX } from '../errors.ts';
import { badHealthQueryBody, methodNotAllowedBody, parseHealthQuery } from './health-query.ts';

const parse = (query: string) => parseHealthQuery(new URLSearchParams(query));
const links = { baseUrl: 'https://shop.example', documentationUrl: 'https://shop.example/docs/api' };

describe('health query', () => {
  it('takes nothing, or force=1 once', () => {
    expect(parse('')).toEqual({ ok: true, force: false });
    expect(parse('force=1')).toEqual({ ok: true, force: true });
  });

  it('names the parameter it refuses, and cuts long echoes short', () => {
    expect(parse('force=yes')).toMatchObject({ ok: false, parameter: 'force' });
    expect(parse('force=1&force=1')).toMatchObject({ ok: false, parameter: 'force', message: expect.stringContaining('2 times') });
    expect(parse('force=1&x=1')).toMatchObject({ ok: false, parameter: 'x' });
  });

  it('cuts a long echo to ECHO_MAX characters and says so, whichever input is echoed', () => {
    const huge = 'a'.repeat(100_000);
    for (const problem of [parse(`${huge}=1`), parse(`force=${huge}`)]) {
      if (problem.ok) throw new Error('expected a problem');
      const body = badHealthQueryBody(problem, links);
      expect(body.message.length).toBeLessThan(ECHO_MAX + 120);
      expect(body.message).toContain(`"${'a'.repeat(ECHO_MAX - 2)}…" (cut: 100000 characters in all)`);
      expect(JSON.stringify(body).length).toBeLessThan(1000);
    }
    const method = methodNotAllowedBody(`X${huge}`, links);
    expect(method.message).toContain('(cut: 100001 characters in all)');
  });

  it('hints at the endpoint, the forced check and the contract', () => {
    const problem = parse('force=0');
    if (problem.ok) throw new Error('expected a problem');
    expect(badHealthQueryBody(problem, links)).toEqual({
      error: 'bad_request',
      code: 'bad_request',
      message: 'The parameter "force" takes only the value 1, not "0".',
      hints: [
        'https://shop.example/api/public/health/payment',
        'https://shop.example/api/public/health/payment?force=1',
        'https://shop.example/openapi.json',
      ],
      documentation_url: 'https://shop.example/docs/api',
    });
  });
});
