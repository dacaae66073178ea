/** The body policy's addresses, remembered within bounds. */
import { describe, expect, it } from 'vitest';
import { allowsImage, allowsLink, rememberedVerdicts } from './body-policy.ts';

describe('the verdicts on addresses', () => {
  it('are the same asked once or again', () => {
    for (let i = 0; i < 2; i++) {
      expect(allowsLink('https://books.example/a')).toBe(true);
      expect(allowsLink('javascript:alert(1)')).toBe(false);
      expect(allowsImage('https://elsewhere.example/x.png')).toBe(false);
      expect(allowsImage('/images/x.png')).toBe(true);
    }
  });

  it('stay bounded however many distinct addresses the bodies bring (a worker renders 50,000 skills)', () => {
    for (let i = 0; i < 20_000; i++) {
      allowsLink(`https://notes.example/${i}`);
      allowsImage(`/images/${i}.png`);
    }
    expect(rememberedVerdicts()).toBeLessThanOrEqual(2 * 4096);
    expect(allowsLink('https://notes.example/19999')).toBe(true);
  });
});
