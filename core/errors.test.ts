import { describe, expect, it } from 'vitest';
import { badRequestBody, echo, ECHO_MAX, echoPath, errorBody, HINT_MAX, MESSAGE_MAX, notFoundBody } from './errors.ts';

const links = { baseUrl: 'https://shop.example', documentationUrl: 'https://shop.example/docs/api' };

describe('echo', () => {
  it('quotes short input whole, escapes and all', () => {
    expect(echo('titel')).toBe('"titel"');
    expect(echo('a"b\n\u0000')).toBe('"a\\"b\\n\\u0000"');
    expect(echo('\uD800')).toBe('"\\ud800"');
  });

  it('cuts input past ECHO_MAX characters and says so, with the length of the whole', () => {
    const shown = echo('a'.repeat(100_000));
    expect(shown).toBe(`"${'a'.repeat(ECHO_MAX - 2)}…" (cut: 100000 characters in all)`);
    expect(shown.length).toBeLessThan(ECHO_MAX + 40);
    // Exactly at the bound: whole, unmarked.
    expect(echo('a'.repeat(ECHO_MAX - 2))).toBe(`"${'a'.repeat(ECHO_MAX - 2)}"`);
  });

  it('counts escapes in the bound, so control characters cannot inflate it', () => {
    const shown = echo('\u0001'.repeat(10_000));
    expect(shown.length).toBeLessThan(ECHO_MAX + 40);
    expect(shown).toContain('(cut: 10000 characters in all)');
  });

  it('never cuts inside a character: astral characters stay whole and count once', () => {
    const shown = echo('😀'.repeat(1_000));
    expect(shown).toMatch(/^"(?:😀)+…" \(cut: 1000 characters in all\)$/);
    // encodeURIComponent throws on a lone surrogate: a cut inside a pair would leave one.
    expect(() => encodeURIComponent(JSON.parse(shown.slice(0, shown.indexOf('…') + 2)))).not.toThrow();
  });

  it('shows a path as it is, cut the same way', () => {
    expect(echoPath('/skills/x.json')).toBe('/skills/x.json');
    expect(echoPath(`/skills/${'s'.repeat(10_000)}.json`)).toBe(`/skills/${'s'.repeat(ECHO_MAX - 8)}… (cut: 10013 characters in all)`);
  });
});

describe('error bodies', () => {
  it('a 404 names the path, cut when long', () => {
    expect(notFoundBody('/skills/x.json', links).message).toBe('No published document at /skills/x.json.');
    expect(notFoundBody(`/${'p'.repeat(50_000)}`, links).message.length).toBeLessThan(ECHO_MAX + 80);
  });

  it('offers a suggestion only when it is short enough to be an echo', () => {
    expect(badRequestBody({ message: 'm', suggestion: 'sort=title' }, '/catalog.json', links).hints[0]).toBe('https://shop.example/catalog.json?sort=title');
    const long = badRequestBody({ message: 'm', suggestion: `sort=${'x'.repeat(ECHO_MAX)}` }, '/catalog.json', links);
    expect(long.hints).toEqual(['https://shop.example/openapi.json', 'https://shop.example/catalog.json']);
  });

  it('holds its bounds whatever a caller passes: a message is cut and marked, an oversized hint left out', () => {
    const body = errorBody('bad_request', 'm'.repeat(50_000), ['https://shop.example/a', `https://shop.example/${'h'.repeat(HINT_MAX)}`], links);
    expect(body.message).toHaveLength(MESSAGE_MAX);
    expect(body.message.endsWith('…')).toBe(true);
    expect(body.hints).toEqual(['https://shop.example/a']);
  });
});
