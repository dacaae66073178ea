import { describe, expect, it } from 'vitest';
import { CARD_HEIGHT, CARD_KINDS, CARD_WIDTH, cardAlt, cardDigest, cardImage, cardOfBundle, cardOfCluster, cardOfHome, cardOfSkill, cardPath, parseCardPath } from './card.ts';
import type { CardInput } from './card.ts';
import type { Bundle, Skill } from './types.ts';

const skill = {
  type: 'skill', slug: 'mom-test', title: 'Customer interviews', author: 'Rob Fitzpatrick',
  clusters: [{ id: 'ideas', label: 'Find ideas', question: 'Which problem?' }, { id: 'pricing', label: 'Set prices', question: 'What to charge?' }],
  price: { amount_cents: 190000, currency: 'EUR', tax: 'net, VAT added at checkout' },
} as unknown as Skill;

const bundle = {
  type: 'bundle', slug: 'start', title: 'Start here', skills: [{ slug: 'a', title: 'Alpha' }, { slug: 'b', title: 'Beta' }, { slug: 'c', title: 'Gamma' }],
  price: { skill_count: 3, list_cents: 5700, amount_cents: 3800, currency: 'EUR', tax: 'net, VAT added at checkout' },
} as unknown as Bundle;

const shop = { name: 'Skill Shelf', description: 'Skills for agents.' };
const cards: Record<(typeof CARD_KINDS)[number], CardInput> = {
  home: cardOfHome(shop),
  skill: cardOfSkill(shop.name, skill),
  bundle: cardOfBundle(shop.name, bundle),
  cluster: cardOfCluster(shop.name, skill.clusters[0], { skills: 1, bundles: 2 }),
};

describe('a card', () => {
  it('shows what its page shows: the price as the pages spell it, the author, the clusters, the counts', () => {
    expect(cards.skill).toMatchObject({ title: 'Customer interviews', subtitle: 'by Rob Fitzpatrick', price: '€1,900.00', tags: ['Find ideas', 'Set prices'] });
    expect(cards.bundle).toMatchObject({ label: 'Bundle of 3 skills', subtitle: 'Alpha · Beta · Gamma', price: '€38.00', priceNote: 'net, instead of €57.00' });
    expect(cards.cluster).toMatchObject({ title: 'Find ideas', subtitle: 'Which problem?', tags: ['1 skill', '2 bundles'] });
    expect(cards.home).toMatchObject({ title: 'Skill Shelf', subtitle: 'Skills for agents.' });
  });

  it('lives at /cards/home.<digest>.png or /cards/<kind>/<slug>.<digest>.png, read back as what it names', () => {
    expect(cardPath(cards.home)).toMatch(/^\/cards\/home\.[0-9a-f]{16}\.png$/);
    expect(cardPath(cards.skill)).toMatch(/^\/cards\/skill\/mom-test\.[0-9a-f]{16}\.png$/);
    expect(cardPath(cards.cluster)).toMatch(/^\/cards\/cluster\/ideas\.[0-9a-f]{16}\.png$/);
    for (const card of Object.values(cards)) {
      expect(parseCardPath(cardPath(card))).toEqual({ kind: card.kind, ...(card.slug ? { slug: card.slug } : {}), digest: cardDigest(card) });
    }
  });

  it('has the same address for the same facts, and another when the title or the price changes', () => {
    expect(cardPath(cardOfSkill(shop.name, { ...skill }))).toBe(cardPath(cards.skill));
    const retitled = cardOfSkill(shop.name, { ...skill, title: 'Customer interviews, again' });
    const repriced = cardOfSkill(shop.name, { ...skill, price: { ...skill.price, amount_cents: 1900 } });
    const renamedShop = cardOfSkill('Another shop', skill);
    const paths = new Set([cards.skill, retitled, repriced, renamedShop].map(cardPath));
    expect(paths.size).toBe(4);
  });

  it('refuses every other path: another kind, a slug no item can have, a digest of another shape, an unknown cluster', () => {
    const digest = cardDigest(cards.skill);
    for (const path of [
      `/cards/author/mom-test.${digest}.png`, `/cards/skill/Mom-Test.${digest}.png`, `/cards/skill/mom_test.${digest}.png`,
      `/cards/skill/../home.${digest}.png`, `/cards/skill/.${digest}.png`, `/cards/skill/mom-test.${digest.toUpperCase()}.png`,
      `/cards/skill/mom-test.${digest.slice(1)}.png`, `/cards/skill/mom-test.${digest}.jpg`, `/cards/skill/mom-test.${digest}.png/`,
      `/cards/skill/a/b.${digest}.png`, `/cards/cluster/nowhere.${digest}.png`, `/cards/home/x.${digest}.png`, `/cards/home.png`, '/cards/',
    ]) expect(parseCardPath(path), path).toBeUndefined();
  });

  it('is named in a page\'s head by its absolute URL, its size and a sentence of its facts', () => {
    const image = cardImage('https://shop.example', cards.skill);
    expect(image).toEqual({ url: `https://shop.example${cardPath(cards.skill)}`, width: CARD_WIDTH, height: CARD_HEIGHT, alt: cardAlt(cards.skill) });
    expect(image.alt).toBe('Skill Shelf: Skill “Customer interviews”, by Rob Fitzpatrick, €1,900.00 net (Find ideas, Set prices).');
    expect(cardAlt(cards.bundle)).toBe('Skill Shelf: Bundle of 3 skills “Start here”, Alpha · Beta · Gamma, €38.00 net, instead of €57.00.');
  });
});
