/**
 * The deployed not-found function (functions/not-found.ts) in-process, with the constants and the
 * catalogue the build wrote: the full header set it must set itself, and no crash on malformed
 * input. The answers' rules over a catalogue made in memory are core/not-found-answer.test.ts.
 */
import { describe, expect, it } from 'vitest';
import functionConstants from '../../runtime/generated/function-constants.json' with { type: 'json' };
import notFoundFunction from '../../functions/not-found.ts';
import type { ErrorBody } from '../../core/types.ts';
import { expectApiHeaders } from '../helpers/api-headers.ts';
import { errorBodyOf } from '../helpers/error-body.ts';

const notFoundOf = (response: Response) => errorBodyOf(response, 404, 'not_found');

describe('functions/not-found.ts', () => {
  it('answers with the constants the build wrote and the full header set', async () => {
    const response = await notFoundFunction(new Request('http://localhost/v1/skills/no-such-skill-here.json'));
    await notFoundOf(response.clone());
    expectApiHeaders(response.headers, {
      stamp: { buildVersion: functionConstants.buildVersion, baseUrl: functionConstants.baseUrl },
      cacheControl: 'public, max-age=3600',
    });
  });
});

describe('functions/not-found.ts: malformed percent-encoding', () => {
  it.each(['/%ZZ', '/skills/%E0%A4%A.json', '/nowhere?x=%E0%A4%A'])('answers %s with a JSON 400 naming the bad escape', async (path) => {
    const response = await notFoundFunction(new Request(`http://localhost${path}`));
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorBody;
    expect(body.code).toBe('bad_request');
    expect(body.message).toMatch(/percent-encoding/);
  });
});
