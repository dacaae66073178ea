/**
 * What the editor writes, checked by the content schemas themselves: a form's empty values become
 * what the schema allows, and every file of the sample content read and written back by the
 * editor's formats is the same data and still valid.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readSchema, validatorFor } from '../build/ajv.ts';
import { resolveRef } from '../build/schema-lookup.ts';
import { ADMIN_CONTENT, ADMIN_SETTINGS, dereference } from './admin-config.ts';
import { fromFrontMatterFile, fromYamlFile, normaliseEntry, toFrontMatterFile, toYamlFile } from './admin-format.ts';

const PROJECT = join(import.meta.dirname, '..');
const skillSchema = dereference(readSchema(ADMIN_CONTENT.skills.schema), resolveRef);
const validSkill = validatorFor(ADMIN_CONTENT.skills.schema);

/** What a form holds for a new skill with only the required fields filled in. */
const formSkill = {
  title: 'Pricing interviews',
  author: 'Ann Editor',
  problem: '',
  outcome: '',
  clusters: ['pricing'],
  kind: 'reference',
  commands: [],
  you_get: ['A list of questions'],
  wont_do: [],
  source: { year: '', edition: '', isbn: '', buy_url: '', buy_label: '' },
  price_cents: '',
  draft: false,
};

describe('normaliseEntry', () => {
  it('writes emptied nullable fields and an untouched source as null, leaves out other empty fields, keeps required empty lists, in the schema\'s order', () => {
    const data = normaliseEntry(skillSchema, formSkill);
    expect(data).toEqual({
      title: 'Pricing interviews', author: 'Ann Editor', problem: null, outcome: null, summary: null, clusters: ['pricing'], kind: 'reference',
      commands: [], you_get: ['A list of questions'], wont_do: [], source: null, draft: false,
    });
    expect(Object.keys(data)).toEqual(['title', 'author', 'problem', 'outcome', 'summary', 'clusters', 'kind', 'commands', 'you_get', 'wont_do', 'source', 'draft']);
    expect(validSkill(data), JSON.stringify(validSkill.errors)).toBe(true);
  });

  it('writes null for the nullable keys of a source that is partly filled in', () => {
    const data = normaliseEntry(skillSchema, { ...formSkill, source: { year: 2019, edition: '', isbn: '', buy_url: '', buy_label: 'Any bookshop' } });
    expect(data.source).toEqual({ year: 2019, edition: null, isbn: null, buy_url: null, buy_label: 'Any bookshop' });
    expect(validSkill(data), JSON.stringify(validSkill.errors)).toBe(true);
  });

  it('writes a list the schema requires even when the form never had it', () => {
    const { commands: _commands, wont_do: _wontDo, ...rest } = formSkill;
    expect(normaliseEntry(skillSchema, rest)).toMatchObject({ commands: [], wont_do: [] });
  });

  it('trims text and drops empty list items', () => {
    expect(normaliseEntry(skillSchema, { ...formSkill, title: '  Spaced  ', you_get: ['one', '', '  '] })).toMatchObject({ title: 'Spaced', you_get: ['one'] });
  });

  it('keeps keys the schema does not know, so the check names them instead of the editor dropping them', () => {
    expect(normaliseEntry(skillSchema, { ...formSkill, legacy: 'x' })).toMatchObject({ legacy: 'x' });
  });
});

describe('the sample content through the editor\'s formats', () => {
  for (const content of Object.values(ADMIN_CONTENT)) {
    const schema = dereference(readSchema(content.schema), resolveRef);
    const validate = validatorFor(content.schema);
    for (const file of fg.sync(`${content.folder}/**/*.md`, { cwd: PROJECT })) {
      it(`${file} reads and writes back as the same valid data and body, and saving again changes nothing`, () => {
        const text = readFileSync(join(PROJECT, file), 'utf8');
        const read = fromFrontMatterFile(text);
        const written = toFrontMatterFile(schema, read);
        const again = fromFrontMatterFile(written);
        const { body, ...fields } = again;
        const { body: originalBody, ...original } = read;
        // Everything the file said is kept; what it left out may come back as an explicit null.
        expect(fields).toMatchObject(original);
        for (const [key, value] of Object.entries(fields)) if (!(key in original)) expect(value, key).toBeNull();
        expect(toFrontMatterFile(schema, again)).toBe(written);
        expect(validate(fields), JSON.stringify(validate.errors)).toBe(true);
        expect(body).toBe(originalBody);
      });
    }
  }

  for (const settings of Object.values(ADMIN_SETTINGS)) {
    const root = 'root' in settings ? settings.root : undefined;
    it(`${settings.file} reads and writes back as the same valid data`, () => {
      const text = readFileSync(join(PROJECT, settings.file), 'utf8');
      const written = toYamlFile(dereference(readSchema(settings.schema), resolveRef), fromYamlFile(text, root), root);
      expect(parse(written)).toEqual(parse(text));
      expect(validatorFor(settings.schema)(parse(written))).toBe(true);
    });
  }
});
