/** Response bodies: whole up to Netlify's buffered limit, streamed (and compressed for gzip clients) past it. */
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { answeringErrors, jsonResponse, responseBody, STREAM_ABOVE } from './respond.ts';

const stamp = { buildVersion: '1.0.0+test', baseUrl: 'https://shop.example' };

describe('responseBody', () => {
  it('sends a body up to the limit whole', () => {
    const bytes = new Uint8Array(STREAM_ABOVE).fill(0x20);
    expect(responseBody(bytes)).toBe(bytes);
  });

  it('streams a body past the limit, byte for byte', async () => {
    const text = `[${'"skill",'.repeat(STREAM_ABOVE / 8)}"last"]\n`;
    const body = responseBody(text);
    expect(body).toBeInstanceOf(ReadableStream);
    expect(await new Response(body).text()).toBe(text);
  });

  it('streams inside a JSON answer with its validator and headers, to a client that refuses gzip', async () => {
    const bytes = Buffer.from(`"${'x'.repeat(STREAM_ABOVE + 10)}"\n`);
    const request = new Request('https://shop.example/catalog.json', { headers: { 'accept-encoding': 'identity' } });
    const response = jsonResponse(request, bytes, { stamp, etag: '"big"' });
    expect(response.headers.get('etag')).toBe('"big"');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toBe('accept-encoding');
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('compresses a large answer for a client that takes gzip or states no preference, with a tag of its own', async () => {
    const bytes = Buffer.from(`"${'x'.repeat(STREAM_ABOVE + 10)}"\n`);
    for (const headers of [{ 'accept-encoding': 'gzip, br' }, {}] as Record<string, string>[]) {
      const response = jsonResponse(new Request('https://shop.example/catalog.json', { headers }), bytes, { stamp, etag: '"big"' });
      expect(response.headers.get('content-encoding')).toBe('gzip');
      expect(response.headers.get('etag')).toBe('"big-gzip"');
      expect(response.headers.get('vary')).toBe('accept-encoding');
      expect(gunzipSync(Buffer.from(await response.arrayBuffer())).equals(bytes)).toBe(true);
    }
  });

  it('leaves an answer under the limit as it is, for the CDN to compress', async () => {
    const response = jsonResponse(new Request('https://shop.example/catalog.json', { headers: { 'accept-encoding': 'gzip' } }), { small: true }, { stamp });
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toBeNull();
  });
});

describe('answeringErrors', () => {
  const constants = { ...stamp, documentationUrl: 'https://shop.example/docs/api' };

  it('turns an unexpected failure into a JSON 500 with every header and no stack', async () => {
    const handler = answeringErrors(constants, () => {
      throw new Error('secret detail at /srv/app.ts:12');
    });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    const response = await handler(new Request('https://shop.example/v1/catalog.json'));
    console.error = original;
    expect(response.status).toBe(500);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-build-version')).toBe(stamp.buildVersion);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const body = await response.json();
    expect(body).toMatchObject({ error: 'server_error', code: 'server_error' });
    expect(JSON.stringify(body)).not.toContain('secret detail');
    expect(errors).toHaveLength(1);
  });

  it('passes an answer through untouched', async () => {
    const answer = new Response('fine');
    expect(await answeringErrors(constants, () => answer)(new Request('https://shop.example/'))).toBe(answer);
  });
});
