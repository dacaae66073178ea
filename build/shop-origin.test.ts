/** A cart on this site's own origin leads nowhere: site.yaml's shop is refused there, against
 * base_url (`npm run check`) and against the address a deploy publishes under (the build). */
import { describe, expect, it } from 'vitest';
import { shopOriginProblems } from './validate/index.ts';

const shop = (origin: string) => ({ skill_cart: `${origin}/cart?add=skill:{slug}`, bundle_cart: `https://shop.example.com/cart?add=bundle:{slug}` });

describe('the shop on another origin', () => {
  it('passes a shop elsewhere, also on a subdomain of the site', () => {
    expect(shopOriginProblems(shop('https://shop.example.com'), 'https://skillshelf.example', 'content/site.yaml')).toEqual([]);
    expect(shopOriginProblems(shop('https://shop.skillshelf.example'), 'https://skillshelf.example', 'content/site.yaml')).toEqual([]);
  });

  it('names file, field and expectation for a cart on the site itself, however the origin is spelt', () => {
    for (const origin of ['https://skillshelf.example', 'https://SkillShelf.example:443']) {
      expect(shopOriginProblems(shop(origin), 'https://skillshelf.example', 'content/site.yaml', () => 12)).toEqual([{
        file: 'content/site.yaml',
        line: 12,
        field: 'shop.skill_cart',
        expected: "a cart on the shop's own origin, not this site's (https://skillshelf.example), which serves no cart",
        got: `"${origin}/cart?add=skill:{slug}"`,
      }]);
    }
  });

  it('holds the shop to the deploy address too, which may not be base_url', () => {
    expect(shopOriginProblems(shop('https://deploy-preview-4--skillshelf.netlify.app'), 'https://deploy-preview-4--skillshelf.netlify.app', 'content/site.yaml')).toHaveLength(1);
  });
});
