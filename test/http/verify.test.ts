/**
 * `npm run verify -- <url> --local` against the real local runtime (`netlify dev --offline`): every
 * check passes, and the only ones skipped are those the emulator cannot pass, each with its reason.
 * Against production the same command runs without --local (docs/operators.md, "Checking a deploy").
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { describeRows, runVerify } from '../helpers/verify-cli.ts';
import type { VerifyRun } from '../helpers/verify-cli.ts';
import { CHECK, LOCAL_SKIPS } from '../../scripts/verify/names.ts';

const serverUrl = inject('serverUrl');

describe('npm run verify against netlify dev', () => {
  let run: VerifyRun;
  beforeAll(async () => {
    // No Stripe key reaches the test server, so the payment check is down by design here. Five of
    // each list cover every kind of check; the long timeout is for a machine busy with other suites.
    run = await runVerify([serverUrl, '--local', '--allow-payment-down', '--max', '5', '--timeout', '60']);
  }, 300_000);

  it('passes every check it runs and exits 0', () => {
    const failing = run.rows.filter((row) => row.result === 'FAIL');
    expect(describeRows(failing), run.stdout).toBe('');
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
  });

  it('skips exactly the checks the emulator cannot pass, each with its reason', () => {
    const skipped = run.rows.filter((row) => row.result === 'skip' && row.check !== CHECK.paymentStatus);
    expect(new Set(skipped.map((row) => row.check))).toEqual(new Set(Object.keys(LOCAL_SKIPS)));
    for (const row of skipped) expect(row.detail).toBe(`--local: ${LOCAL_SKIPS[row.check as keyof typeof LOCAL_SKIPS]}`);
  });

  it('reports the payment check as skipped only because the server has no Stripe key', () => {
    expect(run.rows.find((row) => row.check === CHECK.paymentStatus)).toMatchObject({ result: 'skip', detail: expect.stringContaining('error key_missing') });
  });

  it('covers every kind of check: endpoints and /v1 twins, headers, CORS, 304, errors, pages and links', () => {
    const ran = new Set(run.rows.filter((row) => row.result === 'pass').map((row) => row.check));
    const expected = Object.values(CHECK).filter((check) => !(check in LOCAL_SKIPS) && check !== CHECK.paymentStatus);
    expect(expected.filter((check) => !ran.has(check))).toEqual([]);
  });
});
