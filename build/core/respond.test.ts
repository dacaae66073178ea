/** Response bodies: whole up to Netlify's buffered limit, streamed past it, the same bytes either way. */
import { describe, expect, it } from 'vitest';
import { jsonResponse, responseBody, STREAM_ABOVE } from './respond.ts';

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

  it('streams inside a JSON answer with its validator and headers', async () => {
    const bytes = Buffer.from(`"${'x'.repeat(STREAM_ABOVE + 10)}"\n`);
    const response = jsonResponse(new Request('https://shop.example/catalog.json'), bytes, { stamp, etag: '"big"' });
    expect(response.headers.get('etag')).toBe('"big"');
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });
});
