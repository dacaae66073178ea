/** Which files of the built folder Netlify publishes: none under a dotted name but `.well-known`. */
import { describe, expect, it } from 'vitest';
import { isPublished } from './published-files.ts';

describe('isPublished', () => {
  it('publishes a path with no dotted name, or with `.well-known` alone', () => {
    for (const path of ['catalog.json', 'skills/mom-test.html', 'v1/skills/a.b.json', '.well-known/api-catalog', 'v1/.well-known/agent-skills/x/SKILL.md']) {
      expect(isPublished(path), path).toBe(true);
    }
  });

  it('publishes no path with another dotted name at any depth', () => {
    for (const path of ['.build-record', '.search/manifest.json', 'skills/.draft.html', 'v1/.hidden/x.json', '.well-known/.secret', '.well-knownx/a']) {
      expect(isPublished(path), path).toBe(false);
    }
  });
});
