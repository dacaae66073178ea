/** A kind is handed the frame and the Markdown bodies only when it says it reads them (TaskKind),
 * since its key holds them only then: one that reads either without saying so fails at once. */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentModel, PROJECT_ROOT } from '../index.ts';
import { deployContext } from '../deploy-context.ts';
import { makeKind } from './index.ts';
import type { TaskKind } from './task.ts';
import type { CatalogueModel } from '../../site/model.ts';
import { BuildDefinitionError } from '../../site/errors.ts';

const ENV = { SOURCE_DATE_EPOCH: '1767225600', COMMIT_REF: 'abc1234', CONTEXT: 'production' };
let model: CatalogueModel;
beforeAll(async () => {
  model = await contentModel(join(PROJECT_ROOT, 'test/fixtures/content-small'), ENV, deployContext(ENV));
});

const kind = (reads: { frame: boolean; bodies?: boolean }, render: TaskKind<null>['render']): TaskKind<null> =>
  ({ code: [], ...reads, where: 'here', tasks: () => [{ id: 'one', input: null }], render });

describe('what a kind is handed', () => {
  it('refuses the frame to a kind that does not say it reads it, and hands it to one that does', () => {
    expect(() => makeKind(kind({ frame: false }, (_input, context) => [{ path: 'x.txt', bytes: context.frame.site.name }]), model)).toThrow(BuildDefinitionError);
    expect(makeKind(kind({ frame: true }, (_input, context) => [{ path: 'x.txt', bytes: context.frame.site.name }]), model)).toEqual([{ path: 'x.txt', bytes: model.site.name }]);
  });

  it('refuses the bodies to a kind that does not say it reads them', () => {
    const body = model.skills[0].body;
    expect(() => makeKind(kind({ frame: false }, (_input, context) => [{ path: 'x.md', bytes: context.bodies.text(body) }]), model)).toThrow(/without saying so/);
    expect(makeKind(kind({ frame: false, bodies: true }, (_input, context) => [{ path: 'x.md', bytes: context.bodies.text(body) }]), model)[0].bytes).not.toBe('');
  });
});
