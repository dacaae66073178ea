import { describe, expect, it } from 'vitest';
import { EDITOR_ROOT } from '../site/admin-config.ts';
import { fromBackend, insideRoot, toBackend } from './cms-paths.ts';

const OPTIONS = { commitMessage: 'x', collectionName: 'skills', useWorkflow: false, status: 'draft' };
const persist = (entry: Record<string, unknown>, assets: unknown[] = []) => ({ action: 'persistEntry', params: { branch: 'main', entry: { slug: 'x', raw: 'x', ...entry }, assets, options: OPTIONS } });

/** Every escape an attacker might try, as a repository path. */
const ESCAPES = [
  '.git/hooks/pre-commit', 'package.json', '../package.json', `${EDITOR_ROOT}/../package.json`, `${EDITOR_ROOT}/skills/../../package.json`,
  `/etc/passwd`, `/${EDITOR_ROOT}/skills/x.md`, `${EDITOR_ROOT}/./skills/x.md`, `${EDITOR_ROOT}//skills/x.md`, `${EDITOR_ROOT}/`, EDITOR_ROOT,
  `${EDITOR_ROOT}/%2e%2e/package.json`, `${EDITOR_ROOT}%2f..%2fpackage.json`, `${EDITOR_ROOT}/%2E%2E%2Fpackage.json`, `${EDITOR_ROOT}\\..\\package.json`,
  'C:/x', `${EDITOR_ROOT}/skills/x.md\u0000.txt`, `${EDITOR_ROOT}/skills/\n.md`, '',
];

describe('insideRoot', () => {
  it('moves a path of the editor\'s folder under it', () => {
    expect(insideRoot(`${EDITOR_ROOT}/skills/x.md`)).toEqual({ path: 'skills/x.md' });
    expect(insideRoot(`${EDITOR_ROOT}/site.yaml`)).toEqual({ path: 'site.yaml' });
  });

  it.each(ESCAPES)('refuses %j', (path) => {
    expect(insideRoot(path)).toHaveProperty('error');
  });

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 1, ['content/x'], { path: 'content/x' }]) expect(insideRoot(value)).toEqual({ error: 'is not a string' });
  });
});

describe('toBackend', () => {
  it('checks and moves every path of every call, reads and writes, and leaves the rest as it was', () => {
    const calls = [
      [{ action: 'entriesByFolder', params: { branch: 'main', folder: 'content/skills', extension: 'md', depth: 1 } }, ['skills']],
      [{ action: 'entriesByFiles', params: { branch: 'main', files: [{ path: 'content/site.yaml', label: 'Site' }, { path: 'content/clusters.yaml' }] } }, ['site.yaml', 'clusters.yaml']],
      [{ action: 'getEntry', params: { branch: 'main', path: 'content/skills/a.md' } }, ['skills/a.md']],
      [persist({ path: 'content/skills/a.md', newPath: 'content/skills/b.md' }, [{ path: 'content/media/a.png', content: 'AA==', encoding: 'base64' }]), ['skills/a.md', 'skills/b.md', 'media/a.png']],
      [{ action: 'persistEntry', params: { branch: 'main', dataFiles: [{ slug: 'a', path: 'content/skills/a.md', raw: 'x' }], assets: [], options: OPTIONS } }, ['skills/a.md']],
      [{ action: 'getMedia', params: { branch: 'main', mediaFolder: 'content/media' } }, ['media']],
      [{ action: 'getMediaFile', params: { branch: 'main', path: 'content/media/a.png' } }, ['media/a.png']],
      [{ action: 'persistMedia', params: { branch: 'main', asset: { path: 'content/media/a.png', content: 'AA==', encoding: 'base64' }, options: { commitMessage: 'x' } } }, ['media/a.png']],
      [{ action: 'deleteFile', params: { branch: 'main', path: 'content/skills/a.md', options: { commitMessage: 'x' } } }, ['skills/a.md']],
      [{ action: 'deleteFiles', params: { branch: 'main', paths: ['content/skills/a.md', 'content/skills/b.md'], options: { commitMessage: 'x' } } }, ['skills/a.md', 'skills/b.md']],
      [{ action: 'info' }, []],
      [{ action: 'getDeployPreview', params: { branch: 'main', collection: 'skills', slug: 'a' } }, []],
    ] as const;
    for (const [call, paths] of calls) {
      const checked = toBackend(call);
      expect(checked, call.action).toMatchObject({ paths });
      // Every repository path loses its folder; nothing else changes.
      const expected = JSON.parse(JSON.stringify(call).replaceAll(`"${EDITOR_ROOT}/`, '"')) as unknown;
      expect((checked as { body: unknown }).body, call.action).toEqual(expected);
    }
  });

  it.each(ESCAPES)('refuses %j wherever a call names it, before anything is sent', (path) => {
    const good = 'content/skills/a.md';
    const calls = [
      persist({ path }), persist({ path: good, newPath: path }), persist({ path: good }, [{ path, content: 'AA==', encoding: 'base64' }]),
      { action: 'persistEntry', params: { branch: 'main', dataFiles: [{ slug: 'a', path: good, raw: 'x' }, { slug: 'b', path, raw: 'x' }], assets: [], options: OPTIONS } },
      { action: 'persistMedia', params: { branch: 'main', asset: { path, content: 'AA==', encoding: 'base64' }, options: { commitMessage: 'x' } } },
      { action: 'deleteFile', params: { branch: 'main', path, options: { commitMessage: 'x' } } },
      { action: 'deleteFiles', params: { branch: 'main', paths: [good, path], options: { commitMessage: 'x' } } },
      { action: 'deleteFiles', params: { branch: 'main', paths: path, options: { commitMessage: 'x' } } },
      { action: 'getEntry', params: { branch: 'main', path } },
      { action: 'entriesByFolder', params: { branch: 'main', folder: path, extension: 'md', depth: 1 } },
      { action: 'entriesByFiles', params: { branch: 'main', files: [{ path }] } },
      { action: 'getMedia', params: { branch: 'main', mediaFolder: path } },
      { action: 'getMediaFile', params: { branch: 'main', path } },
    ];
    for (const call of calls) expect(toBackend(call), JSON.stringify(call)).toEqual({ error: expect.stringMatching(/^params\.[\w.[\]]+: /) });
  });

  it('refuses a call the file-system backend does not carry out, and a body that is no call', () => {
    for (const action of ['unpublishedEntries', 'publishUnpublishedEntry', 'toString', '__proto__']) expect(toBackend({ action, params: {} })).toHaveProperty('error');
    for (const body of [null, [], 'info', { params: {} }]) expect(toBackend(body)).toHaveProperty('error');
  });
});

describe('fromBackend', () => {
  it('names the answer\'s files as the repository does again', () => {
    expect(fromBackend('entriesByFolder', [{ data: 'x', file: { path: 'skills/a.md', id: '1' } }])).toEqual([{ data: 'x', file: { path: 'content/skills/a.md', id: '1' } }]);
    expect(fromBackend('getEntry', { data: 'x', file: { path: 'site.yaml' } })).toEqual({ data: 'x', file: { path: 'content/site.yaml' } });
    expect(fromBackend('getMedia', [{ path: 'media/a.png', name: 'a.png' }])).toEqual([{ path: 'content/media/a.png', name: 'a.png' }]);
    expect(fromBackend('persistMedia', { path: 'media/a.png' })).toEqual({ path: 'content/media/a.png' });
    expect(fromBackend('persistEntry', { message: 'entry persisted' })).toEqual({ message: 'entry persisted' });
  });
});
